import CICU

/// A language, parsed from a BCP-47 tag, with the text-processing choices that follow from it.
///
/// ```swift
/// let japanese = try Language("ja-JP")
/// japanese.script            // "Jpan"
/// japanese.isSpaceDelimited  // false
/// japanese.folds             // [.punctuation, .katakanaToHiragana]
/// ```
///
/// The script is the one written in the tag or, when the tag has none, ICU's likely
/// script for the language and region (zh → Hans, zh-TW → Hant, sr → Cyrl). Whether a
/// language separates words with spaces follows from its script, not from a list of
/// languages, so every language written in Han, Japanese, Thai, Lao, Khmer or Myanmar
/// script is treated as unspaced.
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The canonical BCP-47 tag, e.g. "en-US", "zh-Hans", "ja-JP".
    public let tag: String
    /// The ISO 639 language code, e.g. "en", "zh".
    public let code: String
    /// The ISO 15924 script code (given or likely), e.g. "Latn", "Hans", "Jpan".
    public let script: String
    /// The region code, if the tag names one, e.g. "US", "CN"; empty otherwise.
    public let region: String
    /// The ICU locale identifier, e.g. "en_US", "zh_Hans".
    public let icuLocale: String
    /// False for scripts written without spaces between words (Han, Japanese, Thai, Lao,
    /// Khmer, Myanmar): matching in them must not trust word boundaries.
    public let isSpaceDelimited: Bool
    /// The normalization folds applied to this language, beyond NFKC case folding.
    public var folds: NormalizationFolds

    /// Scripts whose words are not separated by spaces.
    static let unspacedScripts: Set<String> = ["Hani", "Hans", "Hant", "Jpan", "Hira", "Kana", "Thai", "Laoo", "Khmr", "Mymr"]

    /// Languages whose speakers commonly type without diacritics, so matching folds them
    /// away ("cafe" finds "café", "lumiere" finds "lumière"). Not folded elsewhere: in
    /// German, Scandinavian, Finnish, Turkish, Slavic, Baltic and Vietnamese orthography a
    /// marked letter is a different letter (schon/schön, sac/sać), and in non-Latin scripts
    /// marks carry sound (Japanese dakuten, Devanagari vowel signs).
    public static let diacriticFoldingLanguages: Set<String> = [
        "en", "fr", "es", "pt", "it", "ca", "gl", "eu", "oc", "ro", "nl", "af", "id", "ms", "el", "ga",
    ]

    /// Parses a BCP-47 tag such as `en`, `en-US`, `ja-JP`, `zh-Hans`, `zh-TW`, `pt-BR`, `sr-Latn`
    /// or `de-CH`. Underscores are accepted in place of hyphens (`en_US`); case does not matter.
    ///
    /// - Throws: ``LanguageTagError`` when the tag is not well-formed.
    public init(_ tag: String) throws(LanguageTagError) {
        let trimmed = tag.trimmingWhitespace()
        let candidate = String(trimmed.map { $0 == "_" ? "-" : $0 })
        guard Language.isWellFormed(candidate) else { throw LanguageTagError(tag: tag) }
        var parsed: Int32 = 0
        let locale: String
        do {
            locale = try ICU.string("parse the language tag \(tag)") {
                cicu_locale_from_language_tag(candidate, $0, $1, &parsed)
            }
        } catch {
            throw LanguageTagError(tag: tag)
        }
        guard Int(parsed) == candidate.utf8.count, !locale.isEmpty else { throw LanguageTagError(tag: tag) }

        let code = (try? ICU.string("read the language") { cicu_locale_language(locale, $0, $1) }) ?? ""
        guard !code.isEmpty else { throw LanguageTagError(tag: tag) }
        let writtenScript = (try? ICU.string("read the script") { cicu_locale_script(locale, $0, $1) }) ?? ""
        let likely = (try? ICU.string("add likely subtags") { cicu_locale_add_likely_subtags(locale, $0, $1) }) ?? locale
        let likelyScript = (try? ICU.string("read the script") { cicu_locale_script(likely, $0, $1) }) ?? ""
        let script = writtenScript.isEmpty ? likelyScript : writtenScript

        self.code = code
        self.script = script
        self.region = (try? ICU.string("read the region") { cicu_locale_country(locale, $0, $1) }) ?? ""
        self.icuLocale = locale
        self.tag = (try? ICU.string("write the language tag") { cicu_locale_to_language_tag(locale, $0, $1) }) ?? candidate
        self.isSpaceDelimited = !Language.unspacedScripts.contains(script)
        self.folds = Language.defaultFolds(code: code, script: script)
    }

    /// The folds Parlance applies by default: punctuation always; diacritics for the
    /// languages in ``diacriticFoldingLanguages``; katakana → hiragana for Japanese.
    public static func defaultFolds(code: String, script: String) -> NormalizationFolds {
        var folds: NormalizationFolds = [.punctuation]
        if diacriticFoldingLanguages.contains(code) { folds.insert(.diacritics) }
        if code == "ja" || script == "Jpan" || script == "Hira" || script == "Kana" { folds.insert(.katakanaToHiragana) }
        return folds
    }

    public var description: String { tag }

    /// BCP-47 shape check: 2-3 or 5-8 letter language, then subtags of 1-8 alphanumerics.
    /// ICU is lenient about some malformed input, so the shape is checked first.
    static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...3).contains(first.count) || (5...8).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

/// A language tag that is not well-formed BCP-47.
public struct LanguageTagError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tag as given.
    public let tag: String

    public var description: String {
        "invalid language tag '\(tag)': expected a BCP-47 tag such as en, en-US, de-CH, ja-JP, zh-Hans, zh-TW, pt-BR or sr-Latn (a 2- or 3-letter language code, then optional script, region and variant subtags separated by '-')"
    }
}

/// The folds normalization applies on top of NFKC case folding (which already unifies
/// full- and half-width forms, compatibility characters and case).
public struct NormalizationFolds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Typographic apostrophes, quotation marks and dashes become their ASCII forms.
    public static let punctuation = NormalizationFolds(rawValue: 1 << 0)
    /// Combining marks on Latin, Greek and Cyrillic letters are removed (é → e).
    public static let diacritics = NormalizationFolds(rawValue: 1 << 1)
    /// Katakana become hiragana (ヨガ → よが), so either spelling matches.
    public static let katakanaToHiragana = NormalizationFolds(rawValue: 1 << 2)
}

extension StringProtocol {
    func trimmingWhitespace() -> SubSequence {
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[start..<end]
    }
}
