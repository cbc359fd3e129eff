import Dispatch
import Foundation
@testable import Parlance
import Testing

/// Many users on one engine: each user's vocabulary is a session the engine parses with,
/// beside the grammars and app vocabulary every user shares.
@Suite struct UserSessionTests {
    static let chat = "com.example.unicornchat"

    /// A user of the sample apps whose UnicornChat contacts are `contacts`, in order.
    static func session(_ user: String, contacts: [(id: String, name: String)], engine: Engine) -> UserSession {
        var vocabulary = UserVocabulary(app: chat, user: user)
        _ = vocabulary.setVocabulary(contacts.map { SpeakableString(vocabularyIdentifier: $0.id, spokenPhrase: $0.name) }, of: .contactName)
        return engine.session(user: user, vocabularies: [vocabulary])
    }

    static func recipient(_ result: ParseResult) -> ParameterValue? {
        guard let best = result.best, best.intent.name == "INSendMessageIntent" else { return nil }
        return best.parameter("recipients")?.values.first
    }

    @Test func eachUserFindsTheirOwnContacts() throws {
        let engine = try EngineFixture.engine
        let alice = Self.session("alice", contacts: [("a:1", "Kenji Sato"), ("a:2", "Marguerite Duval")], engine: engine)
        let bob = Self.session("bob", contacts: [("b:1", "Ingrid Bergström")], engine: engine)
        let request = "Send a message to Kenji Sato with UnicornChat saying see you at noon"

        let forAlice = try #require(Self.recipient(engine.parse(request, language: "en", user: alice)))
        #expect(forAlice.identifier == "a:1")
        #expect(forAlice.resolution.kind == .success)

        // Bob has no Kenji: the name is only free text for him.
        let forBob = Self.recipient(engine.parse(request, language: "en", user: bob))
        #expect(forBob?.identifier == nil)
        #expect(forBob?.resolution.kind != .success)

        // Without a session the apps' own UserVocabulary.json is read, and a session does
        // not see it: Sparkle Sparkly is the sample user's contact, not Alice's.
        let sparkle = "Send a message to Sparkle Sparkly saying hi"
        #expect(Self.recipient(engine.parse(sparkle, language: "en"))?.identifier == "user:1001")
        #expect(Self.recipient(engine.parse(sparkle, language: "en", user: alice))?.identifier == nil)
    }

    @Test func sessionsServeEveryLanguageTheyAreReadIn() throws {
        let engine = try EngineFixture.engine
        let user = Self.session("yui", contacts: [("y:1", "佐藤健二"), ("y:2", "Kenji Sato")], engine: engine)
        #expect(engine.defaultUser.itemCount > 0)
        #expect(user.itemCount == 2)
        let japanese = try #require(Self.recipient(engine.parse("UnicornChatで佐藤健二に明日行くとメッセージを送って", language: "ja", user: user)))
        #expect(japanese.identifier == "y:1")
        // No language given: the evidence picks the language; the user's vocabulary is
        // read in whichever it is.
        let english = try #require(Self.recipient(engine.parse("Send a message to Kenji Sato saying hello", user: user)))
        #expect(english.identifier == "y:2")
    }

    /// A user pays for the languages they are read in: each way of writing keys is indexed
    /// on the first parse that needs it, once.
    @Test func languagesAreIndexedWhenFirstRead() throws {
        let engine = try EngineFixture.engine
        let user = Self.session("hana", contacts: [("h:1", "Kenji Sato"), ("h:2", "佐藤健二")], engine: engine)
        #expect(user.memoryFootprint == 0)
        _ = engine.parse("Send a message to Kenji Sato saying hi", language: "en", user: user)
        let english = user.memoryFootprint
        #expect(english > 0)
        _ = engine.parse("Send a message to Kenji Sato saying see you", language: "en", user: user)
        #expect(user.memoryFootprint == english)
        _ = engine.parse("UnicornChatで佐藤健二にメッセージを送って", language: "ja", user: user)
        #expect(user.memoryFootprint > english)
        user.prepareAllLanguages()
        let all = user.memoryFootprint
        _ = engine.parse("给佐藤健二发消息说你好", language: "zh-Hans", user: user)
        #expect(user.memoryFootprint == all)
    }

