import Foundation
@testable import Parlance
import Testing

/// A clause said before the request (a reason, a situation) is not part of it: the request
/// after it is read as it would be alone, and no value takes the clause in. A comma inside
/// what the request says (a list of tasks) is no clause end of that kind.
@Suite struct PreambleTests {
    @Test(arguments: [
        // Before: "Ich bin fertig" as the workout's name (unsupported), not understood at 0.40.
        ("Ich bin fertig, beende das Training in Excite Yoga", "de", "INEndWorkoutIntent", "workoutName", nil as String?),
        // Before: "bigger car can XL" as the ride option (unsupported), not understood.
        ("I need a bigger car, can RideNow send me an XL", "en", "INRequestRideIntent", "rideOptionName", "XL"),
        // Before: 疲れた ("I'm tired") as the workout's name.
        ("疲れた、Excite Yogaでヨガを終わりにして", "ja", "INEndWorkoutIntent", "workoutName", "ヨガ"),
    ])
    func theClauseBeforeTheRequestIsNoValue(request: String, language: String, intent: String, parameter: String, value: String?) throws {
        let engine = try EngineFixture.engine
        for given in [language, nil] {
            let result = engine.parse(request, language: given)
            let best = try #require(result.best, "\(request)")
            #expect(best.intent.name == intent, "\(request)")
            #expect(result.understood, "\(request): \(best.confidence)")
            let values = best.parameter(parameter)?.values ?? []
            if let value {
                #expect(values.map(\.value) == [.string(value)], "\(request): \(values)")
            } else {
                #expect(values.isEmpty, "\(request): \(values)")
            }
        }
    }

    /// Commas inside what the request says stay in it: the tasks of a list, a message.
    @Test func aCommaInsideTheRequestIsNoClauseEnd() throws {
        let engine = try EngineFixture.engine
        let tasks = try #require(engine.parse("Remind me to buy milk, eggs and bread with Jotter", language: "en").best)
        #expect(tasks.intent.name == "INAddTasksIntent")
        #expect(tasks.parameter("taskTitles")?.values.first?.value == .string("buy milk eggs"))
        let message = try #require(engine.parse("Send Travis a message with Commander saying hi, see you soon", language: "en").best)
        #expect(message.parameter("content")?.values.first?.value == .string("hi see you soon"))
    }

    /// Where a clause may end: after a word, before the last word, at most two, never past a
    /// name, an item or a date the request says (`kept`); a colon introduces what is said.
    @Test func clauseEnds() {
        #expect(Preamble.ends(in: "Ich bin fertig, beende das Training", keeping: []) == [15])
        #expect(Preamble.ends(in: "Ugh. So tired, really, stop it", keeping: []) == [4, 14])
        #expect(Preamble.ends(in: "Schreib auf: Reifenwechsel", keeping: []).isEmpty)
        #expect(Preamble.ends(in: "Brewly, is my coffee ready?", keeping: [0..<6]).isEmpty)
        #expect(Preamble.ends(in: ", stop it", keeping: []).isEmpty)
        #expect(Preamble.ends(in: "stop it.", keeping: []).isEmpty)
        #expect(Preamble.ends(in: "疲れた、ヨガを終わりにして", keeping: []) == [4])
        #expect(Preamble.letters(of: "Ich bin fertig, beende", before: 15) == 12)
    }
}
