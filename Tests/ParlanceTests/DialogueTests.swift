import Foundation
import Parlance
import Testing

/// The dialogue from the user's side: real requests to the sample apps in the six
/// languages, answered the way people answer (part of an option, an ordinal, a number,
/// cancel, yes or no), and the questions worded in the request's language.
@Suite struct DialogueTests {
    typealias Recorder = RecordingHandler

    /// Asks the user to confirm before handling, as a payments app does.
    struct Confirming: IntentHandler {
        func confirm(_ intent: ResolvedIntent) async -> IntentResponse { IntentResponse(.userConfirmationRequired) }
        func handle(_ intent: ResolvedIntent) async -> IntentResponse { await Recorder().handle(intent) }
    }

    /// "Pay my bill" in each language: BillPay asks which of its two accounts (12 Oak
    /// Street, 48 Elm Avenue), SiriKit-style, in the language.
    static let payMyBill: [(language: String, request: String, prompt: String)] = [
        ("en", "Pay my bill", "Which account do you want to pay? 1. 12 Oak Street  2. 48 Elm Avenue"),
        ("de", "Bezahle meine Rechnung", "Welches Konto möchtest du bezahlen? 1. 12 Oak Street  2. 48 Elm Avenue"),
        ("es", "Paga mi factura", "¿Qué cuenta quieres pagar? 1. 12 Oak Street  2. 48 Elm Avenue"),
        ("fr", "Paie ma facture", "Quel compte veux-tu payer ? 1. 12 Oak Street  2. 48 Elm Avenue"),
        ("ja", "請求書を支払って", "どの口座の支払いをしますか？1. 12 Oak Street、2. 48 Elm Avenue"),
        ("zh-Hans", "支付我的账单", "要支付哪个账户？1. 12 Oak Street；2. 48 Elm Avenue"),
    ]

    static let elm = "billPayee=account:city-power:48-elm"
    static let oak = "billPayee=account:city-power:12-oak"

    /// The dialogue for the best reading of `request`, and its first step.
    static func start(_ request: String, language: String, handler: any IntentHandler = Recorder()) async throws -> (Interaction, InteractionStep) {
        let engine = try EngineFixture.engine
        let hypothesis = try #require(engine.parse(request, language: language).best, "no hypothesis for \"\(request)\"")
        let interaction = Interaction(engine: engine, hypothesis: hypothesis, handler: handler)
        return (interaction, await interaction.start())
    }

