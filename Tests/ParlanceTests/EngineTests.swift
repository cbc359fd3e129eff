import Foundation
import Parlance
import ParlanceText
import Testing

/// The engine end to end on the sample apps: the issue's examples and SiriKit's resolution
/// kinds, in the languages that show them.
@Suite struct EngineTests {
    
    func best(_ utterance: String, language: String? = nil, locked: Bool = false) throws -> IntentHypothesis {
        try #require(EngineFixture.engine.parse(utterance, language: language, locked: locked).best, "no hypothesis for \"\(utterance)\"")
    }

    @Test func explicitAppMention() throws {
        let hypothesis = try best("Send status to Travis using Commander", language: "en")
        #expect(hypothesis.app.bundleIdentifier == "com.example.commander")
        #expect(hypothesis.intent.name == "INSendMessageIntent")
        #expect(hypothesis.parameter("recipients")?.values.first?.identifier == "repo:travis")
        #expect(hypothesis.parameter("content")?.values.first?.value?.string?.lowercased() == "status")
        guard case .mentioned = hypothesis.appSelection else { Issue.record("app not taken from the mention"); return }
    }

    /// An app's example phrase read literally explains every word ("Send status to Travis
    /// using Commander" is one of Commander's), so the first read, without free text, finds
    /// it unbeatable; the built-in template still wins, reading the words the example
    /// leaves unsaid as values: in one language and with no language given.
    /// With no edits allowed anywhere the engine reads once, free text included: a message,
    /// a name said with its apostrophe and a booking still parse (they read nothing before:
    /// the one read gave up when no reading was free of free text).
    @Test func exactOnlyOptionsStillReadFreeText() throws {
        var options = EngineOptions()
        options.editPolicy = .fixed(0)
        options.fuzziness = .off
        let engine = try Engine(apps: EngineFixture.apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"),
                                languages: ["en", "fr"], options: options)
        let message = try #require(engine.parse("Send a message to Rainbow Dash saying the van is here", language: "en").best)
        #expect(message.intent.name == "INSendMessageIntent" && message.app.bundleIdentifier == "com.example.unicornchat")
        #expect(message.parameter("content")?.values.first?.value?.string == "the van is here")
        let guessed = try #require(engine.parse("Envoie un message à Rainbow Dash pour lui dire que le van est là").best)
        #expect(guessed.intent.name == "INSendMessageIntent")
        #expect(engine.parse("Book a table for two at Luigi's tonight", language: "en").best?.intent.name == "INBookRestaurantReservationIntent")
        // And nothing is corrected: a misspelled name is not a contact.
        let typo = engine.parse("Send a message to Sparkel Sparkly saying hi", language: "en").best
        #expect(typo?.parameter("recipients")?.values.first?.resolution.kind != .success)
    }

    /// In languages written without spaces a scaled policy keeps one character less exact:
    /// a three-character album or ride option misspelled by one character is offered for
    /// confirmation; two characters and fixed policies stay as they are.
    @Test func unspacedLanguagesTakeAnEditFromThreeCharacters() throws {
        let options = EngineOptions()
        #expect(options.editPolicy(for: try Language("en")) == .scaled(exactUpTo: 3, oneEditUpTo: 7))
        #expect(options.editPolicy(for: try Language("ja")) == .scaled(exactUpTo: 2, oneEditUpTo: 7))
        #expect(options.editPolicy(for: try Language("zh-Hans")).maxEdits(forKeyLength: 2) == 0)
        var fixed = EngineOptions()
        fixed.editPolicy = .fixed(1)
        #expect(fixed.editPolicy(for: try Language("ja")) == .fixed(1))

        let engine = try EngineFixture.engine
        let album = try #require(engine.parse("夏休耳の写真を見せて", language: "ja").best?.parameter("albumName")?.values.first)
        #expect(album.value?.string == "夏休み" && album.resolution.kind == .confirmationRequired)
        let ride = try #require(engine.parse("用RideNow叫一辆舒服型", language: "zh-Hans").best?.parameter("rideOptionName")?.values.first)
        #expect(ride.identifier == "comfort" && ride.resolution.kind == .confirmationRequired)
    }

    @Test func examplePhrasesDoNotOverrideBuiltInReadings() throws {
        for language in ["en", nil] {
            let status = try best("Send status to Travis using Commander", language: language)
            #expect(status.match.metadata["app"] == nil, "\(language ?? "every language")")
            #expect(status.parameter("content")?.values.first?.value?.string?.lowercased() == "status")
            let yoga = try best("Pause my yoga in Excite Yoga", language: language)
            #expect(yoga.intent.name == "INPauseWorkoutIntent")
            #expect(yoga.parameter("workoutName")?.values.count == 1, "\(language ?? "every language")")
        }
    }

