import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceDateTime

/// The same expression read at many reference moments keeps its meaning, and the six
/// languages agree on what they all say.
@Suite struct ReferenceMomentPropertyTests {
    /// Random moments between 1990 and 2090, seeded.
    static func moments(_ count: Int, seed: UInt64) -> [LocalDateTime] {
        var generator = SeededGenerator(seed: seed)
        let first = LocalDateTime(year: 1990, month: 1, day: 1)!.dayNumber
        return (0..<count).map { _ in
            LocalDateTime(dayNumber: first + generator.next(below: 36_500), hour: generator.next(below: 24),
                          minute: generator.next(below: 60), second: generator.next(below: 60))!
        }
    }

    static func moment(_ matches: [DateTimeMatch]) -> DateTimeMoment? {
        guard matches.count == 1, case .moment(let moment) = matches[0].value else { return nil }
        return moment
    }

    /// The same meaning in every language (French "une heure et demie" alone is also 1:30, so
    /// the duration says "pendant"): each must read to the same value at every moment.
    static let sameMeaning: [[(String, String)]] = [
        [("en", "tomorrow"), ("de", "morgen"), ("fr", "demain"), ("es", "mañana"), ("ja", "明日"), ("zh-Hans", "明天")],
        [("en", "the day after tomorrow"), ("de", "übermorgen"), ("fr", "après-demain"), ("es", "pasado mañana"), ("ja", "明後日"), ("zh-Hans", "后天")],
        [("en", "in 20 minutes"), ("de", "in zwanzig Minuten"), ("fr", "dans vingt minutes"), ("es", "dentro de veinte minutos"),
         ("ja", "20分後"), ("zh-Hans", "二十分钟后")],
        [("en", "in 3 days"), ("de", "in drei Tagen"), ("fr", "dans trois jours"), ("es", "dentro de tres días"), ("ja", "3日後"), ("zh-Hans", "三天后")],
        [("en", "at 7:30 pm"), ("de", "um 19:30 Uhr"), ("fr", "à dix-neuf heures trente"), ("es", "a las siete y media de la tarde"),
         ("ja", "午後7時半"), ("zh-Hans", "晚上七点半")],
        [("en", "december 3rd"), ("de", "3. Dezember"), ("fr", "le 3 décembre"), ("es", "el 3 de diciembre"), ("ja", "12月3日"), ("zh-Hans", "12月3号")],
        [("en", "next monday"), ("de", "nächsten Montag"), ("fr", "lundi prochain"), ("es", "el próximo lunes"), ("ja", "来週の月曜日"), ("zh-Hans", "下周一")],
        [("en", "next week"), ("de", "nächste Woche"), ("fr", "la semaine prochaine"), ("es", "la semana que viene"), ("ja", "来週"), ("zh-Hans", "下周")],
        [("en", "an hour and a half"), ("de", "anderthalb Stunden"), ("fr", "pendant une heure et demie"), ("es", "una hora y media"),
         ("ja", "1時間半"), ("zh-Hans", "一个半小时")],
    ]

    @Test func theLanguagesAgreeAtEveryMoment() {
        for now in Self.moments(150, seed: 42) {
            for group in Self.sameMeaning {
                let readings = group.map { tag, text in Readers.reader(tag).read(text, now: now).map(\.value) }
                for (index, reading) in readings.enumerated() {
                    #expect(reading.count == 1 && reading == readings[0], "\(group[index]) at \(now): \(reading) vs \(group[0]): \(readings[0])")
                }
            }
        }
    }

    @Test func anExpressionKeepsItsMeaningAtEveryMoment() {
        let reader = Readers.reader("en")
        for now in Self.moments(400, seed: 7) {
            let today = now.startOfDay
            #expect(Self.moment(reader.read("tomorrow", now: now))?.value == today.adding(days: 1))
            #expect(Self.moment(reader.read("in 20 minutes", now: now))?.value == now.adding(seconds: 1_200))
            // A clock time with its part of the day: the next 20:00, within a day.
            if let time = Self.moment(reader.read("at 8 pm", now: now))?.value {
                #expect(time >= now && time.hour == 20 && time.minute == 0)
                #expect(time.secondsSinceEpoch - now.secondsSinceEpoch < 86_400)
            } else {
                Issue.record("'at 8 pm' not read at \(now)")
            }
            // A weekday: the next one, 1 to 7 days ahead.
            if let monday = Self.moment(reader.read("monday", now: now))?.value {
                let ahead = monday.dayNumber - today.dayNumber
                #expect(monday.weekday == 1 && (1...7).contains(ahead), "monday at \(now): \(monday)")
            } else {
                Issue.record("'monday' not read at \(now)")
            }
            // A date: the next December 3rd, today included.
            if let date = Self.moment(reader.read("december 3rd", now: now))?.value {
                #expect(date.month == 12 && date.day == 3 && date >= today && date.year - now.year <= 1)
            } else {
                Issue.record("'december 3rd' not read at \(now)")
            }
            // Next week: Monday to Monday, starting 1 to 7 days ahead.
            if case .interval(let from?, let to?) = reader.read("next week", now: now).first?.value {
                #expect(from.value.weekday == 1 && (1...7).contains(from.value.dayNumber - today.dayNumber))
                #expect(to.value.dayNumber - from.value.dayNumber == 7)
            } else {
                Issue.record("'next week' not read at \(now)")
            }
            // An ambiguous hour: the first of 8:00 and 20:00 at or after now.
            if let time = Self.moment(reader.read("at 8", now: now))?.value {
                #expect(time >= now && (time.hour == 8 || time.hour == 20))
                #expect(time.secondsSinceEpoch - now.secondsSinceEpoch <= 12 * 3_600)
            } else {
                Issue.record("'at 8' not read at \(now)")
            }
        }
    }

    @Test func readingATokenizedUtteranceAgreesWithReadingItsText() throws {
        for (tag, text) in [("en", "remind me tomorrow at half past seven for 30 minutes"), ("de", "morgen um halb sieben"),
                            ("ja", "明日の朝8時にタクシーを呼んで"), ("zh-Hans", "提醒我下周一下午三点开会")] {
            let reader = Readers.reader(tag)
            let tokenized = try Tokenizer(language: Language(tag)).tokenize(text)
            #expect(reader.read(tokenized, now: saturday) == reader.read(text, now: saturday))
        }
    }
}
