import Testing
@testable import ParlanceText

struct NormalizerTests {
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
