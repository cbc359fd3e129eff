/// Reads what an expression says against the reference moment: the conventions of the README
/// ("Dates and times") live here.
///
/// - Future preference: a day or time said without what pins it down is the next one at or
///   after the reference moment ("at 8" at 10:00 is 20:00 today; "December 3rd" on December
///   4th is next year's; "Monday" is the next Monday, never today). With past preference
///   (``DateTimePreference/past``: "photos from Monday", "messages from the 3rd") it is the
///   last one at or before it ("Monday" is the last Monday, never today; "at 8" at 10:00 is
///   08:00 today).
/// - An hour 1–12 with nothing saying morning or evening is the first of the two at or
///   after the reference moment; on a later day said outright, 1–5 is the afternoon, 6–11
///   the morning and 12 noon; flagged ambiguous.
/// - "Until 5 pm" is an interval open at its start.
/// - An interval's end is exclusive: a clock time as an end is that moment ("from 3 to 5 pm"
///   ends at 17:00), a day as an end includes the day ("from Monday to Friday" ends on
///   Saturday at 00:00).
struct Resolver {
    let now: LocalDateTime
    var preference: DateTimePreference = .future

    var prefersPast: Bool { preference == .past }

    struct Reading {
        var value: DateTimeMatch.Value
        var isAmbiguousHour = false
    }

    /// Durations and offsets longer than this are not read (about 200 years): nobody means
    /// them, and the bound keeps "in 10^100 days" from overflowing anything.
    static let longestSeconds = 200.0 * 365 * 86_400

    func read(_ expression: Expression) -> Reading? {
        switch expression {
        case .moment(let parts): return read(parts)
        case .interval(let first, let second): return interval(first, second)
        case .until(let parts): return openInterval(until: parts)
        case .offset(let sign, let quantity):
            guard let duration = duration(quantity), let moment = offset(sign, duration) else { return nil }
            return Reading(value: .moment(moment))
        case .duration(let quantity):
            guard let duration = duration(quantity) else { return nil }
            return Reading(value: .duration(duration))
        }
    }

    // MARK: Durations and offsets

    /// A whole number of a unit: a fraction goes to the next smaller unit (1.5 hours is 90
    /// minutes); nil for nothing, a fraction of a second, or more than ``longestSeconds``.
    func duration(_ quantity: Quantity) -> DateTimeDuration? {
        var value = quantity.value
        var unit = quantity.unit
        guard value > 0, value * Double(unit.seconds) <= Resolver.longestSeconds else { return nil }
        while value != value.rounded() {
            switch unit {
            case .second: return nil
            case .minute: (value, unit) = (value * 60, .second)
            case .hour: (value, unit) = (value * 60, .minute)
            case .day: (value, unit) = (value * 24, .hour)
            case .week: (value, unit) = (value * 7, .day)
            case .month: (value, unit) = (value * 30, .day)
            case .year: (value, unit) = (value * 12, .month)
            }
        }
        return DateTimeDuration(value: Int(value), unit: unit)
    }

    /// The moment a duration from now: to the second for hours and less, the day for days and
    /// more (a month later is the same day of the month, or the month's last).
    func offset(_ sign: Int, _ duration: DateTimeDuration) -> DateTimeMoment? {
        let amount = sign * duration.value
        switch duration.unit {
        case .second, .minute, .hour:
            return now.adding(seconds: amount * duration.unit.seconds).map { DateTimeMoment(value: $0, grain: .second) }
        case .day, .week:
            return now.startOfDay.adding(days: amount * (duration.unit == .week ? 7 : 1)).map { DateTimeMoment(value: $0, grain: .day) }
        case .month, .year:
            return now.startOfDay.adding(months: amount * (duration.unit == .year ? 12 : 1)).map { DateTimeMoment(value: $0, grain: .day) }
        }
    }

    // MARK: Moments

    enum Day {
        case none
        case day(LocalDateTime)
        case impossible
    }

    var today: LocalDateTime { now.startOfDay }

    /// The Monday of the reference moment's week (weeks start on Monday, ISO 8601).
    var monday: LocalDateTime? { today.adding(days: 1 - today.weekday) }

