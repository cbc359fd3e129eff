import ParlanceText

/// An utterance as the automaton reads it: the normalized scalars of its units back to
/// back (apostrophes dropped, as in ``MatchText``), a word boundary at every unit edge, and
/// a map from each scalar back to the utterance for spans.
///
/// Units are words in space-delimited scripts and characters in unspaced ones (ICU's word
/// boundaries are not trusted there), so in Japanese or Chinese every character edge is a
/// boundary and whitespace in a template requires nothing. Punctuation is not part of any
/// unit, so it is ignored wherever it stands, as hassil ignores it; a sign that stands for
/// a word after a number (`%`, `°`: ``isUnitSign(_:)``) is a unit of its own.
///
/// A class: an input is made once per utterance and handed to every pass, run, list table
/// and hypothesis of its matchings; as a struct of nine arrays each of those copies cost
/// nine retains and releases (half the time of a short Japanese match went to reference
/// counting).
/// Where a scalar of a ``MatchInput`` lies in the utterance (Unicode scalar offsets). A
/// struct, not a tuple: an array of tuples is made through the runtime's generic metadata,
/// a lookup per input that cost a tenth of reading an utterance's language evidence.
struct ScalarOrigin: Sendable {
    var start: Int32
    var end: Int32
}

final class MatchInput: Sendable {
    /// The utterance as given.
    let utterance: [Unicode.Scalar]
    /// The utterance tokenized with apostrophes read as spaces: "d'une" is "d" and "une",
    /// so a number or value elided onto an article is a unit of its own, as the template
    /// `d'{hours}` writes it. (Scalar offsets are those of the utterance.)
    let tokenized: TokenizedText
    /// The normalized scalars of every unit, back to back.
    let scalars: [UInt32]
    /// `isBoundary[p]`: position `p` (0...count) is at a unit edge.
    let isBoundary: [Bool]
    /// For each scalar, where it starts and ends in the utterance (Unicode scalar offsets).
    let origin: [ScalarOrigin]
    /// For each position, the index of the unit starting there, or -1.
    let unitStarting: [Int32]
    /// Each unit's range in ``scalars``.
    let unitRanges: [Range<Int>]
    /// For each position, the first later position where a unit starts after whitespace in
    /// the utterance (`count + 1` when none): a template word may run across the edge of two
    /// units written together ("what's" is "what" and "s", and the template's "whats" still
    /// reads it), never across a space ("Luigi's at" does not spell "sat").
    let nextSpace: [Int32]

    convenience init(_ utterance: String, tokenizer: Tokenizer) {
        let scalars = Array(utterance.unicodeScalars)
        self.init(utterance: scalars, tokenized: tokenizer.tokenize(Normalizer.apostrophesAsSpaces(utterance) ?? utterance))
    }

    init(utterance: [Unicode.Scalar], tokenized: TokenizedText) {
        self.utterance = utterance
        self.tokenized = tokenized
        var scalars: [UInt32] = []
        var origin: [ScalarOrigin] = []
        var unitRanges: [Range<Int>] = []
        scalars.reserveCapacity(tokenized.normalizedScalars.count)
        origin.reserveCapacity(tokenized.normalizedScalars.count)
        // A sign written for a word after a number ("50%", "21°") is a unit of its own,
        // found in the gaps the tokenizer leaves between words (``isUnitSign``).
        func addSigns(in gap: Range<Int>) {
            for offset in gap where MatchInput.isUnitSign(utterance[offset].value) {
                unitRanges.append(scalars.count..<scalars.count + 1)
                scalars.append(MatchInput.unitSign(utterance[offset].value))
                origin.append(ScalarOrigin(start: Int32(offset), end: Int32(offset + 1)))
            }
        }
        var cursor = 0
        for unit in tokenized.units {
            if cursor < unit.scalarRange.lowerBound { addSigns(in: cursor..<unit.scalarRange.lowerBound) }
            cursor = max(cursor, unit.scalarRange.upperBound)
            let normalized = tokenized.normalizedScalars(of: unit)
            let original = unit.scalarRange
            // Scalar for scalar when normalization kept the length (the usual case);
            // otherwise every scalar maps to the whole unit.
            let oneToOne = normalized.count == original.count
            let start = scalars.count
            for (offset, scalar) in normalized.enumerated() where scalar.value != MatchText.apostrophe {
                scalars.append(scalar.value)
                origin.append(oneToOne ? ScalarOrigin(start: Int32(original.lowerBound + offset), end: Int32(original.lowerBound + offset + 1))
                                       : ScalarOrigin(start: Int32(original.lowerBound), end: Int32(original.upperBound)))
            }
            if scalars.count > start { unitRanges.append(start..<scalars.count) }
        }
        if cursor < utterance.count { addSigns(in: cursor..<utterance.count) }
        var isBoundary = [Bool](repeating: false, count: scalars.count + 1)
        var unitStarting = [Int32](repeating: -1, count: scalars.count + 1)
        for (index, range) in unitRanges.enumerated() {
            isBoundary[range.lowerBound] = true
            isBoundary[range.upperBound] = true
            unitStarting[range.lowerBound] = Int32(index)
        }
        isBoundary[0] = true
        isBoundary[scalars.count] = true
        var nextSpace = [Int32](repeating: Int32(scalars.count + 1), count: scalars.count + 1)
        var following = Int32(scalars.count + 1)
        for position in stride(from: scalars.count, through: 0, by: -1) {
            nextSpace[position] = following
            guard position > 0, position < scalars.count, unitStarting[position] >= 0 else { continue }
            // (Units do not overlap in the utterance; the bound is there so that nothing could trap.)
            let (gapStart, gapEnd) = (Int(origin[position - 1].end), Int(origin[position].start))
            if gapStart < gapEnd, utterance[gapStart..<gapEnd].contains(where: { $0.properties.isWhitespace }) {
                following = Int32(position)
            }
        }
        self.scalars = scalars
        self.isBoundary = isBoundary
        self.origin = origin
        self.unitStarting = unitStarting
        self.unitRanges = unitRanges
        self.nextSpace = nextSpace
    }

