extension Language {
    /// The scripts the language is written in, as ICU sees its locale: Latin for English,
    /// Han for Chinese, Han, Hiragana and Katakana for Japanese.
    public var writingScripts: WritingScripts { WritingScripts(codes: ICU.scripts(ofLocale: icuLocale)) }
}

/// A set of scripts, to tell whether text could be in a language: "UnicornChatでスパークル"
/// has letters of Japanese (and of English), "Pay my bill" none of Chinese.
public struct WritingScripts: Sendable, Hashable {
    let codes: [Int32]

    /// Whether `scalar` belongs to one of the scripts.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        codes.contains { ICU.scalar(scalar, hasScript: $0) }
    }

    /// Whether `text` has a letter of one of the scripts.
    public func writesLetters(of text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic && contains($0) }
    }

    /// True when ICU knows no script for the language (then every text may be in it).
    public var isEmpty: Bool { codes.isEmpty }

    /// Whether the two have a script in common (Japanese and Chinese both write Han).
    public func overlaps(_ other: WritingScripts) -> Bool { codes.contains(where: other.codes.contains) }
}
