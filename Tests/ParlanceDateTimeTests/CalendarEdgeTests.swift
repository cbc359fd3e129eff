import Testing
@testable import ParlanceDateTime

/// Ambiguous hours, month ends, leap days and year ends.
@Suite struct CalendarEdgeTests {
    @Test func ambiguousHoursTakeTheFirstAtOrAfterNow() {
        // At 10:00, "at 8" is tonight; at 07:00 this morning; at 21:00 tomorrow morning.
        expectReadings("en", "⟦at 8⟧", ["2026-11-28T20:00:00/hour?"])
        expectReadings("en", "⟦at 8⟧", ["2026-11-28T08:00:00/hour?"], now: LocalDateTime(year: 2026, month: 11, day: 28, hour: 7)!)
        expectReadings("en", "⟦at 8⟧", ["2026-11-29T08:00:00/hour?"], now: LocalDateTime(year: 2026, month: 11, day: 28, hour: 21)!)
        // A day said outright: the first of the two on that day.
        expectReadings("en", "⟦tomorrow at 8⟧", ["2026-11-29T08:00:00/hour?"])
        // On a later day, 1–5 is the afternoon: few requests are for the small hours.
        expectReadings("en", "⟦next tuesday at 3⟧", ["2026-12-01T15:00:00/hour?"])
        expectReadings("de", "⟦morgen um halb sechs⟧", ["2026-11-29T17:30:00/minute?"])
        // A part of the day or a 24-hour hour settles it.
        expectReadings("en", "⟦at 8 pm⟧", ["2026-11-28T20:00:00/hour"])
        expectReadings("de", "⟦um 20 Uhr⟧", ["2026-11-28T20:00:00/hour"])
        expectReadings("en", "⟦at 08:00⟧", ["2026-11-29T08:00:00/minute"])
        expectReadings("ja", "⟦午前8時⟧", ["2026-11-29T08:00:00/hour"])
        // "12 am" is midnight, "12 pm" noon.
        expectReadings("en", "⟦12 am⟧", ["2026-11-29T00:00:00/hour"])
        expectReadings("en", "⟦12 pm⟧", ["2026-11-28T12:00:00/hour"])
    }

    @Test func monthEnds() {
        let january31 = LocalDateTime(year: 2027, month: 1, day: 31, hour: 9)!
        expectReadings("en", "⟦tomorrow⟧", ["2027-02-01T00:00:00/day"], now: january31)
        expectReadings("en", "⟦in one month⟧", ["2027-02-28T00:00:00/day"], now: january31)
        expectReadings("en", "⟦next month⟧", ["2027-02-01T00:00:00/day–2027-03-01T00:00:00/day"], now: january31)
        expectReadings("de", "⟦in 3 Tagen⟧", ["2027-02-03T00:00:00/day"], now: january31)
        // April has no 31st: not read, and nothing inside it either.
        expectReadings("en", "the 31st of April", [], now: january31)
        expectReadings("fr", "le 31 avril", [], now: january31)
    }

    @Test func leapDays() {
        let nonLeap = LocalDateTime(year: 2026, month: 3, day: 1)!
        expectReadings("en", "⟦February 29th⟧", ["2028-02-29T00:00:00/day"], now: nonLeap)
        expectReadings("ja", "2027年2月29日", [], now: nonLeap)
        expectReadings("de", "⟦29. Februar 2028⟧", ["2028-02-29T00:00:00/day"], now: nonLeap)
        let february28 = LocalDateTime(year: 2028, month: 2, day: 28, hour: 23, minute: 30)!
        expectReadings("en", "⟦tomorrow⟧", ["2028-02-29T00:00:00/day"], now: february28)
        expectReadings("en", "⟦in 1 hour⟧", ["2028-02-29T00:30:00/second"], now: february28)
        expectReadings("en", "⟦in a year⟧", ["2029-02-28T00:00:00/day"], now: LocalDateTime(year: 2028, month: 2, day: 29)!)
        expectReadings("en", "the 31st of February", [], now: nonLeap)
    }