    static func question(_ step: InteractionStep, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Question? {
        guard case .question(let question) = step else {
            Issue.record("expected a question, got \(step)", sourceLocation: sourceLocation)
            return nil
        }
        return question
    }

    static func handled(_ step: InteractionStep, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        guard case .finished(let response) = step else {
            Issue.record("expected the intent handled, got \(step)", sourceLocation: sourceLocation)
            return nil
        }
        return response.message
    }

    static func cancellation(_ step: InteractionStep, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Cancellation? {
        guard case .cancelled(let cancellation) = step else {
            Issue.record("expected the dialogue cancelled, got \(step)", sourceLocation: sourceLocation)
            return nil
        }
        return cancellation
    }

    // MARK: Localized prompts

    @Test(arguments: payMyBill)
    func theQuestionIsAskedInTheRequestsLanguage(_ example: (language: String, request: String, prompt: String)) async throws {
        let (_, step) = try await Self.start(example.request, language: example.language)
        let question = try #require(Self.question(step))
        #expect(question.prompt == example.prompt)
        #expect(question.language == example.language)
        #expect(question.parameter == "billPayee")
        #expect(question.attempt == 1)
    }

    /// A parameter without a prompt of its intent's own is named in words, with the
    /// grammatical gender the language needs.
    @Test func genericPromptsNameTheParameterInTheLanguage() throws {
        let german = try DialogueTexts.builtIn(for: "de")
        #expect(german.parameterName("billPayee", intent: "INPayBillIntent") == "Konto")
        #expect(german.parameterName("recipients", intent: "INSendMessageIntent") == "Empfänger")
        #expect(try DialogueTexts.builtIn(for: "fr").parameterName("billPayee", intent: "INPayBillIntent") == "compte")
        #expect(try DialogueTexts.builtIn(for: "es").parameterName("billPayee", intent: "INPayBillIntent") == "cuenta")
        #expect(try DialogueTexts.builtIn(for: "ja").parameterName("billPayee", intent: "INPayBillIntent") == "口座")
        #expect(try DialogueTexts.builtIn(for: "zh-Hans").parameterName("billPayee", intent: "INPayBillIntent") == "账户")
        #expect(try DialogueTexts.builtIn(for: "en").parameterName("mediaSearch.mediaName", intent: "INPlayMediaIntent") == "title")
        // An intent's own meaning of a shared name: a note's content is its text.
        #expect(try DialogueTexts.builtIn(for: "en").parameterName("content", intent: "INCreateNoteIntent") == "text")
        // A custom intent's parameter: its property name in words.
        #expect(try DialogueTexts.builtIn(for: "en").parameterName("orderSize.cupCount", intent: "OrderCoffeeIntent") == "cup count")
        #expect(try DialogueTexts.builtIn(for: "en").intentName("OrderCoffeeIntent") == "order coffee intent")
        #expect(try DialogueTexts.builtIn(for: "en").intentName("INPayBillIntent") == "Pay a bill")
    }

    /// A language with no file is worded in English; tags find their file as grammars do.
    @Test func languagesWithoutAFileFallBackToEnglish() throws {
        #expect(try DialogueTexts.builtIn(for: "it").language == "en")
        #expect(try DialogueTexts.builtIn(for: "not a tag").language == "en")
        #expect(try DialogueTexts.builtIn(for: "zh").language == "zh-Hans")
        #expect(try DialogueTexts.builtIn(for: "zh-CN").language == "zh-Hans")
        #expect(try DialogueTexts.builtIn(for: "de-AT").language == "de")
        #expect(DialogueTexts.builtInLanguages == ["de", "en", "es", "fr", "ja", "zh-Hans"])
    }

    // MARK: Choosing an option

    /// Any unambiguous part of an option, or its identifier's spoken form, chooses it; so
    /// does the whole of it, and a typo within the engine's edit budget.
    @Test(arguments: [
        ("en", "Pay my bill", "elm", elm), ("en", "Pay my bill", "Elm Avenue", elm), ("en", "Pay my bill", "48 Elm Avenue", elm),
        ("en", "Pay my bill", "oak", oak), ("en", "Pay my bill", "the one on Elm", elm), ("en", "Pay my bill", "Elm Avenu", elm),
        ("en", "Pay my bill", "Oak Stret please", oak), ("en", "Pay my bill", "48", elm), ("en", "Pay my bill", "ELM AVENUE", elm),
        ("de", "Bezahle meine Rechnung", "die Elm Avenue", elm), ("de", "Bezahle meine Rechnung", "Oak Street bitte", oak),
        ("es", "Paga mi factura", "la de Oak", oak), ("es", "Paga mi factura", "Elm", elm),
        ("fr", "Paie ma facture", "celui d’Elm Avenue", elm), ("fr", "Paie ma facture", "Oak", oak),
        ("ja", "請求書を支払って", "Elmの方", elm), ("ja", "請求書を支払って", "ｏａｋ", oak),
        ("zh-Hans", "支付我的账单", "Elm那个", elm), ("zh-Hans", "支付我的账单", "Oak Street吧", oak),
    ])
    func choosingByAPartOfTheOption(_ language: String, _ request: String, _ answer: String, _ expected: String) async throws {
        let (interaction, step) = try await Self.start(request, language: language)
        guard case .choose = try #require(Self.question(step)).kind else { Issue.record("expected a choice"); return }
        let message = Self.handled(await interaction.answer(answer))
        #expect(message?.contains(expected) == true, "\(language) '\(answer)' → \(message ?? "nothing")")
    }

    /// An ordinal or a number in each language chooses by position.
    @Test(arguments: [
        ("en", "Pay my bill", "the second one", elm), ("en", "Pay my bill", "the last one", elm), ("en", "Pay my bill", "first", oak),
        ("en", "Pay my bill", "2", elm), ("en", "Pay my bill", "number two", elm), ("en", "Pay my bill", "１", oak),
        ("de", "Bezahle meine Rechnung", "zweite", elm), ("de", "Bezahle meine Rechnung", "die erste bitte", oak),
        ("de", "Bezahle meine Rechnung", "Nummer zwei", elm), ("de", "Bezahle meine Rechnung", "die letzte", elm),
        ("es", "Paga mi factura", "la segunda", elm), ("es", "Paga mi factura", "el primero", oak), ("es", "Paga mi factura", "la última", elm),
        ("es", "Paga mi factura", "2", elm),
        ("fr", "Paie ma facture", "le deuxième", elm), ("fr", "Paie ma facture", "la première", oak), ("fr", "Paie ma facture", "le dernier", elm),
        ("fr", "Paie ma facture", "numéro 1", oak),
        ("ja", "請求書を支払って", "2番目", elm), ("ja", "請求書を支払って", "二つ目", elm), ("ja", "請求書を支払って", "最初の", oak),
        ("ja", "請求書を支払って", "２番目でお願いします", elm), ("ja", "請求書を支払って", "最後", elm),
        ("zh-Hans", "支付我的账单", "第二个", elm), ("zh-Hans", "支付我的账单", "第一个", oak), ("zh-Hans", "支付我的账单", "最后一个", elm),
        ("zh-Hans", "支付我的账单", "选第2个", elm),
    ])
    func choosingByOrdinalOrNumber(_ language: String, _ request: String, _ answer: String, _ expected: String) async throws {
        let (interaction, _) = try await Self.start(request, language: language)
        let message = Self.handled(await interaction.answer(answer))
        #expect(message?.contains(expected) == true, "\(language) '\(answer)' → \(message ?? "nothing")")
    }

    /// A part that fits both options asks again among them, naming what was said; then a
    /// number settles it.
    @Test func anAmbiguousPartAsksAgainNamingTheOptions() async throws {
        let (interaction, _) = try await Self.start("Pay my bill", language: "en")
        let again = try #require(Self.question(await interaction.answer("city")))
        guard case .choose(let options) = again.kind else { Issue.record("expected a choice"); return }
        #expect(options.map(\.value) == ["12 Oak Street", "48 Elm Avenue"])
        #expect(again.prompt == "“city” could be 1. 12 Oak Street  2. 48 Elm Avenue. Which one?")
        #expect(again.attempt == 2)
        #expect(Self.handled(await interaction.answer("2"))?.contains(Self.elm) == true)
    }

    /// An answer that fits no option asks again, then gives up after four asks with a
    /// message naming the parameter as people do.
    @Test func unmatchedAnswersEndAfterFourAsks() async throws {
        let (interaction, _) = try await Self.start("Pay my bill", language: "en")
        let again = try #require(Self.question(await interaction.answer("the blue one")))
        #expect(again.prompt == "Sorry, which account? 1. 12 Oak Street  2. 48 Elm Avenue You can say a number, or “cancel”.")
        #expect(again.attempt == 2)
        _ = await interaction.answer("purple")
        let fourth = try #require(Self.question(await interaction.answer("")))
        #expect(fourth.attempt == Interaction.maximumAttempts)
        let end = try #require(Self.cancellation(await interaction.answer("green")))
        #expect(end.reason == .tooManyAttempts(parameter: "billPayee"))
        #expect(end.message == "Sorry, I still have nothing that works for the account, so I’ll stop here.")
        // The dialogue stays ended.
        #expect(Self.cancellation(await interaction.answer("2")) == end)
    }

    // MARK: Cancel

    @Test(arguments: [
        ("en", "Pay my bill", "cancel", "OK, cancelled."), ("en", "Pay my bill", "never mind", "OK, cancelled."),
        ("en", "Pay my bill", "Forget it.", "OK, cancelled."), ("en", "Pay my bill", "stop", "OK, cancelled."),
        ("de", "Bezahle meine Rechnung", "abbrechen", "Okay, abgebrochen."), ("de", "Bezahle meine Rechnung", "Vergiss es", "Okay, abgebrochen."),
        ("de", "Bezahle meine Rechnung", "cancel", "Okay, abgebrochen."),
        ("es", "Paga mi factura", "cancela", "Vale, cancelado."), ("es", "Paga mi factura", "olvídalo", "Vale, cancelado."),
        ("es", "Paga mi factura", "olvidalo", "Vale, cancelado."),
        ("fr", "Paie ma facture", "annule", "D’accord, c’est annulé."), ("fr", "Paie ma facture", "laisse tomber", "D’accord, c’est annulé."),
        ("ja", "請求書を支払って", "やめて", "キャンセルしました。"), ("ja", "請求書を支払って", "キャンセル", "キャンセルしました。"),
        ("ja", "請求書を支払って", "もういい", "キャンセルしました。"), ("ja", "請求書を支払って", "ｷｬﾝｾﾙでお願いします", "キャンセルしました。"),
        ("zh-Hans", "支付我的账单", "算了", "好的，已取消。"), ("zh-Hans", "支付我的账单", "取消", "好的，已取消。"),
        ("zh-Hans", "支付我的账单", "不用了", "好的，已取消。"),
    ])
    func cancelEndsTheDialogueInEveryLanguage(_ language: String, _ request: String, _ answer: String, _ message: String) async throws {
        let (interaction, _) = try await Self.start(request, language: language)
        let end = try #require(Self.cancellation(await interaction.answer(answer)))
        #expect(end.reason == .cancelled)
        #expect(end.message == message)
    }

    /// Cancel words are read as a whole answer: a message that holds one is a message.
    @Test func aMessageHoldingACancelWordIsStillAMessage() async throws {
        let (interaction, step) = try await Self.start("Send a message to Celestra", language: "en")
        let question = try #require(Self.question(step))
        #expect(question.prompt == "What do you want to say?")
        let message = Self.handled(await interaction.answer("stop by the store on the way home"))
        #expect(message?.contains("content=stop by the store on the way home") == true)
    }

    // MARK: Confirmations

    /// "Call Sparkel Sparkly": did you mean Sparkle Sparkly? Yes in each language takes it.
    static let calls: [(language: String, request: String, prompt: String)] = [
        ("en", "Call Sparkel Sparkly", "Did you mean Sparkle Sparkly?"),
        ("de", "Ruf Sparkel Sparkly an", "Meinst du Sparkle Sparkly?"),
        ("es", "Llama a Sparkel Sparkly", "¿Te refieres a Sparkle Sparkly?"),
        ("fr", "Appelle Sparkel Sparkly", "Tu veux dire Sparkle Sparkly ?"),
        ("ja", "Sparkel Sparklyに電話して", "Sparkle Sparklyのことですか？"),
        ("zh-Hans", "给Sparkel Sparkly打电话", "你是说Sparkle Sparkly吗？"),
    ]

    static let yesWords: [String: [String]] = [
        "en": ["yes", "yeah", "Sure!", "ok", "yes please"], "de": ["ja", "genau", "ja bitte", "OK"], "es": ["sí", "vale", "Si", "claro"],
        "fr": ["oui", "d'accord", "D’accord", "oui merci"], "ja": ["はい", "うん", "お願い", "はい、お願いします"], "zh-Hans": ["是", "好", "对", "好的"],
    ]

    static let noWords: [String: [String]] = [
        "en": ["no", "nope"], "de": ["nein", "nee"], "es": ["no"], "fr": ["non", "non merci"], "ja": ["いいえ", "違います"], "zh-Hans": ["不", "不是"],
    ]

    /// Who to call, asked after a no.
    static let callPrompts = ["en": "Who do you want to call?", "de": "Wen möchtest du anrufen?", "es": "¿A quién quieres llamar?",
                              "fr": "Qui veux-tu appeler ?", "ja": "誰に電話しますか？", "zh-Hans": "要打给谁？"]

    @Test(arguments: calls)
    func yesConfirmsAValueInEveryLanguage(_ example: (language: String, request: String, prompt: String)) async throws {
        for yes in try #require(Self.yesWords[example.language]) {
            let (interaction, step) = try await Self.start(example.request, language: example.language)
            let question = try #require(Self.question(step))
            guard case .confirm(let option) = question.kind else { Issue.record("expected a confirmation"); return }
            #expect(option.value == "Sparkle Sparkly")
            #expect(question.prompt == example.prompt)
            let message = Self.handled(await interaction.answer(yes))
            #expect(message?.contains("contacts=user:1001") == true, "\(example.language) '\(yes)'")
        }
    }

    /// No to a value's confirmation asks for the value, in the language; the answer is
    /// then looked up in the app's vocabulary.
    @Test(arguments: calls)
    func noToAValueAsksForIt(_ example: (language: String, request: String, prompt: String)) async throws {
        for no in try #require(Self.noWords[example.language]) {
            let (interaction, _) = try await Self.start(example.request, language: example.language)
            let question = try #require(Self.question(await interaction.answer(no)))
            #expect(question.kind == .value)
            #expect(question.prompt == Self.callPrompts[example.language])
            #expect(question.attempt == 2)
            #expect(Self.handled(await interaction.answer("Celestra"))?.contains("contacts=user:1002") == true, "\(example.language) '\(no)'")
        }
    }

