import Foundation
import Parlance
import Testing

/// A part of a name said for a vocabulary parameter: SiriKit asks which item when several
/// share it, takes the one item when one has it, in every language, and never takes a name
/// that says more than the item (an unknown surname) as one of them.
@Suite struct PartialMatchTests {
    static let chat = "com.example.unicornchat"

    /// A user of the sample apps whose UnicornChat contacts are `contacts`, in order (earlier
    /// is more important, as SiriKit's ordered sets say).
    static func session(contacts: [(id: String, name: String)], engine: Engine) -> UserSession {
        var vocabulary = UserVocabulary(app: chat, user: "kenji-fan")
        _ = vocabulary.setVocabulary(contacts.map { SpeakableString(vocabularyIdentifier: $0.id, spokenPhrase: $0.name) }, of: .contactName)
        return engine.session(user: "kenji-fan", vocabularies: [vocabulary])
    }

    static let contacts = [(id: "c:sato", name: "Kenji Sato"), (id: "c:mori", name: "Kenji Mori"), (id: "c:yamada", name: "山田花子"),
                           (id: "c:yamada-taro", name: "山田太郎"), (id: "c:sato-jp", name: "佐藤健二")]

    static func recipient(_ request: String, language: String, user: UserSession, engine: Engine) throws -> ParameterValue {
        let best = try #require(engine.parse(request, language: language, user: user).best, "\(request)")
        #expect(best.intent.name == "INSendMessageIntent", "\(request)")
        return try #require(best.parameter("recipients")?.values.first, "\(request)")
    }

    @Test(arguments: [
        ("Send a message to Kenji with UnicornChat saying see you at noon", "en"),
        ("Schick Kenji eine Nachricht mit UnicornChat: bis dann", "de"),
        ("Envía un mensaje a Kenji con UnicornChat que diga hola", "es"),
        ("Envoie un message à Kenji avec UnicornChat pour dire salut", "fr"),
        ("UnicornChatで山田に明日行くとメッセージを送って", "ja"),
        ("用UnicornChat给山田发消息说明天见", "zh-Hans"),
    ])
    func aSharedNameAsksWhichOne(request: String, language: String) throws {
        let engine = try EngineFixture.engine
        let user = Self.session(contacts: Self.contacts, engine: engine)
        let value = try Self.recipient(request, language: language, user: user, engine: engine)
        #expect(value.resolution.kind == .disambiguation, "\(request): \(value.resolution)")
        #expect(value.match == .partial)
        #expect(value.value == nil)
        // The user's order: the contact listed first is offered first.
        let expected = language == "ja" || language == "zh-Hans" ? ["c:yamada", "c:yamada-taro"] : ["c:sato", "c:mori"]
        #expect(value.resolution.options.map(\.identifier) == expected, "\(request)")
    }

    /// Among 20,000 contacts, the two that hold the name said are still the ones asked
    /// about, in the user's order, though thousands hold one of its characters and the two
    /// come last: a contact is looked for by the name's words and characters together, not
    /// read one by one up to a budget (before, the budget of items read was spent on contacts
    /// holding 山 or 田 alone, and the Yamadas were never read).
    @Test(arguments: [
        ("UnicornChatで山田に明日行くとメッセージを送って", "ja", ["c:yamada", "c:yamada-taro"]),
        ("用UnicornChat给山田发消息说明天见", "zh-Hans", ["c:yamada", "c:yamada-taro"]),
        ("Send a message to Kenji with UnicornChat saying see you at noon", "en", ["c:sato", "c:mori"]),
    ])
    func aSharedNameAmongManyContacts(request: String, language: String, expected: [String]) throws {
        let engine = try EngineFixture.engine
        // Names that hold 山 or 田 (or both, apart), never 山田, and no Kenji.
        let surnames = ["山本", "山口", "田中", "中田", "小山", "前田", "山中", "田村", "Smith", "Garcia", "Lee"]
        let givens = ["花子", "太一", "美田", "山陽", "Anna", "Omar", "Lina", "健", "真"]
        var many: [(id: String, name: String)] = []
        for index in 0..<20_000 {
            let surname = surnames[index % surnames.count], given = givens[(index / surnames.count) % givens.count]
            let space = surname.unicodeScalars.first!.value < 0x2E80 || given.unicodeScalars.first!.value < 0x2E80 ? " " : ""
            many.append((id: "c:\(index)", name: given + space + surname + (index < 1_000 ? "" : " \(index)")))
        }
        let user = Self.session(contacts: many + Self.contacts, engine: engine)
        let value = try Self.recipient(request, language: language, user: user, engine: engine)
        #expect(value.resolution.kind == .disambiguation, "\(request): \(value.resolution)")
        #expect(value.resolution.options.map(\.identifier) == expected, "\(request)")
    }

