extension Scan {
    // MARK: Intervals

    /// `[from] moment until moment [end]`, with a day before "from" if any ("tomorrow from
    /// 3 to 5 pm"): "from 3 to 5 pm", "von 15 bis 17 Uhr", 3時から5時まで, 从三点到五点.
    func interval(at q: Int, moment atStart: (end: Int, parts: MomentParts)?) -> (end: Int, first: MomentParts, second: MomentParts)? {
        // Most places have no interval: look for an end word ahead before parsing anything.
        var ahead = q
        var hasSeparator = false
        while ahead < count, ahead - q < 24, ahead == q || joins(ahead) {
            if phrase(at: ahead, { $0 == .until || $0 == .between || $0 == .and }) != nil {
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
        } else if let day = atStart.flatMap({ $0.parts.hour == nil ? $0 : moment(at: q, [.stopAtFrom]) }), day.parts.hour == nil,
                  day.parts.dayPart == nil, joins(day.end), let from = phrase(at: day.end, .from) {
            // (The day alone when the moment read on into the interval through a word that is
            // a filler and "from" both: "demain de 15h".)
            before = day.parts
            p = from
            hasFrom = true
        }
        guard p == q || joins(p), var first = moment(at: p, [.noUntilConnector, .bareHour]), joins(first.end) else { return nil }
        var second: (end: Int, parts: MomentParts)?
        forEachPhrase(at: first.end) { end, meaning in
            guard second == nil, meaning == .until || meaning == .between || hasFrom && meaning == .and, joins(end),
                  let found = moment(at: end, [.bareHour]) else { return }
            second = found
        }
        guard var second else { return nil }
        // A bare number is an hour only when the other end is a clock time ("from 3 to 5 pm")
        // or a day is said before the interval ("morgen zwischen 9 und 11").
        let firstBare = first.parts.hour != nil && !first.parts.clockEvidence && first.parts.dayPart == nil
        let secondBare = second.parts.hour != nil && !second.parts.clockEvidence && second.parts.dayPart == nil
        let bothBareAfterDay = firstBare && secondBare && before != nil && !first.parts.hasDay
        if firstBare, !(second.parts.hour != nil && !secondBare), !bothBareAfterDay { return nil }
        if secondBare, !(first.parts.hour != nil && !firstBare), !bothBareAfterDay { return nil }
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
}
