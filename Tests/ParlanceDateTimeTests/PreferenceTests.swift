import ParlanceText
import Testing
@testable import ParlanceDateTime

/// Past preference (a search of photos or messages): a day or time that does not pin itself
/// down is the last one at or before the reference moment; what does pin itself down
/// ("tomorrow", "next Monday") reads the same either way.
@Suite struct PreferenceTests {
    /// Wednesday, 10 June 2026, 10:00.
    static let wednesday = LocalDateTime(year: 2026, month: 6, day: 10, hour: 10)!

    static func value(_ tag: String, _ text: String, _ preference: DateTimePreference) -> String? {
        Readers.reader(tag).read(text, now: wednesday, preferring: preference).first?.value.iso
    }

    @Test(arguments: [
        ("en", "Monday", "2026-06-15", "2026-06-08"),
        ("en", "on Wednesday", "2026-06-17", "2026-06-03"),
        ("en", "this Friday", "2026-06-12", "2026-06-05"),
        ("en", "June 3rd", "2027-06-03", "2026-06-03"),
        ("de", "am 3. Juni", "2027-06-03", "2026-06-03"),
        ("en", "December 3rd", "2026-12-03", "2025-12-03"),
        ("en", "at 8", "2026-06-10T20:00", "2026-06-10T08:00"),
        ("en", "at 11", "2026-06-10T11:00", "2026-06-09T23:00"),
        ("de", "am Montag", "2026-06-15", "2026-06-08"),
        ("fr", "lundi", "2026-06-15", "2026-06-08"),
        ("es", "el lunes", "2026-06-15", "2026-06-08"),
        ("ja", "月曜日", "2026-06-15", "2026-06-08"),
        ("zh-Hans", "星期一", "2026-06-15", "2026-06-08"),
        // Pinned down: the same either way.
        ("en", "tomorrow", "2026-06-11", "2026-06-11"),
        ("en", "yesterday", "2026-06-09", "2026-06-09"),
        ("en", "next Monday", "2026-06-15", "2026-06-15"),
        ("en", "last Monday", "2026-06-01", "2026-06-01"),
    ])
    func preference(_ tag: String, _ text: String, _ future: String, _ past: String) {
        #expect(Self.value(tag, text, .future) == future, "future: \(text)")
        #expect(Self.value(tag, text, .past) == past, "past: \(text)")
    }

    @Test func aLeapDayLooksBackToTheLastLeapYear() {
        #expect(Self.value("en", "February 29th", .past) == "2024-02-29")
        #expect(Self.value("en", "February 29th", .future) == "2028-02-29")
    }

    /// A number before a part of the day that names its day is not an hour: a party size
    /// ("a table for four tonight"); before a plain part of the day it is.
    @Test(arguments: [
        ("en", "a table for four tonight", "tonight"),
        ("es", "mesa para cuatro esta noche", "esta noche"),
        ("fr", "une table pour quatre ce soir", "ce soir"),
        ("en", "at 8 in the evening", "at 8 in the evening"),
        ("es", "ocho de la mañana", "ocho de la mañana"),
        ("en", "3 pm", "3 pm"),
    ])
    func aNumberBeforeAPartOfTheDay(_ tag: String, _ text: String, _ read: String) {
        #expect(Readers.reader(tag).read(text, now: Self.wednesday).map(\.text) == [read])
    }

    @Test func minutesInWordsDoNotFollowAnHourInDigits() {
        // "einen" is the article of "einen Tisch", not one minute past seven.
        let matches = Readers.reader("de").read("morgen um 19 Uhr einen Tisch für vier", now: Self.wednesday)
        #expect(matches.map(\.text) == ["morgen um 19 Uhr"])
        #expect(matches.first?.value.iso == "2026-06-11T19:00")
    }
}
