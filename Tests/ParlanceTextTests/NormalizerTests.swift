import ParlanceTestSupport
import Testing
@testable import ParlanceText

struct NormalizerTests {
    /// Text of ASCII and of scalars UTF-8 writes in two bytes (accented Latin, Greek,
    /// Cyrillic, Armenian, Hebrew, Arabic) is normalized without ICU, scalar by scalar from a
    /// table (``Normalizer/TwoByteTable``) where each has a normalization boundary before it;
    /// it must equal ICU's normalization of the whole text, under every set of folds, for
    /// every scalar of the range alone and in pairs with its neighbours, and for random words
    /// that mix them with combining marks and with the scalars a neighbour changes.
    @Test(arguments: [NormalizationFolds(), [.punctuation], [.diacritics], [.punctuation, .diacritics],
                      [.punctuation, .diacritics, .katakanaToHiragana]])
    func twoByteScalarsNormalizeAsICUDoes(_ folds: NormalizationFolds) {
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
        var texts = (0x80...0x7FF).map { String(Unicode.Scalar(UInt32($0))!) }
        texts += (0x80...0x7FE).map { String(Unicode.Scalar(UInt32($0))!) + String(Unicode.Scalar(UInt32($0 + 1))!) }
        texts += ["Crème Brûlée", "Größe", "ŉ ǰ ǅ", "L'ÉTÉ `quoted`", "Ωmega", "e\u{301}té", "ΣΟΦΟΣ σοφός", "Καλημέρα", "ΐΰ ϐϑϕ",
                  "Привет ЁЖ", "եւ Երևան", "שָׁלוֹם", "آمن ا\u{653}", "ا\u{654}", "ᄀ\u{1161}", "a\u{338}"]
        let alphabet = Array("aZq09 '`-.,ßéÈÿĀŉǰǅȳɏ×÷ΆΐΣςσϒϓЁйЙ\u{306}ևաשׁ\u{5C1}ا\u{653}\u{654}\u{655}ي\u{301}\u{308}\u{345}ͅ΄΅¨´\u{AD}ـ".unicodeScalars)
        var generator = SeededGenerator(seed: UInt64(folds.rawValue) &+ 0x1A71)
        for _ in 0..<4_000 {
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