    /// An answer to "did you mean…?" that is neither yes nor no is the value itself.
    @Test func anotherNameAnswersAConfirmation() async throws {
        let (interaction, _) = try await Self.start("Call Sparkel Sparkly", language: "en")
        #expect(Self.handled(await interaction.answer("Celestra"))?.contains("contacts=user:1002") == true)
    }

    /// A handler that asks for confirmation gets a real question: yes handles, no ends
    /// the dialogue, anything else asks again for yes or no.
    @Test(arguments: [
        ("en", "Pay my bill", "Pay a bill with BillPay (account: 48 Elm Avenue). Shall I go ahead?", "yes", "no"),
        ("de", "Bezahle meine Rechnung", "Rechnung bezahlen mit BillPay (Konto: 48 Elm Avenue). Soll ich das machen?", "ja", "nein"),
        ("es", "Paga mi factura", "Pagar una factura con BillPay (cuenta: 48 Elm Avenue). ¿Lo hago?", "vale", "no"),
        ("fr", "Paie ma facture", "Payer une facture avec BillPay (compte : 48 Elm Avenue). Je continue ?", "oui", "non"),
        ("ja", "請求書を支払って", "BillPayで請求書の支払い（口座：48 Elm Avenue）。実行してもよろしいですか？", "はい", "いいえ"),
        ("zh-Hans", "支付我的账单", "用BillPay支付账单（账户：48 Elm Avenue）。要继续吗？", "好", "不"),
    ])
    func theHandlersConfirmationIsAsked(_ language: String, _ request: String, _ prompt: String, _ yes: String, _ no: String) async throws {
        let (interaction, _) = try await Self.start(request, language: language, handler: Confirming())
        let question = try #require(Self.question(await interaction.answer("2")))
        guard case .confirmIntent(let response) = question.kind else { Issue.record("expected the intent's confirmation"); return }
        #expect(response.code == .userConfirmationRequired)
        #expect(question.prompt == prompt)
        #expect(Self.handled(await interaction.answer(yes))?.contains(Self.elm) == true)

        let (declining, _) = try await Self.start(request, language: language, handler: Confirming())
        _ = await declining.answer("2")
        let unclear = try #require(Self.question(await declining.answer("hmm")))
        #expect(unclear.attempt == 2)
        #expect(unclear.prompt.hasSuffix(prompt))
        let end = try #require(Self.cancellation(await declining.answer(no)))
        #expect(end.reason == .declined)
    }

