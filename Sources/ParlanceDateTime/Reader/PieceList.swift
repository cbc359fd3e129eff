import ParlanceText

/// What stands between a piece and the one before it.
enum Gap: UInt8 {
    /// Nothing: two pieces of one unit ("3" and "pm" in "3pm") or touching units ("12", "月").
    case none
    /// Spaces.
    case space
    /// A colon (and maybe spaces): clock minutes follow ("7:30").
    case colon
    /// Spaces with a full stop, comma, hyphen or apostrophe ("3. Dezember", "week-end").
    case soft
    /// Anything else, or the start of the text: an expression does not continue across it.
    case hard
}

/// One piece of an utterance: a unit, or a run of digits or of letters inside a unit that
/// mixes them ("19h30" is 19 · h · 30, "3pm" is 3 · pm).
struct Piece {
    var normalized: Range<Int>
    var scalars: Range<Int>
    var utf8: Range<Int>
    var isDigits: Bool
    /// The value of a digit piece; -1 for words, for more than 9 digits, and for digits a
    /// symbol sticks to ("10^100", "12/3"): those are not read.
    var number: Int = -1
    var digitCount: Int = 0
    var leadingZero = false
    /// Minutes written after a full stop ("21.00"): a clock time only with "at" or a mark,
    /// since "3.12." is also a date.
    var followsStop = false
    /// The value of a decimal count written with one digit after its separator ("2.5",
    /// "1,5"): a count of units, never a clock time or a day.
    var decimal: Double?
    var gap: Gap = .hard
    /// The vocabulary's number for the piece's word, -1 for none.
    var word: Int32 = -1
    /// A date written in digits with full stops, day first: "3.3." (with the stop after
    /// it), "17.3.2027", "12.04.27".
    var calendarDate: WrittenDate?
}

/// A calendar date written in digits: the day, the month, the year if written (two digits
/// are this century's).
struct WrittenDate {
    var day: Int
    var month: Int
    var year: Int?
}

/// A phrase of the vocabulary found in the utterance: pieces `start..<end` with the meaning
/// `lexicon.meanings[meaning]`.
struct Edge {
    var end: Int32
    var meaning: Int32
}

/// The pieces of one utterance and the phrases found in them.
struct PieceList {
    let lexicon: DateTimeLexicon
    let tokenized: TokenizedText
    let bytes: UnsafeBufferPointer<UInt8>
    var pieces: [Piece] = []
    var edges: [Edge] = []
    /// The edges starting at piece p: `edges[edgeStart[p]..<edgeStart[p + 1]]`.
    var edgeStart: [Int32] = []

    init(lexicon: DateTimeLexicon, tokenized: TokenizedText, bytes: UnsafeBufferPointer<UInt8>) {
        self.lexicon = lexicon
        self.tokenized = tokenized
        self.bytes = bytes
    }

