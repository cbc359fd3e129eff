import ParlanceText

/// What an `.lproj` folder name means: a BCP-47 tag (`en`, `zh-Hans`), an ICU-style locale
/// (`zh_CN`, `pt_BR`), one of Apple's legacy English language names (`English.lproj`,
/// `Japanese.lproj`), or `Base`.
enum LocalizationName {
    /// The name of the base localization, whose language is the development region's.
    static let base = "Base"

    /// The legacy names that old bundles (and Xcode until version 4) used for lproj folders,
    /// as Core Foundation's bundle code maps them.
    static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Dutch": "nl", "Spanish": "es",
        "Japanese": "ja", "Swedish": "sv", "Danish": "da", "Norwegian": "nb", "Finnish": "fi",
        "Portuguese": "pt", "Korean": "ko", "Russian": "ru", "Polish": "pl", "Greek": "el", "Turkish": "tr",
        "Hebrew": "he", "Arabic": "ar", "Thai": "th", "Hindi": "hi", "Czech": "cs", "Hungarian": "hu",
        "Icelandic": "is", "Croatian": "hr", "Romanian": "ro", "Ukrainian": "uk", "Catalan": "ca",
        "Vietnamese": "vi", "Indonesian": "id", "Malay": "ms",
        "SimpChinese": "zh-Hans", "TradChinese": "zh-Hant",
    ]

    /// The language a localization name stands for; nil for `Base` and for names that are
    /// no language.
    static func language(_ name: String) -> Language? {
        if name == base { return nil }
        return try? Language(legacyNames[name] ?? name)
    }

    /// True for Apple's legacy English language names (`English`, `Japanese`).
    static func isLegacy(_ name: String) -> Bool { legacyNames[name] != nil }

    /// How well a localization in `candidate` serves a person speaking `requested`; nil when
    /// it does not serve them at all.
    ///
    /// The language and the script must agree: phrases written in another script (Simplified
    /// for a Traditional Chinese reader, Cyrillic for a Latin Serbian one) could not match
    /// what the person types or says. Among the rest, higher is better:
    /// 4 the same tag, 3 the same region, 2 a localization without region (`en` for `en-GB`),
    /// 1 another region (`en-US` for `en-GB`).
    static func matchScore(requested: Language, candidate: Language) -> Int? {
        guard requested.code == candidate.code, requested.script == candidate.script else { return nil }
        if requested.tag.lowercased() == candidate.tag.lowercased() { return 4 }
        if !candidate.region.isEmpty, candidate.region == requested.region { return 3 }
        if candidate.region.isEmpty { return 2 }
        return 1
    }
}
