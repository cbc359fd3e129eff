import Testing
@testable import ParlanceDateTime

/// The calendar arithmetic against a naive reference that counts days month by month.
@Suite struct LocalDateTimeTests {
    /// Every day from 1600 to 2400 in order: day numbers go up by one, weekdays cycle, and
    /// a day number converts back to its date.
    @Test func dayNumbersMatchCountingEveryDay() {
        var expected = LocalDateTime(year: 1600, month: 1, day: 1)!.dayNumber
        var weekday = LocalDateTime(year: 1600, month: 1, day: 1)!.weekday
        for year in 1600...2400 {
            for month in 1...12 {
                for day in 1...LocalDateTime.daysIn(month: month, year: year) {
                    let date = LocalDateTime(year: year, month: month, day: day)!
                    #expect(date.dayNumber == expected)
                    #expect(date.weekday == weekday)
                    #expect(LocalDateTime(dayNumber: expected) == date)
                    expected += 1
                    weekday = weekday % 7 + 1
                }
            }
        }
        #expect(LocalDateTime(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDateTime(year: 2026, month: 11, day: 28)!.weekday == 6)
    }

    @Test func impossibleMomentsDoNotExist() {
        #expect(LocalDateTime(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDateTime(year: 2028, month: 2, day: 29) != nil)
        #expect(LocalDateTime(year: 1900, month: 2, day: 29) == nil)
        #expect(LocalDateTime(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalDateTime(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDateTime(year: 2026, month: 1, day: 1, hour: 25) == nil)
        #expect(LocalDateTime(iso: "2026-02-30T10:00:00") == nil)
        #expect(LocalDateTime(iso: "2026-11-28T10:00:00") == LocalDateTime(year: 2026, month: 11, day: 28, hour: 10))
        #expect(LocalDateTime(iso: "2026-11-28") == LocalDateTime(year: 2026, month: 11, day: 28))
        #expect(LocalDateTime(iso: "28.11.2026") == nil)
    }

    @Test func arithmeticStaysInRange() {
        let now = LocalDateTime(year: 2026, month: 1, day: 31, hour: 12)!
        #expect(now.adding(months: 1) == LocalDateTime(year: 2026, month: 2, day: 28, hour: 12))
        #expect(now.adding(months: -2) == LocalDateTime(year: 2025, month: 11, day: 30, hour: 12))
        #expect(now.adding(days: .max) == nil)
        #expect(now.adding(seconds: .min) == nil)
        #expect(now.adding(months: 100_000_000) == nil)
        #expect(now.adding(seconds: 12 * 3_600) == LocalDateTime(year: 2026, month: 2, day: 1))
        #expect(LocalDateTime(year: 9999, month: 12, day: 31)!.adding(days: 1) == nil)
    }
}
