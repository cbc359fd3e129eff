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

    /// One bad language costs itself only: its error is printed with its place, the other
    /// languages are evaluated and shown, and the run exits with two. A test without
    /// sentences is a located warning.
    @Test(SharedData.required) func homeAssistantGoesOnPastABadLanguage() throws {
        let shared = try SharedData.url("corpora/home-assistant-intents")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-eval-ha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        for folder in ["sentences", "tests"] { try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        for path in ["sentences/ja", "tests/ja", "lists", "intents.yaml"] {
            try files.copyItem(at: shared.appendingPathComponent(path), to: root.appendingPathComponent(path))
        }
        try "language: ja\ntests:\n  - sentences: []\n    intent: {name: HassTurnOn}\n"
            .write(to: root.appendingPathComponent("tests/ja/empty_HassTurnOn.yaml"), atomically: true, encoding: .utf8)
        for folder in ["sentences/ko", "tests/ko"] { try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        try "language: ko\nintents: [\n".write(to: root.appendingPathComponent("sentences/ko/_common.yaml"), atomically: true, encoding: .utf8)
        try "language: ko\n".write(to: root.appendingPathComponent("tests/ko/_fixtures.yaml"), atomically: true, encoding: .utf8)

        let run = try ParlanceExecutable.run(["eval", "--format", "home-assistant", root.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("warning: \(root.path)/tests/ja/empty_HassTurnOn.yaml:3:5: test without sentences, nothing to check (at tests[0])"))
        #expect(run.stderr.contains("error: \(root.path)/sentences/ko/_common.yaml:"), "\(run.stderr)")
        #expect(run.stderr.contains("language ko left out") && run.stderr.contains("error: not loaded: ko"))
        #expect(run.stdout.contains("home-assistant ja (not loaded: ko): 16 items"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix("ja ") && $0.contains("100.0%") })
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