    @Test func anUpdateMakesANewSessionAndLeavesTheOldOne() throws {
        let engine = try EngineFixture.engine
        let before = Self.session("carol", contacts: [("c:1", "Theodora Quill")], engine: engine)
        let request = "Send a message to Theodora Quill saying the train is late"
        #expect(Self.recipient(engine.parse(request, language: "en", user: before))?.identifier == "c:1")

        let (after, warnings) = before.setting([SpeakableString(vocabularyIdentifier: "c:9", spokenPhrase: "Ambrose Finch")],
                                               of: .contactName, app: Self.chat)
        #expect(warnings.isEmpty)
        #expect(Self.recipient(engine.parse(request, language: "en", user: after))?.identifier == nil)
        #expect(Self.recipient(engine.parse("Send a message to Ambrose Finch saying hi", language: "en", user: after))?.identifier == "c:9")
        // The old session is a snapshot: parses in flight keep reading it.
        #expect(Self.recipient(engine.parse(request, language: "en", user: before))?.identifier == "c:1")

        let removed = after.removingVocabulary(of: Self.chat)
        #expect(removed.itemCount == 0)
        #expect(Self.recipient(engine.parse("Send a message to Ambrose Finch saying hi", language: "en", user: removed))?.identifier == nil)
    }

    /// An update indexes only the set it replaces, beside the index it updates: every parse
    /// must read as it would with a session of the same vocabulary indexed afresh, through
    /// a chain of updates (replacing, emptying, adding sets, removing an app), in languages
    /// of two ways of writing keys, names said whole, in part and misspelled.
    @Test func anUpdatedSessionReadsAsOneIndexedAfresh() throws {
        let engine = try EngineFixture.engine
        let pay = "com.example.billpay", tempo = "com.example.tempo"
        func strings(_ prefix: String, _ names: [String]) -> [SpeakableString] {
            names.enumerated().map { SpeakableString(vocabularyIdentifier: "\(prefix):\($0.offset)", spokenPhrase: $0.element) }
        }
        let contacts = ["Kenji Sato", "Kenji Mori", "Marguerite Duval", "Ingrid Bergström", "Theodora Quill", "Ambrose Finch",
                        "Oluwaseun Adeyemi", "Priya Raman", "Tomasz Wójcik", "Jürgen Großmann", "佐藤健二", "Mara Lind"]
        let payees = ["Lakeside Water", "Lakeside Energy", "Northwind Telecom", "Stadtwerke München", "Green Valley Gas",
                      "Harbor Insurance", "東京ガス", "Maple Street Rent"]
        // Enough playlists that the sets updated below hold fewer items than the base index.
        let playlists = ["Road Trip", "Morning Run", "Sunday Jazz", "Focus Beats", "Lieblingslieder", "夜のドライブ"]
            + ["Quiet", "Golden", "Electric", "Velvet", "Midnight", "Summer", "Winter", "Rainy"].flatMap { adjective in
                ["Drive", "Dreams", "Grooves", "Echoes", "Hours", "Lights", "Waves", "Stories"].map { "\(adjective) \($0)" }
            }
        var chatVocabulary = UserVocabulary(app: Self.chat, user: "gwen")
        _ = chatVocabulary.setVocabulary(strings("c", contacts), of: .contactName)
        var payVocabulary = UserVocabulary(app: pay, user: "gwen")
        _ = payVocabulary.setVocabulary(strings("p", payees), of: .paymentsOrganizationName)
        var tempoVocabulary = UserVocabulary(app: tempo, user: "gwen")
        _ = tempoVocabulary.setVocabulary(strings("t", playlists), of: .mediaPlaylistTitle)
        // (No language given: every language is read, and a language's spans may come from
        // the index of the language that folds diacritics, measured again in its own.)
        let requests: [(String?, String)] = [
            (nil, "Schick Jürgen Großman eine Nachricht mit UnicornChat: bis gleich"), (nil, "Send a message to Kenji saying hi"),
            ("en", "Send a message to Kenji saying hi"), ("en", "Send a message to Kenji Mori with UnicornChat saying hi"),
            ("en", "Message Theodora Quil saying the train is late"), ("en", "Send a message to Bartholomew Reyes saying hi"),
            ("en", "Pay my Lakeside bill with BillPay"), ("en", "Pay 20 dollars to Northwind Telecom using BillPay"),
            ("en", "Play my Road Trip playlist on Tempo"), ("en", "Play Sunday Jazz on Tempo"),
            ("de", "Schick Jürgen Großmann eine Nachricht mit UnicornChat: bis gleich"), ("de", "Spiel Lieblingslieder auf Tempo"),
            ("de", "Bezahle die Stadtwerke München mit BillPay"),
            ("ja", "UnicornChatで佐藤健二にメッセージを送って"), ("ja", "Tempoで夜のドライブを再生して"),
        ]
        var session = engine.session(user: "gwen", vocabularies: [chatVocabulary, payVocabulary, tempoVocabulary])
        func checkAgainstAFreshSession(_ step: String, layers: Int) {
            let fresh = engine.session(user: "gwen", vocabularies: session.vocabularies)
            #expect(session.itemCount == fresh.itemCount, "\(step)")
            for (language, request) in requests {
                let updated = engine.parse(request, language: language, user: session)
                let afresh = engine.parse(request, language: language, user: fresh)
                #expect(updated.json == afresh.json, "\(step): \(request)")
            }
            // The indexes of the ways of writing keys read (en's, de's and ja's at least):
            // updated beside their base, or built again.
            let counts = session.indexing.forms.indices.compactMap(session.layerCount)
            #expect(counts.count >= 3 && counts.allSatisfy { $0 == layers }, "\(step): \(counts)")
        }
        checkAgainstAFreshSession("built", layers: 1)
        let updates: [(String, Int, (UserSession) -> UserSession)] = [
            ("contacts replaced", 2, { $0.setting(strings("c2", ["Kenji Sato", "Bartholomew Reyes"] + contacts.dropFirst(2)), of: .contactName, app: Self.chat).session }),
            ("payees replaced", 2, { $0.setting(strings("p2", ["Lakeside Water"] + payees.suffix(3)), of: .paymentsOrganizationName, app: pay).session }),
            ("a set of a new type", 2, { $0.setting(["Kenji's Family", "Book Club"], of: .contactGroupName, app: Self.chat) }),
            ("payees replaced again", 2, { $0.setting(strings("p3", payees), of: .paymentsOrganizationName, app: pay).session }),
            ("an app's vocabulary removed", 2, { $0.removingVocabulary(of: pay) }),
            ("contacts reversed", 2, { $0.setting(strings("c3", contacts.reversed()), of: .contactName, app: Self.chat).session }),
            // More items replaced than the base holds: indexed again, and updated from there.
            ("playlists replaced", 1, { $0.setting(strings("t2", playlists.reversed()), of: .mediaPlaylistTitle, app: tempo).session }),
            ("contacts replaced after", 2, { $0.setting(strings("c4", Array(contacts.prefix(3))), of: .contactName, app: Self.chat).session }),
            ("playlists emptied", 1, { $0.setting([String](), of: .mediaPlaylistTitle, app: tempo) }),
        ]
        for (step, layers, update) in updates {
            session = update(session)
            checkAgainstAFreshSession(step, layers: layers)
        }
    }

