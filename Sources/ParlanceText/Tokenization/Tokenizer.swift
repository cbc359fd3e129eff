/// Splits text into tokens with ICU word-break iteration and normalizes each token. (Plain
/// Latin text whose words are its runs of letters and of digits, as ICU's rules read them,
/// is split without ICU: ``PlainWords``.)
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
        self.words = try BreakIteratorPool.shared(kind: .word, locale: language.icuLocale)
    }

    /// Whether this tokenizer and `other` segment text by the same ICU rules, with one pool
    /// of iterators that remember the text segmented last.
    func sharesSegmentation(with other: Tokenizer) -> Bool { words === other.words }

    /// Tokenizes `text`. Whitespace and punctuation are not tokens; every token's
    /// offsets slice exactly its original text.
    public func tokenize(_ text: String) -> TokenizedText {
        tokenize(text, usingICUOnly: false)
    }

    /// Appends the normalized scalars of `text`'s units (``TokenizedText/units``, in order)
    /// when `text` holds only spaces and letters of unspaced scripts that normalization leaves
    /// alone (Han ideographs, kana): without ICU, whose dictionary would look for words that
    /// are split into characters anyway. Every such letter is a word character of its own
    /// grapheme cluster, so whatever words ICU finds, each letter is one unit, normalized by
    /// itself, and spaces separate words without being part of any. False, with nothing
    /// appended, for any other text (a digit, a Latin letter, punctuation, a combining mark).
    public func appendCharacterUnits(of text: String, to scalars: inout [UInt32]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var decoder = UTF8ScalarDecoder(bytes, from: 0, to: bytes.count)
            while let (scalar, _) = decoder.next() {
                switch scalar.value {
                case 0x09...0x0D, 0x20, 0x3000: continue
                default: guard UnspacedScript.contains(scalar), Normalizer.isStable(scalar) else { return false }
                }
            }
            let kana = normalizer.folds.contains(.katakanaToHiragana)
            decoder = UTF8ScalarDecoder(bytes, from: 0, to: bytes.count)
            while let (scalar, _) = decoder.next() {
                switch scalar.value {
                case 0x09...0x0D, 0x20, 0x3000: continue
                default: scalars.append((kana ? Normalizer.hiragana(for: scalar) : scalar).value)
                }
            }
            return true
        }
    }

    /// ``tokenize(_:)``; `usingICUOnly` asks ICU's break iterator for the words of plain
    /// Latin text too (``PlainWords``), which the tests compare with the words read without it.
    func tokenize(_ text: String, usingICUOnly: Bool) -> TokenizedText {
        var text = text
        text.makeContiguousUTF8()
        var builder = Builder(normalizer: normalizer, capacity: text.utf8.count)
        _ = text.utf8.withContiguousStorageIfAvailable { bytes in
            if usingICUOnly || !PlainWords.breakAlike(bytes) {
                words.withIterator { iterator in builder.run(iterator, over: bytes) }
            } else {
                builder.runPlain(over: bytes)
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
            var start = 0
            iterator.forEachSegment(of: bytes) { end, status in
                append(start..<end, kind: Token.kind(forRuleStatus: status), bytes: bytes)
                start = end
            }
        }

        /// The words of text that ``PlainWords/breakAlike(_:)`` accepts: its runs of
        /// letters and its runs of digits, as ICU's rules break and classify them there.
        mutating func runPlain(over bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                let kind = PlainWords.kind(of: bytes[index])
                guard let kind else {
                    index += 1
                    continue
                }
                let start = index
                repeat {
                    index += 1
                    // One mark between two letters or two digits joins them (WB6, WB7, WB11, WB12).
                    if index + 1 < bytes.count, PlainWords.joins(bytes[index], kind), PlainWords.kind(of: bytes[index + 1]) == kind {
                        index += 1
                    }
                } while index < bytes.count && PlainWords.kind(of: bytes[index]) == kind
                append(start..<index, kind: kind, bytes: bytes)
            }
        }

        /// Appends the segment `range` of `bytes` as a token when it is a word: `kind` is
        /// what its rule status says, nil when the status says none (a span that still
        /// holds a letter, mark or digit is a token of kind ``Token/Kind/other``).
        private mutating func append(_ range: Range<Int>, kind: Token.Kind?, bytes: UnsafeBufferPointer<UInt8>) {
            let (start, end) = (range.lowerBound, range.upperBound)
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard let kind = kind ?? (Builder.holdsWordCharacter(slice) ? .other : nil) else { return }
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
            guard normalized.count > normalizedStart else { return }
            let token = Token(kind: kind, isCharacter: false, utf8: start..<end, scalars: scalars,
                              normalized: normalizedStart..<normalized.count)
            tokens.append(token)
            if hasCharacterUnits, !Builder.isUnspaced(slice) { units.append(token) }
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

/// Plain Latin text, whose words are read without ICU: where no rule of UAX #29 that joins
/// characters of different classes applies (ICU's word rules for this text are those), the
/// words are the runs of letters (rule WB5, status "letter") and the runs of digits (WB8,
/// "number"), and everything else breaks and makes no word. The letters are ASCII's and
/// those from U+00C0 to U+024F but × and ÷ (Latin-1's, Latin Extended-A and -B: all of them
/// ALetter, none a mark); a combining mark, or any other script, goes to ICU. A rule joins
/// classes only at a letter next to a digit (WB9, WB10), at an underscore (WB13a, WB13b),
/// and at one of . , ; : ' " between two letters or two digits (WB6, WB7, WB11, WB12; ':' is
/// joined in some locales only); and ICU's rules count "@" as a letter. Text of letters,
/// digits, whitespace and ! & ( ) - / ? besides those marks, where no letter meets a digit and
/// no colon or mark stands between a letter and a digit, is read here, joining words of one
/// class across a mark as those rules do ("what's", "1,000.5", "aujourd'hui"); other text
/// by ICU. `PlainWordsTests` compares both on random and corpus text.
enum PlainWords {
    /// Whether ICU's words of `bytes` are their runs of letters and runs of digits.
    static func breakAlike(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // (The class of the character before, and of the one before that: 0 other, 1 letter,
        // 2 digit, 3 a joining mark.)
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        var previousByte: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let current: UInt8
            switch byte {
            case 0x41...0x5A, 0x61...0x7A: current = 1
            case 0x30...0x39: current = 2
            case 0x22, 0x27, 0x2C, 0x2E, 0x3A, 0x3B: current = 3
            // Separators and punctuation that no rule joins (ICU counts "@" as a letter, and
            // an underscore joins words: those, and the rest, go to ICU).
            case 0x09...0x0D, 0x20, 0x21, 0x26, 0x28, 0x29, 0x2D, 0x2F, 0x3F: current = 0
            case 0xC3...0xC9:
                // U+00C0–U+024F in two bytes: lead C3 (from À) to C9 (to U+024F, continuation
                // below 0x90), not × (C3 97) or ÷ (C3 B7).
                guard index + 1 < bytes.count else { return false }
                let next = bytes[index + 1]
                guard next & 0xC0 == 0x80, byte != 0xC3 || (next != 0x97 && next != 0xB7), byte != 0xC9 || next < 0x90 else { return false }
                current = 1
                index += 1
            default: return false
            }
            if current == 1 && previous == 2 || current == 2 && previous == 1 { return false }  // a letter next to a digit
            // A mark between a letter and a digit, or a colon between two words (joined in
            // some locales): to ICU. (Between two letters or two digits, `runPlain` joins.)
            if current == 1 || current == 2, previous == 3, beforePrevious == 1 || beforePrevious == 2,
               beforePrevious != current || previousByte == 0x3A { return false }
            previousByte = byte
            beforePrevious = previous
            previous = current
            index += 1
        }
        return true
    }

    /// Whether `mark` joins two words of `kind` around it: . and ' join letters (MidNumLet,
    /// Single_Quote); . , ; and ' join digits (MidNumLet, MidNum, Single_Quote).
    @inline(__always)
    static func joins(_ mark: UInt8, _ kind: Token.Kind) -> Bool {
        switch mark {
        case 0x2E, 0x27: true
        case 0x2C, 0x3B: kind == .number
        default: false
        }
    }

    /// The kind of a word made of `byte`'s class: letters, digits, or nil for no word. In
    /// text that ``breakAlike(_:)`` accepts, every byte from 0x80 is part of a letter.
    @inline(__always)
    static func kind(of byte: UInt8) -> Token.Kind? {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x80...0xC9: .letter
        case 0x30...0x39: .number
        default: nil
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
/// (Public for the modules after this one: the vocabulary measures written spans with it.)
@frozen
public struct UTF8ScalarDecoder {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var position: Int
    public let end: Int

    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// Skips ASCII bytes; true when non-ASCII bytes remain.
    @inlinable
    public mutating func skipASCII() -> Bool {
        while position < end, bytes[position] < 0x80 { position += 1 }
        return position < end
    }

    /// The next scalar and the byte offset where it starts.
    @inlinable
    public mutating func next() -> (Unicode.Scalar, Int)? {
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
