import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceDateTime

/// The quick check that skips utterances without a date never skips one with a date: the
/// gated reading agrees with the reading that parses everything, on random requests made of
/// each language's date words, numbers and ordinary words (which also shakes out crashes).
@Suite struct GateAgreementTests {
    static let ordinary: [String: [String]] = [
        "en": ["book", "a", "table", "for", "at", "to", "the", "kenji", "message", "four", "one", "7", "12", ":", ",", "-"],
        "de": ["tisch", "für", "um", "nach", "vor", "eine", "vier", "anna", "7", "12", ".", ","],
        "fr": ["table", "pour", "à", "de", "une", "quatre", "pierre", "7", "12", "h", "'"],
        "es": ["mesa", "para", "a", "las", "de", "una", "cuatro", "maría", "7", "12", "y"],
        "ja": ["を", "予約", "して", "タクシー", "一", "三", "7", "12"],
        "zh-Hans": ["我", "想", "订", "餐厅", "一", "三", "两", "7", "12"],
    ]

    @Test(arguments: ["en", "de", "fr", "es", "ja", "zh-Hans"])
    func gatedAndUngatedReadingsAgree(_ tag: String) throws {
        let vocabulary = try #require(try DateTimeVocabulary.builtIn(for: Language(tag)))
        let words = vocabulary.entries.map(\.phrase) + (Self.ordinary[tag] ?? [])
        let reader = Readers.reader(tag)
        let tokenizer = try Tokenizer(language: Language(tag))
        let separator = try Language(tag).isSpaceDelimited ? " " : ""
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<1_500 {
            let count = 1 + generator.next(below: 7)
            let text = (0..<count).map { _ in words[generator.next(below: words.count)] }.joined(separator: separator)
            let tokenized = tokenizer.tokenize(text)
            let gated = reader.read(tokenized, now: saturday, gate: .skipsUndated)
            let everything = reader.read(tokenized, now: saturday, gate: .readsEverything)
            #expect(gated == everything, "\(tag) '\(text)'")
            for match in gated {
                #expect(match.scalarRange.upperBound <= text.unicodeScalars.count)
            }
        }
    }
}