    /// On a locked device the user is asked to unlock first, in the language: yes goes on,
    /// no ends the dialogue, anything else asks again for yes or no.
    @Test func unlockingIsAskedInTheLanguage() async throws {
        let engine = try EngineFixture.engine
        let hypothesis = try #require(engine.parse("Bezahle meine Rechnung", language: "de", locked: true).best)
        let interaction = Interaction(engine: engine, hypothesis: hypothesis, handler: Recorder())
        let unlock = try #require(Self.question(await interaction.start()))
        #expect(unlock.kind == .unlock)
        #expect(unlock.prompt == "BillPay braucht ein entsperrtes Gerät. Ist es entsperrt?")
        let again = try #require(Self.question(await interaction.answer("vielleicht")))
        #expect(again.prompt == "Entschuldigung, ja oder nein? BillPay braucht ein entsperrtes Gerät. Ist es entsperrt?")
        guard case .choose = try #require(Self.question(await interaction.answer("ja"))).kind else { Issue.record("expected a choice"); return }

        let declining = Interaction(engine: engine, hypothesis: hypothesis, handler: Recorder())
        _ = await declining.start()
        #expect(Self.cancellation(await declining.answer("nein"))?.reason == .declined)
    }

    // MARK: Unsupported values

    /// A value the app does not know has a way out: which one then, or cancel; repeated
    /// answers that do not work end the dialogue instead of looping.
    @Test func anUnsupportedValueOffersAWayOut() async throws {
        let (interaction, step) = try await Self.start("Play lights on Tempo", language: "en")
        let question = try #require(Self.question(step))
        #expect(question.kind == .replace(said: "lights"))
        #expect(question.prompt == "Sorry, “lights” doesn’t work for title. Which title then? You can also say “cancel”.")
        var last = step
        for _ in 0..<Interaction.maximumAttempts { last = await interaction.answer("lights") }
        let end = try #require(Self.cancellation(last))
        #expect(end.reason == .tooManyAttempts(parameter: "mediaSearch.mediaName"))
        #expect(end.message == "Sorry, I still have nothing that works for the title, so I’ll stop here.")

        let (japanese, first) = try await Self.start("Tempoでlightsを再生して", language: "ja")
        #expect(Self.question(first)?.prompt == "すみません、「lights」はタイトルとして使えません。どのタイトルにしますか？「キャンセル」と言うこともできます。")
        #expect(Self.cancellation(await japanese.answer("やめて"))?.message == "キャンセルしました。")
    }