    /// Splits the units into pieces and finds the phrases; false (and nothing built) when no
    /// piece could start a reading, which is the common case and costs one trie walk a unit.
    mutating func build(_ gate: DateTimeReader.Gate = .skipsUndated) -> Bool {
        var anchored = gate == .readsEverything
        var previous: DateTimeLexicon.Reach = []
        // The unit after the last phrase that says "at" ("um punkt" is two units).
        var afterAt = -1
        let units = tokenized.units
        // A first pass without storing anything: most utterances hold no date. Only a phrase
        // that says "date or time", digits, or a number word after "at" ("at eight") or before
        // a connector ("ten to six") go on to a reading: "send a message to kenji" and "a
        // table for four at the italian place" do not.
        for (index, unit) in units.enumerated() where !anchored {
            let scalars = tokenized.normalizedScalars(of: unit)
            if unit.kind == .number || scalars.contains(where: { PieceList.digitValue($0) != nil }) {
                anchored = true
                break
            }
            // The kinds of every phrase starting here ("the" alone is no date, "the day after tomorrow" is).
            var reach: DateTimeLexicon.Reach = []
            var node: Int32 = 0
            var next = index
            let first = lexicon.word(scalars)
            // A compound of two date words ("samstagnachmittag") says a date.
            if first < 0, lexicon.compoundSplit(scalars) != nil {
                anchored = true
                break
            }
            while next < units.count, next - index < lexicon.longestPhrase {
                let word = next == index ? first : lexicon.word(tokenized.normalizedScalars(of: units[next]))
                guard word >= 0, let step = lexicon.step(node, word) else { break }
                node = step
                reach.formUnion(lexicon.reach(of: node))
                next += 1
                if lexicon.reach(of: node).contains(.at) { afterAt = max(afterAt, next) }
            }
            if reach.contains(.strong) || (previous.contains(.at) || afterAt == index) && reach.contains(.number)
                || previous.contains(.number) && reach.contains(.connector) {
                anchored = true
                break
            }
            // A filler keeps what came before it: "um am eine".
            if reach != .filler { previous = reach }
        }
        guard anchored else { return false }
        pieces.reserveCapacity(tokenized.units.count + 8)
        var previousEnd = -1
        for unit in tokenized.units {
            let gap = previousEnd < 0 ? Gap.hard : gapBetween(previousEnd, unit.utf8Range.lowerBound)
            var first = true
            PieceList.split(unit, in: tokenized, bytes: bytes) { piece in
                var piece = piece
                piece.gap = first ? gap : piece.gap == .colon ? .colon : .none
                first = false
                if !piece.isDigits { piece.word = lexicon.word(tokenized.normalizedScalars[piece.normalized]) }
                if !piece.isDigits, piece.word < 0, piece.normalized.count == piece.scalars.count,
                   let split = lexicon.compoundSplit(tokenized.normalizedScalars[piece.normalized]) {
                    // Two pieces joined with no gap, each its own word.
                    let (head, tail) = compoundParts(of: piece, at: split)
                    pieces.append(head)
                    pieces.append(tail)
                    return
                }
                pieces.append(piece)
            }
            previousEnd = unit.utf8Range.upperBound
        }
        // Digits a symbol sticks to are no number ("10^100 days" is not 100 days).
        for index in pieces.indices where pieces[index].isDigits {
            let before = pieces[index].utf8.lowerBound, after = pieces[index].utf8.upperBound
            if index > 0, pieces[index].gap == .hard, before > 0, !isSpace(before - 1) { pieces[index].number = -1 }
            if index + 1 < pieces.count, pieces[index + 1].gap == .hard, after < bytes.count, !isSpace(after) { pieces[index].number = -1 }
        }
        findPhrases()
        return true
    }

    /// `piece` (a word, normalized scalar for scalar) as two pieces split after `split`
    /// scalars, the second joined to the first.
    private func compoundParts(of piece: Piece, at split: Int) -> (Piece, Piece) {
        // The UTF-8 offset of the split: past `split` scalars' lead bytes.
        var offset = piece.utf8.lowerBound
        var scalarsPassed = 0
        while offset < piece.utf8.upperBound {
            if bytes[offset] & 0xC0 != 0x80 {
                if scalarsPassed == split { break }
                scalarsPassed += 1
            }
            offset += 1
        }
        var first = piece, second = piece
        first.normalized = piece.normalized.lowerBound..<piece.normalized.lowerBound + split
        first.scalars = piece.scalars.lowerBound..<piece.scalars.lowerBound + split
        first.utf8 = piece.utf8.lowerBound..<offset
        first.word = lexicon.word(tokenized.normalizedScalars[first.normalized])
        second.normalized = first.normalized.upperBound..<piece.normalized.upperBound
        second.scalars = first.scalars.upperBound..<piece.scalars.upperBound
        second.utf8 = offset..<piece.utf8.upperBound
        second.gap = .none
        second.word = lexicon.word(tokenized.normalizedScalars[second.normalized])
        return (first, second)
    }

    private mutating func findPhrases() {
        edgeStart.reserveCapacity(pieces.count + 1)
        edges.reserveCapacity(pieces.count)
        for start in pieces.indices {
            edgeStart.append(Int32(edges.count))
            var node: Int32 = 0
            var index = start
            while index < pieces.count, index - start < lexicon.longestPhrase {
                if index > start, !PieceList.joins(pieces[index].gap) { break }
                let word = pieces[index].word
                guard word >= 0, let next = lexicon.step(node, word) else { break }
                node = next
                index += 1
                for meaning in lexicon.meaningRange(of: node) { edges.append(Edge(end: Int32(index), meaning: Int32(meaning))) }
            }
        }
        edgeStart.append(Int32(edges.count))
    }