    @Test func earlierEntriesAreMoreImportant() throws {
        let engine = try EngineFixture.engine
        // Two contacts one edit from what was said: SiriKit's order decides which is offered first.
        let first = Self.session("dave", contacts: [("d:1", "Mara Lind"), ("d:2", "Mira Lind")], engine: engine)
        let second = Self.session("erin", contacts: [("e:2", "Mira Lind"), ("e:1", "Mara Lind")], engine: engine)
        let request = "Send a message to Mora Lind saying hi"
        let a = try #require(Self.recipient(engine.parse(request, language: "en", user: first)))
        let b = try #require(Self.recipient(engine.parse(request, language: "en", user: second)))
        #expect(a.resolution.options.first?.identifier == "d:1")
        #expect(b.resolution.options.first?.identifier == "e:2")
    }

    @Test func vocabularyOfUnknownAppsIsKeptButNotRead() throws {
        let engine = try EngineFixture.engine
        var other = UserVocabulary(app: "com.example.not-installed", user: "frank")
        _ = other.setVocabularyStrings(["Kenji Sato"], of: .contactName)
        let session = engine.session(user: "frank", vocabularies: [other])
        #expect(session.unknownApps == ["com.example.not-installed"])
        #expect(session.itemCount == 0)
        let explanation = engine.explain("Send a message to Kenji Sato saying hi", language: "en", user: session)
        #expect(explanation.notes.contains { $0.contains("no vocabulary") })
        #expect(explanation.notes.contains { $0.contains("com.example.not-installed") })
    }

