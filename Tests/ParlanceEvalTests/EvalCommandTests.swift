import Foundation
import ParlanceTestSupport
import Testing
import ParlanceEval

/// `parlance eval` from the user's side.
@Suite(.enabled(if: ParlanceExecutable.url != nil || SharedData.isCI,
                "the parlance executable is not built next to the test bundle; run 'swift build' to include the command tests"))
struct EvalCommandTests {
    @Test func badInputExitsWithTwo() throws {
        let unknown = try ParlanceExecutable.run(["eval", "--format", "rasa", "/tmp"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: unknown format 'rasa'; expected home-assistant, snips or parlance\n")
        let missing = try ParlanceExecutable.run(["eval", "--format", "home-assistant", "/no/such/corpus"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: /no/such/corpus: no such folder; expected a Home Assistant intents corpus folder\n")
        let malformed = try FormatTests.temporaryFile("validate_X.json", "{\"X\": [\n  {\"data\": [{\"text\": 1}]}\n]}\n")
        let snips = try ParlanceExecutable.run(["eval", "--format", "snips", "--train", malformed.path, "--test", malformed.path])
        #expect(snips.status == 2)
        #expect(snips.stderr.hasPrefix("error: \(malformed.path):2: query 0 of 'X' has a chunk without 'text'"))
    }

    @Test(SharedData.required) func homeAssistantJSONAndReport() throws {
        let corpus = try SharedData.url("corpora/home-assistant-intents").path
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-eval-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try ParlanceExecutable.run(["eval", "--format", "home-assistant", "--language", "ja", "--json", "--report", report.path, corpus])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try JSONDecoder().decode(EvaluationSummary.self, from: Data(run.stdout.utf8))
        #expect(summary.total == 16 && summary.passed == 16 && summary.byLanguage.keys.sorted() == ["ja"])
        #expect(summary.byIntent.keys.sorted() == ["HassTurnOff", "HassTurnOn"] && summary.failures.isEmpty)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("home-assistant ja") && html.contains("<svg"))
    }
}
