extension Language {
    /// The scripts the language is written in, as ICU sees its locale: Latin for English,
    /// Han for Chinese, Han, Hiragana and Katakana for Japanese.
    public var writingScripts: WritingScripts { WritingScripts(codes: ICU.scripts(ofLocale: icuLocale)) }
}

/// A set of scripts, to tell whether text could be in a language: "UnicornChatでスパークル"
/// has letters of Japanese (and of English), "Pay my bill" none of Chinese.
public struct WritingScripts: Sendable, Hashable {
    let codes: [Int32]
    /// Whether the scripts include Latin, which the ASCII letters are written in (and no
    /// other ASCII character is): ASCII is told without asking ICU.
    private let writesASCIILetters: Bool

    init(codes: [Int32]) {
        self.codes = codes
        writesASCIILetters = codes.contains { ICU.scalar("a", hasScript: $0) }
    }

    /// Whether `scalar` belongs to one of the scripts.
    @inline(__always)
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return writesASCIILetters && WritingScripts.isASCIILetter(scalar.value) }
        return codes.contains { ICU.scalar(scalar, hasScript: $0) }
    }

    /// Whether `text` has a letter of one of the scripts.
    public func writesLetters(of text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.isASCII ? writesASCIILetters && WritingScripts.isASCIILetter(scalar.value)
                           : scalar.properties.isAlphabetic && contains(scalar)
        }
    }

    @inline(__always)
    private static func isASCIILetter(_ value: UInt32) -> Bool { (value | 0x20) &- 0x61 < 26 }

    /// True when ICU knows no script for the language (then every text may be in it).
    public var isEmpty: Bool { codes.isEmpty }

    /// Whether the two have a script in common (Japanese and Chinese both write Han).
    public func overlaps(_ other: WritingScripts) -> Bool { codes.contains(where: other.codes.contains) }
}
