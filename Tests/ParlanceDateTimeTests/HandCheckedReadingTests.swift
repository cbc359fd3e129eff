import Testing
@testable import ParlanceDateTime

/// Readings checked by hand, alone and inside requests, at Saturday 2026-11-28 10:00.
@Suite struct HandCheckedReadingTests {
    @Test func english() {
        let cases: [(String, [String])] = [
            ("Book a table for four ⟦tomorrow at half past seven⟧", ["2026-11-29T07:30:00/minute?"]),
            ("⟦tomorrow⟧", ["2026-11-29T00:00:00/day"]),
            ("⟦the day after tomorrow⟧", ["2026-11-30T00:00:00/day"]),
            ("call mom ⟦next Monday⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦8 in the evening⟧", ["2026-11-28T20:00:00/hour"]),
            ("remind me ⟦at 7:30pm on friday⟧", ["2026-12-04T19:30:00/minute"]),
            ("⟦twenty past seven⟧", ["2026-11-28T19:20:00/minute?"]),
            ("⟦ten to six⟧", ["2026-11-28T17:50:00/minute?"]),
            ("⟦quarter to eight in the morning⟧", ["2026-11-29T07:45:00/minute"]),
            ("⟦noon⟧", ["2026-11-28T12:00:00/hour"]),
            ("⟦at 12 noon⟧", ["2026-11-28T12:00:00/hour"]),
            ("⟦at seven thirty pm⟧", ["2026-11-28T19:30:00/minute"]),
            ("⟦june twenty first⟧", ["2027-06-21T00:00:00/day"]),
            ("⟦midnight⟧", ["2026-11-29T00:00:00/hour"]),
            ("⟦December 3rd⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦the third of december⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦in 20 minutes⟧", ["2026-11-28T10:20:00/second"]),
            ("⟦in two hours⟧", ["2026-11-28T12:00:00/second"]),
            ("⟦3 days ago⟧", ["2026-11-25T00:00:00/day"]),
            ("set a timer ⟦for 30 minutes⟧", ["30 minute"]),
            ("⟦half an hour⟧", ["30 minute"]),
            ("⟦an hour and a half⟧", ["90 minute"]),
            ("what's ⟦on this weekend⟧", ["2026-11-28T00:00:00/day–2026-11-30T00:00:00/day"]),
            ("⟦next week⟧", ["2026-11-30T00:00:00/day–2026-12-07T00:00:00/day"]),
            ("⟦tonight⟧", ["2026-11-28T18:00:00/hour–2026-11-29T00:00:00/hour"]),
            ("⟦tomorrow morning⟧", ["2026-11-29T04:00:00/hour–2026-11-29T12:00:00/hour"]),
            ("book it ⟦from 3 to 5 pm⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour"]),
            ("good morning, I have a car and one dog", []),
            ("I want to buy a house", []),
        ]
        for (text, expected) in cases { expectReadings("en", text, expected) }
    }

    @Test func german() {
        let cases: [(String, [String])] = [
            ("Erinnere mich ⟦morgen um halb sieben⟧ an den Müll", ["2026-11-29T06:30:00/minute?"]),
            ("⟦übermorgen⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦viertel nach sechs⟧", ["2026-11-28T18:15:00/minute?"]),
            ("⟦viertel vor acht⟧", ["2026-11-28T19:45:00/minute?"]),
            ("Termin ⟦am 3. Dezember⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦in zwei Stunden⟧", ["2026-11-28T12:00:00/second"]),
            ("⟦anderthalb Stunden⟧", ["90 minute"]),
            ("⟦eine halbe Stunde⟧", ["30 minute"]),
            ("⟦von 15 bis 17 Uhr⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour"]),
            ("⟦nächsten Montag um 19 Uhr⟧", ["2026-11-30T19:00:00/hour"]),
            ("⟦heute Abend⟧", ["2026-11-28T18:00:00/hour–2026-11-29T00:00:00/hour"]),
            ("⟦dieses Wochenende⟧", ["2026-11-28T00:00:00/day–2026-11-30T00:00:00/day"]),
            ("⟦um 8 Uhr abends⟧", ["2026-11-28T20:00:00/hour"]),
            ("⟦vor zwei Tagen⟧", ["2026-11-26T00:00:00/day"]),
            ("⟦20:30 Uhr⟧", ["2026-11-28T20:30:00/minute"]),
            ("kannst du mir ⟦morgen⟧ helfen", ["2026-11-29T00:00:00/day"]),
            ("⟦am Freitag Abend⟧", ["2026-12-04T18:00:00/hour–2026-12-05T00:00:00/hour"]),
            ("⟦zwei Stunden lang⟧", ["2 hour"]),
            ("⟦am ersten Januar⟧", ["2027-01-01T00:00:00/day"]),
            ("acht Leute", []),
        ]
        for (text, expected) in cases { expectReadings("de", text, expected) }
    }

    @Test func french() {
        let cases: [(String, [String])] = [
            ("réserve pour ⟦demain à vingt heures⟧", ["2026-11-29T20:00:00/hour"]),
            ("⟦midi⟧", ["2026-11-28T12:00:00/hour"]),
            ("⟦minuit⟧", ["2026-11-29T00:00:00/hour"]),
            ("⟦le 3 décembre⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦le 1er janvier⟧", ["2027-01-01T00:00:00/day"]),
            ("rappelle-moi ⟦dans deux heures⟧", ["2026-11-28T12:00:00/second"]),
            ("⟦à huit heures et demie⟧", ["2026-11-28T20:30:00/minute?"]),
            ("⟦huit heures moins le quart⟧", ["2026-11-28T19:45:00/minute?"]),
            ("⟦la semaine prochaine⟧", ["2026-11-30T00:00:00/day–2026-12-07T00:00:00/day"]),
            ("⟦lundi prochain⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦pendant une heure et demie⟧", ["90 minute"]),
            ("⟦19h30⟧", ["2026-11-28T19:30:00/minute"]),
            ("⟦ce soir⟧", ["2026-11-28T18:00:00/hour–2026-11-29T00:00:00/hour"]),
            ("⟦demain à 8 heures du matin⟧", ["2026-11-29T08:00:00/hour"]),
        ]
        for (text, expected) in cases { expectReadings("fr", text, expected) }
    }

    @Test func spanish() {
        let cases: [(String, [String])] = [
            ("pide un taxi para ⟦mañana a las ocho de la mañana⟧", ["2026-11-29T08:00:00/hour"]),
            ("⟦a las ocho y media⟧", ["2026-11-28T20:30:00/minute?"]),
            ("⟦a las nueve menos cuarto⟧", ["2026-11-28T20:45:00/minute?"]),
            ("⟦el 3 de diciembre⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦dentro de dos horas⟧", ["2026-11-28T12:00:00/second"]),
            ("⟦el próximo lunes⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦de 3 a 5 de la tarde⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour"]),
            ("⟦media hora⟧", ["30 minute"]),
            ("⟦una hora y media⟧", ["90 minute"]),
            ("⟦la semana que viene⟧", ["2026-11-30T00:00:00/day–2026-12-07T00:00:00/day"]),
            ("⟦hace tres días⟧", ["2026-11-25T00:00:00/day"]),
            ("⟦pasado mañana⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦mediodía⟧", ["2026-11-28T12:00:00/hour"]),
        ]
        for (text, expected) in cases { expectReadings("es", text, expected) }
    }

    @Test func japanese() {
        let cases: [(String, [String])] = [
            ("⟦明日の朝8時⟧にタクシーを呼んで", ["2026-11-29T08:00:00/hour"]),
            ("⟦午後7時半⟧", ["2026-11-28T19:30:00/minute"]),
            ("⟦12月3日⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦十二月三日⟧に会議", ["2026-12-03T00:00:00/day"]),
            ("⟦3日後⟧", ["2026-12-01T00:00:00/day"]),
            ("⟦来週の月曜日⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦1時間半⟧", ["90 minute"]),
            ("⟦明後日⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦3時から5時まで⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour?"]),
            ("⟦30分後⟧に起こして", ["2026-11-28T10:30:00/second"]),
            ("⟦今週末⟧", ["2026-11-28T00:00:00/day–2026-11-30T00:00:00/day"]),
            ("⟦八時十五分⟧", ["2026-11-28T20:15:00/minute?"]),
            ("⟦2027年12月3日⟧", ["2027-12-03T00:00:00/day"]),
            ("⟦金曜日の夜⟧", ["2026-12-04T18:00:00/hour–2026-12-05T00:00:00/hour"]),
            ("⟦あさっての午後2時⟧", ["2026-11-30T14:00:00/hour"]),
            ("⟦2週間後⟧", ["2026-12-12T00:00:00/day"]),
            ("⟦3日間⟧", ["3 day"]),
        ]
        for (text, expected) in cases { expectReadings("ja", text, expected) }
    }

    @Test func chinese() {
        let cases: [(String, [String])] = [
            ("提醒我⟦下周一下午三点⟧开会", ["2026-11-30T15:00:00/hour"]),
            ("⟦晚上七点半⟧", ["2026-11-28T19:30:00/minute"]),
            ("⟦三点一刻⟧", ["2026-11-28T15:15:00/minute?"]),
            ("⟦三天后⟧", ["2026-12-01T00:00:00/day"]),
            ("⟦一个半小时⟧", ["90 minute"]),
            ("⟦后天⟧", ["2026-11-30T00:00:00/day"]),
            ("⟦12月3号⟧", ["2026-12-03T00:00:00/day"]),
            ("⟦两个小时后⟧", ["2026-11-28T12:00:00/second"]),
            ("⟦从三点到五点⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour?"]),
            ("⟦下午三点到五点⟧", ["2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour"]),
            ("⟦这个周末⟧", ["2026-11-28T00:00:00/day–2026-11-30T00:00:00/day"]),
            ("⟦下个月⟧", ["2026-12-01T00:00:00/day–2027-01-01T00:00:00/day"]),
            ("⟦半小时⟧", ["30 minute"]),
            ("⟦明天早上八点⟧叫我", ["2026-11-29T08:00:00/hour"]),
            ("⟦星期六上午十点⟧", ["2026-12-05T10:00:00/hour"]),
            ("⟦后天晚上⟧", ["2026-11-30T18:00:00/hour–2026-12-01T00:00:00/hour"]),
            ("⟦三个月后⟧", ["2027-02-28T00:00:00/day"]),
            ("我有三个孩子", []),
        ]
        for (text, expected) in cases { expectReadings("zh-Hans", text, expected) }
    }
}
