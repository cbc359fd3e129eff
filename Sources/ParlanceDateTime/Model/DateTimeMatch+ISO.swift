/// ISO 8601 forms of what the reader finds, written to the precision said: what a parse
/// reports as a date parameter's value, as SiriKit's date components carry only the
/// components known.
extension DateTimeMoment {
    /// "2026", "2026-12", "2026-11-29" (a day or a week's first day), "2026-11-29T20:00"
    /// (an hour or a minute), "2026-11-29T20:00:05" (a second).
    public var iso: String {
        let full = value.description  // YYYY-MM-DDTHH:MM:SS
        switch grain {
        case .year: return String(full.prefix(4))
        case .month: return String(full.prefix(7))
        case .week, .day: return String(full.prefix(10))
        case .hour, .minute: return String(full.prefix(16))
        case .second: return full
        }
    }
}

extension DateTimeDuration {
    /// An ISO 8601 duration: "PT30M", "PT90M", "P3D", "P2W", "P1M", "P1Y".
    public var iso: String {
        switch unit {
        case .second: "PT\(value)S"
        case .minute: "PT\(value)M"
        case .hour: "PT\(value)H"
        case .day: "P\(value)D"
        case .week: "P\(value)W"
        case .month: "P\(value)M"
        case .year: "P\(value)Y"
        }
    }
}

extension DateTimeMatch.Value {
    /// A moment's ``DateTimeMoment/iso``; an interval as ISO 8601 writes one, "start/end"
    /// with its end exclusive and ".." for an open end ("../2026-11-28T17:00"); a duration's
    /// ``DateTimeDuration/iso``.
    public var iso: String {
        switch self {
        case .moment(let moment): moment.iso
        case .interval(let from, let to): "\(from?.iso ?? "..")/\(to?.iso ?? "..")"
        case .duration(let duration): duration.iso
        }
    }

    /// The first moment it stands for (a duration: none).
    public var start: LocalDateTime? {
        switch self {
        case .moment(let moment): moment.value
        case .interval(let from, _): from?.value
        case .duration: nil
        }
    }

    /// The moment it ends, exclusive: a moment's end is the end of its grain ("tomorrow"
    /// ends at midnight after it); nil for an interval open at its end or a duration.
    public var end: LocalDateTime? {
        switch self {
        case .moment(let moment):
            switch moment.grain {
            case .second, .minute, .hour, .day: moment.value.adding(seconds: moment.grain.seconds)
            case .week: moment.value.adding(days: 7)
            case .month: moment.value.adding(months: 1)
            case .year: moment.value.adding(months: 12)
            }
        case .interval(_, let to): to?.value
        case .duration: nil
        }
    }
}