    /// With no language given, a language is read only if its words spell a fair share of
    /// the utterance, compared with the languages writing the same letters.
    @Test func languagesTriedByTheWordsTheySpell() throws {
        let engine = try EngineFixture.engine
        func tried(_ utterance: String) -> Set<String> { Set(engine.explain(utterance).languages.filter(\.tried).map(\.language)) }

        // German words only German spells: only German is read, with the same answer.
        let german = "Füge Eier zu meiner Einkaufsliste hinzu"
        #expect(tried(german) == ["de"])
        #expect(engine.parse(german).best?.intent.name == engine.parse(german, language: "de").best?.intent.name)
        #expect(engine.parse(german).language == "de")
        // An English song title in a Japanese request: Japanese competes with Japanese and
        // Chinese only (which spell Han), the title's English with the Latin-script languages.
        let japanese = "Sunday Morning Jazzを探して"
        #expect(tried(japanese).contains("ja"))
        #expect(engine.parse(japanese).language == "ja")
        let chinese = "用Snapshots打开毕业典礼相册"
        #expect(tried(chinese).contains("zh-Hans"))
        #expect(engine.parse(chinese).best?.intent.name == "INSearchForPhotosIntent")
        // An app's name is no evidence, though an example phrase puts it into a grammar: a
        // Japanese request naming RideNow is read in Japanese alone (it was read in Spanish
        // and French too, whose RideNow examples keep the name), and a French one in French.
        #expect(tried("RideNowで空港までコンフォートを呼んで") == ["ja"])
        #expect(engine.parse("RideNowで空港までコンフォートを呼んで").best?.intent.name == "INRequestRideIntent")
        #expect(tried("Commande un Confort RideNow pour l'aéroport") == ["fr"])
        #expect(engine.parse("Commande un Confort RideNow pour l'aéroport").language == "fr")
        // A bare name spells nothing in any language: every Latin-script language is read.
        let name = engine.explain("Sparkle Sparkly")
        #expect(Set(name.languages.map(\.language)) == ["de", "en", "es", "fr"])
        #expect(name.languages.allSatisfy { $0.tried })
        #expect(name.description.contains("languages: "))
        // The ratio at 0 reads every language written in the utterance's scripts.
        var options = EngineOptions()
        options.languageEvidenceRatio = 0
        let everyLanguage = try Engine(apps: EngineFixture.apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"),
                                       languages: ["de", "en"], options: options)
        let everyEvidence = everyLanguage.explain(german).languages
        #expect(everyEvidence.allSatisfy { $0.tried })
        // ("Füge Eier zu meiner Einkaufsliste hinzu": 34 letters; German spells some of them.)
        #expect(everyEvidence.first { $0.language == "de" }?.letters == 34)
        #expect((everyEvidence.first { $0.language == "de" }?.spelled ?? 0) > 0)
        #expect(everyLanguage.parse(german).language == "de")
        // At 1 only the best-spelling language is read first; when it reads nothing, the
        // others are read: an English title outspells the German request, which English
        // cannot read.
        options.languageEvidenceRatio = 1
        let bestOnly = try Engine(apps: EngineFixture.apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"),
                                  languages: ["de", "en"], options: options)
        let borrowed = "Spiel Sunday Morning Jazz"
        #expect(bestOnly.explain(borrowed).languages.filter { $0.tried }.map(\.language) == ["en"])
        let played = bestOnly.parse(borrowed)
        #expect(played.language == "de")
        #expect(played.best?.intent.name == "INPlayMediaIntent")
    }

    @Test func appChosenByVocabulary() throws {
        let hypothesis = try best("Send a message to Sparkle Sparkly saying are you ready for your talk", language: "en")
        #expect(hypothesis.app.bundleIdentifier == "com.example.unicornchat")
        let recipient = try #require(hypothesis.parameter("recipients")?.values.first)
        #expect(recipient.identifier == "user:1001")
        #expect(recipient.resolution.kind == .success)
        #expect(recipient.span == 18..<33)
        #expect(hypothesis.parameter("content")?.values.first?.value?.string == "are you ready for your talk")
    }

    @Test func typoAsksForConfirmation() throws {
        let hypothesis = try best("Send a message to Sparkel Sparkly saying hi", language: "en")
        let recipient = try #require(hypothesis.parameter("recipients")?.values.first)
        #expect(recipient.resolution.kind == .confirmationRequired)
        #expect(recipient.resolution.options.first?.value == "Sparkle Sparkly")
    }

