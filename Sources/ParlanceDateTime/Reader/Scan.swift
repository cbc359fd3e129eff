/// One reading of an utterance's pieces: the grammar of ``DateTimeReader``.
///
/// A class holding only the arrays the rules read: the rules' closures capture it, and a
/// struct would be copied into each with a retain of every field (a third of a reading's
/// time when it was one).
final class Scan {
    let meanings: [Meaning]
    let pieces: [Piece]
    let edges: [Edge]
    let edgeStart: [Int32]
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int

    init(lexicon: DateTimeLexicon, pieces: PieceList) {
        meanings = lexicon.meanings
        self.pieces = pieces.pieces
        edges = pieces.edges
        edgeStart = pieces.edgeStart
        bytes = pieces.bytes
        count = pieces.pieces.count
    }

    // MARK: The scan

    func run(now: LocalDateTime, preference: DateTimePreference) -> [DateTimeMatch] {
        var matches: [DateTimeMatch] = []
        var start = 0
        while start < count {
            guard pieces[start].number >= 0 || pieces[start].decimal != nil || pieces[start].calendarDate != nil || hasEdges(start) else {
                start += 1
                continue
            }
            // Words that say no date though they hold date words are passed over whole.
            if let end = phrase(at: start, .notADate) {
                start = end
                continue
            }
            var best = longestReading(at: start)
            var from = start
            // A moment may start with fillers (not joiners), other readings may not: a reading
            // after them that goes further wins ("は2時間半" is two and a half hours, not "は2時").
            var core = start
            for _ in 0..<2 {
                guard let end = phrase(at: core, \.standsInside)?.end, joins(end) else { break }
                core = end
            }
            if core > start, let inner = longestReading(at: core), inner.end > best?.end ?? start {
                best = inner
                from = core
            }
            guard let best else {
                start += 1
                continue
            }
            // An expression that names no moment (February 31st, 2027年2月29日) is skipped
            // whole: its inside is not read either ("2月29日" of 2028).
            if let reading = Resolver(now: now, preference: preference).read(best.expression) { matches.append(match(from..<best.end, reading)) }
            start = best.end
        }
        return matches
    }

    /// The longest reading that starts at piece `start`: an interval, an open interval, an
    /// offset, a moment or a duration, tried in this order (a later one wins only when longer).
    func longestReading(at start: Int) -> (end: Int, expression: Expression)? {
        var best: (end: Int, expression: Expression)?
        func consider(_ end: Int, _ expression: Expression) {
            if best == nil || end > best!.end { best = (end, expression) }
        }
        let atStart = moment(at: start)
        if let found = interval(at: start, moment: atStart) { consider(found.end, .interval(found.first, found.second)) }
        if let found = openInterval(at: start, moment: atStart) { consider(found.end, .until(found.parts)) }
        if let found = offset(at: start) { consider(found.end, .offset(sign: found.sign, found.quantity)) }
        if let found = atStart { consider(found.end, .moment(found.parts)) }
        if let found = duration(at: start) { consider(found.end, .duration(found)) }
        return best
    }