    // MARK: The app

    /// When the app itself is ambiguous the user is asked which, in the language, and
    /// answers like any other choice; the values are then resolved for the chosen app.
    @Test(arguments: [
        ("en", "Send a message to Bartholomew saying hi", "Which app? 1. Commander  2. UnicornChat", "unicorn"),
        ("en", "Send a message to Bartholomew saying hi", "Which app? 1. Commander  2. UnicornChat", "the second one"),
        ("en", "Send a message to Bartholomew saying hi", "Which app? 1. Commander  2. UnicornChat", "2"),
        ("es", "Envía un mensaje a Bartholomew diciendo hola", "¿Qué app? 1. Commander  2. UnicornChat", "la segunda"),
        ("fr", "Envoie un message à Bartholomew pour dire salut", "Quelle app ? 1. Commander  2. UnicornChat", "UnicornChat"),
        ("ja", "バーソロミューにメッセージを送って", "どのアプリを使いますか？1. Commander、2. UnicornChat", "ユニコーン"),
        ("ja", "バーソロミューにメッセージを送って", "どのアプリを使いますか？1. Commander、2. UnicornChat", "2番目"),
        ("zh-Hans", "给Bartholomew发消息说你好", "用哪个应用？1. Commander；2. UnicornChat", "独角兽"),
        ("zh-Hans", "给Bartholomew发消息说你好", "用哪个应用？1. Commander；2. UnicornChat", "第二个"),
    ])
    func theAppIsAskedForWhenItIsAmbiguous(_ language: String, _ request: String, _ prompt: String, _ answer: String) async throws {
        let (interaction, step) = try await Self.start(request, language: language)
        let question = try #require(Self.question(step))
        guard case .chooseApp(let apps) = question.kind else { Issue.record("expected a choice of app"); return }
        #expect(Set(apps) == ["com.example.commander", "com.example.unicornchat"])
        #expect(question.prompt == prompt)
        let next = try #require(Self.question(await interaction.answer(answer)))
        #expect(await interaction.current.app.bundleIdentifier == "com.example.unicornchat", "\(language) '\(answer)'")
        // Bartholomew is no contact of UnicornChat either: which recipient then?
        #expect(next.kind == .replace(said: language == "ja" ? "バーソロミュー" : "Bartholomew"))
        let after = await interaction.answer("Celestra")
        if case .finished(let response) = after {
            #expect(response.message?.contains("recipients=user:1002") == true)
        } else {
            // (ja says no content: it is asked next.)
            #expect(Self.question(after)?.parameter == "content")
        }
    }

