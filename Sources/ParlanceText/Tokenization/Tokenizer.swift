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
                builder.run(iterator, over: bytes, of: text)
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

        mutating func run(_ iterator: BreakIterator, over bytes: UnsafeBufferPointer<UInt8>, of text: String) {
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
                    appendCharacters(of: start..<end, kind: kind, bytes: bytes, text: text, scalarStart: scalars.lowerBound)
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
                                               text: String, scalarStart: Int) {
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            var byte = range.lowerBound
            var scalar = scalarStart
            for character in text[lower..<upper] {
                let byteCount = character.utf8.count
                let scalarCount = character.unicodeScalars.count
                let normalizedStart = normalized.count
                normalizer.append(UnsafeBufferPointer(rebasing: bytes[byte..<byte + byteCount]), to: &normalized, scratch: &scratch)
                if normalized.count > normalizedStart {
                    units.append(Token(kind: kind, isCharacter: true, utf8: byte..<byte + byteCount,
                                       scalars: scalar..<scalar + scalarCount, normalized: normalizedStart..<normalized.count))
                }
                byte += byteCount
                scalar += scalarCount
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
            for scalar in bytes.decodedScalars() {
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
            for scalar in bytes.decodedScalars() where UnspacedScript.contains(scalar) { return true }
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

extension UnsafeBufferPointer<UInt8> {
    /// The Unicode scalars of UTF-8 bytes; invalid sequences become U+FFFD.
    func decodedScalars() -> some Sequence<Unicode.Scalar> {
        var iterator = makeIterator()
        var decoder = UTF8()
        return AnyIterator<Unicode.Scalar> {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalar
            case .error: "\u{FFFD}"
            case .emptyInput: nil
            }
        }.lazy
    }
}