    func match(_ span: Range<Int>, _ reading: Resolver.Reading) -> DateTimeMatch {
        let first = pieces[span.lowerBound], last = pieces[span.upperBound - 1]
        let utf8 = first.utf8.lowerBound..<last.utf8.upperBound
        return DateTimeMatch(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[utf8]), as: UTF8.self),
                             scalarRange: first.scalars.lowerBound..<last.scalars.upperBound, utf8Range: utf8,
                             value: reading.value, isAmbiguousHour: reading.isAmbiguousHour)
    }

    // MARK: Pieces and phrases

    @inline(__always)
    func hasEdges(_ p: Int) -> Bool { edgeStart[p] < edgeStart[p + 1] }

    /// Whether an expression that reached piece `p` may go on with it.
    @inline(__always)
    func joins(_ p: Int) -> Bool { p < count && PieceList.joins(pieces[p].gap) }

    /// The end of the longest phrase at `p` whose meaning satisfies `test`, with that meaning.
    func phrase(at p: Int, _ test: (Meaning) -> Bool) -> (end: Int, meaning: Meaning)? {
        guard p < count else { return nil }
        var best: (end: Int, meaning: Meaning)?
        for index in Int(edgeStart[p])..<Int(edgeStart[p + 1]) {
            let edge = edges[index]
            let meaning = meanings[Int(edge.meaning)]
            if test(meaning), best == nil || Int(edge.end) > best!.end { best = (Int(edge.end), meaning) }
        }
        return best
    }

    /// The end of the longest phrase at `p` meaning exactly `meaning`.
    func phrase(at p: Int, _ meaning: Meaning) -> Int? { phrase(at: p) { $0 == meaning }?.end }

    /// The relation after a part ("lundi prochain", "la semaine prochaine"), unless its word
    /// begins a longer phrase (上 of 上午 after 星期六 is the morning, not "last").
    func relationAfter(_ p: Int) -> (end: Int, value: Int)? {
        guard joins(p), let found = phrase(at: p, { if case .relation = $0 { true } else { false } }),
              case .relation(let value) = found.meaning, phrase(at: p, { _ in true })?.end == found.end else { return nil }
        return (found.end, value)
    }

    /// Calls `body` with every phrase at `p`.
    func forEachPhrase(at p: Int, _ body: (Int, Meaning) -> Void) {
        guard p < count else { return }
        for index in Int(edgeStart[p])..<Int(edgeStart[p + 1]) {
            let edge = edges[index]
            body(Int(edge.end), meanings[Int(edge.meaning)])
        }
    }

    /// Skips up to `limit` fillers or joiners from `p` (each joined to what is before it).
    func skippingFillers(_ p: Int, limit: Int = 2) -> Int {
        var p = p
        for _ in 0..<limit {
            guard joins(p), let end = phrase(at: p, \.standsInside)?.end else { break }
            p = end
        }
        return p
    }

    struct Number {
        var value: Double
        var end: Int
        var digitCount: Int
        var leadingZero: Bool
        var integer: Int? { value == value.rounded() && abs(value) < 1e9 ? Int(value) : nil }
        /// As a clock hour, whether it says its half of the day: 0, 13–24, or a leading zero ("08").
        var saysHalfOfDay: Bool { integer.map { $0 > 12 || $0 == 0 } == true || leadingZero }
    }

    /// The longest number at `p`: digits (with an ordinal suffix touching them: "3rd") or words.
    func number(at p: Int) -> Number? {
        guard p < count else { return nil }
        var best: Number?
        let piece = pieces[p]
        // Minutes after a colon are minutes, never a count ("in 1.30 hours" is not 30 hours).
        if piece.gap == .colon { return nil }
        if let decimal = piece.decimal { return Number(value: decimal, end: p + 1, digitCount: 0, leadingZero: false) }
        if piece.number >= 0 {
            var end = p + 1
            if end < count, pieces[end].gap == .none, let suffix = phrase(at: end, .ordinal) { end = suffix }
            best = Number(value: Double(piece.number), end: end, digitCount: piece.digitCount, leadingZero: piece.leadingZero)
        }
        forEachPhrase(at: p) { end, meaning in
            if case .number(let value) = meaning, best == nil || end > best!.end {
                best = Number(value: value, end: end, digitCount: 0, leadingZero: false)
            }
        }
        return best
    }

    /// A whole number in `range` at `p`.
    func integer(at p: Int, in range: ClosedRange<Int>) -> Number? {
        guard let number = number(at: p), let value = number.integer, range.contains(value) else { return nil }
        return number
    }
}

extension Meaning {
    /// A word that may stand inside an expression, between its parts: a filler or a joiner
    /// (only a filler may also stand before the first part, ``Scan/moment(at:_:)``).
    var standsInside: Bool { self == .filler || self == .joiner }
}
