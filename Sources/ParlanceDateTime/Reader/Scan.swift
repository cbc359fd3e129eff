/// What a moment said, part by part, before it is read against the reference moment.
struct MomentParts {
    var dayOffset: Int?
    var weekday: Int?
    var weekdayRelation: Int?
    var period: CalendarPeriod?
    var periodOffset = 0
    var day: Int?
    var month: Int?
    var year: Int?
    var hour: Int?
    var minute = 0
    var hasMinutes = false
    /// The hour cannot be a 12-hour one: 0, 13–24, a leading zero ("08:00"), a clock word.
    var is24 = false
    /// Something says the number is a clock hour: a mark, minutes, a connector, "at", a day part.
    var clockEvidence = false
    var dayPart: DayPart?

    var hasDay: Bool { dayOffset != nil || weekday != nil || day != nil }
    var isEmpty: Bool { !hasDay && period == nil && hour == nil && dayPart == nil && year == nil }

    /// Takes the day of `other` ("from 3 to 5 pm tomorrow": the start is tomorrow too).
    mutating func takeDay(of other: MomentParts) {
        dayOffset = other.dayOffset
        weekday = other.weekday
        weekdayRelation = other.weekdayRelation
        day = other.day
        month = other.month
        year = other.year
        if other.period == .week, other.weekday != nil {
            period = other.period
            periodOffset = other.periodOffset
        }
    }
}

/// A length said with a unit: "30 minutes", "half an hour", "一个半小时".
struct Quantity {
    var end: Int
    var value: Double
    var unit: DateTimeGrain
}

/// What a run of pieces says, before it is read against the reference moment.
enum Expression {
    case moment(MomentParts)
    case interval(MomentParts, MomentParts)
    /// "until 5 pm", "bis morgen", "hasta las cinco": open at its start.
    case until(MomentParts)
    case offset(sign: Int, Quantity)
    case duration(Quantity)
}