    /// Whether an expression continues across a gap.
    @inline(__always)
    static func joins(_ gap: Gap) -> Bool { gap == .none || gap == .space || gap == .soft }

    private func isSpace(_ byte: Int) -> Bool {
        let value = bytes[byte]
        return value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0D || value >= 0x80 && decode(at: byte).properties.isWhitespace
    }

    /// The gap between two byte offsets of the text.
    private func gapBetween(_ start: Int, _ end: Int) -> Gap {
        guard end > start else { return .none }
        guard end - start <= 16 else { return .hard }
        var gap = Gap.space
        var byte = start
        while byte < end {
            let lead = bytes[byte]
            guard lead & 0xC0 != 0x80 else { byte += 1; continue }
            let scalar = decode(at: byte)
            switch scalar {
            case ":", "：": if gap == .space { gap = .colon } else { return .hard }
            case ".", ",", "-", "'", "\u{2019}", "\u{2010}", "\u{2011}", "\u{3001}": if gap == .space { gap = .soft } else if gap == .colon { return .hard }
            default: if !scalar.properties.isWhitespace { return .hard }
            }
            byte += 1
        }
        return gap
    }

    private func decode(at byte: Int) -> Unicode.Scalar {
        let lead = bytes[byte]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard byte + length <= bytes.count else { return "\u{FFFD}" }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        if length > 1 { for offset in 1..<length { value = value << 6 | UInt32(bytes[byte + offset] & 0x3F) } }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The date `unit` writes in digits and full stops, day first, as Europe writes dates:
    /// day, month and year ("17.3.2027", "12.04.27"), or day and month with the full stop
    /// after them ("am 3.3. um acht": "3.3" alone is also a decimal count, "9.30" a clock
    /// time). Nil for anything else, and for a day or month out of range.
    static func writtenDate(_ unit: Token, in tokenized: TokenizedText, bytes: UnsafeBufferPointer<UInt8>) -> WrittenDate? {
        // Up to three groups of digits, their values and lengths.
        var values = (0, 0, 0), lengths = (0, 0, 0)
        var group = 0
        for scalar in tokenized.normalizedScalars[unit.normalizedRange] {
            if let digit = digitValue(scalar) {
                switch group {
                case 0: values.0 = values.0 * 10 + digit; lengths.0 += 1
                case 1: values.1 = values.1 * 10 + digit; lengths.1 += 1
                default: values.2 = values.2 * 10 + digit; lengths.2 += 1
                }
                guard lengths.0 <= 2, lengths.1 <= 2, lengths.2 <= 4 else { return nil }
            } else if scalar == ".", group < 2, (group == 0 ? lengths.0 : lengths.1) > 0 {
                group += 1
            } else {
                return nil
            }
        }
        guard group >= 1, lengths.1 > 0, (1...31).contains(values.0), (1...12).contains(values.1) else { return nil }
        if group == 2 {
            switch lengths.2 {
            case 4: return WrittenDate(day: values.0, month: values.1, year: values.2)
            case 2: return WrittenDate(day: values.0, month: values.1, year: 2000 + values.2)
            default: return nil
            }
        }
        let after = unit.utf8Range.upperBound
        guard after < bytes.count, bytes[after] == UInt8(ascii: ".") else { return nil }
        return WrittenDate(day: values.0, month: values.1, year: nil)
    }

    /// The value of a decimal digit of any script, nil for anything else.
    @inline(__always)
    static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.value >= 0x30, scalar.value <= 0x39 { return Int(scalar.value - 0x30) }
        guard scalar.value >= 0x80, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return Int(value)
    }

    /// Calls `body` with the pieces of every unit of `tokenized`.
    static func split(_ tokenized: TokenizedText, bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Void) {
        for unit in tokenized.units { split(unit, in: tokenized, bytes: bytes, body) }
    }

