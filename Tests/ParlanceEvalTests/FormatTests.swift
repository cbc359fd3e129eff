import Foundation
import ParlanceTestSupport
import Testing
@testable import Parlance
import ParlanceEval
import ParlanceGrammar
import ParlanceTraining

/// The readers and subjects on real corpus files, and their errors.
struct FormatTests {
    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(SharedData.required) func readsARealSnipsTrainingFile() throws {
        let url = try SharedData.url("corpora/snips-2017/AddToPlaylist/train_AddToPlaylist.json")
        let queries = try SnipsCorpus.read(url, encoding: .utf8)
        #expect(queries.count == 300)
        let first = try #require(queries.first)
        #expect(first.intent == "AddToPlaylist")
        #expect(first.text == "add Stani, stani Ibar vodo songs in my playlist música libre")
        #expect(first.slots == [LabeledSlot(name: "entity_name", value: "Stani, stani Ibar vodo"), LabeledSlot(name: "playlist_owner", value: "my"),
                                LabeledSlot(name: "playlist", value: "música libre")])
        #expect(first.source == url.path + ":4")
        // The Latin-1 file of the benchmark reads too.
        let playMusic = try SnipsCorpus.read(try SharedData.url("corpora/snips-2017/PlayMusic/train_PlayMusic_full.json"), encoding: .utf8OrLatin1)
        #expect(playMusic.count == 2000 && playMusic.allSatisfy { !$0.text.contains("\u{FFFD}") })
    }

    @Test(SharedData.required) func findsTrainingFilesAndDrawsDeterministically() throws {
        let root = try SharedData.url("corpora/snips-2017")
        let small = try SnipsCorpus.trainingFiles(root, full: false)
        let full = try SnipsCorpus.trainingFiles(root, full: true)
        #expect(small.count == 7 && full.count == 7)
        #expect(small.allSatisfy { !$0.lastPathComponent.hasSuffix("_full.json") } && full.allSatisfy { $0.lastPathComponent.hasSuffix("_full.json") })
        var queries: [SnipsQuery] = []
        for file in small { queries += try SnipsCorpus.read(file, encoding: .utf8OrLatin1) }
        let drawn = SnipsCorpus.sample(queries, perIntent: 70, seed: 7)
        #expect(drawn.count == 490)
        #expect(Dictionary(grouping: drawn, by: \.intent).values.allSatisfy { $0.count == 70 })
        #expect(drawn == SnipsCorpus.sample(queries, perIntent: 70, seed: 7))
        #expect(drawn != SnipsCorpus.sample(queries, perIntent: 70, seed: 8))
        #expect(SnipsCorpus.sample(queries, perIntent: nil, seed: 7).count == 2100)
    }

    /// Training on the benchmark's pool and parsing held-out queries: the model learns.
    @Test(SharedData.required) func snipsModelLearnsFromTemplatesAndFallback() throws {
        var queries: [SnipsQuery] = []
        for file in try SnipsCorpus.trainingFiles(try SharedData.url("corpora/snips-2017"), full: false) { queries += try SnipsCorpus.read(file, encoding: .utf8OrLatin1) }
        let training = SnipsCorpus.sample(queries, perIntent: 70, seed: 3)
        let trained = Set(training)
        let held = queries.filter { !trained.contains($0) }
        let model = try TrainedParser(training: SnipsCorpus.trainingData(training))
        #expect(model.statistics.templates > 20 && model.statistics.openLists > 0 && model.statistics.closedLists > 0)
        // A training query parses back to itself.
        let known = try #require(training.first)
        let parsed = try model.parse(known.text, language: "en", context: [:])
        #expect(parsed.intent == known.intent)
        var runner = EvaluationRunner(workers: 2)
        runner.run(held.prefix(350).map(\.item), subject: model)
        // The issue's goals at 70 an intent are 0.95 and 0.85 (measured on other splits in
        // Benchmarks/README.md); these gate against a model that stopped learning.
        #expect(runner.evaluation.overall.intentAccuracy > 0.95)
        #expect(runner.evaluation.overall.slots.f1 > 0.8)
    }

    @Test func snipsErrorsNameTheFileAndLine() throws {
        let broken = try Self.temporaryFile("train_X.json", "{\n  \"X\": [\n    {\"data\": [{\"text\": \"a\"}]},\n    {\"data\": [{\"txt\": \"b\"}]}\n  ]\n}\n")
        #expect(throws: EvaluationError(path: broken.path, line: 4, message: "query 1 of 'X' has a chunk without 'text'",
                                        expected: #"{"<Intent>": [{"data": [{"text": "…"}, {"text": "…", "entity": "<slot>"}]}]}"#)) {
            try SnipsCorpus.read(broken, encoding: .utf8)
        }
        let malformed = try Self.temporaryFile("test.json", "{\n  \"X\": [\n    {\"data\": [}\n  ]\n}\n")
        do {
            _ = try SnipsCorpus.read(malformed, encoding: .utf8)
            Issue.record("malformed JSON was read")
        } catch {
            #expect(error.path == malformed.path && error.line == 3 && error.message.hasPrefix("invalid JSON"))
        }
        #expect(throws: EvaluationError(path: "/no/such/folder", message: "no such file or folder")) {
            try SnipsCorpus.testFiles(URL(fileURLWithPath: "/no/such/folder"))
        }
    }

    @Test func snipsTestFilesRejectGarbage() throws {
        func error(_ name: String, _ bytes: [UInt8]) throws -> String? {
            let url = try Self.temporaryFile(name, "")
            try Data(bytes).write(to: url)
            do {
                _ = try SnipsCorpus.read(url, encoding: .utf8)
                return nil
            } catch {
                return error.description.replacingOccurrences(of: url.path, with: name)
            }
        }
        let valid = Array("{\n  \"X\": [\n    {\"data\": [{\"text\": \"caf\u{E9}\"}]}\n  ]\n}\n".utf8)
        // "café" with its é as Latin-1: a test utterance that is not what was written.
        let latin1 = valid.split(separator: 0xC3, omittingEmptySubsequences: false).joined(separator: [0xE9]).filter { $0 != 0xA9 }
        let notUTF8 = try error("test_X.json", Array(latin1))
        #expect(notUTF8 == "test_X.json:3: the file is not valid UTF-8 (byte 0xE9 at offset 38); expected UTF-8 text")
        #expect(try error("test_X.json", Array("{\"X\": [{\"data\": [{\"text\": \"a\", \"text\": \"b\"}]}]}".utf8)) == """
            test_X.json:1: the key "text" appears twice in one object (line 1) at X[0].data[0].text; expected each key once in an object
            """)
        #expect(try error("test_X.json", Array(" \n".utf8)) == """
            test_X.json:1: the file is empty; expected {"<Intent>": [{"data": [{"text": "…"}, {"text": "…", "entity": "<slot>"}]}]}
            """)
        #expect(try error("test_X.json", valid) == nil)
    }

    @Test func parlanceTestFilesRejectGarbage() throws {
        func error(_ bytes: [UInt8]) throws -> String? {
            let url = try Self.temporaryFile("tests.yaml", "")
            try Data(bytes).write(to: url)
            do {
                _ = try UtteranceTest.load(url.path)
                return nil
            } catch {
                return error.description.replacingOccurrences(of: url.path, with: "tests.yaml")
            }
        }
        func file(language: String) -> [UInt8] {
            Array("language: \(language)\ntests:\n  - utterance: Send a message to Bob\n    app: com.example.unicornchat\n    intent: INSendMessageIntent\n".utf8)
        }
        #expect(try error(file(language: "en")) == nil)
        #expect(try error(file(language: "xx-Zzzz")) == """
            tests.yaml:1: `language`: 'xx-Zzzz' names no language ('xx' is not an ISO 639 code); expected a tag such as en, de-CH, ja or zh-Hans
            """)
        #expect(try error(file(language: "en-Zzzz")) == """
            tests.yaml:1: `language`: 'en-Zzzz' names no script ('Zzzz' is not a writing system); expected a tag such as en, sr-Latn or zh-Hans
            """)
        #expect(try error(file(language: "'@@@'")) == """
            tests.yaml:1: `language`: '@@@' is not a language tag; expected a tag such as en, de-CH, ja or zh-Hans
            """)
        var latin1 = file(language: "en")
        latin1.replaceSubrange(latin1.firstRange(of: Array("Bob".utf8))!, with: [0x42, 0xF6, 0x62])
        let notUTF8 = try error(latin1)
        #expect(notUTF8 == "tests.yaml:3: not UTF-8 (byte 0xF6 at offset 54); expected UTF-8 text")
        #expect(try error([]) == "tests.yaml: the file is empty: expected a mapping with `language` and `tests`")
        #expect(try error(Array("# nothing yet\n".utf8)) == "tests.yaml: the file is empty: expected a mapping with `language` and `tests`")
    }

    @Test func parlanceCorpusItemsFromTestFiles() throws {
        let url = try Self.temporaryFile("workouts.yaml", """
            language: en
            tests:
              - utterance: Start the Deep Relaxation with Excite Yoga
                app: com.example.exciteyoga
                intent: INStartWorkoutIntent
                parameters:
                  workoutName: {value: Deep Relaxation, identifier: deep_relaxation, resolution: success}
              - utterance: Send a message to Bob saying hi
                app: [com.example.unicornchat, com.example.commander]
                intent: INSendMessageIntent
                locked: true
                parameters:
                  recipients: {resolution: unsupported}
                  content: hi
            """)
        let items = try ParlanceCorpus.items(url)
        #expect(items.map(\.utterance) == ["Start the Deep Relaxation with Excite Yoga", "Send a message to Bob saying hi"])
        // What a test checks beyond values is scored as slots of their own, so that exact
        // match requires it (an identifier, a resolution).
        #expect(items[0].expected == Annotation(app: "com.example.exciteyoga", intent: "INStartWorkoutIntent",
                                                slots: [LabeledSlot(name: "workoutName", value: "Deep Relaxation"),
                                                        LabeledSlot(name: "workoutName@identifier", value: "deep_relaxation"),
                                                        LabeledSlot(name: "workoutName@resolution", value: "success")]))
        #expect(items[1].expected.app == "com.example.commander|com.example.unicornchat")
        #expect(items[1].expected.slots == [LabeledSlot(name: "content", value: "hi"), LabeledSlot(name: "recipients@resolution", value: "unsupported")])
        #expect(items[1].context == ["locked": "true"])
        #expect(items[0].source?.hasSuffix("workouts.yaml:3") == true)
        let bad = try Self.temporaryFile("bad.yaml", "language: en\ntests:\n  - utterance: a\n    app: x\n")
        #expect(throws: EvaluationError.self) { try ParlanceCorpus.items(bad) }
    }

    @Test func homeAssistantErrors() throws {
        #expect(throws: EvaluationError(path: "/no/such/corpus", message: "no such folder", expected: "a Home Assistant intents corpus folder")) {
            try HomeAssistantCorpus(root: URL(fileURLWithPath: "/no/such/corpus"))
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-eval-ha-\(UUID().uuidString)")
        for folder in ["sentences/en", "tests/en"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "language: en\nintents: [\n".write(to: root.appendingPathComponent("sentences/en/_common.yaml"), atomically: true, encoding: .utf8)
        try "language: en\ntests:\n  - sentences: [\"hi\"]\n    intent: {name: HassNevermind}\n"
            .write(to: root.appendingPathComponent("tests/en/x.yaml"), atomically: true, encoding: .utf8)
        try "language: en\nentities: []\n".write(to: root.appendingPathComponent("tests/en/_fixtures.yaml"), atomically: true, encoding: .utf8)
        let corpus = try HomeAssistantCorpus(root: root)
        #expect(corpus.available == ["en"])
        #expect(try corpus.items("en").items.map(\.utterance) == ["hi"])
        do {
            _ = try corpus.load("en")
            Issue.record("malformed YAML loaded")
        } catch {
            #expect(error.path == root.appendingPathComponent("sentences/en/_common.yaml").path)
            #expect(error.line != nil)
        }
    }

    /// One real language through the matcher: every sentence passes, as upstream's suite.
    @Test(SharedData.required) func homeAssistantEnglishPasses() throws {
        let corpus = try HomeAssistantCorpus(root: try SharedData.url("corpora/home-assistant-intents"))
        // Every language with both sentences and tests, whatever the shared copy holds today.
        #expect(corpus.available == SharedData.homeAssistantLanguages(in: corpus.root))
        #expect(Set(["de", "en", "es", "fr", "ja", "zh-cn"]).isSubset(of: corpus.available))
        let suite = try corpus.load("en")
        var runner = EvaluationRunner(workers: 2)
        runner.run(suite.items, subject: suite.subject)
        let overall = runner.evaluation.overall
        #expect(overall.total == 1024)
        #expect(overall.exactMatch >= 0.995, "\(runner.evaluation.failures.prefix(5))")
        #expect(overall.slots.f1 >= 0.995)
        #expect(runner.evaluation.byLanguage.keys.sorted() == ["en"])
    }

    /// The built-in match calibration (Corpora/calibration/home-assistant.json): the best
    /// hypothesis's confidence is the probability that it is right, on the corpus's
    /// sentences as written (ECE ≤ 0.05, issue 39) and on them with one corrupted copy each.
    @Test(SharedData.required, arguments: ["en", "ja", "pl"]) func homeAssistantConfidenceIsCalibrated(_ language: String) throws {
        let calibration = try #require(MatchCalibration.homeAssistant, "the built-in match calibration is embedded and this version's")
        let corpus = try HomeAssistantCorpus(root: try SharedData.url("corpora/home-assistant-intents"))
        let suite = try corpus.load(language)
        #expect(suite.subject.calibration == calibration)
        var runner = EvaluationRunner(workers: 2)
        runner.run(suite.items, subject: suite.subject)
        let asWritten = runner.evaluation.overall.calibration.expectedCalibrationError
        let raw = try corpus.load(language, calibration: nil)
        var rawRunner = EvaluationRunner(workers: 2)
        rawRunner.run(raw.items, subject: raw.subject)
        print("\(language): ECE \(asWritten) calibrated, \(rawRunner.evaluation.overall.calibration.expectedCalibrationError) the matcher's own")
        #expect(asWritten <= 0.05)
        #expect(asWritten < rawRunner.evaluation.overall.calibration.expectedCalibrationError)
        // With one corrupted copy of each sentence (another seed than the fit's), right and
        // wrong readings both: the probabilities match the rates.
        var mixed = Calibration()
        for sample in HomeAssistantCorpus.calibrationSamples(raw, corruptions: 1, seed: 99) {
            mixed.record(confidence: LogisticRegression.probability(sample.features, weights: calibration.weights, bias: calibration.bias), correct: sample.correct)
        }
        #expect(mixed.expectedCalibrationError <= 0.05, "\(mixed.expectedCalibrationError)")
    }

    /// Corrupted copies are deterministic for a seed, differ from the sentence, and never
    /// crash on short, empty or unspaced text.
    @Test func corruptionsAreSeededAndSafe() {
        var first = SentenceCorruption(seed: 5), second = SentenceCorruption(seed: 5)
        let sentences = ["turn on the kitchen lights", "ok", "", "キッチンの電気をつけて", "打开客厅的灯", "a b", "   "]
        for sentence in sentences {
            for _ in 0..<20 {
                let a = first.corrupt(sentence, noise: ["bedroom", "寝室"]), b = second.corrupt(sentence, noise: ["bedroom", "寝室"])
                #expect(a == b)
                if let a { #expect(a != sentence) }
            }
        }
    }
}
