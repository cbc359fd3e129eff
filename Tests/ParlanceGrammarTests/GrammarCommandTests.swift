import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// `GrammarCheck` and the `parlance grammar` commands, from the user's side: a corpus on
/// disk with several mistakes, and the real corpus. Text output is golden: re-record only
/// on purpose, after checking it by eye.
struct GrammarCommandTests {
    /// A corpus in a temporary folder: `sentences/en/_common.yaml` and the given files.
    static func corpus(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-grammar-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("sentences/en")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let common = files["_common.yaml"] ?? "language: en\nexpansion_rules:\n  the: \"(the|my)\"\n"
        try common.write(to: folder.appendingPathComponent("_common.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files where name != "_common.yaml" {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return root
    }

    static let broken = [
        "light_HassTurnOn.yaml": """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences:
                      - "turn (on [<the>] {name}"
                      - "switch on <the> {name}"
                      - "turn [on] {name}]"
            """,
        "fan_HassTurnOff.yaml": """
            language: en
            intents:
              HassTurnOff:
                data:
                  - sentences:
                      - "turn off {nmae}"
                      - "turn off <teh> fan"
            """,
    ]

    @Test func everyErrorIsReportedWithItsPlace() throws {
        let root = try Self.corpus(Self.broken)
        defer { try? FileManager.default.removeItem(at: root) }
        // Syntax errors first: both of the first file (the loader stops at the first).
        let syntax = GrammarCheck.errors(corpus: root, language: "en")
        #expect(syntax.map { $0.location?.description ?? "" } == [
            "sentences/en/light_HassTurnOn.yaml:6:37", "sentences/en/light_HassTurnOn.yaml:8:30",
        ])
        #expect(syntax.allSatisfy { if case .templateSyntax = $0.kind { true } else { false } })

        // Fixed, the references: both unknown names of the other file.
        try """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on [<the>] {name}"]
            """.write(to: root.appendingPathComponent("sentences/en/light_HassTurnOn.yaml"), atomically: true, encoding: .utf8)
        let references = GrammarCheck.errors(corpus: root, language: "en")
        #expect(references.map(\.kind) == [.unknownList("nmae"), .unknownRule("teh")])
        #expect(references.first?.description.contains("did you mean 'name'?") == true)
        #expect(GrammarCheck.errors(corpus: root, language: "xx").map(\.kind) == [.missingLanguage("xx")])
    }

    @Test(.enabled(if: SharedData.shouldRun)) func theCorpusChecksClean() throws {
        let corpus = try SharedData.url("corpora/home-assistant-intents")
        // Every sentences folder, whatever the shared copy holds today (it grew from 6 to 25).
        #expect(GrammarCheck.languages(corpus: corpus) == SharedData.homeAssistantLanguages(in: corpus))
        #expect(Set(["de", "en", "es", "fr", "ja", "zh-cn"]).isSubset(of: GrammarCheck.languages(corpus: corpus)))
        for language in ["en", "zh-cn"] { #expect(GrammarCheck.errors(corpus: corpus, language: language).isEmpty) }
    }

    @Test(.enabled(if: SharedData.shouldRun)) func explanationIsGolden() throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: "en")
        let result = evaluation.compiled.match("what is the furnace temprature?", lists: evaluation.lists,
                                               options: MatchOptions(fuzziness: .always, preferredSlot: "name", limit: 2))
        #expect(result.explanation == """
            HassGetState  confidence 0.72
              name          "Furnace"      exact  12..<19  "furnace"
              device_class  "temperature"  fixed
              domain        "sensor"       fixed
              template  sentences/en/sensor_HassGetState.yaml:506:14  <what_is_the_class_of_name>
              ranking   word edits 1, wildcards 0 (0 chars), value edits 0, preferred slot 7 chars, literal 20, requirements met 2, skipped 0, template #235
            HassClimateGetTemperature  confidence 0.72
              name  "Furnace"  exact  12..<19  "furnace"
              template  sentences/en/climate_HassClimateGetTemperature.yaml:18:14  <what_is> <name> [current] <temp>
              ranking   word edits 1, wildcards 0 (0 chars), value edits 0, preferred slot 7 chars, literal 20, requirements met 0, skipped 0, template #16
            
