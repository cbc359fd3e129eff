import Testing
@testable import ParlanceText

struct LanguageTests {
    @Test(arguments: [
        ("en", "en", "Latn", "", true),
        ("en-US", "en", "Latn", "US", true),
        ("ja-JP", "ja", "Jpan", "JP", false),
        ("zh-Hans", "zh", "Hans", "", false),
        ("zh-CN", "zh", "Hans", "CN", false),
        ("zh-TW", "zh", "Hant", "TW", false),
        ("zh-cn", "zh", "Hans", "CN", false),
        ("pt-BR", "pt", "Latn", "BR", true),
        ("sr-Latn", "sr", "Latn", "", true),
        ("sr", "sr", "Cyrl", "", true),
        ("de-CH", "de", "Latn", "CH", true),
        ("th", "th", "Thai", "", false),
        ("ko", "ko", "Kore", "", true),
        ("en_GB", "en", "Latn", "GB", true),
    ])
    func parses(_ tag: String, _ code: String, _ script: String, _ region: String, _ spaced: Bool) throws {
        let language = try Language(tag)
        #expect(language.code == code)
        #expect(language.script == script)
        #expect(language.region == region)
        #expect(language.isSpaceDelimited == spaced)
    }

    @Test(arguments: ["", "e", "english!", "en--US", "-en", "en-", "12", "en-US-toolongsubtag", "日本語", "en US"])
    func rejectsMalformedTags(_ tag: String) {
        #expect(throws: LanguageTagError.self) { try Language(tag) }
    }

    @Test func errorSaysWhatAValidTagLooksLike() {
        let error = LanguageTagError(tag: "en--")
        #expect(error.description.contains("'en--'"))
        #expect(error.description.contains("en-US"))
    }

    @Test func defaultFolds() throws {
        let (fr, de, ja, zh) = try (Language("fr"), Language("de"), Language("ja"), Language("zh"))
        #expect(fr.folds.contains(.diacritics))
        #expect(!de.folds.contains(.diacritics))
        #expect(ja.folds.contains(.katakanaToHiragana))
        #expect(!zh.folds.contains(.katakanaToHiragana))
    }
}