    @Test func yearEnds() {
        let newYearsEve = LocalDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 30)!
        expectReadings("en", "⟦tomorrow⟧", ["2027-01-01T00:00:00/day"], now: newYearsEve)
        expectReadings("en", "⟦in 45 minutes⟧", ["2027-01-01T00:15:00/second"], now: newYearsEve)
        expectReadings("en", "⟦December 3rd⟧", ["2027-12-03T00:00:00/day"], now: newYearsEve)
        expectReadings("en", "⟦next year⟧", ["2027-01-01T00:00:00/day–2028-01-01T00:00:00/day"], now: newYearsEve)
        expectReadings("en", "⟦next week⟧", ["2027-01-04T00:00:00/day–2027-01-11T00:00:00/day"], now: newYearsEve)
        expectReadings("zh-Hans", "⟦明年⟧", ["2027-01-01T00:00:00/day–2028-01-01T00:00:00/day"], now: newYearsEve)
        expectReadings("en", "⟦from 10 pm to 2 am⟧", ["2026-12-31T22:00:00/hour–2027-01-01T02:00:00/hour"],
                       now: LocalDateTime(year: 2026, month: 12, day: 31, hour: 12)!)
    }

    @Test func ranges() {
        expectReadings("en", "⟦from monday to friday⟧", ["2026-11-30T00:00:00/day–2026-12-05T00:00:00/day"])
        expectReadings("en", "⟦between 3 and 5 pm⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour"])
        expectReadings("en", "⟦tomorrow from 9 am to 11 am⟧", ["2026-11-29T09:00:00/hour–2026-11-29T11:00:00/hour"])
        expectReadings("de", "⟦von Montag bis Mittwoch⟧", ["2026-11-30T00:00:00/day–2026-12-03T00:00:00/day"])
        // A relative day at the end is from now, not from the start.
        expectReadings("en", "⟦from 9 am to 5 pm tomorrow⟧", ["2026-11-29T09:00:00/hour–2026-11-29T17:00:00/hour"])
        // Open at the start.
        expectReadings("en", "⟦until 5 pm⟧", ["nil–2026-11-28T17:00:00/hour"])
        expectReadings("de", "⟦bis morgen⟧", ["nil–2026-11-30T00:00:00/day"])
        expectReadings("es", "⟦hasta las cinco de la tarde⟧", ["nil–2026-11-28T17:00:00/hour"])
        expectReadings("ja", "⟦午後5時まで⟧", ["nil–2026-11-28T17:00:00/hour"])
        expectReadings("en", "set the alarm to ⟦5 pm⟧", ["2026-11-28T17:00:00/hour"])
        // "a" ends an interval only after "de": "mañana a mediodía" is noon tomorrow.
        expectReadings("es", "⟦mañana a mediodía⟧", ["2026-11-29T12:00:00/hour"])
        // Bare numbers are no clock times at either end: only the duration is read.
        expectReadings("en", "from 3 to ⟦5 days⟧", ["5 day"])
    }

    @Test func clockTimesWithAFullStop() {
        expectReadings("de", "⟦um 21.00 Uhr⟧", ["2026-11-28T21:00:00/minute"])
        expectReadings("en", "⟦at 9.30⟧", ["2026-11-28T21:30:00/minute?"])
        // Without "at" or a mark, "3.12." is a date, day first, not a time.
        expectReadings("de", "⟦am 3.12⟧.", ["2026-12-03T00:00:00/day"])
        expectReadings("en", "⟦at 7:30:15⟧", ["2026-11-28T19:30:00/minute?"])
        // A decimal with one digit after its separator is a count.
        expectReadings("en", "⟦in 2.5 hours⟧", ["2026-11-28T12:30:00/second"])
        expectReadings("de", "⟦1,5 Stunden⟧", ["90 minute"])
        expectReadings("en", "at 2.5", [])
        expectReadings("en", "in 1.30 hours", [])
    }

    @Test func badInputIsNotRead() {
        expectReadings("en", "at 25:99", [])
        expectReadings("en", "in 10^100 days", [])
        expectReadings("en", "in 999999999999 days", [])
        expectReadings("en", "in 99999999 days", [])
        expectReadings("de", "um 24:30 Uhr", [])
    }

    @Test func longInputIsReadInBoundedTime() {
        let reader = Readers.reader("en")
        let words = String(repeating: "tomorrow monday at 8 december 3rd in 20 minutes ", count: 125)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let found = reader.read(words, now: saturday)
            #expect(found.count >= 125)
        }
        #expect(elapsed < .seconds(2))
        let long = String(repeating: "a", count: 10_000)
        #expect(reader.read(long, now: saturday).isEmpty)
        let mixed = String(repeating: "lorem ipsum 8 ", count: 800)
        #expect(reader.read(mixed, now: saturday).isEmpty)
        let atAt = String(repeating: "at ", count: 3_000) + "8"
        #expect(reader.read(atAt, now: saturday).count == 1)
    }
}
