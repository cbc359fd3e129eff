import Foundation
import Parlance
import Testing

/// An engine loaded from cached images answers exactly as one built from scratch; stale,
/// damaged and unwritable caches cost time, never answers.
@Suite struct EngineCacheTests {
    static let languages = ["en", "ja"]
    static let grammars = EngineFixture.corpora.appendingPathComponent("grammars")

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func images(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".image") }.sorted()
    }

    static func engine(_ apps: [App], cache: URL?) throws -> Engine {
        var options = EngineOptions()
        options.cache = cache.map { EngineCache(directory: $0) }
        return try Engine(apps: apps, grammars: grammars, languages: languages, options: options)
    }

    static func summary(_ engine: Engine) -> [String] {
        CorpusTests.tests.filter { languages.contains($0.language) }.map { test in
            let result = engine.parse(test.utterance, language: test.language, locked: test.locked, now: test.now)
            return test.utterance + " → " + result.hypotheses.map { h in
                "\(h.app.bundleIdentifier) \(h.intent.name) \(h.confidence) " + h.parameters.map { p in
                    p.name + "=" + p.values.map { "\($0.value?.description ?? "nil")/\($0.identifier ?? "")/\($0.resolution)/\($0.edits)" }
                        .joined(separator: ",")
                }.joined(separator: " ")
            }.joined(separator: " | ")
        }
    }

    static func cacheWarnings(_ engine: Engine) -> [String] {
        engine.issues.map(\.description).filter { $0.contains("cache") || $0.contains("image") }
    }

    @Test func imagesAreSavedThenReadBackWithTheSameAnswers() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let apps = BeamTests.apps
        let plain = Self.summary(try Self.engine(apps, cache: nil))
        let first = try Self.engine(apps, cache: folder)
        #expect(Self.cacheWarnings(first).isEmpty)
        #expect(Self.summary(first) == plain)
        let saved = Self.images(in: folder)
        // One vocabulary index per way of writing keys: Latin (en) and Japanese.
        #expect(saved.filter { $0.hasPrefix("vocabulary-") }.count == 2, "\(saved)")
        // One compiled grammar per language.
        #expect(saved.filter { $0.hasPrefix("grammar-") }.count == 2, "\(saved)")
        // The rankers of the learned readings the parses needed, one per language and app.
        #expect(!saved.filter { $0.hasPrefix("ranker-") }.isEmpty, "\(saved)")
        let second = try Self.engine(apps, cache: folder)
        #expect(Self.cacheWarnings(second).isEmpty, "\(Self.cacheWarnings(second))")
        #expect(Self.images(in: folder) == saved)
        #expect(Self.summary(second) == plain)
    }

    @Test func damagedImagesAreRebuiltAndReplaced() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let apps = BeamTests.apps
        let plain = Self.summary(try Self.engine(apps, cache: folder))
        for name in Self.images(in: folder) {
            let url = folder.appendingPathComponent(name)
            var bytes = [UInt8](try Data(contentsOf: url))
            bytes[bytes.count / 2] ^= 0x40
            try Data(bytes).write(to: url)
        }
        let repaired = try Self.engine(apps, cache: folder)
        let warnings = Self.cacheWarnings(repaired)
        // (A ranker is read when a parse first needs it, after the engine's warnings are
        // told: a damaged one is trained again and replaced without a warning.)
        #expect(warnings.count == Self.images(in: folder).count { !$0.hasPrefix("ranker-") }, "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains("damaged") }, "\(warnings)")
        #expect(Self.summary(repaired) == plain)
        // The rebuilt images replaced the damaged ones.
        let after = try Self.engine(apps, cache: folder)
        #expect(Self.cacheWarnings(after).isEmpty, "\(Self.cacheWarnings(after))")
        #expect(Self.summary(after) == plain)
    }

    @Test func changedVocabularyGetsItsOwnImage() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var apps = BeamTests.apps
        _ = try Self.engine(apps, cache: folder)
        let before = Set(Self.images(in: folder))
        let chat = try #require(apps.firstIndex { $0.bundleIdentifier == "com.example.unicornchat" })
        let contacts = apps[chat].userVocabulary.speakableStrings(of: .contactName)
        _ = apps[chat].userVocabulary.setVocabulary([SpeakableString(spokenPhrase: "Quentin Zwolinski")] + contacts, of: .contactName)
        let changed = try Self.engine(apps, cache: folder)
        #expect(Self.cacheWarnings(changed).isEmpty)
        let added = Set(Self.images(in: folder)).subtracting(before)
        #expect(added.count == 2 && added.allSatisfy { $0.hasPrefix("vocabulary-") }, "\(added)")
        let result = changed.parse("send a message to Quentin Zwolinski saying hello", language: "en")
        #expect(result.best?.parameter("recipients")?.values.first?.value?.string == "Quentin Zwolinski")
        #expect(Self.summary(changed) == Self.summary(try Self.engine(apps, cache: nil)))
    }

    @Test func anUnwritableCacheOnlyWarns() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A cache "folder" below a regular file can be neither created nor written.
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let engine = try Self.engine(BeamTests.apps, cache: file.appendingPathComponent("cache"))
        let warnings = Self.cacheWarnings(engine)
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0.contains("cannot save") }, "\(warnings)")
        #expect(engine.parse("send a message to Sparkle Sparkly saying hi", language: "en").best?.intent.name == "INSendMessageIntent")
    }
}
