import ParlanceTestSupport
import Testing
@testable import ParlanceText

struct NormalizerTests {
    /// Text of ASCII and Latin letters up to U+024F is normalized without ICU, letter by
    /// letter from a table (``Normalizer/LatinTable``); it must equal ICU's normalization of
    /// the whole text, under every set of folds, for every letter and for random words.
    @Test(arguments: [NormalizationFolds(), [.punctuation], [.diacritics], [.punctuation, .diacritics],
                      [.punctuation, .diacritics, .katakanaToHiragana]])
    func latinLettersNormalizeAsICUDoes(_ folds: NormalizationFolds) {
        let normalizer = Normalizer(folds: folds)
        func both(_ text: String) -> ([Unicode.Scalar], [Unicode.Scalar]) {
            var fast: [Unicode.Scalar] = [], slow: [Unicode.Scalar] = []
            var scratch = NormalizationScratch()
            var copy = text
            copy.withUTF8 { bytes in
                normalizer.append(bytes, to: &fast, scratch: &scratch)
                normalizer.appendSlow(bytes, to: &slow, scratch: &scratch)
            }
            return (fast, slow)
        }
        var texts = (0xC0...0x24F).map { String(Unicode.Scalar(UInt32($0))!) }
        texts += ["Crème Brûlée", "Größe", "ŉ ǰ ǅ", "L'ÉTÉ `quoted`", "Ωmega", "e\u{301}té"]
        let alphabet = Array("aZq09 '`-.,ßéÈÿĀŉǰǅȳɏ×÷".unicodeScalars)
        var generator = SeededGenerator(seed: UInt64(folds.rawValue) &+ 0x1A71)
        for _ in 0..<2_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) { view.append(alphabet.randomElement(using: &generator)!) }
            texts.append(String(view))
        }
        // (Text of ASCII alone takes the ASCII path, which folds no punctuation: not this one.)
        for text in texts where text.unicodeScalars.contains(where: { !$0.isASCII }) {
            let (fast, slow) = both(text)
            #expect(fast == slow, "\(String(reflecting: text)) with folds \(folds.rawValue)")
        }
    }

    @Test(arguments: [
        ("en", "ＦＵＬＬ　Ｗｉｄｔｈ", "full width"),
        ("en", "It’s “quoted” – dash—and ‘single’", "it's \"quoted\" - dash-and 'single'"),
        ("en", "Crème Brûlée", "creme brulee"),
        ("de", "Crème Brûlée Größe", "crème brûlée grösse"),
        ("ja", "ヨガ ｶﾞｷﾞ ヴ ヽ", "よが がぎ ゔ ゝ"),
        ("ja", "が", "が"),  // dakuten are sound, never stripped
        ("zh-Hans", "发髮發", "发髮發"),  // no traditional/simplified conversion
        ("fr", "ﬁnal Ⅻ ㍻", "final xii 平成"),
        ("es", "ÑANDÚ", "nandu"),
        ("el", "Καλημέρα", "καλημερα"),
    ])
    func normalizes(_ tag: String, _ input: String, _ expected: String) throws {
        #expect(Normalizer(language: try Language(tag)).normalize(input) == expected)
    }
}