    /// A session keeps the items it reads once, not also the vocabularies it was given, yet
    /// gives them back as they were: sets it reads, sets it does not (a type no intent
    /// fills, an app the engine lacks, an empty set), vocabularies of other users' names,
    /// and two vocabularies of one app, in order; and after an update.
    @Test func vocabulariesComeBackAsGiven() throws {
        let engine = try EngineFixture.engine
        var chat = UserVocabulary(app: Self.chat, user: "hana")
        _ = chat.setVocabulary([SpeakableString(vocabularyIdentifier: "h:1", spokenPhrase: "Kenji Sato", pronunciationHint: "ken-jee"),
                                SpeakableString(spokenPhrase: "Marguerite Duval")], of: .contactName)
        _ = chat.setVocabularyStrings(["Blue Car"], of: .carName)
        _ = chat.setVocabularyStrings([], of: .photoTag)
        var pay = UserVocabulary(app: "com.example.billpay", user: "someone else")
        _ = pay.setVocabularyStrings(["Lakeside Water", "Lakeside Power"], of: .paymentsOrganizationName)
        var unknown = UserVocabulary(app: "com.example.not-installed", user: "hana")
        _ = unknown.setVocabularyStrings(["Kenji Mori"], of: .contactName)
        let given = [chat, pay, unknown]
        let session = engine.session(user: "hana", vocabularies: given)
        #expect(session.vocabularies == given)
        #expect(session.itemCount >= 4)

        var second = UserVocabulary(app: Self.chat, user: "hana")
        _ = second.setVocabularyStrings(["Ingrid Bergström"], of: .contactName)
        let twice = engine.session(user: "hana", vocabularies: [chat, second])
        #expect(twice.vocabularies == [chat, second])

        let updated = session.setting(["Kenji Mori", "Kenji Sato"], of: .contactName, app: Self.chat)
        var expected = chat
        _ = expected.setVocabularyStrings(["Kenji Mori", "Kenji Sato"], of: .contactName)
        #expect(updated.vocabularies == [expected, pay, unknown])
        #expect(session.vocabularies == given)
    }

