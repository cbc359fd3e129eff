extension Scan {
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
                      let filler = phrase(at: q, { $0 == .filler || $0 == .at || ($0 == .joiner && components > 0) }) else { break outer }
                if options.contains(.stopAtFrom), components > 0, phrase(at: q, .from) != nil { break outer }
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
                // With the minutes said after it: "midi et demie", "minuit moins le quart".
                let word = Clock(end: end, hour: hour, minute: minute, hasMinutes: minute != 0, is24: true, evidence: true)
                let clock = minute == 0 ? minutes(after: word, marked: false, afterAt: false, hourInDigits: false) ?? word : word
                var next = parts
                next.hour = clock.hour
                next.minute = clock.minute
                next.hasMinutes = clock.hasMinutes
                next.is24 = true
                next.clockEvidence = true
                consider(clock.end, next)
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
        // A bare weekday after a date is part of it ("1月8日土曜日", "le 8 janvier, un samedi"):
        // the date decides.
        if parts.weekday == nil, parts.dayOffset == nil, parts.period == nil || parts.period == .week && parts.day == nil,
           let found = weekday(at: q), parts.day == nil || found.relation == nil {
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

    // MARK: Days

    /// A part of the day, after a relation if any: "this morning", "tonight", "abends", 下午.
    func dayPart(at q: Int, _ parts: MomentParts) -> (end: Int, parts: MomentParts)? {
        var best: (end: Int, parts: MomentParts)?
        // With a relation before it ("this morning") and without (下午, whose 下 is also "next").
        forEachRelationStart(q) { p, relation in
          forEachPhrase(at: p) { end, meaning in
            guard case .dayPart(let part, let day) = meaning, best == nil || end > best!.end else { return }
            if relation != nil, part == .am || part == .pm { return }
            // A part that names its own day ("tonight", 今天晚上) takes no relation: the 下 of
            // "查一下今天晚上" (check … tonight) is not "next".
            if relation != nil, day != nil { return }
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
        if let skip = phrase(at: found.end, { $0.standsInside || $0 == .classifier }), joins(skip.end) { body(skip.end, value) }
    }

    /// A calendar date: "December 3rd", "3. Dezember", "el 3 de diciembre", "12月3日",
    /// "2027年12月3日", 3号, "17.3.2027", "am 3.3.", with a year after it if any.
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
        // Digits with full stops: "3.3.", "17.3.2027".
        if q < count, let written = pieces[q].calendarDate { keep(q + 1, written.day, written.month, written.year) }
        // 12月3日, 2027年12月3日.
        var p = q
        var year: Int?
        if let number = yearNumber(at: q), joins(number.end), let mark = phrase(at: number.end, .yearMark) {
            year = number.year
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

    /// A year after a date: ", 2027", "de 2027", "de dos mil veintiocho", 2027年.
    func year(at q: Int) -> (end: Int, year: Int)? {
        let p = skippingFillers(q, limit: 1)
        guard joins(p), let number = yearNumber(at: p) else { return nil }
        if joins(number.end), let mark = phrase(at: number.end, .yearMark) { return (mark, number.year) }
        guard number.standsAlone else { return nil }
        return (number.end, number.year)
    }

    /// A year's number at `p`: four digits ("2028"), a year in words as ICU spells it ("twenty
    /// twenty-eight", "zweitausendachtundzwanzig", 二千二十八) or four digits said one by one
    /// (二〇二八, "two zero two eight"). `standsAlone` when it may be a year without a year
    /// mark after it: four digits, or words for a year that is not a round hundred ("dos
    /// mil" after a date is an amount as often as the year 2000: "el 5 de marzo dos mil euros").
    func yearNumber(at p: Int) -> (end: Int, year: Int, standsAlone: Bool)? {
        var best: (end: Int, year: Int, standsAlone: Bool)?
        if let number = integer(at: p, in: 1000...9999) {
            best = (number.end, number.integer!, number.digitCount == 4)
        }
        if let found = phrase(at: p, { if case .year = $0 { true } else { false } }), case .year(let value) = found.meaning,
           best == nil || found.end > best!.end || found.end == best!.end && !best!.standsAlone {
            best = (found.end, value, value % 100 != 0)
        }
        // Digits said one by one, each a number of its own.
        var end = p
        var value = 0
        for index in 0..<4 {
            guard index == 0 || joins(end), let digit = integer(at: end, in: 0...9), digit.digitCount == 0 else { break }
            value = value * 10 + digit.integer!
            end = digit.end
            if index == 3, value >= 1000, best == nil || end > best!.end { best = (end, value, true) }
        }
        return best
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
}