    /// A name with punctuation in it is looked up as the vocabulary keys it ("O'Brien" as
    /// "obrien"): both O'Briens are asked about.
    @Test func aNameWithAnApostropheAsksWhichOne() throws {
        let engine = try EngineFixture.engine
        let user = Self.session(contacts: [(id: "c:liam", name: "Liam O'Brien"), (id: "c:sean", name: "Sean O'Brien")], engine: engine)
        let value = try Self.recipient("Send a message to O'Brien with UnicornChat saying see you at noon", language: "en", user: user, engine: engine)
        #expect(value.resolution.kind == .disambiguation, "\(value.resolution)")
        #expect(value.resolution.options.map(\.identifier) == ["c:liam", "c:sean"])
    }

    @Test(arguments: [
        ("Send a message to Mori with UnicornChat saying see you at noon", "en", "c:mori", "Kenji Mori"),
        ("UnicornChatで佐藤さんに明日行くとメッセージを送って", "ja", "c:sato-jp", "佐藤健二"),
    ])
    func oneItemIsThatItem(request: String, language: String, identifier: String, phrase: String) throws {
        let engine = try EngineFixture.engine
        let user = Self.session(contacts: Self.contacts, engine: engine)
        let value = try Self.recipient(request, language: language, user: user, engine: engine)
        // A name only one contact has is that contact (SiriKit: success, an educated guess).
        #expect(value.resolution.kind == .success, "\(request): \(value.resolution)")
        #expect(value.match == .partial)
        #expect(value.identifier == identifier)
        #expect(value.value == .string(phrase))
    }

    /// A name that says more than any item (a surname no contact has) is not part of one:
    /// the app does not know the contact.
    @Test func moreThanTheItemIsNotPartOfIt() throws {
        let engine = try EngineFixture.engine
        let user = Self.session(contacts: Self.contacts, engine: engine)
        let value = try Self.recipient("Send a message to Kenji Tanaka with UnicornChat saying hi", language: "en", user: user, engine: engine)
        #expect(value.resolution.kind == .unsupported, "\(value.resolution)")
        #expect(value.resolution.options.isEmpty)
    }

    /// The sample apps' own vocabulary: a BillPay account and a CarLink car said in part,
    /// with the words around them the templates spell (an article).
    @Test func theSampleAppsItemsSaidInPart() throws {
        let engine = try EngineFixture.engine
        let bill = try #require(engine.parse("Pay the Oak Street bill with BillPay", language: "en").best)
        let payee = try #require(bill.parameter("billPayee")?.values.first)
        #expect(payee.identifier == "account:city-power:12-oak")
        #expect(payee.resolution.kind == .success)
        #expect(payee.resolution.reason == "'Oak Street' is part of one payee of BillPay")

        let car = try #require(engine.parse("How much battery does the Falcon have left?", language: "en").best)
        #expect(car.intent.name == "INGetCarPowerLevelStatusIntent")
        #expect(car.parameter("carName")?.values.first?.identifier == "car:falcon")
    }

    /// Items that say the same words ask which one, each item once: an app vocabulary that
    /// declares its workouts for five intents at once (one ParameterVocabularies entry with
    /// five ParameterNames, as Apple's format allows) still offers each workout once.
    @Test func eachItemIsOfferedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-once-\(ProcessInfo.processInfo.processIdentifier)")
        let folder = root.appendingPathComponent("Pacer")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let header = #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0"><dict>"#
        let intents = ["INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent"]
        try Data((header + """
            <key>CFBundleIdentifier</key><string>com.example.pacer</string><key>CFBundleName</key><string>Pacer</string>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.intents-service</string>
            <key>NSExtensionAttributes</key><dict><key>IntentsSupported</key><array>\(intents.map { "<string>\($0)</string>" }.joined())</array></dict></dict>
            </dict></plist>
            """).utf8).write(to: folder.appendingPathComponent("Info.plist"))
        let workouts = [("tempo-coach-ana", "Tempo Run"), ("tempo-coach-ben", "Tempo Run"), ("hills", "Hill Repeats")]
        try Data((header + """
            <key>ParameterVocabularies</key><array><dict><key>ParameterNames</key><array>\(intents.map { "<string>\($0).workoutName</string>" }.joined())</array>
            <key>ParameterVocabulary</key><array>\(workouts.map { "<dict><key>VocabularyItemIdentifier</key><string>\($0.0)</string><key>VocabularyItemSynonyms</key><array><dict><key>VocabularyItemPhrase</key><string>\($0.1)</string></dict></array></dict>" }.joined())</array>
            </dict></array></dict></plist>
            """).utf8).write(to: folder.appendingPathComponent("en.lproj/AppIntentVocabulary.plist"))
        let pacer = try #require(AppLoader.load(root.path).apps.first)
        let engine = try Engine(apps: [pacer], grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
        let best = try #require(engine.parse("Start my Tempo Run with Pacer", language: "en").best)
        #expect(best.intent.name == "INStartWorkoutIntent")
        let workout = try #require(best.parameter("workoutName")?.values.first)
        #expect(workout.resolution.kind == .disambiguation, "\(workout.resolution)")
        #expect(workout.resolution.options.map(\.identifier) == ["tempo-coach-ana", "tempo-coach-ben"])
    }