            """)
    }
}

@Suite(.enabled(if: ParlanceExecutable.url != nil || SharedData.isCI,
                "the parlance executable is not built next to the test bundle; run 'swift build' to include the command tests"))
struct GrammarCommandProcessTests {
    @Test func checkPrintsEveryErrorAndExitsWithTwo() throws {
        let root = try GrammarCommandTests.corpus(GrammarCommandTests.broken)
        defer { try? FileManager.default.removeItem(at: root) }
        let (status, stdout, stderr) = try ParlanceExecutable.run(["grammar", "check", root.path])
        #expect(status == 2)
        #expect(stdout == "en: 2 errors\n")
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == """
            sentences/en/light_HassTurnOn.yaml:6:37: unclosed '(' opened at column 19 in "turn (on [<the>] {name}" \
            (at intents.HassTurnOn.data[0].sentences[0]); expected ')' before the end of the template
            """)
    }

    @Test(.enabled(if: SharedData.shouldRun)) func matchPrintsHypothesesAsTextAndJSON() throws {
        let corpus = try SharedData.url("corpora/home-assistant-intents").path
        let arguments = ["grammar", "match", "--grammar", corpus, "--language", "en", "--fixtures", corpus + "/tests/en/_fixtures.yaml"]
        let text = try ParlanceExecutable.run(arguments + ["--context", "area=Kitchen", "turn on the lights"])
        #expect(text.status == 0)
        #expect(text.stdout == """
            HassTurnOn  confidence 1.00
              domain  "light"    fixed
              area    "Kitchen"  context
              template  sentences/en/light_HassTurnOn.yaml:81:14  <turn> on [<the>] <light> [<here>]
              ranking   word edits 0, wildcards 0 (0 chars), value edits 0, literal 15, requirements met 1, skipped 0, template #531

            """)
        let json = try ParlanceExecutable.run(arguments + ["--json", "--limit", "1", "set the bedroom lamp brightness to 50%"])
        #expect(json.status == 0)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let best = try #require((decoded?["hypotheses"] as? [[String: Any]])?.first)
        #expect(best["intent"] as? String == "HassLightSet")
        let slots = try #require(best["slots"] as? [[String: Any]])
        let brightness = try #require(slots.first { $0["name"] as? String == "brightness" })
        #expect(brightness["value"] as? Int == 50 && brightness["start"] as? Int == 35 && brightness["end"] as? Int == 37)
        #expect(brightness["kind"] as? String == "number")
        let none = try ParlanceExecutable.run(arguments + ["blah blah"])
        #expect(none.status == 1 && none.stdout == "no match\n")
        let bad = try ParlanceExecutable.run(arguments + ["--context", "area", "turn on"])
        #expect(bad.status == 2 && bad.stderr.contains("is not KEY=VALUE"))
    }

    @Test(.enabled(if: SharedData.shouldRun)) func explainPrintsPathsAndHowFarAFailureGot() throws {
        let corpus = try SharedData.url("corpora/home-assistant-intents").path
        let arguments = ["grammar", "explain", "--grammar", corpus, "--language", "en", "--fixtures", corpus + "/tests/en/_fixtures.yaml",
                         "--prefer", "name"]
        let text = try ParlanceExecutable.run(arguments + ["--limit", "1", "cancel kitchen timer"])
        #expect(text.status == 0)
        #expect(text.stdout == """
            utterance "cancel kitchen timer" (20 scalars)
            #1 HassCancelTimer  confidence 0.92
              template  sentences/en/homeassistant_HassCancelTimer.yaml:10:14  <timer_cancel> [the|my] {area} timer
              path      0..<6    word  cancel  "cancel"   exact
                        7..<14   slot  {area}  "kitchen"  exact → "Kitchen"
                        15..<20  word  timer   "timer"    exact
              ranking   word edits 0, wildcards 0 (0 chars), value edits 0, preferred slot missing, literal 11, requirements met 0, skipped 0, template #7

            """)
        let json = try ParlanceExecutable.run(arguments + ["--json", "--limit", "2", "cancel kitchen timer"])
        #expect(json.status == 0)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let hypotheses = try #require(decoded["hypotheses"] as? [[String: Any]])
        #expect(hypotheses.count == 2)
        #expect(hypotheses.last?["lostOn"] as? String == "wildcards")
        let path = try #require(hypotheses.first?["path"] as? [[String: Any]])
        #expect(path.map { $0["expected"] as? String } == ["cancel", "{area}", "timer"])
        #expect(path[1]["start"] as? Int == 7 && path[1]["end"] as? Int == 14 && path[1]["match"] as? String == "exact")

        let failed = try ParlanceExecutable.run(arguments + ["--json", "turn on the kitchn lihgt please now"])
        #expect(failed.status == 1)
        let partial = try #require((try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any])?["partial"] as? [String: Any])
        #expect(partial["left"] as? String == "now")
        #expect((partial["expected"] as? [String])?.first == "end of the utterance")
    }
}
