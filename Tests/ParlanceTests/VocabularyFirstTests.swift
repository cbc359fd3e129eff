import Foundation
import Parlance
import Testing

/// The vocabulary says what a value is: a value the template gave one parameter that is
/// exactly an item of another parameter's list (articles aside) goes to that parameter.
@Suite struct VocabularyFirstTests {
    @Test(arguments: [
        ("Écris au Horn Club sur UnicornChat : on répète demain", "fr", "speakableGroupName", "Horn Club"),
        ("Show me the messages from the Stardust Team in UnicornChat", "en", "speakableGroupNames", "Stardust Team"),
        ("Schreib dem Horn Club mit UnicornChat: Probe fällt aus", "de", "speakableGroupName", "Horn Club"),
    ])
    func aGroupSaidWhereTheTemplateHasAContact(request: String, language: String, parameter: String, group: String) throws {
        let engine = try EngineFixture.engine
        let best = try #require(engine.parse(request, language: language).best, "\(request)")
        #expect(best.app.bundleIdentifier == "com.example.unicornchat")
        let value = try #require(best.parameter(parameter)?.values.first, "\(request): \(best.parameters.map(\.name))")
        #expect(value.value == .string(group))
        #expect(value.resolution.kind == .success)
        // The contact parameters keep nothing of it.
        for name in ["recipients", "senders"] { #expect(best.parameter(name)?.values.first?.value == nil, "\(request): \(name)") }
    }

    /// Free text that ran on past a group into the message is the message: the group found
    /// where the template put a contact ends the contact's words, and what follows it is
    /// more than a value's edge. Without a text parameter to take it, it would have been lost.
    @Test(arguments: [
        ("UnicornChat, send a message to the Horn Club: practice is cancelled tonight", "en", "practice is cancelled tonight"),
        ("UnicornChat, send a message to the Horn Club: bring your music stands", "en", "bring your music stands"),
    ])
    func aMessageAfterTheGroupIsTheMessage(request: String, language: String, content: String) throws {
        let engine = try EngineFixture.engine
        let best = try #require(engine.parse(request, language: language).best, "\(request)")
        #expect(best.intent.name == "INSendMessageIntent")
        #expect(best.parameter("speakableGroupName")?.values.first?.value == .string("Horn Club"), "\(request)")
        #expect(best.parameter("content")?.values.first?.value == .string(content), "\(request)")
        #expect(best.parameter("recipients")?.values.first?.value == nil, "\(request)")
    }

    /// A name or an item elided onto an article or a possessive ("d'Excite Yoga", "d'Emma",
    /// "Emma's") is found, and the app named so is the app mentioned, not part of a value.
    @Test(arguments: [
        ("Démarre la séance Bedtime Stretch d'Excite Yoga", "fr", "com.example.exciteyoga", "workoutName", "bedtime_stretch"),
        ("Montre-moi les photos d'Emma", "fr", "com.example.snapshots", "peopleInPhoto", nil),
        ("Show me Emma's photos", "en", "com.example.snapshots", "peopleInPhoto", nil),
    ] as [(String, String, String, String, String?)])
    func itemsElidedOntoAWord(request: String, language: String, app: String, parameter: String, identifier: String?) throws {
        let engine = try EngineFixture.engine
        let best = try #require(engine.parse(request, language: language).best, "\(request)")
        #expect(best.app.bundleIdentifier == app, "\(request)")
        let value = try #require(best.parameter(parameter)?.values.first, "\(request): \(best.parameters.map(\.name))")
        #expect(value.resolution.kind == .success, "\(request): \(value)")
        if let identifier { #expect(value.identifier == identifier, "\(request)") }
        #expect(value.text?.contains("Excite") != true && value.text?.contains("d'") != true, "\(request): \(value)")
    }

    /// A reading that took the app's name with edits ("Inkwell的", the particle read into
    /// the name) does not stop the name said exactly from being lifted out: the note is the
    /// user's, the rest its content.
    @Test func aNameReadWithEditsIsStillLifted() throws {
        let apps = EngineFixture.apps + AppLoader.load(EngineFixture.corpora.appendingPathComponent("tests/blind-2/apps").path).apps
        let engine = try Engine(apps: apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
        let best = try #require(engine.parse("在Inkwell的读书笔记里加上第三章很精彩", language: "zh-Hans").best)
        #expect(best.app.bundleIdentifier == "com.example.inkwell")
        #expect(best.intent.name == "INAppendToNoteIntent")
        #expect(best.appSelection == .mentioned("Inkwell"))
        #expect(best.parameter("targetNote")?.values.first?.identifier == "note:dushu-biji")
        #expect(best.parameter("content")?.values.first?.value == .string("第三章很精彩"))
    }
}
