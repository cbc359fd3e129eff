import Foundation
import Parlance
import Testing

/// Corpora/tests: the project's own utterances for every intent in each language, run
/// through the engine with the sample apps. Gated per language on exact match (intent,
/// app, every listed parameter value and resolution).
@Suite struct CorpusTests {
    /// The exact-match rate every language must reach (the goal of issues 5 and 6).
    static let goal = 0.98

    static let tests: [UtteranceTest] = (try? UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests").path)) ?? []

    @Test func everyTestFileLoads() throws {
        _ = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests").path)
        #expect(!Self.tests.isEmpty)
    }

    @Test(arguments: ["en", "es", "de", "fr", "ja", "zh-Hans"])
    func language(_ language: String) throws {
        try check(language, languageGiven: true)
    }

    /// The same tests with no language given, as `parlance parse` reads them by default: the
    /// engine picks the languages to try from the words each spells
    /// (``EngineOptions/languageEvidenceRatio``) and keeps the best reading.
    @Test(arguments: ["en", "es", "de", "fr", "ja", "zh-Hans"])
    func languageNotGiven(_ language: String) throws {
        try check(language, languageGiven: false)
    }

    func check(_ language: String, languageGiven: Bool) throws {
        let tests = Self.tests.filter { $0.language == language }
        #expect(tests.count >= 100, "Corpora/tests/\(language) has \(tests.count) tests; every intent needs several")
        let engine = try EngineFixture.engine
        var failures: [String] = []
        for test in tests {
            let result = engine.parse(test.utterance, language: languageGiven ? test.language : nil, locked: test.locked, now: test.now)
            if let problem = test.mismatch(result) {
                failures.append("\(test.location.file.split(separator: "/").suffix(2).joined(separator: "/")):\(test.location.line): \"\(test.utterance)\": \(problem)")
            }
        }
        let rate = Double(tests.count - failures.count) / Double(max(tests.count, 1))
        let mode = languageGiven ? "" : " (no language given)"
        print("Corpora/tests/\(language)\(mode): \(tests.count - failures.count)/\(tests.count) exact (\(String(format: "%.1f", rate * 100))%; at least \(Self.goal * 100)%)")
        for failure in failures.prefix(40) { print("  ✗ \(failure)") }
        #expect(rate >= Self.goal, "\(language)\(mode): \(String(format: "%.1f", rate * 100))% exact match, below \(Self.goal * 100)%")
    }

    /// Every intent of the catalogue is tested in every language.
    @Test func everyIntentIsCovered() {
        for language in ["en", "es", "de", "fr", "ja", "zh-Hans"] {
            let covered = Set(Self.tests.filter { $0.language == language }.map(\.intent))
            let missing = IntentCatalogue.standard.intents.map(\.name).filter { !covered.contains($0) }
            #expect(missing.isEmpty, "\(language) has no tests for \(missing.joined(separator: ", "))")
        }
    }
}
