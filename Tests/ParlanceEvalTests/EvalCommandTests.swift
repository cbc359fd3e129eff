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

    /// `parlance train` writes a model that `parlance eval --model` evaluates; bad training
    /// data exits with two, naming the file, line and column.
    @Test func trainsASavedModelAndEvaluatesIt() throws {
        let fixtures = SharedData.packageRoot.appendingPathComponent("Tests/ParlanceTrainingTests/Fixtures")
        let model = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-train-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: model) }
        let train = try ParlanceExecutable.run(["train", "--format", "snips-dataset", fixtures.appendingPathComponent("lights-dataset.json").path,
                                                "--output", model.path])
        #expect(train.status == 0, "\(train.stderr)")
        #expect(train.stderr.contains("18 training queries") && FileManager.default.fileExists(atPath: model.path))
        let test = try FormatTests.temporaryFile("validate_lights.json", """
            {"turnLightOn": [{"data": [{"text": "turn on the lights in the "}, {"text": "kitchen", "entity": "room"}]},
                             {"data": [{"text": "switch on the "}, {"text": "bedroom", "entity": "room"}, {"text": " light please"}]}]}
            """)
        let eval = try ParlanceExecutable.run(["eval", "--format", "snips", "--model", model.path, "--test", test.path, "--json"])
        #expect(eval.status == 0, "\(eval.stderr)")
        let summary = try JSONDecoder().decode(EvaluationSummary.self, from: Data(eval.stdout.utf8))
        #expect(summary.total == 2 && summary.passed == 2)

        // parse --model: the saved parser answers one utterance, and a pipe line by line.
        let parse = try ParlanceExecutable.run(["parse", "--model", model.path, "--json", "turn on the lights in the kitchen"])
        #expect(parse.status == 0, "\(parse.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(parse.stdout.utf8)) as? [String: Any])
        #expect(answer["intent"] as? String == "turnLightOn")
        let slots = try #require(answer["slots"] as? [[String: Any]])
        #expect(slots.first?["name"] as? String == "room" && slots.first?["value"] as? String == "kitchen")
        let withUser = try ParlanceExecutable.run(["parse", "--model", model.path, "--user", "alice", "--store", "x.sqlite", "lights on"])
        #expect(withUser.status == 2 && withUser.stderr.contains("--model parses with the trained parser alone"))

        let bad = try FormatTests.temporaryFile("nlu.yml", "nlu:\n- intent: greet\n  examples: |\n    - hi [there\n")
        let failed = try ParlanceExecutable.run(["train", "--format", "rasa", bad.path, "--output", model.path + ".bad"])
        #expect(failed.status == 2)
        #expect(failed.stderr.hasPrefix("error: \(bad.path):4:10: the annotation '[there' does not close"))
        let notAModel = try ParlanceExecutable.run(["eval", "--format", "snips", "--model", bad.path, "--test", test.path])
        #expect(notAModel.status == 2 && notAModel.stderr.hasPrefix("error: \(bad.path): not a model"))
    }
}
