import Foundation
import Parlance
import Testing

/// SiriKit's date parameters filled by the date reader, from the user's side: requests to
/// the sample apps in six languages, read against a fixed moment (Wednesday 10 June 2026,
/// 10:00), with the value in ISO form, the span said, and the resolution.
@Suite struct DateTimeParameterTests {
    static let now = LocalDateTime(year: 2026, month: 6, day: 10, hour: 10)!

    struct Expected: Sendable, CustomStringConvertible {
        let language: String
        let utterance: String
        let intent: String
        let parameter: String
        let value: String
        /// The words the value was read from.
        let said: String
        var resolution: Resolution.Kind = .success
        /// Another parameter and its value, to check that the date did not leak into it.
        var other: (name: String, value: String)?

        var description: String { "[\(language)] \(utterance)" }
    }

    static let requests: [Expected] = [
        // A day and a time wherever they stand; the party size stays a party size.
        Expected(language: "en", utterance: "Book a table for four at Luigi's tomorrow at 8pm with TableTime", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-11T20:00", said: "tomorrow at 8pm", other: ("partySize", "4")),
        Expected(language: "de", utterance: "Reservier bei Luigi's für vier Personen heute Abend um 20 Uhr mit TableTime",
                 intent: "INBookRestaurantReservationIntent", parameter: "bookingDateComponents", value: "2026-06-10T20:00",
                 said: "heute Abend um 20 Uhr", other: ("partySize", "4")),
        Expected(language: "fr", utterance: "Réserve une table pour deux chez Luigi demain à vingt heures avec TableTime",
                 intent: "INBookRestaurantReservationIntent", parameter: "bookingDateComponents", value: "2026-06-11T20:00",
                 said: "demain à vingt heures", other: ("partySize", "2")),
        Expected(language: "es", utterance: "Reserva una mesa para cuatro en Casa Lucio esta noche a las nueve", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-10T21:00", said: "esta noche a las nueve", other: ("partySize", "4")),
        Expected(language: "ja", utterance: "明日の夜7時半にルイージで4人予約して", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-11T19:30", said: "明日の夜7時半", other: ("partySize", "4")),
        Expected(language: "zh-Hans", utterance: "明天晚上七点半在海底捞订四个人的位子", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-11T19:30", said: "明天晚上七点半", other: ("partySize", "4")),
        // A time said where free text runs is taken out of it.
        Expected(language: "en", utterance: "Remind me to call the dentist at 5pm tomorrow in Jotter", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-11T17:00", said: "at 5pm tomorrow", other: ("taskTitles", "call the dentist")),
        Expected(language: "zh-Hans", utterance: "提醒我下周一下午三点开会", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-15T15:00", said: "下周一下午三点", other: ("taskTitles", "开会")),
        Expected(language: "en", utterance: "Get me a ride to the airport in 20 minutes with RideNow", intent: "INRequestRideIntent",
                 parameter: "scheduledPickupTime", value: "2026-06-10T10:20:00", said: "in 20 minutes", other: ("dropOffLocation", "the airport")),
        Expected(language: "ja", utterance: "明日の朝8時にタクシーを呼んで", intent: "INRequestRideIntent",
                 parameter: "scheduledPickupTime", value: "2026-06-11T08:00", said: "明日の朝8時"),
        Expected(language: "es", utterance: "Pide un taxi para mañana a las ocho de la mañana con RideNow", intent: "INRequestRideIntent",
                 parameter: "scheduledPickupTime", value: "2026-06-11T08:00", said: "mañana a las ocho de la mañana"),
        // A search of the past reads the last Monday, not the next; an elided "d'hier" is yesterday.
        Expected(language: "en", utterance: "Show me my photos from Monday", intent: "INSearchForPhotosIntent",
                 parameter: "dateCreated", value: "2026-06-08", said: "Monday"),
        Expected(language: "fr", utterance: "Montre-moi les photos d'hier", intent: "INSearchForPhotosIntent",
                 parameter: "dateCreated", value: "2026-06-09", said: "hier"),
        Expected(language: "en", utterance: "Show me messages from last week in Commander", intent: "INSearchForMessagesIntent",
                 parameter: "dateTimeRange", value: "2026-06-01/2026-06-08", said: "last week"),
        // A reservation in the past cannot be made.
        Expected(language: "en", utterance: "Book a table at Luigi's for two yesterday at 8pm", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-09T20:00", said: "yesterday at 8pm", resolution: .unsupported),
        // Free text that is a date alone is the date, not a restaurant's name.
        Expected(language: "es", utterance: "Reserva una mesa con TableTime para ayer a las nueve de la noche", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-09T21:00", said: "ayer a las nueve de la noche", resolution: .unsupported),
        // A date said first, before the request the templates spell (lifted out and given to
        // the intent's date parameter).
        Expected(language: "en", utterance: "Tomorrow at 8pm book me a table for two at Luigi's with TableTime", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-11T20:00", said: "Tomorrow at 8pm", other: ("partySize", "2")),
        Expected(language: "de", utterance: "In einer Stunde bestell mir ein Taxi zum Bahnhof mit RideNow", intent: "INRequestRideIntent",
                 parameter: "scheduledPickupTime", value: "2026-06-10T11:00:00", said: "In einer Stunde", other: ("dropOffLocation", "Bahnhof")),
        Expected(language: "fr", utterance: "Après-demain rappelle-moi avec Jotter d'appeler le plombier", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-12", said: "Après-demain", other: ("taskTitles", "appeler le plombier")),
        Expected(language: "es", utterance: "El viernes por la noche resérvame una mesa para tres en Casa Lucio", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-12T18:00/2026-06-13T00:00", said: "El viernes por la noche",
                 other: ("partySize", "3")),
        Expected(language: "ja", utterance: "明後日Jotterで牛乳を買うってリマインドして", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-12", said: "明後日", other: ("taskTitles", "牛乳を買う")),
        // A date after the task, and "so that" (ように) before リマインド.
        Expected(language: "ja", utterance: "Jotterで薬を飲むように明後日の8時にリマインドして", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-12T08:00", said: "明後日の8時", other: ("taskTitles", "薬を飲む")),
        // The date first and the app's name inside the rest: both lifted.
        Expected(language: "en", utterance: "Friday evening remind me with Jotter to water the plants", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-12T18:00/2026-06-13T00:00", said: "Friday evening",
                 other: ("taskTitles", "water the plants")),
        // The words around an app's name lifted with it never take the time's: 明天早上八点 stays whole.
        Expected(language: "zh-Hans", utterance: "明天早上八点用RideNow叫车去机场", intent: "INRequestRideIntent",
                 parameter: "scheduledPickupTime", value: "2026-06-11T08:00", said: "明天早上八点", other: ("dropOffLocation", "机场")),
        // A French elided article, whichever apostrophe is typed: "un quart d’heure".
        Expected(language: "fr", utterance: "Commande un taxi pour la gare dans un quart d’heure", intent: "INRequestRideIntent",
                 parameter: "scheduledPickupTime", value: "2026-06-10T10:15:00", said: "dans un quart d’heure"),
        // The 下 of 查一下 ("have a look") does not make tonight tomorrow night.
        Expected(language: "zh-Hans", utterance: "用TableTime查一下今天晚上路易吉还有没有空位", intent: "INGetAvailableRestaurantReservationBookingsIntent",
                 parameter: "preferredBookingDateComponents", value: "2026-06-10T18:00/2026-06-11T00:00", said: "今天晚上"),
        // The particle of a German verb split around the request ends the task's free text
        // after the date: the date is the trigger, the particle neither's.
        Expected(language: "de", utterance: "Leg in Jotter die Aufgabe Müll rausbringen für übermorgen um neun an", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-12T09:00", said: "übermorgen um neun", other: ("taskTitles", "Müll rausbringen")),
        // The particle after a date said first is the date's, not the task's.
        Expected(language: "ja", utterance: "明日の朝に「卵を買う」をJotterの買い物リストに追加して", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-11T04:00/2026-06-11T12:00", said: "明日の朝", other: ("taskTitles", "卵を買う")),
        // A weekday after the date it falls on is part of it; 12 on a later day is noon.
        Expected(language: "ja", utterance: "6月13日土曜日の午後6時に焼肉まるやまを3名で予約したい TableTimeで", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-13T18:00", said: "6月13日土曜日の午後6時", other: ("partySize", "3")),
        Expected(language: "en", utterance: "Book a table for two at Luigi's on Sunday at 12 with TableTime", intent: "INBookRestaurantReservationIntent",
                 parameter: "bookingDateComponents", value: "2026-06-14T12:00", said: "on Sunday at 12", other: ("partySize", "2")),
        // Words of the sentence's frame after a date at the end of a list's free text (提醒我,
        // "remind me": two template words in three characters) leave the date out of the list.
        Expected(language: "zh-Hans", utterance: "把买鸡蛋加到Jotter的购物清单里 后天晚上提醒我", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2026-06-12T18:00/2026-06-13T00:00", said: "后天晚上",
                 other: ("targetTaskList", "购物清单")),
        // Years in words.
        Expected(language: "es", utterance: "Recuérdame con Jotter renovar el pasaporte el tres de marzo de dos mil veintiocho", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2028-03-03", said: "el tres de marzo de dos mil veintiocho",
                 other: ("taskTitles", "renovar el pasaporte")),
        Expected(language: "en", utterance: "Remind me in Jotter to renew my passport on March third twenty twenty eight", intent: "INAddTasksIntent",
                 parameter: "temporalEventTrigger", value: "2028-03-03", said: "on March third twenty twenty eight",
                 other: ("taskTitles", "renew my passport")),
    ]

    @Test(arguments: requests)
    func dateParameterIsFilled(_ expected: Expected) throws {
        let engine = try EngineFixture.engine
        let result = engine.parse(expected.utterance, language: expected.language, now: Self.now)
        let best = try #require(result.best, "nothing understood")
        #expect(best.intent.name == expected.intent)
        let values = best.parameter(expected.parameter)?.values ?? []
        try #require(values.count == 1, "\(expected.parameter): \(values.map { $0.value?.description ?? "nil" })")
        let value = values[0]
        #expect(value.value == .string(expected.value))
        #expect(value.match == .dateTime)
        #expect(value.dateTime?.iso == expected.value)
        #expect(value.resolution.kind == expected.resolution, "\(value.resolution)")
        let span = try #require(value.span)
        let scalars = Array(expected.utterance.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[span])) == expected.said)
        if let other = expected.other {
            let said = best.parameter(other.name)?.values.first?.value
            #expect(said.map { "\($0.string ?? $0.description)" } == other.value, "\(other.name): \(String(describing: said))")
        }
    }

    /// Corpora/tests/blind-dates*/requests: requests with dates to the sample apps, written
    /// blind (each set's README), each checked whole, its date value included. blind-dates
    /// is held out; blind-dates-2, -3 and -4 are development sets. The issue's goal is 95%;
    /// each floor is below what the engine got when the set was last measured (held out
    /// 86/100, blind-dates-2 89/90, blind-dates-3 106/120 on 2026-11-29; blind-dates-4, read
    /// on New Year's Eve, 92/120 when it was written and 98/120 after that round, 2026-12-01).
    static let blindFloors = ["blind-dates": 0.82, "blind-dates-2": 0.9, "blind-dates-3": 0.85, "blind-dates-4": 0.78]

    @Test(arguments: ["blind-dates", "blind-dates-2", "blind-dates-3", "blind-dates-4"])
    func blindRequestsWithDates(_ set: String) throws {
        let engine = try EngineFixture.engine
        let tests = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests/\(set)/requests").path)
        #expect(tests.count >= 90)
        var passed: [String: (passed: Int, total: Int)] = [:]
        var failures: [String] = []
        for test in tests {
            #expect(test.now != nil, "\(test.location): no reference moment")
            let problem = test.mismatch(engine.parse(test.utterance, language: test.language, locked: test.locked, now: test.now))
            for key in ["all", test.language] {
                passed[key, default: (0, 0)].total += 1
                if problem == nil { passed[key, default: (0, 0)].passed += 1 }
            }
            if let problem { failures.append("\(test.language) \"\(test.utterance)\": \(problem)") }
        }
        for (key, count) in passed.sorted(by: { $0.key < $1.key }) {
            print(String(format: "%@ requests with dates, %@: %d/%d (%.1f%%)", set, key, count.passed, count.total, 100 * Double(count.passed) / Double(count.total)))
        }
        for failure in failures { print("  ✗ \(set) \(failure)") }
        let all = passed["all"] ?? (0, 1)
        #expect(Double(all.passed) / Double(max(1, all.total)) >= Self.blindFloors[set] ?? 1)
    }

    @Test func aRequiredDateNotSaidNeedsAValue() throws {
        let result = try EngineFixture.engine.parse("Book a table at Luigi's with TableTime", language: "en", now: Self.now)
        let value = try #require(result.best?.parameter("bookingDateComponents")?.values.first)
        #expect(value.resolution.kind == .needsValue)
        #expect(value.value == nil)
    }

    /// No hypothesis, first or not, says a date's words twice: "einer" is the count of "in
    /// einer Woche", not an amount beside a date "Woche"; "Luigi's tonight" is no restaurant
    /// beside the date "tonight at 8".
    @Test(arguments: [
        ("de", "Überweis mit BillPay an Aqua Water in einer Woche"),
        ("en", "Book a table for four at Luigi's tonight at 8 with TableTime"),
        ("fr", "Réserve une table pour quatre chez Paul ce soir à vingt heures avec TableTime"),
        ("es", "Reserva una mesa para dos en Casa Lucio esta noche a las nueve con TableTime"),
    ])
    func noTwoValuesShareADatesWords(_ language: String, _ utterance: String) throws {
        let result = try EngineFixture.engine.parse(utterance, language: language, now: Self.now)
        let scalars = Array(utterance.unicodeScalars)
        for hypothesis in result.hypotheses {
            let said = hypothesis.parameters.flatMap { parameter in
                parameter.values.compactMap { value in value.span.map { (name: parameter.name, span: $0) } }
            }
            for (index, first) in said.enumerated() {
                for second in said[(index + 1)...] where first.name != second.name && first.span.overlaps(second.span) {
                    let one = String(String.UnicodeScalarView(scalars[first.span]))
                    let other = String(String.UnicodeScalarView(scalars[second.span]))
                    Issue.record("\(hypothesis.intent.name): \(first.name) '\(one)' and \(second.name) '\(other)' share words")
                }
            }
        }
    }

    @Test func aMessageKeepsTheTimeItSays() throws {
        // No date parameter to take it: the content is what was said.
        let result = try EngineFixture.engine.parse("Tell Travis I'll be there at 5 using Commander", language: "en", now: Self.now)
        #expect(result.best?.intent.name == "INSendMessageIntent")
        #expect(result.best?.parameter("content")?.values.first?.value == .string("I'll be there at 5"))
    }

    @Test func theReferenceMomentDecides() throws {
        // The same words read at another moment name another day.
        let engine = try EngineFixture.engine
        let utterance = "Book a table for four at Luigi's tomorrow at 8pm with TableTime"
        let later = LocalDateTime(year: 2028, month: 2, day: 28, hour: 23, minute: 30)!
        let value = engine.parse(utterance, language: "en", now: later).best?.parameter("bookingDateComponents")?.values.first?.value
        #expect(value == .string("2028-02-29T20:00"))
    }

    @Test func theJSONShowsTheISOValue() throws {
        let result = try EngineFixture.engine.parse("Show me my photos from Monday", language: "en", now: Self.now)
        let json = try #require(result.best?.json)
        guard case .object(let fields) = json, case .object(let parameters)? = fields["parameters"],
              case .array(let values)? = parameters["dateCreated"], case .object(let value)? = values.first else {
            Issue.record("no dateCreated in \(json)")
            return
        }
        #expect(value["value"] == .string("2026-06-08"))
        #expect(value["match"] == .string("dateTime"))
    }
}
