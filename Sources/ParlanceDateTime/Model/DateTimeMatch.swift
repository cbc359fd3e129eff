/// How precisely a moment is known: a moment with grain `.day` stands for that whole day.
public enum DateTimeGrain: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    case second, minute, hour, day, week, month, year

    /// The name Duckling uses: "second" … "year".
    public var description: String {
        switch self {
        case .second: "second"
        case .minute: "minute"
        case .hour: "hour"
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        }
    }

    /// The length in seconds; a month counts 30 days and a year 365 (as Duckling normalizes).
    public var seconds: Int {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        case .month: 2_592_000
        case .year: 31_536_000
        }
    }

    public static func < (left: DateTimeGrain, right: DateTimeGrain) -> Bool { left.rawValue < right.rawValue }
}

/// A moment and how precisely it is known: "tomorrow" is tomorrow at 00:00 with grain day,
/// "at 8:30" is 08:30 with grain minute.
public struct DateTimeMoment: Sendable, Hashable, CustomStringConvertible {
    /// The start of what was said, in local time.
    public let value: LocalDateTime
    /// How precisely: the moment stands for the whole of one grain from ``value``.
    public let grain: DateTimeGrain

    public init(value: LocalDateTime, grain: DateTimeGrain) {
        self.value = value
        self.grain = grain
    }

    public var description: String { "\(value) (\(grain))" }
}

/// A length of time: "30 minutes", "anderthalb Stunden" (90 minutes), "一个半小时".
public struct DateTimeDuration: Sendable, Hashable, CustomStringConvertible {
    /// The amount in ``unit``s, a whole number: a fraction is given in the next smaller unit
    /// ("1.5 hours" is 90 minutes).
    public let value: Int
    /// The unit.
    public let unit: DateTimeGrain
    /// The length in seconds (a month counts 30 days, a year 365).
    public var seconds: Int { value * unit.seconds }

    public init(value: Int, unit: DateTimeGrain) {
        self.value = value
        self.unit = unit
    }

    public var description: String { "\(value) \(unit)" }
}

/// A date or time expression found in an utterance: its span and what it means.
///
/// ```swift
/// let reader = try DateTimeReader(language: Language("de"))
/// let now = LocalDateTime(year: 2026, month: 11, day: 28, hour: 10)!
/// reader.read("Erinnere mich morgen um halb sieben", now: now)[0]
/// // time 2026-11-29T06:30:00 (minute) 'morgen um halb sieben' 14..<35, isAmbiguousHour: 06:30 or 18:30
/// ```
public struct DateTimeMatch: Sendable, Hashable, CustomStringConvertible {
    /// What an expression means.
    public enum Value: Sendable, Hashable {
        /// A moment: "tomorrow at 8", "December 3rd", "in 20 minutes".
        case moment(DateTimeMoment)
        /// A stretch of time from `from` (inclusive) to `to` (exclusive): "this weekend",
        /// "from 3 to 5 pm", "next week", "tonight". Either end may be absent.
        case interval(from: DateTimeMoment?, to: DateTimeMoment?)
        /// A length of time: "for 30 minutes", "half an hour".
        case duration(DateTimeDuration)
    }

    /// The span as written in the utterance.
    public let text: String
    /// The span in Unicode scalars of the utterance: what Python's `text[start:end]` and the
    /// CLI's JSON `start`/`end` use.
    public let scalarRange: Range<Int>
    /// The span in UTF-8 bytes of the utterance.
    public let utf8Range: Range<Int>
    /// What the expression means, relative to the reference moment it was read against.
    public let value: Value
    /// True when a clock hour could be morning or evening and nothing said which ("at 8"):
    /// the reading took the first of the two at or after the reference moment (see the README).
    public let isAmbiguousHour: Bool

    public init(text: String, scalarRange: Range<Int>, utf8Range: Range<Int>, value: Value, isAmbiguousHour: Bool = false) {
        self.text = text
        self.scalarRange = scalarRange
        self.utf8Range = utf8Range
        self.value = value
        self.isAmbiguousHour = isAmbiguousHour
    }

    /// `matches`, read in a copy of `text` that has the same Unicode scalars but for some
    /// (apostrophes read as spaces), told in `text`: their words as written there and their
    /// UTF-8 offsets in it.
    static func located(_ matches: [DateTimeMatch], in text: String) -> [DateTimeMatch] {
        let scalars = text.unicodeScalars
        return matches.map { match in
            let lower = scalars.index(scalars.startIndex, offsetBy: match.scalarRange.lowerBound)
            let upper = scalars.index(lower, offsetBy: match.scalarRange.count)
            let start = text.utf8.distance(from: text.utf8.startIndex, to: lower)
            let end = start + text.utf8.distance(from: lower, to: upper)
            return DateTimeMatch(text: String(scalars[lower..<upper]), scalarRange: match.scalarRange, utf8Range: start..<end,
                                 value: match.value, isAmbiguousHour: match.isAmbiguousHour)
        }
    }

    public var description: String {
        let meaning = switch value {
        case .moment(let moment): "time \(moment)"
        case .interval(let from, let to): "interval \(from.map { "\($0)" } ?? "…") – \(to.map { "\($0)" } ?? "…")"
        case .duration(let duration): "duration \(duration)"
        }
        return "\(meaning) '\(text)' \(scalarRange.lowerBound)..<\(scalarRange.upperBound)"
    }
}

/// Which way a day or time that does not pin itself down is read: "Monday", "the 3rd",
/// "at 8" are the next ones for a booking and the last ones for a search of photos.
public enum DateTimePreference: Sendable, Hashable {
    /// The next one at or after the reference moment (the default).
    case future
    /// The last one at or before the reference moment.
    case past
}
