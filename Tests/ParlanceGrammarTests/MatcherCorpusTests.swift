import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// The proof: every test sentence of the corpus, matched as upstream's test suite matches it
/// with hassil (see ``CorpusEvaluation``), then again with one seeded typo in a name, area
/// or floor of four or more letters.
///
/// Gated per language at the level reached; the per-language rates and the first failures
/// are printed for whoever raises the bar next.
@Suite(SharedData.required)
struct MatcherCorpusTests {
    /// The pass rates each language must keep: (clean sentences, sentences with a typo).
    static let gates: [String: (clean: Double, typo: Double)] = [
        "ar": (0.997, 1.0),
        "cs": (1.0, 1.0),
        "de": (1.0, 1.0),
        "el": (1.0, 1.0),
        "en": (1.0, 1.0),
        "es": (1.0, 1.0),
        "fi": (1.0, 1.0),
        "fr": (1.0, 1.0),
        "hi": (1.0, 1.0),
        "hr": (1.0, 1.0),
        "hu": (1.0, 1.0),
        "is": (1.0, 1.0),
        "it": (1.0, 1.0),
        "ja": (1.0, 1.0),
        "ko": (1.0, 1.0),
        "nl": (1.0, 1.0),
        "pl": (0.997, 0.996),
        "pt": (1.0, 0.992),
        "ro": (1.0, 1.0),
        "ru": (1.0, 1.0),
        "sv": (1.0, 1.0),
        "th": (1.0, 1.0),
        "tr": (1.0, 1.0),
        "uk": (1.0, 1.0),
        "zh-cn": (1.0, 1.0),
    ]

    /// Every language of the shared corpus.
    static let languages = ["ar", "cs", "de", "el", "en", "es", "fi", "fr", "hi", "hr", "hu", "is", "it", "ja", "ko", "nl", "pl", "pt",
                            "ro", "ru", "sv", "th", "tr", "uk", "zh-cn"]

    @Test(arguments: Self.languages)
    func corpus(_ language: String) throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: language)
        let report = evaluation.run(typos: true)
        print("""
            \(language): clean \(report.passed)/\(report.total) (\(percent(report.rate))), \
            with a typo \(report.typoPassed)/\(report.typoTotal) (\(percent(report.typoRate))), \
            upstream's known failures matched \(report.knownFailuresPassed)/\(report.knownFailures); \
            \(evaluation.compiled.statistics)
            """)
        for failure in report.failures.prefix(10) { print("  clean: \(failure)") }
        for failure in report.typoFailures.prefix(10) { print("  typo: \(failure)") }
        let gate = try #require(Self.gates[language])
        #expect(report.rate >= gate.clean, "\(language): clean \(percent(report.rate)) is below \(percent(gate.clean))")
        #expect(report.typoRate >= gate.typo, "\(language): with a typo \(percent(report.typoRate)) is below \(percent(gate.typo))")
        #expect(report.typoTotal > 0)
        #expect(report.passDisagreements.isEmpty, "corrections where they can win and always disagree on \(report.passDisagreements.prefix(5))")
    }

    func percent(_ rate: Double) -> String { String(format: "%.1f%%", rate * 100) }
}