    /// A session updated set by set holds what the vocabularies updated the same way hold:
    /// sets made longer, shorter, emptied and filled again, before and after one another,
    /// in apps the engine knows and one it does not.
    @Test func updatesKeepWhatTheVocabulariesSay() throws {
        let engine = try EngineFixture.engine
        let pay = "com.example.billpay", tempo = "com.example.tempo", unknown = "com.example.not-installed"
        var model = [UserVocabulary(app: Self.chat, user: "ines"), UserVocabulary(app: pay, user: "ines"),
                     UserVocabulary(app: unknown, user: "ines"), UserVocabulary(app: tempo, user: "ines")]
        _ = model[0].setVocabularyStrings(["Kenji Sato", "Kenji Mori", "Marguerite Duval"], of: .contactName)
        _ = model[0].setVocabularyStrings(["Book Club"], of: .contactGroupName)
        _ = model[1].setVocabularyStrings(["Lakeside Water", "Northwind Telecom"], of: .paymentsOrganizationName)
        _ = model[1].setVocabularyStrings(["Checking"], of: .paymentsAccountNickname)
        _ = model[2].setVocabularyStrings(["Someone"], of: .contactName)
        _ = model[3].setVocabularyStrings(["Road Trip", "Sunday Jazz"], of: .mediaPlaylistTitle)
        var session = engine.session(user: "ines", vocabularies: model)
        let steps: [(app: Int, type: VocabularyStringType, strings: [String])] = [
            (0, .contactName, ["Ambrose Finch", "Kenji Sato", "Priya Raman", "Theodora Quill", "Kenji Sato"]),
            (1, .paymentsOrganizationName, []),
            (0, .contactGroupName, ["Book Club", "Climbing"]),
            (3, .mediaPlaylistTitle, ["Focus Beats"]),
            (1, .paymentsOrganizationName, ["Green Valley Gas", "Harbor Insurance", "東京ガス"]),
            (2, .contactName, ["Someone Else"]),
            (0, .contactName, ["Kenji Mori"]),
            (1, .paymentsAccountNickname, ["Savings", "Checking"]),
            (3, .mediaPlaylistTitle, []),
            (3, .mediaPlaylistTitle, ["Morning Run", "夜のドライブ"]),
        ]
        for (number, step) in steps.enumerated() {
            let warnings = model[step.app].setVocabularyStrings(step.strings, of: step.type)
            let updated = session.setting(step.strings.map { SpeakableString(spokenPhrase: $0) }, of: step.type, app: model[step.app].app)
            #expect(updated.warnings == warnings)
            session = updated.session
            #expect(session.vocabularies == model, "step \(number)")
            let fresh = engine.session(user: "ines", vocabularies: model)
            #expect(session.itemCount == fresh.itemCount, "step \(number)")
            for request in ["Send a message to Kenji saying hi", "Pay my Green Valley bill with BillPay", "Play Morning Run on Tempo"] {
                #expect(engine.parse(request, language: "en", user: session).json == engine.parse(request, language: "en", user: fresh).json,
                        "step \(number): \(request)")
            }
        }
    }

    /// Parses for many users at once, from many threads, each seeing only their own contacts.
    @Test func concurrentParsesForDifferentUsers() throws {
        let engine = try EngineFixture.engine
        let names = ["Kenji Sato", "Marguerite Duval", "Ingrid Bergström", "Theodora Quill", "Ambrose Finch", "Oluwaseun Adeyemi",
                     "Priya Raman", "Tomasz Wójcik"]
        let sessions = names.indices.map { Self.session("user\($0)", contacts: [("u\($0)", names[$0])], engine: engine) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let user = iteration % names.count
            let other = (user + 1) % names.count
            let own = Self.recipient(engine.parse("Send a message to \(names[user]) saying hi", language: "en", user: sessions[user]))
            let foreign = Self.recipient(engine.parse("Send a message to \(names[other]) saying hi", language: "en", user: sessions[user]))
            if own?.identifier != "u\(user)" || foreign?.identifier != nil { failures.add("user \(user): \(String(describing: own?.identifier)), \(String(describing: foreign?.identifier))") }
        }
        #expect(failures.all.isEmpty)
    }

    @Test func anEngineWithoutAppsIsAnError() {
        #expect(throws: EngineError.self) { try Engine(apps: []) }
    }
}

final class Failures: @unchecked Sendable {
    private var messages: [String] = []
    private let lock = NSLock()
    func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}