    /// Whether the scalar at `position` follows the one before it with nothing between them
    /// in the utterance (no space, no punctuation dropped).
    @inline(__always) func isAdjacent(_ position: Int) -> Bool {
        position > 0 && origin[position - 1].end >= origin[position].start
    }

    /// The number of scalars; positions run over `0...count`.
    var count: Int { scalars.count }

    /// The span of `range` in the utterance, in Unicode scalar offsets.
    func span(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let at = range.lowerBound < origin.count ? Int(origin[range.lowerBound].start) : Int(origin.last?.end ?? 0)
            return at..<at
        }
        return Int(origin[range.lowerBound].start)..<Int(origin[range.upperBound - 1].end)
    }

    /// The utterance's text over `range`, as hassil reports matched text: punctuation that
    /// ends a word or stands alone removed, whitespace collapsed, case and diacritics kept.
    func text(_ range: Range<Int>) -> String {
        let span = span(range)
        guard !span.isEmpty else { return "" }
        return Self.text(of: utterance[span])
    }

    /// `scalars` (a stretch of an utterance) as a slot's text reports them: punctuation that
    /// ends a word or stands alone removed, whitespace collapsed, case and diacritics kept.
    static func text(of scalars: ArraySlice<Unicode.Scalar>) -> String {
        // UTF-8 written straight into the string's storage: one allocation, where appending
        // to a scalar view grows and checks it scalar by scalar (slot text is cut for every
        // hypothesis). The capacity is the span's UTF-8 length (what is dropped only shortens
        // it): up to 15 bytes, the string is stored inline and allocates nothing, which most
        // slot texts are ("Sparkle Sparkly", "tomorrow at 6am").
        let length = scalars.reduce(0) { $0 + UTF8.width($1) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var count = 0
            var pendingSpace = false
            @inline(__always) func write(_ scalar: Unicode.Scalar) {
                let value = scalar.value
                switch value {
                case ..<0x80:
                    buffer[count] = UInt8(value)
                    count += 1
                case ..<0x800:
                    buffer[count] = UInt8(0xC0 | value >> 6)
                    buffer[count + 1] = UInt8(0x80 | value & 0x3F)
                    count += 2
                case ..<0x10000:
                    buffer[count] = UInt8(0xE0 | value >> 12)
                    buffer[count + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[count + 2] = UInt8(0x80 | value & 0x3F)
                    count += 3
                default:
                    buffer[count] = UInt8(0xF0 | value >> 18)
                    buffer[count + 1] = UInt8(0x80 | value >> 12 & 0x3F)
                    buffer[count + 2] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[count + 3] = UInt8(0x80 | value & 0x3F)
                    count += 4
                }
            }
            for index in scalars.indices {
                let scalar = scalars[index]
                if scalar.isSpace {
                    pendingSpace = count > 0
                    continue
                }
                if MatchInput.isSentencePunctuation(scalar) {
                    // Kept only between two word characters ("3.5", "a.m").
                    let before = index > scalars.startIndex && scalars[index - 1].isWordCharacter
                    let after = index + 1 < scalars.endIndex && scalars[index + 1].isWordCharacter
                    if !(before && after) { continue }
                }
                if pendingSpace { write(" ") }
                pendingSpace = false
                write(scalar)
            }
            return count
        }
    }

    /// Whether `value` is a sign written for a word after a number: percent, per mille,
    /// per ten thousand, degree (and the full-width percent). The tokenizer leaves them out
    /// as it leaves out punctuation, but they say something ("50%" is a volume, "50" may be
    /// a temperature) and templates spell them (`{volume}[%| procent]`): the matcher reads
    /// each as a unit of its own. A template that does not spell one leaves it unexplained
    /// (``MatchRun``: passed over at the cost of a wildcard's character), so a template that
    /// spells it ranks first, as hassil, which matches them as text, would have it.
    @inline(__always) static func isUnitSign(_ value: UInt32) -> Bool {
        switch value {
        case 0x25, 0x2030, 0x2031, 0xB0, 0xFF05: true
        default: false
        }
    }

    /// A unit sign as matched: the full-width percent as `%`.
    @inline(__always) static func unitSign(_ value: UInt32) -> UInt32 {
        value == 0xFF05 ? 0x25 : value
    }

    /// hassil's punctuation: what it strips from word edges before matching.
    static func isSentencePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "。", ",", "，", "?", "¿", "？", "؟", "!", "¡", "！", ";", "；", ":", "：": true
        default: false
        }
    }
}

extension Unicode.Scalar {
    var isWordCharacter: Bool {
        if value < 0x80 { return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F }
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// Unicode's White_Space, answered without the property tables (slot text is cut from
    /// the utterance for every hypothesis, so this runs per scalar per hypothesis, and in
    /// Japanese or Chinese nearly every scalar is beyond ASCII). The property's 25 code
    /// points, unchanged since Unicode 6.3 (a test checks them against the tables).
    @inline(__always) var isSpace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
