import Foundation
import Parlance
import ParlanceTestSupport
import Testing

/// The grammar's beam (paths kept per automaton state and position, best scores first)
/// changes how much is explored, never what wins: with thousands of user vocabulary
/// entries, whose fuzzy matches multiply the paths, every test utterance of Corpora/tests
/// gets the same hypotheses, in the same order, as when every path is followed.
@Suite struct BeamTests {
    /// The sample apps with 3,000 seeded contacts, payees and playlists besides their own.
    static let apps: [App] = {
        var random = SeededGenerator(seed: 2026)
        let syllables = ["an", "be", "ca", "dor", "el", "fin", "ga", "hel", "is", "jo", "ka", "lin", "mar", "ne", "o", "pet",
                         "ra", "sen", "ta", "ul", "vi", "wen", "yo", "zu", "ste", "mi", "ri", "so", "la", "to"]
        func word() -> String {
            let count = 1 + random.next(below: 3)
            let text = (0..<count).map { _ in syllables[random.next(below: syllables.count)] }.joined()
            return text.prefix(1).uppercased() + text.dropFirst()
        }
        var apps = EngineFixture.apps
        for index in apps.indices {
            let type: VocabularyStringType
            switch apps[index].bundleIdentifier {
            case "com.example.unicornchat": type = .contactName
            case "com.example.billpay": type = .paymentsOrganizationName
            case "com.example.tempo": type = .mediaPlaylistTitle
            default: continue
            }
            let added = (0..<1000).map { _ in SpeakableString(spokenPhrase: word() + " " + word()) }
            _ = apps[index].userVocabulary.setVocabulary(apps[index].userVocabulary.speakableStrings(of: type) + added, of: type)
        }
        return apps
    }()

    @Test(arguments: ["en", "de", "ja", "zh-Hans"])
    func beamKeepsTheHypotheses(_ language: String) throws {
        let grammars = EngineFixture.corpora.appendingPathComponent("grammars")
        let beamed = try Engine(apps: Self.apps, grammars: grammars, languages: [language])
        var options = EngineOptions()
        options.beamWidth = .max
        let exhaustive = try Engine(apps: Self.apps, grammars: grammars, languages: [language], options: options)
        let tests = CorpusTests.tests.filter { $0.language == language }
        #expect(tests.count >= 100)
        func summary(_ result: ParseResult) -> [String] {
            result.hypotheses.map { h in
                "\(h.app.bundleIdentifier) \(h.intent.name) " + h.parameters.map { p in
                    p.name + "=" + p.values.map { "\($0.value?.description ?? "nil")/\($0.identifier ?? "")/\($0.resolution)" }.joined(separator: ",")
                }.joined(separator: " ")
            }
        }
        for test in tests {
            let expected = summary(exhaustive.parse(test.utterance, language: language, locked: test.locked, now: test.now))
            let got = summary(beamed.parse(test.utterance, language: language, locked: test.locked, now: test.now))
            #expect(got == expected, "\(language) \"\(test.utterance)\"")
        }
    }
}