    @Test func typoWithoutFreeTextIsStillCorrected() throws {
        // Read with vocabulary as written, the name is free text; the engine then searches the
        // vocabulary with edits, as a reading with nothing left to free text is the better one.
        let hypothesis = try best("Call Sparkel Sparkly", language: "en")
        #expect(hypothesis.app.bundleIdentifier == "com.example.unicornchat")
        let contact = try #require(hypothesis.parameters.first { $0.values.first?.resolution.kind == .confirmationRequired }?.values.first)
        #expect(contact.resolution.options.first?.value == "Sparkle Sparkly")
        // Every language tried: the same.
        let anyLanguage = try best("Call Sparkel Sparkly")
        #expect(anyLanguage.parameters.contains { $0.values.first?.resolution.options.first?.value == "Sparkle Sparkly" })
    }

    @Test func unknownContactIsUnsupportedAndTheAppAmbiguous() throws {
        let hypothesis = try best("Send a message to Bartholomew saying hi", language: "en")
        #expect(hypothesis.parameter("recipients")?.values.first?.resolution.kind == .unsupported)
        guard case .ambiguous(let apps) = hypothesis.appSelection else { Issue.record("expected app ambiguity, got \(hypothesis.appSelection)"); return }
        #expect(Set(apps) == ["com.example.commander", "com.example.unicornchat"])
    }

    @Test func payMyBillDisambiguatesTheTwoAccounts() throws {
        let hypothesis = try best("Pay my bill", language: "en")
        #expect(hypothesis.app.bundleIdentifier == "com.example.billpay")
        let payee = try #require(hypothesis.parameter("billPayee")?.values.first)
        #expect(payee.resolution.kind == .disambiguation)
        #expect(payee.resolution.options.map(\.identifier) == ["account:city-power:12-oak", "account:city-power:48-elm"])
    }

    @Test func missingRequiredValuesNeedValues() throws {
        let hypothesis = try best("Send a message with UnicornChat", language: "en")
        #expect(hypothesis.parameter("recipients")?.values.first?.resolution.kind == .needsValue)
        #expect(hypothesis.parameter("content")?.values.first?.resolution.kind == .needsValue)
    }

    /// SiriKit sends a message to a group with `speakableGroupName` and no recipients: the
    /// group stands in for them, so nobody is asked "who to?" (the intent still needs one or
    /// the other: without either, recipients need a value, as above).
    @Test func aMessageToAGroupNeedsNoRecipients() throws {
        for (utterance, language) in [("Send a message to the Horn Club saying rehearsal is moved to Friday", "en"),
                                      ("Envoie un message au groupe Horn Club disant la répétition est à cinq heures", "fr"),
                                      ("Horn Clubのグループに集合は5時とメッセージして", "ja")] {
            let hypothesis = try best(utterance, language: language)
            #expect(hypothesis.intent.name == "INSendMessageIntent", "\(utterance)")
            #expect(hypothesis.parameter("speakableGroupName")?.values.first?.resolution.kind == .success, "\(utterance)")
            #expect(hypothesis.parameter("recipients") == nil, "\(utterance): \(String(describing: hypothesis.parameter("recipients")?.values))")
            #expect(!hypothesis.parameters.contains { $0.values.contains { $0.resolution.kind == .needsValue } }, "\(utterance)")
        }
    }

    @Test func lockedDeviceRequiresUnlockForRestrictedIntents() throws {
        #expect(try best("Send a message to Celestra saying hi", language: "en", locked: true).requiresUnlock)
        #expect(try !best("Send a message to Celestra saying hi", language: "en", locked: false).requiresUnlock)
        #expect(try !best("Call Celestra", language: "en", locked: true).requiresUnlock)  // calls are not restricted
    }

    @Test func japaneseAlternativeAppNameAndWorkoutVocabulary() throws {
        let hypothesis = try best("寝たまんまヨガでディープリラクゼーションを開始")
        #expect(hypothesis.language == "ja")
        #expect(hypothesis.app.bundleIdentifier == "com.example.exciteyoga")
        #expect(hypothesis.intent.name == "INStartWorkoutIntent")
        #expect(hypothesis.parameter("workoutName")?.values.first?.identifier == "deep_relaxation")
    }

    @Test func englishWorkoutWithTheAppName() throws {
        let hypothesis = try best("Start the Deep Relaxation with Excite Yoga")
        #expect(hypothesis.language == "en")
        #expect(hypothesis.parameter("workoutName")?.values.first?.identifier == "deep_relaxation")
    }

