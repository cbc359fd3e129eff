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
    /// A word that is a filler and also opens an interval ends the moment: the day before
    /// "de 15h à 17h" in "demain de 15h à 17h".
    static let stopAtFrom = MomentOptions(rawValue: 4)
}
