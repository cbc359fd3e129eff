extension Scan {
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
                if let hour = hour(after: end) {
                    keep(Clock(end: hour.end, hour: hour.hour, minute: minutes, hasMinutes: true, is24: hour.is24, evidence: true))
                }
            case .to(let minutes?):
                if let hour = hour(after: end) {
                    keep(Clock(end: hour.end, hour: (hour.hour + 23) % 24, minute: 60 - minutes, hasMinutes: true, is24: hour.is24, evidence: true))
                }
            default: break
            }
        }
        guard let number = integer(at: q, in: 0...24), let value = number.integer else { return best }
        // "twenty past seven", "zehn nach sieben", "ten to six".
        if (1...30).contains(value), joins(number.end) {
            forEachPhrase(at: number.end) { end, meaning in
                // Minutes from a clock time said with its own minutes: "fünf vor halb zehn"
                // (9:25), "fünf nach halb zehn" (9:35). Not across a word that also ends an
                // interval: "from 5 to half past 7" is 17:00–19:30.
                let alsoUntil = phrase(at: number.end, .until) == end
                if case .past(nil) = meaning, !alsoUntil, let base = clockWithOwnMinutes(at: end) {
                    keep(Clock(end: base.end, hour: (base.hour + (base.minute + value) / 60) % 24, minute: (base.minute + value) % 60, hasMinutes: true,
                               is24: base.is24, evidence: true))
                } else if case .to(nil) = meaning, !alsoUntil, let base = clockWithOwnMinutes(at: end), base.minute >= value {
                    keep(Clock(end: base.end, hour: base.hour, minute: base.minute - value, hasMinutes: true, is24: base.is24, evidence: true))
                }
                switch meaning {
                case .past(nil):
                    if let hour = hour(after: end) { keep(Clock(end: hour.end, hour: hour.hour, minute: value, hasMinutes: true, is24: hour.is24, evidence: true)) }
                case .to(nil):
                    let alsoUntil = phrase(at: number.end, .until) == end
                    if alsoUntil, options.contains(.noUntilConnector) || value % 5 != 0 { return }
                    if let hour = hour(after: end) {
                        keep(Clock(end: hour.end, hour: (hour.hour + 23) % 24, minute: 60 - value, hasMinutes: true, is24: hour.is24, evidence: true))
                    }
                default: break
                }
            }
        }
        // "7", "7 o'clock", "19h30", "7:30", "vingt heures trente", "ocho y media".
        var clock = Clock(end: number.end, hour: value, is24: number.saysHalfOfDay, evidence: afterAt)
        var marked = false
        if joins(clock.end), let mark = phrase(at: clock.end, .hourMark) {
            clock.end = mark
            clock.evidence = true
            marked = true
        }
        if let withMinutes = minutes(after: clock, marked: marked, afterAt: afterAt, hourInDigits: number.digitCount > 0) { clock = withMinutes }
        if clock.hour == 24, clock.minute != 0 { return best }
        keep(clock)
        guard let found = best else { return nil }
        if found.evidence || options.contains(.bareHour) { return found }
        // A bare number is a clock hour when a part of the day follows that names no day of
        // its own: "8 in the evening", "3 pm", "ocho de la mañana"; not "a table for four
        // tonight", "para cuatro esta noche", "pour deux demain matin", "para dos mañana"
        // (a party size, then the day).
        for next in [found.end, skippingFillers(found.end)] where joins(next) {
            guard let longest = phrase(at: next, { _ in true }) else { continue }
            var partOfDay = false, namesDay = false
            forEachPhrase(at: next) { end, meaning in
                guard end == longest.end else { return }
                switch meaning {
                case .dayPart(_, nil): partOfDay = true
                case .dayPart(_, _?), .day, .weekday: namesDay = true
                default: break
                }
            }
            if partOfDay && !namesDay { return found }
        }
        return nil
    }

    /// A clock time at `p` whose connector says its minutes ("halb zehn", "quarter past
    /// seven"): the base of "fünf vor halb zehn".
    func clockWithOwnMinutes(at p: Int) -> (end: Int, hour: Int, minute: Int, is24: Bool)? {
        guard joins(p) else { return nil }
        var found: (end: Int, hour: Int, minute: Int, is24: Bool)?
        forEachPhrase(at: p) { end, meaning in
            switch meaning {
            case .past(let minutes?):
                if let hour = hour(after: end) { found = (hour.end, hour.hour, minutes, hour.is24) }
            case .to(let minutes?):
                if let hour = hour(after: end) { found = (hour.end, (hour.hour + 23) % 24, 60 - minutes, hour.is24) }
            default: break
            }
        }
        return found
    }

    /// The hour after a connector ("seven" in "half past seven"), with its mark if any, or
    /// a clock word on the hour ("half past midnight"), which says the half of the day.
    func hour(after p: Int) -> (hour: Int, end: Int, is24: Bool)? {
        guard joins(p) else { return nil }
        guard let number = integer(at: p, in: 0...24), let value = number.integer else {
            var word: (hour: Int, end: Int, is24: Bool)?
            forEachPhrase(at: p) { end, meaning in
                if case .clock(let hour, 0) = meaning, word == nil || end > word!.end { word = (hour, end, true) }
            }
            return word
        }
        var end = number.end
        if joins(end), let mark = phrase(at: end, .hourMark) { end = mark }
        return (value, end, number.saysHalfOfDay)
    }

    /// The minutes after an hour, if any: ":30", "y media", "menos cuarto", "et demie", "30",
    /// "三十分", "半", "一刻".
    ///
    /// After an hour in digits, minutes in words are not read ("um 19 Uhr einen Tisch": the
    /// article, not one minute past).
    func minutes(after clock: Clock, marked: Bool, afterAt: Bool, hourInDigits: Bool) -> Clock? {
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
        if marked || afterAt, let number = integer(at: p, in: 0...59), let value = number.integer, !hourInDigits || number.digitCount > 0,
           marked || value >= 10 && (number.digitCount == 2 || number.digitCount == 0) {
            // (A number that goes on into a unit or a counter is a quantity, not minutes: "at 8
            // 20 minutes later", 明晚七点四个人: seven o'clock, four people.)
            let quantity = phrase(at: number.end, { switch $0 { case .unit, .classifier: true; default: false } }) != nil
            let minuteMark = joins(number.end) ? phrase(at: number.end, .minuteMark) : nil
            // (Nor a one-digit number word glued to a word after it with no minute mark: the
            // 一 of 八点一起 is "together", not one minute past; minutes in words under ten take
            // a mark there: 八点五分.)
            let glued = value < 10 && number.digitCount == 0 && number.end < count && pieces[number.end].gap == .none && minuteMark == nil
            if !(joins(number.end) && quantity && minuteMark == nil), !glued {
                keep(markedMinutes(number.end), hour: clock.hour, minute: value)
                // Marked minutes before "ago" count back from the hour: 10時15分前 is 9:45.
                if let minuteMark, value > 0, pieces.indices.contains(minuteMark), pieces[minuteMark].gap == .none,
                   let before = phrase(at: minuteMark, .agoAfter) {
                    keep(before, hour: previousHour, minute: 60 - value, fixed: true)
                }
            }
        }
        return best
    }

    /// `p`, or past a minute mark there (分).
    func markedMinutes(_ p: Int) -> Int {
        if joins(p), let mark = phrase(at: p, .minuteMark) { return mark }
        return p
    }
}