    /// The day the parts name, by future preference.
    func day(of parts: MomentParts) -> Day {
        if let dayOfMonth = parts.day {
            // 明年3月1号: the year said relatively; 下个月3号: the month.
            var parts = parts
            if parts.period == .year, parts.year == nil { parts.year = now.year + parts.periodOffset }
            if parts.period == .month, parts.month == nil,
               let month = LocalDateTime(year: now.year, month: now.month, day: 1)?.adding(months: parts.periodOffset) {
                parts.month = month.month
                parts.year = month.year
            }
            if let month = parts.month {
                if let year = parts.year {
                    return LocalDateTime(year: year, month: month, day: dayOfMonth).map(Day.day) ?? .impossible
                }
                // February 29th waits for a leap year (or was in the last one); February 31st never comes.
                for ahead in 0...8 {
                    let year = prefersPast ? now.year - ahead : now.year + ahead
                    if let date = LocalDateTime(year: year, month: month, day: dayOfMonth), prefersPast ? date <= today : date >= today {
                        return .day(date)
                    }
                }
                return .impossible
            }
            // The day of this month, or of the next (past: the last) month that has it.
            for ahead in 0..<13 {
                guard let first = LocalDateTime(year: now.year, month: now.month, day: 1)?.adding(months: prefersPast ? -ahead : ahead) else { break }
                if let date = LocalDateTime(year: first.year, month: first.month, day: dayOfMonth), prefersPast ? date <= today : date >= today {
                    return .day(date)
                }
            }
            return .impossible
        }
        if let offset = parts.dayOffset { return today.adding(days: offset).map(Day.day) ?? .impossible }
        if let weekday = parts.weekday {
            guard let monday else { return .impossible }
            let date: LocalDateTime?
            if parts.period == .week {
                date = monday.adding(days: 7 * parts.periodOffset + weekday - 1)
            } else if let relation = parts.weekdayRelation, relation != 0 {
                // "next Monday": the Monday of next week; "last Monday": of last week.
                date = monday.adding(days: 7 * relation + weekday - 1)
            } else if parts.weekdayRelation == 0 {
                // "this Monday": this week's, or next week's once it has passed (past: this
                // week's, or last week's while it is still to come).
                let thisWeek = monday.adding(days: weekday - 1)
                date = thisWeek.flatMap { prefersPast ? ($0 <= today ? $0 : $0.adding(days: -7)) : ($0 >= today ? $0 : $0.adding(days: 7)) }
            } else if prefersPast {
                // "Monday": the last one, never today.
                let back = (today.weekday - weekday + 7) % 7
                date = today.adding(days: -(back == 0 ? 7 : back))
            } else {
                // "Monday": the next one, never today.
                let ahead = (weekday - today.weekday + 7) % 7
                date = today.adding(days: ahead == 0 ? 7 : ahead)
            }
            return date.map(Day.day) ?? .impossible
        }
        return .none
    }

    func read(_ parts: MomentParts) -> Reading? {
        let day: LocalDateTime?
        switch self.day(of: parts) {
        case .impossible: return nil
        case .day(let date): day = date
        case .none: day = nil
        }
        if parts.hour != nil { return clockTime(parts, on: day) }
        if let part = parts.dayPart {
            guard let hours = part.hours else { return nil }
            // A part of the day alone is read only with a day ("tomorrow morning", "tonight").
            guard let day = day ?? (parts.dayOffset != nil ? today : nil) else { return nil }
            return partOfDay(hours, on: day)
        }
        if let day { return Reading(value: .moment(DateTimeMoment(value: day, grain: .day))) }
        if let period = parts.period { return self.period(period, parts.periodOffset) }
        return nil
    }

    /// The hours an hour may be on a 24-hour clock, by the part of the day said (the first
    /// and, when nothing said which, the second).
    func hours(_ parts: MomentParts) -> (first: Int, second: Int?)? {
        guard let hour = parts.hour else { return nil }
        if hour == 24 { return (24, nil) }
        switch parts.dayPart {
        case nil:
            if !parts.is24, hour <= 12 { return (hour % 12, hour % 12 + 12) }
            return (hour, nil)
        case .am?, .morning?:
            if hour == 12 { return (0, nil) }
            return hour < 12 ? (hour, nil) : nil
        case .pm?, .afternoon?, .evening?:
            return (hour < 12 ? hour + 12 : hour, nil)
        case .night?:
            if hour == 12 { return (0, nil) }
            return ((6...11).contains(hour) ? hour + 12 : hour, nil)
        }
    }