    // MARK: Bad input

    /// A 10,000-character answer to every kind of question gets a sensible answer (asked
    /// again, or taken as the text it is) at once.
    @Test func aTenThousandCharacterAnswerIsAnsweredQuickly() async throws {
        let long = String(repeating: "lorem ipsum dolor sit amet ", count: 400).prefix(10_000)
        let unspaced = String(repeating: "あいうえお", count: 2_000)
        let clock = ContinuousClock()
        for (request, language) in [("Pay my bill", "en"), ("Call Sparkel Sparkly", "en"), ("Play lights on Tempo", "en"),
                                    ("Send a message to Celestra", "en"), ("Send a message to Bartholomew saying hi", "en"),
                                    ("請求書を支払って", "ja")] {
            for answer in [String(long), unspaced, String(repeating: "x", count: 10_000)] {
                let (interaction, _) = try await Self.start(request, language: language)
                let started = clock.now
                let step = await interaction.answer(answer)
                #expect(clock.now - started < .seconds(2), "\(request): \(clock.now - started)")
                switch step {
                case .question(let question): #expect(question.attempt <= 2)
                case .finished(let response): #expect(response.code == .success)
                default: Issue.record("\(request): unexpected \(step)")
                }
            }
        }
    }

    /// Several asks in a row without any answer that works stop.
    @Test func emptyAnswersEndTooAfterFourAsks() async throws {
        let (interaction, _) = try await Self.start("Send a message to Celestra", language: "en")
        var step = InteractionStep.question(try #require(Self.question(await interaction.start())))
        for _ in 0..<10 {
            step = await interaction.answer("   ")
            if case .cancelled = step { break }
        }
        #expect(Self.cancellation(step)?.reason == .tooManyAttempts(parameter: "content"))
    }
}

/// Reading answers, word by word.
@Suite struct AnswerReaderTests {
    static func reader(_ language: String) throws -> AnswerReader {
        AnswerReader(texts: try DialogueTexts.builtIn(for: language), tokenizer: try Tokenizer(language: Language(language)))
    }

