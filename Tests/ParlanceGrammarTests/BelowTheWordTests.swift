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
        // A unit sign is text, as hassil reads it: "50%" is the volume (`{volume}[[ ]%| procent]`),
        // not the temperature, whose template does not spell it (the test gives the area as context).
        ("pl", "Ustaw na 50% w salonie"),
        // A corrected name never hands the start of the next word to a wildcard.
        ("de", "füge zur Liste Haushalt Putzen hinzu"),
        ("sv", "är Daniel home"),
    ]

    @Test(arguments: ["sv", "nl", "ar", "fi", "hr", "hu", "de", "pl"])
    func sentencesMatchAsTheirTestsExpect(_ language: String) throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: language)
        for (sentenceLanguage, sentence) in Self.sentences where sentenceLanguage == language {
            let testCase = try #require(evaluation.cases.first { $0.sentences.contains(sentence) }, "no test has \"\(sentence)\"")
            let result = evaluation.compiled.match(sentence, lists: evaluation.lists, context: testCase.context, options: CorpusEvaluation.options)
            #expect(CorpusEvaluation.mismatch(result, testCase) == nil, "\(language) \"\(sentence)\": expected \(CorpusEvaluation.describe(testCase))")
        }
    }

    /// (language, sentence of `tests/<language>/`, the sentence with a typo): a typo in a word
    /// the template spells in pieces written together is corrected like any other.
    static let typos: [(String, String, String)] = [
        // `{area}` of `konyh(a[i]|ába[n]|át)`: a typo in the stem, or in the two-letter
        // ending, which the whole word's budget covers.
        ("hu", "Van szén monoxid a konyhában?", "Van szén monoxid a konwhában?"),
        ("hu", "Zárd be az ablakot a konyhában", "Zárd be az ablakot a konyhábn"),
        ("hu", "A konyhában van víz?", "A konyháabn van víz?"),
        // `[ال]{name}`: a corrected name starting after the article written onto it.
        ("ar", "تخطي التلفاز", "تخطي التلفزا"),
        ("ar", "تخطي على التلفاز", "تخطي على الزتلفاز"),
        // `<area>[ ]<name>`: a corrected name after an area written onto it.
        ("nl", "registreert de garagebewegingsensor beweging", "registreert de garagebewfgingsensor beweging"),
        // A typo in an ending that leaves the form unknowable: the kitchen, said another way.
        ("cs", "zamkni zámky v kuchyni", "zamkni zámky v kuchyn"),
    ]

    @Test(arguments: ["hu", "ar", "nl", "cs"])
    func typosInsideWordsAreCorrected(_ language: String) throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: language)
        for (sentenceLanguage, sentence, typo) in Self.typos where sentenceLanguage == language {
            let testCase = try #require(evaluation.cases.first { $0.sentences.contains(sentence) }, "no test has \"\(sentence)\"")
            let result = evaluation.compiled.match(typo, lists: evaluation.lists, context: testCase.context, options: CorpusEvaluation.options)
            #expect(CorpusEvaluation.mismatch(result, testCase, referents: evaluation.referents) == nil,
                    "\(language) \"\(typo)\": expected \(CorpusEvaluation.describe(testCase))")
            #expect(result.best.map { $0.slots.contains { $0.kind == .fuzzy } } == true, "\(language) \"\(typo)\": not read as a correction")
        }
    }

    /// More edits than the word's budget: a word of eight letters takes two, not three.
    @Test func aWordIsNotCorrectedPastItsBudget() throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: "hu")
        let result = evaluation.compiled.match("Zárd be az ablakot a konyhxyz", lists: evaluation.lists, options: CorpusEvaluation.options)
        #expect(result.best?.slotValues["area"] == nil, "\(String(describing: result.best))")
    }
}
