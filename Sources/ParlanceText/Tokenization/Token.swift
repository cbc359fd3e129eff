/// One token of an utterance: where it stands in the original text and where its
/// normalized form stands in ``TokenizedText/normalizedScalars``.
///
/// A token is a plain value (no strings inside), so tokenizing allocates nothing per
/// token; ``TokenizedText`` turns ranges into text on demand.
public struct Token: Sendable, Hashable {
    /// What ICU's word-break rules say the token is.
    public enum Kind: UInt8, Sendable, Hashable, CustomStringConvertible {
        /// Digits, possibly with separators ("42", "3.5", "１２", "٤٢").
        case number
        /// Letters of an alphabetic or syllabic script, including Hangul and Thai.
        case letter
        /// Hiragana or katakana.
        case kana
        /// Han ideographs.
        case ideographic
        /// Anything else that still holds letters, marks or digits.
        case other

        public var description: String {
            switch self {
            case .number: "number"
            case .letter: "letter"
            case .kana: "kana"
            case .ideographic: "ideographic"
            case .other: "other"
            }
        }
    }

    /// What the token is.
    public let kind: Kind
    /// True for a single character of an unspaced script in ``TokenizedText/units``.
    public let isCharacter: Bool
    private let utf8Start: Int32, utf8End: Int32
    private let scalarStart: Int32, scalarEnd: Int32
    private let normalizedStart: Int32, normalizedEnd: Int32

    init(kind: Kind, isCharacter: Bool, utf8: Range<Int>, scalars: Range<Int>, normalized: Range<Int>) {
        self.kind = kind
        self.isCharacter = isCharacter
        utf8Start = Int32(truncatingIfNeeded: utf8.lowerBound)
        utf8End = Int32(truncatingIfNeeded: utf8.upperBound)
        scalarStart = Int32(truncatingIfNeeded: scalars.lowerBound)
        scalarEnd = Int32(truncatingIfNeeded: scalars.upperBound)
        normalizedStart = Int32(truncatingIfNeeded: normalized.lowerBound)
        normalizedEnd = Int32(truncatingIfNeeded: normalized.upperBound)
    }

    /// The token's range in the original text, in UTF-8 bytes.
    @inline(__always)
    public var utf8Range: Range<Int> { Int(utf8Start)..<Int(utf8End) }

    /// The token's range in the original text, in Unicode scalars: what Python's
    /// `text[start:end]` and the CLI's JSON `start`/`end` use.
    @inline(__always)
    public var scalarRange: Range<Int> { Int(scalarStart)..<Int(scalarEnd) }

    /// The token's normalized form, as a range of ``TokenizedText/normalizedScalars``.
    @inline(__always)
    public var normalizedRange: Range<Int> { Int(normalizedStart)..<Int(normalizedEnd) }

    static func kind(forRuleStatus status: Int32) -> Kind? {
        switch status {
        case 100..<200: .number
        case 200..<300: .letter
        case 300..<400: .kana
        case 400..<500: .ideographic
        default: nil
        }
    }
}