    @Test func closedAnswersAreMatchedWhole() throws {
        let english = try Self.reader("en")
        #expect(english.isCancel("Never mind!"))
        #expect(english.isCancel("cancel please"))
        #expect(!english.isCancel("stop by the store"))
        #expect(!english.isCancel(""))
        #expect(english.yesOrNo("Yes, please.") == true)
        #expect(english.yesOrNo("nope") == false)
        #expect(english.yesOrNo("yesterday") == nil)
        let japanese = try Self.reader("ja")
        #expect(japanese.isCancel("ヤメテ"))
        #expect(japanese.yesOrNo("はい、お願いします") == true)
        #expect(japanese.yesOrNo("いいえ") == false)
        let chinese = try Self.reader("zh-Hans")
        #expect(chinese.isCancel("算了吧"))
        #expect(chinese.yesOrNo("好的") == true)
        #expect(chinese.yesOrNo("不") == false)
    }

    @Test func choices() throws {
        let english = try Self.reader("en")
        let accounts = [["12 Oak Street", "account:city-power:12-oak"], ["48 Elm Avenue", "account:city-power:48-elm"]]
        #expect(english.choice("city", among: accounts) == .ambiguous([0, 1]))
        #expect(english.choice("city power", among: accounts) == .ambiguous([0, 1]))
        #expect(english.choice("power elm", among: accounts) == .option(1))
        #expect(english.choice("the third one", among: accounts) == .none)
        #expect(english.choice("3", among: accounts) == .none)
        #expect(english.choice("", among: accounts) == .none)
        #expect(english.choice("the one", among: accounts) == .none)
        #expect(english.choice("elm", among: []) == .none)
        let three = [["Rock Classics"], ["Rock Ballads"], ["Jazz Evenings"]]
        #expect(english.choice("rock", among: three) == .ambiguous([0, 1]))
        #expect(english.choice("the last one", among: three) == .option(2))
        #expect(english.choice("Jaz Evenings", among: three) == .option(2))
        let apps = [["Commander", "com.example.commander"], ["UnicornChat", "Unicorn", "ユニコーンチャット", "ゆにこーんちゃっと", "独角兽聊天", "com.example.unicornchat"]]
        #expect(try Self.reader("ja").choice("ユニコーン", among: apps) == .option(1))
        #expect(try Self.reader("zh-Hans").choice("独角兽", among: apps) == .option(1))
        #expect(try Self.reader("de").choice("Unicorn", among: apps) == .option(1))
    }
}
