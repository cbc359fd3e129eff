/// A number found in an utterance: its value, what kind of number it is, and its span.
///
/// ```swift
/// let match = try NumberReader(language: Language("de")).numbers(in: "noch zweiundvierzig Prozent")[0]
/// match.text         // "zweiundvierzig Prozent"
/// match.value        // 42
/// match.kind         // .percent
/// match.scalarRange  // 5..<27
/// ```
public struct NumberMatch: Sendable, Hashable, CustomStringConvertible {
    /// What kind of number a span holds.
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        /// A whole number: "42", "٤٢", "fifty two", "zweiundvierzig", "五十二".
        case cardinal
        /// A number with a fractional part: "3.5", "3,5" (de), "one point five".
        case decimal
        /// A percentage: "50%", "fifty percent", "50 Prozent", "百分之五十". The ``NumberMatch/value``
        /// is the number as said (50), not the fraction (0.5).
        case percent
        /// A position: "21st", "third", "dritte", "1er", "primero", "第三".
        case ordinal

        public var description: String { rawValue }
    }

    /// The span as written in the utterance.
    public let text: String
    /// The value; for a percentage the number before (or after) the percent sign or word.
    public let value: Double
    /// Cardinal, decimal, percent or ordinal.
    public let kind: Kind
    /// True when the number is written in words ("fifty two", "五十二"), false for digits.
    public let isSpelledOut: Bool
    /// The span in Unicode scalars of the utterance: what Python's `text[start:end]`
    /// and the CLI's JSON `start`/`end` use.
    public let scalarRange: Range<Int>
    /// The span in UTF-8 bytes of the utterance.
    public let utf8Range: Range<Int>

    /// A match as ``NumberReader`` reports it; public so callers can build expectations and fixtures.
    public init(text: String, value: Double, kind: Kind, isSpelledOut: Bool, scalarRange: Range<Int>, utf8Range: Range<Int>) {
        self.text = text
        self.value = value
        self.kind = kind
        self.isSpelledOut = isSpelledOut
        self.scalarRange = scalarRange
        self.utf8Range = utf8Range
    }

    /// The value as an integer, when it is a whole number that fits in `Int`.
    public var integerValue: Int? {
        guard value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    public var description: String {
        let shown = integerValue.map(String.init) ?? String(value)
        return "\(kind) \(shown) '\(text)' \(scalarRange.lowerBound)..<\(scalarRange.upperBound)"
    }
}
