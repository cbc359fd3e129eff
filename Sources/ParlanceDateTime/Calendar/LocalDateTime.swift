/// A date and time on the proleptic Gregorian calendar, with no time zone: what a person
/// means by "tomorrow at 8", read against a local reference moment.
///
/// ```swift
/// let now = LocalDateTime(year: 2026, month: 11, day: 28, hour: 16, minute: 5)!
/// now.adding(days: 4).description   // "2026-12-02T16:05:00"
/// now.weekday                       // 6 (Saturday; Monday is 1)
/// ```
///
/// Arithmetic is civil: a day is a calendar day, whatever a time zone's clocks do (no
/// daylight-saving gaps). Day numbers follow Hinnant's `days_from_civil` (2013), exact for
/// every year a person says and far beyond.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Years outside this range are not represented: no request is about them, and the bound
    /// keeps every computation far from overflow.
    public static let years = 1...9999

    /// A moment, or nil when it does not exist (February 30th, 25:99).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard LocalDateTime.years.contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDateTime.daysIn(month: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` (or `YYYY-MM-DD`, or a space for the `T`); nil for any
    /// other text or a moment that does not exist.
    public init?(iso text: String) {
        let scalars = Array(text.unicodeScalars)
        func field(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[range] {
                guard let digit = scalar.properties.numericType == .decimal ? scalar.properties.numericValue : nil,
                      scalar.isASCII else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard scalars.count == 10 || scalars.count == 19,
              scalars[4] == "-", scalars[7] == "-",
              let year = field(0..<4), let month = field(5..<7), let day = field(8..<10) else { return nil }
        var (hour, minute, second) = (0, 0, 0)
        if scalars.count == 19 {
            guard scalars[10] == "T" || scalars[10] == " ", scalars[13] == ":", scalars[16] == ":",
                  let h = field(11..<13), let m = field(14..<16), let s = field(17..<19) else { return nil }
            (hour, minute, second) = (h, m, s)
        }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Whether `year` has a February 29th.
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days of a month (1–12) in a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Hinnant, "chrono-Compatible Low-Level Date Algorithms", 2013).
    public var dayNumber: Int { LocalDateTime.dayNumber(year: year, month: month, day: day) }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The date of a day number, at midnight; nil outside ``years``.
    public init?(dayNumber: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        // 1...9999 is about ±3 million days from 1970: refuse anything further before any arithmetic.
        guard dayNumber > -800_000, dayNumber < 3_000_000 else { return nil }
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The day of the week, ISO 8601: Monday 1 … Sunday 7.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (dayNumber + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The same day at midnight.
    public var startOfDay: LocalDateTime { with(hour: 0, minute: 0, second: 0)! }

    /// The same day at another time; nil when the time does not exist.
    public func with(hour: Int, minute: Int = 0, second: Int = 0) -> LocalDateTime? {
        LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Seconds since 1970-01-01T00:00:00 on this calendar.
    public var secondsSinceEpoch: Int { dayNumber * 86_400 + hour * 3_600 + minute * 60 + second }

    /// The moment `seconds` after 1970-01-01T00:00:00; nil outside ``years``.
    public init?(secondsSinceEpoch seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = seconds - days * 86_400
        self.init(dayNumber: days, hour: rest / 3_600, minute: rest % 3_600 / 60, second: rest % 60)
    }

    /// The moment `days` later (earlier when negative), same time of day; nil outside ``years``.
    public func adding(days: Int) -> LocalDateTime? {
        guard days > -4_000_000, days < 4_000_000 else { return nil }
        return LocalDateTime(dayNumber: dayNumber + days, hour: hour, minute: minute, second: second)
    }

    /// The moment `seconds` later; nil outside ``years``.
    public func adding(seconds: Int) -> LocalDateTime? {
        guard seconds > -400_000_000_000, seconds < 400_000_000_000 else { return nil }
        return LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    /// The same day of the month `months` later, the month's last day when it is shorter
    /// (January 31st + 1 month is February 28th or 29th); nil outside ``years``.
    public func adding(months: Int) -> LocalDateTime? {
        guard months > -200_000, months < 200_000 else { return nil }
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : -((-total + 11) / 12)
        let newMonth = total - newYear * 12 + 1
        guard LocalDateTime.years.contains(newYear) else { return nil }
        let newDay = min(day, LocalDateTime.daysIn(month: newMonth, year: newYear))
        return LocalDateTime(year: newYear, month: newMonth, day: newDay, hour: hour, minute: minute, second: second)
    }

    public static func < (left: LocalDateTime, right: LocalDateTime) -> Bool {
        (left.year, left.month, left.day, left.hour, left.minute, left.second)
            < (right.year, right.month, right.day, right.hour, right.minute, right.second)
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }
}