    func clockTime(_ parts: MomentParts, on day: LocalDateTime?) -> Reading? {
        guard let (first, second) = hours(parts) else { return nil }
        let grain: DateTimeGrain = parts.hasMinutes ? .minute : .hour
        func at(_ date: LocalDateTime, _ hour: Int) -> LocalDateTime? {
            // 24:00 is the next day's midnight.
            hour == 24 ? date.adding(days: 1)?.with(hour: 0, minute: parts.minute) : date.with(hour: hour, minute: parts.minute)
        }
        let candidates = [first] + (second.map { [$0] } ?? [])
        var chosen: LocalDateTime?
        if let day {
            if let second, day > today {
                // On a later day said outright, 1–5 is the afternoon ("next tuesday at 3"),
                // 6–11 the morning ("tomorrow at 8") and 12 noon ("sunday at 12"): few requests
                // are for the small hours.
                chosen = at(day, (1...5).contains(first) || parts.hour == 12 ? second : first)
            } else if prefersPast {
                chosen = candidates.reversed().lazy.compactMap { at(day, $0) }.first { $0 <= self.now } ?? at(day, first)
            } else {
                chosen = candidates.lazy.compactMap { at(day, $0) }.first { $0 >= self.now } ?? at(day, first)
            }
        } else {
            // The first candidate at or after now, today or tomorrow (past: the last at or
            // before now, today or yesterday).
            search: for ahead in 0...1 {
                guard let date = today.adding(days: prefersPast ? -ahead : ahead) else { break }
                for hour in prefersPast ? candidates.reversed() : candidates {
                    if let moment = at(date, hour), prefersPast ? moment <= now : moment >= now {
                        chosen = moment
                        break search
                    }
                }
            }
        }
        guard let chosen else { return nil }
        return Reading(value: .moment(DateTimeMoment(value: chosen, grain: grain)), isAmbiguousHour: second != nil)
    }

    func partOfDay(_ hours: Range<Int>, on day: LocalDateTime) -> Reading? {
        guard let from = day.adding(seconds: hours.lowerBound * 3_600), let to = day.adding(seconds: hours.upperBound * 3_600) else { return nil }
        return Reading(value: .interval(from: DateTimeMoment(value: from, grain: .hour), to: DateTimeMoment(value: to, grain: .hour)))
    }

    func period(_ period: CalendarPeriod, _ offset: Int) -> Reading? {
        let from: LocalDateTime?, to: LocalDateTime?
        switch period {
        case .week:
            from = monday?.adding(days: 7 * offset)
            to = from?.adding(days: 7)
        case .weekend:
            from = monday?.adding(days: 7 * offset + 5)
            to = from?.adding(days: 2)
        case .month:
            from = LocalDateTime(year: now.year, month: now.month, day: 1)?.adding(months: offset)
            to = from?.adding(months: 1)
        case .year:
            from = LocalDateTime(year: now.year + offset, month: 1, day: 1)
            to = LocalDateTime(year: now.year + offset + 1, month: 1, day: 1)
        }
        guard let from, let to else { return nil }
        return Reading(value: .interval(from: DateTimeMoment(value: from, grain: .day), to: DateTimeMoment(value: to, grain: .day)))
    }

    // MARK: Intervals

    /// Where an interval ending with `end` ends, exclusive: a day (or longer) ends when the
    /// next begins ("until Friday" takes in Friday), a clock time at itself, an interval at
    /// its end.
    static func exclusiveEnd(of end: Reading) -> DateTimeMoment? {
        switch end.value {
        case .moment(let moment) where moment.grain >= .day:
            guard let after = moment.value.adding(days: 1) else { return nil }
            return DateTimeMoment(value: after, grain: moment.grain)
        case .moment(let moment): return moment
        case .interval(_, let finish?): return finish
        default: return nil
        }
    }

    /// "until 5 pm", "bis morgen": an interval from now to the moment, open at its start.
    func openInterval(until parts: MomentParts) -> Reading? {
        guard let end = read(parts), let to = Self.exclusiveEnd(of: end) else { return nil }
        return Reading(value: .interval(from: nil, to: to), isAmbiguousHour: end.isAmbiguousHour)
    }

    func interval(_ first: MomentParts, _ second: MomentParts) -> Reading? {
        var first = first, second = second
        if !first.hasDay, second.hasDay { first.takeDay(of: second) }
        // "from 3 to 5 pm": the start takes the end's part of the day when it fits before it.
        if let startHour = first.hour, first.dayPart == nil, !first.is24, let endHour = second.hour, let part = second.dayPart,
           startHour % 12 <= endHour % 12 || endHour == 12 {
            first.dayPart = part
        }
        if let endHour = second.hour, second.dayPart == nil, !second.is24, let startHour = first.hour, let part = first.dayPart,
           part == .pm || part == .afternoon || part == .evening, startHour % 12 <= endHour % 12 {
            second.dayPart = part
        }
        guard let start = read(first) else { return nil }
        let from: DateTimeMoment
        switch start.value {
        case .moment(let moment): from = moment
        case .interval(let begin?, _): from = begin
        default: return nil
        }
        // The end is read from the start ("from 10 pm to 2 am" ends the next day, "from Monday
        // to Friday" on the Friday after that Monday), a relative day from now ("to 5 pm tomorrow").
        guard let end = Resolver(now: second.dayOffset == nil ? from.value : now).read(second), let to = Self.exclusiveEnd(of: end) else { return nil }
        guard from.value < to.value else { return nil }
        return Reading(value: .interval(from: from, to: to), isAmbiguousHour: start.isAmbiguousHour || end.isAmbiguousHour)
    }
}
