/// Splits text into tokens with ICU word-break iteration and normalizes each token.
///
/// Create one per language and reuse it: opening ICU's break iterator loads rules and
/// dictionaries, tokenizing is cheap. A tokenizer is `Sendable`; concurrent calls use
/// separate clones of the iterator.
///
/// ```swift
/// let tokenizer = try Tokenizer(language: Language("ja"))
/// let tokenized = tokenizer.tokenize("寝たまんまヨガでディープリラクゼーションを開始")
/// tokenized.units.map(tokenized.normalized)  // ["寝", "た", "ま", "ん", "ま", "よ", "が", ...]
/// ```
///
/// - Complexity: O(n) in the length of the text. Per token, no heap allocation: tokens
///   are plain values appended to one array, normalized forms to one scalar buffer.
public final class Tokenizer: Sendable {
    /// The language this tokenizer was made for.
    public let language: Language
    /// The normalizer applied to every token.
    public let normalizer: Normalizer
    private let words: BreakIteratorPool

    /// - Throws: ``ICUError`` when ICU has no word-break rules to open (a broken ICU install).
    public init(language: Language) throws(ICUError) {
        self.language = language
        self.normalizer = Normalizer(language: language)
        self.words = try BreakIteratorPool(kind: .word, locale: language.icuLocale)
    }

    /// Tokenizes `text`. Whitespace and punctuation are not tokens; every token's
    /// offsets slice exactly its original text.
    public func tokenize(_ text: String) -> TokenizedText {
        var text = text
        text.makeContiguousUTF8()
        var builder = Builder(normalizer: normalizer, capacity: text.utf8.count)
        words.withIterator { iterator in
            _ = text.utf8.withContiguousStorageIfAvailable { bytes in
                builder.run(iterator, over: bytes)
            }
        }
        return TokenizedText(
            text: text, language: language, tokens: builder.tokens,
            units: builder.hasCharacterUnits ? builder.units : builder.tokens,
            normalizedScalars: builder.normalized)
    }

    /// The state of one tokenization.
    private struct Builder {
        let normalizer: Normalizer
        var tokens: [Token] = []
        var units: [Token] = []
        var normalized: [Unicode.Scalar] = []
        var hasCharacterUnits = false
        var scratch = NormalizationScratch()
        // The scalar offset of `byteCursor`, advanced monotonically: offsets cost O(n) in all.
        var byteCursor = 0
        var scalarCursor = 0

        init(normalizer: Normalizer, capacity: Int) {
            self.normalizer = normalizer
            tokens.reserveCapacity(capacity / 4 + 4)
            normalized.reserveCapacity(capacity + 4)
        }

        mutating func run(_ iterator: BreakIterator, over bytes: UnsafeBufferPointer<UInt8>) {
            guard !bytes.isEmpty, (try? iterator.setText(bytes)) != nil else { return }
            var start = 0
            while let end = iterator.next() {
                defer { start = end }
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard let kind = Token.kind(forRuleStatus: iterator.ruleStatus) ?? (Builder.holdsWordCharacter(slice) ? .other : nil)
                else { continue }
                let scalars = scalarOffset(at: start, in: bytes)..<scalarOffset(at: end, in: bytes)
                let normalizedStart = normalized.count
                if Builder.isUnspaced(slice) {
                    if !hasCharacterUnits {
                        hasCharacterUnits = true
                        units = tokens
                    }
                    appendCharacters(of: start..<end, kind: kind, bytes: bytes, scalarStart: scalars.lowerBound)
                } else {
                    normalizer.append(slice, to: &normalized, scratch: &scratch)
                }
                // Default-ignorable characters alone (a soft hyphen, a joiner) normalize to nothing.
                guard normalized.count > normalizedStart else { continue }
                let token = Token(kind: kind, isCharacter: false, utf8: start..<end, scalars: scalars,
                                  normalized: normalizedStart..<normalized.count)
                tokens.append(token)
                if hasCharacterUnits, !Builder.isUnspaced(slice) { units.append(token) }
            }
        }

        /// Splits a token of an unspaced script into grapheme clusters, each a unit.
        private mutating func appendCharacters(of range: Range<Int>, kind: Token.Kind, bytes: UnsafeBufferPointer<UInt8>,
                                               scalarStart: Int) {
            var clusterStart = range.lowerBound
            var clusterScalarStart = scalarStart
            var scalar = scalarStart
            var decoder = UTF8ScalarDecoder(bytes, from: range.lowerBound, to: range.upperBound)
            var previous: Unicode.Scalar? = nil
            while let (value, offset) = decoder.next() {
                if let previous, Grapheme.isBoundary(between: previous, and: value), offset > clusterStart {
                    appendCharacter(clusterStart..<offset, kind: kind, bytes: bytes, scalars: clusterScalarStart..<scalar)
                    clusterStart = offset
                    clusterScalarStart = scalar
                }
                previous = value
                scalar += 1
            }
            if range.upperBound > clusterStart {
                appendCharacter(clusterStart..<range.upperBound, kind: kind, bytes: bytes, scalars: clusterScalarStart..<scalar)
            }
        }

