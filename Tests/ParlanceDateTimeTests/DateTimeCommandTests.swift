import Foundation
import ParlanceTestSupport
import Testing

/// `parlance datetime` as a user runs it.
@Suite(.enabled(if: ParlanceExecutable.url != nil || SharedData.isCI,
                "the parlance executable is not built next to the test bundle; run 'swift build' to include the command tests"))
struct DateTimeCommandTests {
    static func json(_ text: String) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] ?? []
    }

    @Test func printsDucklingShapedJSON() throws {
        let run = try ParlanceExecutable.run(["datetime", "--language", "en", "--now", "2026-11-28T10:00:00", "--json",
                                              "book a table tomorrow at half past seven for two hours from 3 to 5 pm"])
        #expect(run.status == 0, "\(run.stderr)")
        let entities = Self.json(run.stdout)
        try #require(entities.count == 3, "\(run.stdout)")
        #expect(entities[0]["dim"] as? String == "time")
        #expect(entities[0]["body"] as? String == "tomorrow at half past seven")
        #expect(entities[0]["start"] as? Int == 13)
        #expect(entities[0]["end"] as? Int == 40)
        let value = entities[0]["value"] as? [String: Any]
        #expect(value?["type"] as? String == "value")
        #expect(value?["value"] as? String == "2026-11-29T07:30:00")
        #expect(value?["grain"] as? String == "minute")
        #expect(entities[1]["dim"] as? String == "duration")
        let duration = entities[1]["value"] as? [String: Any]
        #expect(duration?["value"] as? Int == 2)
        #expect(duration?["unit"] as? String == "hour")
        #expect((duration?["normalized"] as? [String: Any])?["value"] as? Int == 7_200)
        #expect((duration?["normalized"] as? [String: Any])?["unit"] as? String == "second")
        let interval = entities[2]["value"] as? [String: Any]
        #expect(interval?["type"] as? String == "interval")
        #expect((interval?["from"] as? [String: Any])?["value"] as? String == "2026-11-28T15:00:00")
        #expect((interval?["to"] as? [String: Any])?["value"] as? String == "2026-11-28T17:00:00")
    }

    @Test func printsOneLinePerExpression() throws {
        let run = try ParlanceExecutable.run(["datetime", "-l", "ja", "--now", "2026-11-28T10:00:00", "明日の朝8時にタクシーを呼んで"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "0\t6\ttime\t2026-11-29T08:00:00 (hour)\t明日の朝8時\n")
    }

    @Test func aBadReferenceMomentOrLanguageIsAnError() throws {
        let moment = try ParlanceExecutable.run(["datetime", "-l", "en", "--now", "2026-02-30T10:00:00", "tomorrow"])
        #expect(moment.status == 2)
        #expect(moment.stderr.contains("--now '2026-02-30T10:00:00'"))
        let language = try ParlanceExecutable.run(["datetime", "-l", "sv", "i morgon"])
        #expect(language.status == 2)
        #expect(language.stderr.contains("no date and time vocabulary for language 'sv'"))
    }
}