    /// Calls `body` with the pieces of one unit: the unit whole, or its runs of digits and of
    /// other letters when it mixes them. A unit whose normalized form is not scalar for scalar
    /// its text (a ligature, a decomposed accent) or that holds other signs ("2.5") stays whole.
    static func split(_ unit: Token, in tokenized: TokenizedText, bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Void) {
        let normalized = unit.normalizedRange
        let scalars = tokenized.normalizedScalars
        let whole = Piece(normalized: normalized, scalars: unit.scalarRange, utf8: unit.utf8Range, isDigits: false)
        // Most units hold no digit: whole, without looking at any scalar's properties.
        guard unit.kind == .number || scalars[normalized].contains(where: { digitValue($0) != nil }) else {
            body(whole)
            return
        }
        var digits = 0, signs = 0
        for index in normalized {
            let scalar = scalars[index]
            if digitValue(scalar) != nil {
                digits += 1
            } else if !(scalar.isASCII ? scalar.properties.isAlphabetic : scalar.properties.isAlphabetic || PieceList.isMark(scalar)) {
                signs += 1
            }
        }
        if digits == 0 || normalized.count != unit.scalarRange.count {
            body(whole)
            return
        }
        if signs > 0, let date = writtenDate(unit, in: tokenized, bytes: bytes) {
            var piece = whole
            piece.calendarDate = date
            body(piece)
            return
        }
        // "9.30", "21.00": a clock time written with a full stop, as if with a colon.
        if signs > 0 {
            let count = normalized.count
            guard signs == 1, digits == count - 1, count >= 3, count <= 5, unit.utf8Range.count == count else {
                body(whole)
                return
            }
            // "2.5 hours", "1,5 Stunden": a decimal count.
            let separator = scalars[normalized.upperBound - 2]
            if separator == "." || separator == "," {
                var piece = whole
                piece.isDigits = true
                let integer = scalars[normalized.lowerBound..<normalized.upperBound - 2].reduce(0) { $0 * 10 + digitValue($1)! }
                piece.decimal = Double(integer) + Double(digitValue(scalars[normalized.upperBound - 1])!) / 10
                body(piece)
                return
            }
            guard count >= 4, scalars[normalized.upperBound - 3] == "." else {
                body(whole)
                return
            }
            let stop = normalized.upperBound - 3
            let hourLength = stop - normalized.lowerBound
            var hour = Piece(normalized: normalized.lowerBound..<stop, scalars: unit.scalarRange.lowerBound..<unit.scalarRange.lowerBound + hourLength,
                             utf8: unit.utf8Range.lowerBound..<unit.utf8Range.lowerBound + hourLength, isDigits: true)
            hour.digitCount = hourLength
            hour.number = scalars[hour.normalized].reduce(0) { $0 * 10 + digitValue($1)! }
            hour.leadingZero = hourLength == 2 && digitValue(scalars[stop - 1 - 1]) == 0
            var minutes = Piece(normalized: stop + 1..<normalized.upperBound,
                                scalars: unit.scalarRange.upperBound - 2..<unit.scalarRange.upperBound,
                                utf8: unit.utf8Range.upperBound - 2..<unit.utf8Range.upperBound, isDigits: true)
            minutes.digitCount = 2
            minutes.number = scalars[minutes.normalized].reduce(0) { $0 * 10 + digitValue($1)! }
            minutes.gap = .colon
            minutes.followsStop = true
            body(hour)
            body(minutes)
            return
        }
        // Runs, walking the original bytes and the normalized scalars together (same count).
        var byte = unit.utf8Range.lowerBound
        var runStart = normalized.lowerBound
        var runByte = byte
        var index = normalized.lowerBound
        while index < normalized.upperBound {
            let isDigit = digitValue(scalars[index]) != nil
            var next = index
            var nextByte = byte
            while next < normalized.upperBound, (digitValue(scalars[next]) != nil) == isDigit {
                let lead = bytes[nextByte]
                nextByte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                next += 1
            }
            runStart = index
            runByte = byte
            let offset = unit.scalarRange.lowerBound + (runStart - normalized.lowerBound)
            var piece = Piece(normalized: runStart..<next, scalars: offset..<offset + (next - runStart),
                              utf8: runByte..<nextByte, isDigits: isDigit)
            if isDigit {
                piece.digitCount = next - runStart
                piece.leadingZero = piece.digitCount > 1 && digitValue(scalars[runStart]) == 0
                if piece.digitCount <= 9 {
                    var value = 0
                    for position in runStart..<next { value = value * 10 + digitValue(scalars[position])! }
                    piece.number = value
                }
            }
            body(piece)
            index = next
            byte = nextByte
        }
    }
}