        @inline(__always)
        private mutating func appendCharacter(_ utf8: Range<Int>, kind: Token.Kind, bytes: UnsafeBufferPointer<UInt8>, scalars: Range<Int>) {
            let normalizedStart = normalized.count
            normalizer.append(UnsafeBufferPointer(rebasing: bytes[utf8]), to: &normalized, scratch: &scratch)
            if normalized.count > normalizedStart {
                units.append(Token(kind: kind, isCharacter: true, utf8: utf8, scalars: scalars,
                                   normalized: normalizedStart..<normalized.count))
            }
        }

        @inline(__always)
        private mutating func scalarOffset(at byte: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            while byteCursor < byte {
                if bytes[byteCursor] & 0xC0 != 0x80 { scalarCursor += 1 }
                byteCursor += 1
            }
            return scalarCursor
        }

        /// Whether a span ICU classed as "none" still holds a letter, mark or digit.
        private static func holdsWordCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            // ICU gives every ASCII letter and digit a word status: ASCII spans are separators.
            var decoder = UTF8ScalarDecoder(bytes, from: 0, to: bytes.count)
            guard decoder.skipASCII() else { return false }
            while let (scalar, _) = decoder.next() {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber:
                    return true
                default:
                    continue
                }
            }
            return false
        }

        /// Whether the token is written in a script without spaces between words.
        @inline(__always)
        static func isUnspaced(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            // Every unspaced script lies above U+0E00: its UTF-8 starts with a byte ≥ 0xE0.
            guard let lead = bytes.first, lead >= 0xE0 else { return false }
            var decoder = UTF8ScalarDecoder(bytes, from: 0, to: bytes.count)
            while let (scalar, _) = decoder.next() {
                if UnspacedScript.contains(scalar) { return true }
            }
            return false
        }
    }
}

/// The scripts written without spaces between words.
enum UnspacedScript {
    @inline(__always)
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
             0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F,  // Myanmar
             0x1780...0x17FF, 0x19E0...0x19FF,  // Khmer
             0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x303B,  // ideographic marks
             0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // kana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:  // Han
            return true
        default:
            return false
        }
    }
}

/// Decodes UTF-8 into scalars with their byte offsets, without allocating.
/// Invalid sequences (impossible in a Swift string) decode as U+FFFD.
struct UTF8ScalarDecoder {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// Skips ASCII bytes; true when non-ASCII bytes remain.
    @inline(__always)
    mutating func skipASCII() -> Bool {
        while position < end, bytes[position] < 0x80 { position += 1 }
        return position < end
    }

    /// The next scalar and the byte offset where it starts.
    @inline(__always)
    mutating func next() -> (Unicode.Scalar, Int)? {
        guard position < end else { return nil }
        let start = position
        let lead = UInt32(bytes[position])
        var value: UInt32
        var length: Int
        switch lead {
        case 0..<0x80: value = lead; length = 1
        case 0xC0..<0xE0: value = lead & 0x1F; length = 2
        case 0xE0..<0xF0: value = lead & 0x0F; length = 3
        case 0xF0..<0xF8: value = lead & 0x07; length = 4
        default: position += 1; return ("\u{FFFD}", start)
        }
        guard start + length <= end else { position = end; return ("\u{FFFD}", start) }
        for index in 1..<length { value = value << 6 | UInt32(bytes[start + index] & 0x3F) }
        position = start + length
        return (Unicode.Scalar(value) ?? "\u{FFFD}", start)
    }
}

/// Grapheme cluster boundaries inside tokens of unspaced scripts (UAX #29, the rules that
/// matter there: a cluster goes on through extending marks, spacing marks and joiners).
/// Checked against the standard library's `Character` segmentation in the tests.
enum Grapheme {
    @inline(__always)
    static func isBoundary(between previous: Unicode.Scalar, and next: Unicode.Scalar) -> Bool {
        let value = next.value
        // Han, hiragana and katakana letters never extend a cluster: the common case.
        if (0x4E00...0x9FFF).contains(value) || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value) {
            return true
        }
        // GB9, GB9a: no break before Extend (which includes the joiner) or SpacingMark.
        // (GB11 joins after a joiner only between pictographs, which are not word characters.)
        return !(value == 0x200D || next.properties.isGraphemeExtend || isSpacingMark(next))
    }

    /// UAX #29's SpacingMark: general category Mc less listed exceptions, plus two vowels.
    static func isSpacingMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E33, 0x0EB3: return true
        case 0x102B, 0x102C, 0x1038, 0x1062...0x1064, 0x1067...0x106D, 0x1083, 0x1087...0x108C, 0x108F,
             0x109A...0x109C, 0x1A61, 0x1A63, 0x1A64, 0xAA7B, 0xAA7D, 0x11720, 0x11721:
            return false
        default:
            return scalar.properties.generalCategory == .spacingMark
        }
    }
}
