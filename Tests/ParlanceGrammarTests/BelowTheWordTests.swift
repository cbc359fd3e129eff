import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// Matching below the word, from the user's side: real sentences of the shared corpus whose
/// templates join literal text to slots without a space, or whose numbers carry punctuation,
/// each checked against the intent and slots its test file expects.
@Suite(SharedData.required)
struct BelowTheWordTests {
    /// (language, sentence): each is a sentence of `tests/<language>/`.
    static let sentences: [(String, String)] = [
        // `{timer_name:name}[ ]<timer>`: a wildcard ending inside a compound.
        ("sv", "avbryt pizzatimer"),
        ("sv", "öka pizzatimern med 5 minuter"),
        ("nl", "pizzatimer met 5 minuten verlengen"),
        // `[ال]{timer_name:name}`: a wildcard starting inside a word, after the article.
        ("ar", "ما هي حالة مؤقت البيتزا"),
        // "1/2" is the value 1/2 (30), not the number 12.
        ("fi", "aseta ajastin 1/2 minuutiksi"),
        ("hr", "postavi štopericu na 1/2 sata"),
        ("hu", "állíts be egy időzítőt 1/2 órára"),
        // `{timer_hours:hours}.{timer_minutes:minutes}` and `pm 2(.|[ ])5`: punctuation the
        // template writes, inside a number.
        ("fi", "ajastin 1.15"),
        ("hu", "Mi a nappali pm 25 szenzor pm 2.5 értéke?"),
        // A corrected name never hands the start of the next word to a wildcard.
        ("de", "füge zur Liste Haushalt Putzen hinzu"),
        ("sv", "är Daniel home"),
    ]

    @Test(arguments: ["sv", "nl", "ar", "fi", "hr", "hu", "de"])
    func sentencesMatchAsTheirTestsExpect(_ language: String) throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: language)
        for (sentenceLanguage, sentence) in Self.sentences where sentenceLanguage == language {
            let testCase = try #require(evaluation.cases.first { $0.sentences.contains(sentence) }, "no test has \"\(sentence)\"")
            let result = evaluation.compiled.match(sentence, lists: evaluation.lists, context: testCase.context, options: CorpusEvaluation.options)
            #expect(CorpusEvaluation.mismatch(result, testCase) == nil, "\(language) \"\(sentence)\": expected \(CorpusEvaluation.describe(testCase))")
        }
    }
}