    /// A word of an unspaced script that the grammar also spells ("貯金", "储蓄": an account
    /// type) is a part of its own when two accounts hold it: two characters say as much as
    /// "savings" does.
    @Test(arguments: [
        ("用BillPay向储蓄账户存入三百", "zh-Hans", [("a:edu", "教育储蓄"), ("a:house", "买房储蓄")]),
        ("BillPayで貯金へ5000円移して", "ja", [("a:car", "車用貯金"), ("a:later", "老後貯金")]),
    ])
    func anUnspacedWordTheGrammarSpellsIsAPart(request: String, language: String, accounts: [(String, String)]) throws {
        let engine = try EngineFixture.engine
        var vocabulary = UserVocabulary(app: "com.example.billpay", user: "saver")
        _ = vocabulary.setVocabulary(accounts.map { SpeakableString(vocabularyIdentifier: $0.0, spokenPhrase: $0.1) }, of: .paymentsAccountNickname)
        let user = engine.session(user: "saver", vocabularies: [vocabulary])
        let best = try #require(engine.parse(request, language: language, user: user).best, "\(request)")
        #expect(best.intent.name == "INTransferMoneyIntent", "\(request)")
        let account = try #require(best.parameter("toAccount")?.values.first, "\(request)")
        #expect(account.resolution.kind == .disambiguation, "\(request): \(account.resolution)")
        #expect(account.resolution.options.map(\.identifier) == accounts.map(\.0), "\(request)")
    }

    /// Words around an item that the template does not place (a particle, an article or a
    /// contraction) are no typo: "的读书会" is the group 读书会, "des Mots du Jour" the show Les
    /// Mots du Jour (des = de + les), not a question whether they were meant. (The apps of the
    /// first blind set, whose vocabulary has such items; the requests are this test's own.)
    @Test(arguments: [
        ("帮我在Chatterbox的读书会群里发个消息：明天不去了", "zh-Hans", "INSendMessageIntent", "speakableGroupName", "读书会"),
        ("Lance le dernier épisode des Mots du Jour avec Castaway", "fr", "INPlayMediaIntent", "mediaSearch.mediaName", "Les Mots du Jour"),
    ])
    func wordsAroundAnItemAreNoTypo(request: String, language: String, intent: String, parameter: String, phrase: String) throws {
        let blindApps = AppLoader.load(EngineFixture.corpora.appendingPathComponent("tests/blind/apps").path).apps
        let engine = try Engine(apps: EngineFixture.apps + blindApps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
        let best = try #require(engine.parse(request, language: language).best, "\(request)")
        #expect(best.intent.name == intent, "\(request)")
        let said = try #require(best.parameter(parameter)?.values.first, "\(request): \(best.parameters.map { "\($0.name)=\($0.values.map(\.text))" })")
        #expect(said.resolution.kind == .success, "\(request): \(said.resolution)")
        #expect(said.value == .string(phrase))
    }

    /// A part of an item's second phrase is that item, said as that phrase: RideNow's xl is
    /// "XL" and "Extra Large" ("Extra Grande"), and "a RideNow Large" names the second.
    @Test(arguments: [
        ("Book me a RideNow Large to the station", "en", "Extra Large"),
        ("Pídeme un Grande de RideNow para ir a Atocha", "es", "Extra Grande"),
    ])
    func aPartTakesThePhraseThatHoldsIt(request: String, language: String, phrase: String) throws {
        let engine = try EngineFixture.engine
        let best = try #require(engine.parse(request, language: language).best, "\(request)")
        #expect(best.intent.name == "INRequestRideIntent")
        let value = try #require(best.parameter("rideOptionName")?.values.first, "\(request)")
        #expect(value.match == .partial)
        #expect(value.resolution.kind == .success, "\(request): \(value.resolution)")
        #expect(value.identifier == "xl")
        #expect(value.value == .string(phrase), "\(request): \(String(describing: value.value))")
    }
}