/// How a moment is parsed inside an interval.
struct MomentOptions: OptionSet {
    let rawValue: UInt8
    /// "N to H" is not a clock time when the connector also ends an interval ("from 10 to 5").
    static let noUntilConnector = MomentOptions(rawValue: 1)
    /// A bare number may be an hour: the other end of the interval shows it is a clock time.
    static let bareHour = MomentOptions(rawValue: 2)
}

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

    func run(now: LocalDateTime) -> [DateTimeMatch] {
        var matches: [DateTimeMatch] = []
        var start = 0
        while start < count {
            guard pieces[start].number >= 0 || hasEdges(start) else {
                start += 1
                continue
            }
            var best: (end: Int, expression: Expression)?
            func consider(_ end: Int, _ expression: Expression) {
                if best == nil || end > best!.end { best = (end, expression) }
            }
            // Tried in this order; a later one wins only when longer.
            let atStart = moment(at: start)
            if let found = interval(at: start, moment: atStart) { consider(found.end, .interval(found.first, found.second)) }
            if let found = openInterval(at: start, moment: atStart) { consider(found.end, .until(found.parts)) }
            if let found = offset(at: start) { consider(found.end, .offset(sign: found.sign, found.quantity)) }
            if let found = atStart { consider(found.end, .moment(found.parts)) }
            if let found = duration(at: start) { consider(found.end, .duration(found)) }
            guard let best else {
                start += 1
                continue
            }
            // An expression that names no moment (February 31st, 2027年2月29日) is skipped
            // whole: its inside is not read either ("2月29日" of 2028).
            if let reading = Resolver(now: now).read(best.expression) { matches.append(match(start..<best.end, reading)) }
            start = best.end
        }
        return matches
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

    /// Skips up to `limit` fillers from `p` (each joined to what is before it).
    func skippingFillers(_ p: Int, limit: Int = 2) -> Int {
        var p = p
        for _ in 0..<limit {
            guard joins(p), let end = phrase(at: p, .filler) else { break }
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
    }

    /// The longest number at `p`: digits (with an ordinal suffix touching them: "3rd") or words.
    func number(at p: Int) -> Number? {
        guard p < count else { return nil }
        var best: Number?
        let piece = pieces[p]
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

    // MARK: Moments

    /// A moment at `start`: leading fillers, then parts, fillers allowed between them.
    func moment(at start: Int, _ options: MomentOptions = []) -> (end: Int, parts: MomentParts)? {
        var parts = MomentParts()
        var cursor = start
        var end: Int?
        var components = 0
        outer: while components < 8 {
            var q = cursor
            var skipped = 0
            var sawAt = false
            while true {
                if q != start, !joins(q) { break outer }
                if let found = component(at: q, parts, afterAt: sawAt, options) {
                    parts = found.parts
                    cursor = found.end
                    end = found.end
                    components += 1
                    continue outer
                }
                guard skipped < (components == 0 ? 3 : 2),
                      let filler = phrase(at: q, { $0 == .filler || $0 == .at }) else { break outer }
                sawAt = sawAt || phrase(at: q, .at) == filler.end
                q = filler.end
                skipped += 1
            }
        }
        guard let end, !parts.isEmpty else { return nil }
        return (end, parts)
    }

    /// The longest part of a moment at `q` that `parts` does not hold yet.
    func component(at q: Int, _ parts: MomentParts, afterAt: Bool, _ options: MomentOptions) -> (end: Int, parts: MomentParts)? {
        var best: (end: Int, parts: MomentParts)?
        func consider(_ end: Int, _ next: MomentParts) {
            if best == nil || end > best!.end { best = (end, next) }
        }
        if parts.hour == nil {
            if let clock = clock(at: q, afterAt: afterAt, options) {
                var next = parts
                next.hour = clock.hour
                next.minute = clock.minute
                next.hasMinutes = clock.hasMinutes
                next.is24 = clock.is24
                next.clockEvidence = clock.evidence
                consider(clock.end, next)
            }
            forEachPhrase(at: q) { end, meaning in
                guard case .clock(let hour, let minute) = meaning else { return }
                var next = parts
                next.hour = hour
                next.minute = minute
                next.hasMinutes = minute != 0
                next.is24 = true
                next.clockEvidence = true
                consider(end, next)
            }
        }
        // A day before a part of the day: on a tie the day wins ("morgen" is tomorrow before
        // it is the morning, "pasado mañana" the day after tomorrow, not yesterday morning).
        if !parts.hasDay, parts.period == nil {
            forEachPhrase(at: q) { end, meaning in
                guard case .day(let offset) = meaning else { return }
                var next = parts
                next.dayOffset = offset
                consider(end, next)
            }
        }
        if parts.dayPart == nil, let found = dayPart(at: q, parts) { consider(found.end, found.parts) }
        // A date after a weekday ("monday december 3rd": the date decides) or after a year or
        // month said relatively (明年3月1号, 下个月3号).
        if parts.day == nil, parts.dayOffset == nil, parts.weekdayRelation == nil,
           parts.period == nil || (parts.period == .year || parts.period == .month) && parts.weekday == nil, let date = date(at: q),
           parts.period != .month || date.month == nil, parts.period == nil || date.year == nil {
            var next = parts
            next.day = date.day
            next.month = date.month
            next.year = date.year
            consider(date.end, next)
        }
        if parts.weekday == nil, parts.dayOffset == nil, parts.day == nil, parts.period == nil || parts.period == .week,
           let found = weekday(at: q) {
            var next = parts
            next.weekday = found.weekday
            next.weekdayRelation = found.relation
            consider(found.end, next)
        }
        if parts.period == nil, let found = period(at: q),
           !parts.hasDay || (found.period == .week && parts.weekday != nil && parts.weekdayRelation == nil) {
            var next = parts
            next.period = found.period
            next.periodOffset = found.offset
            consider(found.end, next)
        }
        if parts.year == nil, parts.month != nil, let found = year(at: q) {
            var next = parts
            next.year = found.year
            consider(found.end, next)
        }
        return best
    }

    // MARK: Clock times

    struct Clock {
        var end: Int
        var hour: Int
        var minute = 0
        var hasMinutes = false
        var is24 = false
        var evidence = false
    }

    /// A clock time at `q`: "half past seven", "halb sieben", "twenty past seven", "7:30",
    /// "vingt heures trente", "ocho y media", 七点半, 7時30分. A bare number is an hour only
    /// after "at" or before a part of the day ("8 in the evening"), unless `options` allow it.
    func clock(at q: Int, afterAt: Bool, _ options: MomentOptions) -> Clock? {
        var best: Clock?
        func keep(_ clock: Clock) {
            if best == nil || clock.end > best!.end { best = clock }
        }
        // "half past seven", "quarter to eight", "halb sieben".
        forEachPhrase(at: q) { end, meaning in
            switch meaning {
            case .past(let minutes?):
                if let hour = hour(after: end) { keep(Clock(end: hour.end, hour: hour.hour, minute: minutes, hasMinutes: true, evidence: true)) }
            case .to(let minutes?):
                if let hour = hour(after: end) {
                    keep(Clock(end: hour.end, hour: (hour.hour + 23) % 24, minute: 60 - minutes, hasMinutes: true, evidence: true))
                }
            default: break
            }
        }
        guard let number = integer(at: q, in: 0...24), let value = number.integer else { return best }
        // "twenty past seven", "zehn nach sieben", "ten to six".
        if (1...30).contains(value), joins(number.end) {
            forEachPhrase(at: number.end) { end, meaning in
                switch meaning {
                case .past(nil):
                    if let hour = hour(after: end) { keep(Clock(end: hour.end, hour: hour.hour, minute: value, hasMinutes: true, evidence: true)) }
                case .to(nil):
                    let alsoUntil = phrase(at: number.end, .until) == end
                    if alsoUntil, options.contains(.noUntilConnector) || value % 5 != 0 { return }
                    if let hour = hour(after: end) {
                        keep(Clock(end: hour.end, hour: (hour.hour + 23) % 24, minute: 60 - value, hasMinutes: true, evidence: true))
                    }
                default: break
                }
            }
        }
        // "7", "7 o'clock", "19h30", "7:30", "vingt heures trente", "ocho y media".
        var clock = Clock(end: number.end, hour: value, is24: value > 12 || value == 0 || number.leadingZero, evidence: afterAt)
        var marked = false
        if joins(clock.end), let mark = phrase(at: clock.end, .hourMark) {
            clock.end = mark
            clock.evidence = true
            marked = true
        }
        if let withMinutes = minutes(after: clock, marked: marked, afterAt: afterAt) { clock = withMinutes }
        if clock.hour == 24, clock.minute != 0 { return best }
        keep(clock)
        guard let found = best else { return nil }
        if found.evidence || options.contains(.bareHour) { return found }
        // A bare number is a clock hour when a part of the day follows: "8 in the evening", "3 pm".
        let next = skippingFillers(found.end)
        guard joins(next), phrase(at: next, { if case .dayPart = $0 { true } else { false } }) != nil else { return nil }
        return found
    }

    /// The hour after a connector ("seven" in "half past seven"), with its mark if any.
    func hour(after p: Int) -> (hour: Int, end: Int)? {
        guard joins(p), let number = integer(at: p, in: 0...24), let value = number.integer else { return nil }
        var end = number.end
        if joins(end), let mark = phrase(at: end, .hourMark) { end = mark }
        return (value, end)
    }

    /// The minutes after an hour, if any: ":30", "y media", "menos cuarto", "et demie", "30",
    /// "三十分", "半", "一刻".
    func minutes(after clock: Clock, marked: Bool, afterAt: Bool) -> Clock? {
        let p = clock.end
        var best: Clock?
        // A phrase with its own minutes wins a tie: "menos cuarto" is a quarter to, not
        // "menos" and the ordinal "cuarto" (4).
        func keep(_ end: Int, hour: Int, minute: Int, fixed: Bool = false, evidence: Bool = true) {
            guard best == nil || end > best!.end || fixed && end == best!.end else { return }
            var next = clock
            next.end = end
            next.hour = hour
            next.minute = minute
            next.hasMinutes = true
            next.evidence = next.evidence || evidence
            best = next
        }
        // "7:30" (right after the number, not after a mark).
        if !marked, p < count, pieces[p].gap == .colon, pieces[p].number >= 0, pieces[p].digitCount == 2, pieces[p].number < 60 {
            var end = p + 1
            // "7:30:15": seconds are read and dropped.
            if end < count, pieces[end].gap == .colon, pieces[end].digitCount == 2, pieces[end].number >= 0, pieces[end].number < 60 { end += 1 }
            // "20:30 Uhr", "7:30 h".
            var marked = false
            if joins(end), let mark = phrase(at: end, .hourMark) {
                end = mark
                marked = true
            }
            keep(end, hour: clock.hour, minute: pieces[p].number, evidence: !pieces[p].followsStop || marked)
        }
        guard joins(p) else { return best }
        let previousHour = (clock.hour + 23) % 24
        forEachPhrase(at: p) { end, meaning in
            switch meaning {
            case .plus(let minutes?): keep(end, hour: clock.hour, minute: minutes, fixed: true)
            case .minus(let minutes?): keep(end, hour: previousHour, minute: 60 - minutes, fixed: true)
            case .plus(nil):
                if joins(end), let number = integer(at: end, in: 1...59) { keep(markedMinutes(number.end), hour: clock.hour, minute: number.integer!) }
            case .minus(nil):
                if joins(end), let number = integer(at: end, in: 1...30) {
                    keep(markedMinutes(number.end), hour: previousHour, minute: 60 - number.integer!)
                }
            default: break
            }
        }
        // "vingt heures trente", "8 Uhr 30", 三点二十分, and "at eight thirty".
        if marked || afterAt, let number = integer(at: p, in: 0...59), let value = number.integer,
           marked || value >= 10 && (number.digitCount == 2 || number.digitCount == 0) {
            // (A number that goes on into a unit is a quantity, not minutes: "at 8 20 minutes later".)
            if !(joins(number.end) && phrase(at: number.end, { if case .unit = $0 { true } else { false } }) != nil
                 && phrase(at: number.end, .minuteMark) == nil) {
                keep(markedMinutes(number.end), hour: clock.hour, minute: value)
            }
        }
        return best
    }

    /// `p`, or past a minute mark there (分).
    func markedMinutes(_ p: Int) -> Int {
        if joins(p), let mark = phrase(at: p, .minuteMark) { return mark }
        return p
    }

    // MARK: Days

    /// A part of the day, after a relation if any: "this morning", "tonight", "abends", 下午.
    func dayPart(at q: Int, _ parts: MomentParts) -> (end: Int, parts: MomentParts)? {
        var best: (end: Int, parts: MomentParts)?
        // With a relation before it ("this morning") and without (下午, whose 下 is also "next").
        forEachRelationStart(q) { p, relation in
          forEachPhrase(at: p) { end, meaning in
            guard case .dayPart(let part, let day) = meaning, best == nil || end > best!.end else { return }
            if relation != nil, part == .am || part == .pm { return }
            var next = parts
            next.dayPart = part
            if let day = relation ?? day {
                guard !next.hasDay else { return }
                next.dayOffset = day
            }
            best = (end, next)
          }
        }
        return best
    }

    /// Calls `body` with where a part after an optional relation may start: `q` itself, and
    /// after a relation at `q` (past a filler or classifier: "这个周末", "le lundi").
    func forEachRelationStart(_ q: Int, _ body: (Int, Int?) -> Void) {
        body(q, nil)
        guard let found = phrase(at: q, { if case .relation = $0 { true } else { false } }), case .relation(let value) = found.meaning,
              joins(found.end) else { return }
        body(found.end, value)
        if let skip = phrase(at: found.end, { $0 == .filler || $0 == .classifier }), joins(skip.end) { body(skip.end, value) }
    }

    /// A calendar date: "December 3rd", "3. Dezember", "el 3 de diciembre", "12月3日",
    /// "2027年12月3日", 3号, with a year after it if any.
    func date(at q: Int) -> (end: Int, day: Int, month: Int?, year: Int?)? {
        var best: (end: Int, day: Int, month: Int?, year: Int?)?
        func keep(_ end: Int, _ day: Int, _ month: Int?, _ year: Int?) {
            if best == nil || end > best!.end { best = (end, day, month, year) }
        }
        // Month first: "December 3rd", "diciembre 3".
        if let month = phrase(at: q, { if case .month = $0 { true } else { false } }), case .month(let value) = month.meaning {
            let p = skippingFillers(month.end)
            if joins(p), let day = integer(at: p, in: 1...31) { keep(day.end, day.integer!, value, nil) }
        }
        if let day = integer(at: q, in: 1...31) {
            // Day first: "3rd of December", "3. Dezember", "3 de diciembre".
            let p = skippingFillers(day.end)
            if joins(p), let month = phrase(at: p, { if case .month = $0 { true } else { false } }), case .month(let value) = month.meaning {
                keep(month.end, day.integer!, value, nil)
            }
            // 3日, 3号.
            if joins(day.end), let mark = phrase(at: day.end, .dayMark) { keep(mark, day.integer!, nil, nil) }
        }
        // 12月3日, 2027年12月3日.
        var p = q
        var year: Int?
        if let number = integer(at: q, in: 1000...9999), joins(number.end), let mark = phrase(at: number.end, .yearMark) {
            year = number.integer
            p = mark
            guard joins(p) else { return best }
        }
        if let month = integer(at: p, in: 1...12), joins(month.end), let mark = phrase(at: month.end, .monthMark),
           joins(mark), let day = integer(at: mark, in: 1...31), joins(day.end), let dayMark = phrase(at: day.end, .dayMark) {
            keep(dayMark, day.integer!, month.integer!, year)
        }
        guard var found = best, found.month != nil, found.year == nil, let year = self.year(at: found.end) else { return best }
        found.end = year.end
        found.year = year.year
        return found
    }

    /// A year after a date: ", 2027", "de 2027", 2027年.
    func year(at q: Int) -> (end: Int, year: Int)? {
        let p = skippingFillers(q, limit: 1)
        guard joins(p), let number = integer(at: p, in: 1000...9999) else { return nil }
        if joins(number.end), let mark = phrase(at: number.end, .yearMark) { return (mark, number.integer!) }
        guard number.digitCount == 4 else { return nil }
        return (number.end, number.integer!)
    }

    /// A weekday with its relation: "Monday", "next Monday", "lundi prochain", 下周一.
    func weekday(at q: Int) -> (end: Int, weekday: Int, relation: Int?)? {
        var best: (end: Int, weekday: Int, relation: Int?)?
        forEachRelationStart(q) { p, before in
            guard let day = phrase(at: p, { if case .weekday = $0 { true } else { false } }), case .weekday(let value) = day.meaning else { return }
            var end = day.end
            var relation = before
            if relation == nil, let found = relationAfter(end) {
                relation = found.value
                end = found.end
            }
            if best == nil || end > best!.end { best = (end, value, relation) }
        }
        return best
    }

    /// A calendar period: "next week", "this weekend", "la semaine prochaine", 来週, 下个月.
    func period(at q: Int) -> (end: Int, period: CalendarPeriod, offset: Int)? {
        var best: (end: Int, period: CalendarPeriod, offset: Int)?
        func keep(_ end: Int, _ period: CalendarPeriod, _ offset: Int) {
            if best == nil || end > best!.end { best = (end, period, offset) }
        }
        forEachPhrase(at: q) { end, meaning in
            if case .period(let period, let offset) = meaning { keep(end, period, offset) }
        }
        forEachRelationStart(q) { p, relation in
          forEachPhrase(at: p) { end, meaning in
            let period: CalendarPeriod
            switch meaning {
            case .unit(.week, 1): period = .week
            case .unit(.month, 1): period = .month
            case .unit(.year, 1): period = .year
            case .weekend: period = .weekend
            default: return
            }
            var offset = relation
            var stop = end
            if offset == nil, let found = relationAfter(end) {
                offset = found.value
                stop = found.end
            }
            // "week" alone is a unit, not a period; "weekend" alone is this one.
            guard let offset = offset ?? (period == .weekend ? 0 : nil) else { return }
            keep(stop, period, offset)
          }
        }
        return best
    }

    // MARK: Intervals

    /// `[from] moment until moment [end]`, with a day before "from" if any ("tomorrow from
    /// 3 to 5 pm"): "from 3 to 5 pm", "von 15 bis 17 Uhr", 3時から5時まで, 从三点到五点.
    func interval(at q: Int, moment atStart: (end: Int, parts: MomentParts)?) -> (end: Int, first: MomentParts, second: MomentParts)? {
        // Most places have no interval: look for an end word ahead before parsing anything.
        var ahead = q
        var hasSeparator = false
        while ahead < count, ahead - q < 24, ahead == q || joins(ahead) {
            if phrase(at: ahead, { $0 == .until || $0 == .and }) != nil {
                hasSeparator = true
                break
            }
            ahead += 1
        }
        guard hasSeparator else { return nil }
        var p = q
        var hasFrom = false
        var before: MomentParts?
        if let from = phrase(at: q, .from) {
            p = from
            hasFrom = true
        } else if let day = atStart, day.parts.hour == nil, day.parts.dayPart == nil, joins(day.end), let from = phrase(at: day.end, .from) {
            before = day.parts
            p = from
            hasFrom = true
        }
        guard p == q || joins(p), var first = moment(at: p, [.noUntilConnector, .bareHour]), joins(first.end) else { return nil }
        var second: (end: Int, parts: MomentParts)?
        forEachPhrase(at: first.end) { end, meaning in
            guard second == nil, meaning == .until || hasFrom && meaning == .and, joins(end),
                  let found = moment(at: end, [.bareHour]) else { return }
            second = found
        }
        guard var second else { return nil }
        // A bare number is an hour only when the other end is a clock time: "from 3 to 5 pm".
        let firstBare = first.parts.hour != nil && !first.parts.clockEvidence && first.parts.dayPart == nil
        let secondBare = second.parts.hour != nil && !second.parts.clockEvidence && second.parts.dayPart == nil
        if firstBare, !(second.parts.hour != nil && !secondBare) { return nil }
        if secondBare, !(first.parts.hour != nil && !firstBare) { return nil }
        if let before, !first.parts.hasDay { first.parts.takeDay(of: before) }
        if joins(second.end), let end = phrase(at: second.end, .end) { second.end = end }
        return (second.end, first.parts, second.parts)
    }

    /// `until moment` or `moment end`: "until 5 pm", "bis morgen", "jusqu'à midi", 5時まで.
    /// The moment must be a clock time or a day, not a bare number ("until 5"); an end word
    /// that is also a clock connector opens no interval ("set the alarm to 5 pm").
    func openInterval(at q: Int, moment atStart: (end: Int, parts: MomentParts)?) -> (end: Int, parts: MomentParts)? {
        if let found = atStart, joins(found.end), let end = phrase(at: found.end, .end) { return (end, found.parts) }
        guard let until = phrase(at: q, .until), phrase(at: q, { if case .to(nil) = $0 { true } else { false } }) == nil,
              joins(until), let found = moment(at: until) else { return nil }
        return found
    }

    // MARK: Quantities

    /// A number of units: "30 minutes", "half an hour", "an hour and a half", "anderthalb
    /// Stunden", "eine halbe Stunde", 一个半小时, 1時間半, 三天.
    func quantity(at q: Int) -> Quantity? {
        var p = q
        var count: Double?
        var half = false
        var andHalf = false
        if let found = phrase(at: p, .half) {
            half = true
            p = found
        }
        if p == q || joins(p), let number = number(at: p) {
            count = number.value
            p = number.end
            if joins(p), let found = phrase(at: p, .classifier) { p = found }
        }
        if p == q || joins(p) {
            if count != nil, let found = phrase(at: p, .andHalf) {
                andHalf = true
                p = found
            } else if !half, let found = phrase(at: p, .half) {
                half = true
                p = found
            }
        }
        guard count != nil || half, p == q || joins(p),
              let unit = phrase(at: p, { if case .unit = $0 { true } else { false } }),
              case .unit(let grain, let multiple) = unit.meaning else { return nil }
        p = unit.end
        if !andHalf, joins(p), let found = phrase(at: p, .andHalf) {
            andHalf = true
            p = found
        }
        let value = ((count ?? 1) * (half ? 0.5 : 1) + (andHalf ? 0.5 : 0)) * Double(multiple)
        return Quantity(end: p, value: value, unit: grain)
    }

    /// "in 20 minutes", "dans deux heures", "vor zwei Tagen", 3日後, 三天后, "2 hours ago".
    func offset(at q: Int) -> (end: Int, sign: Int, quantity: Quantity)? {
        var best: (end: Int, sign: Int, quantity: Quantity)?
        forEachPhrase(at: q) { end, meaning in
            guard meaning == .laterBefore || meaning == .agoBefore, joins(end), let quantity = quantity(at: end),
                  best == nil || quantity.end > best!.end else { return }
            best = (quantity.end, meaning == .laterBefore ? 1 : -1, quantity)
        }
        if let quantity = quantity(at: q), joins(quantity.end) {
            forEachPhrase(at: quantity.end) { end, meaning in
                guard meaning == .laterAfter || meaning == .agoAfter, best == nil || end > best!.end else { return }
                best = (end, meaning == .laterAfter ? 1 : -1, quantity)
            }
        }
        return best
    }

    /// "for 30 minutes", "pendant deux heures", 3日間, "zwei Stunden lang", or a quantity alone.
    func duration(at q: Int) -> Quantity? {
        var p = q
        if let found = phrase(at: q, .forDuration) {
            guard joins(found) else { return nil }
            p = found
        }
        guard var quantity = quantity(at: p) else { return nil }
        if joins(quantity.end), let found = phrase(at: quantity.end, .lasting) { quantity.end = found }
        return quantity
    }
}
