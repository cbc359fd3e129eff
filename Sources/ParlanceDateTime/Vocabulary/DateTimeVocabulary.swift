import ParlanceText

/// The words of one language that the date-and-time reader knows, each with what it means
/// to the reader: read from a data file (`Corpora/datetime/<language>.yaml`), so that a
/// language is added by writing a file, not code.
///
/// ```yaml
/// language: en
/// words:
///   tomorrow: day 1
///   half past: past 30
///   to: [to, until]          # a word may mean several things; the reader tries each
/// ```
///
/// Numbers in words need no entries: the reader spells 0–100 with ICU (``NumberReader``) in
/// the language. The meanings are listed in `Corpora/datetime/README.md` and in ``Meaning``.
public struct DateTimeVocabulary: Sendable, Hashable {
    /// One word or phrase and what it may mean.
    public struct Entry: Sendable, Hashable {
        /// The phrase as written in the file; matched after the language's normalization.
        public let phrase: String
        /// Everything the phrase may mean, tried in order.
        public let meanings: [Meaning]
        /// The line of the file it was read from (1-based; 0 when not read from a file).
        public let line: Int

        public init(phrase: String, meanings: [Meaning], line: Int = 0) {
            self.phrase = phrase
            self.meanings = meanings
            self.line = line
        }
    }

    /// The BCP-47 tag the file is written for.
    public let language: String
    /// The words, in file order.
    public let entries: [Entry]
    /// Where the vocabulary was read from, for messages ("datetime/en.yaml").
    public let source: String

    public init(language: String, entries: [Entry], source: String = "") {
        self.language = language
        self.entries = entries
        self.source = source
    }
}

/// A part of the day a word names.
public enum DayPart: String, Sendable, Hashable, CaseIterable {
    /// 04:00–12:00; with a clock hour, before noon.
    case morning
    /// 12:00–18:00; with a clock hour, after noon.
    case afternoon
    /// 18:00–24:00; with a clock hour, after noon.
    case evening
    /// 22:00–06:00; with a clock hour, 6–11 after noon and 12–5 after midnight.
    case night
    /// "a.m.", 午前: with a clock hour, before noon; alone, nothing.
    case am
    /// "p.m.", 午後: with a clock hour, after noon; alone, nothing.
    case pm

    /// The hours the part covers when said without a clock time (end exclusive, may pass 24).
    var hours: Range<Int>? {
        switch self {
        case .morning: 4..<12
        case .afternoon: 12..<18
        case .evening: 18..<24
        case .night: 22..<30
        case .am, .pm: nil
        }
    }
}

/// A calendar period relative to now: "next week", 来月, "this weekend".
public enum CalendarPeriod: String, Sendable, Hashable, CaseIterable {
    case week, month, year, weekend
}