    @Test func customIntentsFromExamples() throws {
        let hypothesis = try best("Like this song in Tempo", language: "en")
        #expect(hypothesis.intent.name == "LikeCurrentSongIntent")
        #expect(hypothesis.intent.domain == .custom)
        #expect(hypothesis.app.bundleIdentifier == "com.example.tempo")
    }

    @Test func badInput() throws {
        let engine = try EngineFixture.engine
        #expect(engine.parse("").hypotheses.isEmpty)
        #expect(engine.parse("   \n\t ").hypotheses.isEmpty)
        let long = String(repeating: "send a message to Celestra saying hi ", count: 300)  // ~11,000 characters
        _ = engine.parse(long)  // answers, in bounded time (the first 1,000 scalars are read)
        #expect(engine.parse("hello", language: "xx-nonsense").hypotheses.isEmpty)
    }

    @Test func jsonShape() throws {
        let engine = try EngineFixture.engine
        let result = engine.parse("Pay my bill", language: "en")
        let data = try JSONEncoder().encode(result.json)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["language"] as? String == "en")
        let first = try #require((object["hypotheses"] as? [[String: Any]])?.first)
        for key in ["app", "domain", "intent", "confidence", "requiresUnlock", "parameters"] { #expect(first[key] != nil, "missing \(key)") }
        let payee = try #require((first["parameters"] as? [String: Any])?["billPayee"] as? [[String: Any]])
        #expect(payee.first?["resolution"] as? String == "disambiguation")
        #expect(payee.first?["value"] is NSNull)
        #expect((payee.first?["options"] as? [[String: Any]])?.count == 2)
    }
}

/// The resolve → confirm → handle dialogue.
@Suite struct InteractionTests {
    typealias Recorder = RecordingHandler

    struct Refusing: IntentHandler {
        func confirm(_ intent: ResolvedIntent) async -> IntentResponse { IntentResponse(.failureCredentialsUnverified) }
        func handle(_ intent: ResolvedIntent) async -> IntentResponse { IntentResponse(.success) }
    }

    @Test func choosingAnAccountThenHandling() async throws {
        let engine = try EngineFixture.engine
        let hypothesis = try #require(engine.parse("Pay my bill", language: "en").best)
        let interaction = Interaction(engine: engine, hypothesis: hypothesis, handler: Recorder())
        guard case .question(let question) = await interaction.start(), case .choose(let options) = question.kind else {
            Issue.record("expected a choice"); return
        }
        #expect(options.count == 2)
        guard case .finished(let response) = await interaction.answer("48 Elm Avenue") else { Issue.record("expected the intent handled"); return }
        #expect(response.code == .success)
        #expect(response.message?.contains("billPayee=account:city-power:48-elm") == true)
    }

    @Test func confirmingACorrection() async throws {
        let engine = try EngineFixture.engine
        let hypothesis = try #require(engine.parse("Call Sparkel Sparkly", language: "en").best)
        let interaction = Interaction(engine: engine, hypothesis: hypothesis, handler: Recorder())
        guard case .question(let question) = await interaction.start(), case .confirm(let option) = question.kind else {
            Issue.record("expected a confirmation"); return
        }
        #expect(option.value == "Sparkle Sparkly")
        guard case .finished(let response) = await interaction.answer("yes") else { Issue.record("expected the intent handled"); return }
        #expect(response.message?.contains("contacts=user:1001") == true)
    }

    @Test func askingForAMissingValueAndLookingItUp() async throws {
        let engine = try EngineFixture.engine
        let hypothesis = try #require(engine.parse("Call someone with UnicornChat", language: "en").best ?? engine.parse("Make a call with UnicornChat", language: "en").best)
        let interaction = Interaction(engine: engine, hypothesis: hypothesis, handler: Recorder())
        var step = await interaction.start()
        guard case .question = step else { Issue.record("expected a question"); return }
        step = await interaction.answer("Celestra")
        guard case .finished(let response) = step else { Issue.record("expected the intent handled, got \(step)"); return }
        #expect(response.message?.contains("contacts=user:1002") == true)
    }

    @Test func aFailedConfirmationStops() async throws {
        let engine = try EngineFixture.engine
        let hypothesis = try #require(engine.parse("Send a message to Celestra saying hi", language: "en").best)
        let interaction = Interaction(engine: engine, hypothesis: hypothesis, handler: Refusing())
        guard case .failed(let response) = await interaction.start() else { Issue.record("expected a failure"); return }
        #expect(response.code == .failureCredentialsUnverified)
    }
}