/// What a word or phrase means to the date-and-time reader. In the data files each meaning
/// is written as its name and arguments: `day 1`, `unit minute 15`, `past 30`.
public enum Meaning: Sendable, Hashable {
    /// `day N`: a day relative to today ("tomorrow": day 1, "anteayer": day -2).
    case day(Int)
    /// `weekday N`: Monday 1 … Sunday 7.
    case weekday(Int)
    /// `month N`: January 1 … December 12.
    case month(Int)
    /// `number N`: a number ICU does not spell ("a", "an", 两, "anderthalb" 1.5).
    case number(Double)
    /// A year in words as ICU spells it ("twenty twenty-eight", "dos mil veintiocho",
    /// 二千二十八): added by the reader for the years ``DateTimeLexicon/spelledYears``, read
    /// only where a year may stand (after a date, before 年), never as a count or an hour
    /// ("at nineteen thirty" stays 19:30). Not written in the data files.
    case year(Int)
    /// `unit G [N]`: a unit of time (second … year), N of it ("Viertelstunde": unit minute 15).
    case unit(DateTimeGrain, Int)
    /// `period P N`: a calendar period N away (来週: period week 1, 今週末: period weekend 0).
    case period(CalendarPeriod, Int)
    /// `weekend`: the weekend (this one, unless a relation says otherwise).
    case weekend
    /// `next`, `this`, `last`: a relation to now (1, 0, -1).
    case relation(Int)
    /// `hour-mark`: says the number before is a clock hour ("o'clock", Uhr, heures, h, 時, 点).
    case hourMark
    /// `minute-mark`: says the number before is minutes of a clock time (分).
    case minuteMark
    /// `month-mark`: says the number before is a month (月).
    case monthMark
    /// `day-mark`: says the number before is a day of the month (日, 号).
    case dayMark
    /// `year-mark`: says the number before is a year (年).
    case yearMark
    /// `day-part P [N]`: a part of the day, on day N when the word names one ("tonight":
    /// day-part evening 0).
    case dayPart(DayPart, Int?)
    /// `clock H:MM`: a clock time in a word ("noon": clock 12:00, "minuit": clock 0:00).
    case clock(hour: Int, minute: Int)
    /// `past [N]`: N minutes past the hour that follows ("half past": past 30); without N,
    /// the number before ("twenty past seven").
    case past(Int?)
    /// `to [N]`: N minutes to the hour that follows ("quarter to": to 15, "halb": to 30);
    /// without N, the number before ("ten to six").
    case to(Int?)
    /// `plus [N]`: N minutes after the hour before ("y media": plus 30, 半: plus 30); without
    /// N, the number after ("ocho y diez").
    case plus(Int?)
    /// `minus [N]`: N minutes before the hour before ("menos cuarto": minus 15); without N,
    /// the number after ("huit heures moins dix").
    case minus(Int?)
    /// `half`: half of the quantity ("half an hour", "media hora", "eine halbe Stunde").
    case half
    /// `and-half`: a half more ("an hour and a half", 1時間半, 一个半小时).
    case andHalf
    /// `classifier`: a counter word between a number and a unit (个).
    case classifier
    /// `at`: introduces a clock time, so a bare number after it is an hour ("at", um, à, las).
    case at
    /// `filler`: may stand before or inside an expression and belongs to its span ("the", "of", "am").
    case filler
    /// `joiner`: stands between parts of an expression, never before its first: a particle
    /// that follows the word it marks (の in 明日の朝, 的), so the one before a date belongs to
    /// the word before ("薬を飲むように明後日" reads 明後日, not に明後日).
    case joiner
    /// `from`: opens an interval ("from", von, desde, 从, "between").
    case from
    /// `until`: separates an interval's ends, or opens one with no start ("to", bis, hasta, 到).
    case until
    /// `between`: separates an interval's ends and opens none of its own: a particle that
    /// follows the start it marks (から in 3時から5時まで; the から of "スパークルから昨日" is
    /// "from Sparkle", not "until yesterday").
    case between
    /// `and`: separates an interval's ends after `from` only ("between 3 and 5").
    case and
    /// `end`: closes an interval (まで).
    case end
    /// `later-before`: a quantity after it is a time from now ("in", dans, "dentro de").
    case laterBefore
    /// `later-after`: a quantity before it is a time from now (後, 后, "later").
    case laterAfter
    /// `ago-before`: a quantity after it is a time before now (hace, "il y a", vor).
    case agoBefore
    /// `ago-after`: a quantity before it is a time before now ("ago", 前).
    case agoAfter
    /// `for`: a quantity after it is a duration ("for", pendant, durante).
    case forDuration
    /// `lasting`: a quantity before it is a duration (間, lang).
    case lasting
    /// `ordinal`: an ordinal suffix after digits ("st", "rd", "er", "º").
    case ordinal
    /// `not-a-date`: words that hold date words but say no date ("guten Morgen", 一時停止
    /// "pause", 有一点 "a little"): read as a whole, nothing in them starts a reading.
    case notADate
}
