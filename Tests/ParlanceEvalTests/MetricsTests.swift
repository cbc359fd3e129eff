import Testing
@testable import ParlanceEval

/// Metrics on hand-made predictions whose values are worked out by hand.
struct MetricsTests {
    static func item(_ utterance: String, _ intent: String, _ slots: [(String, String)], language: String = "en") -> EvaluationItem {
        EvaluationItem(utterance: utterance, language: language,
                       expected: Annotation(intent: intent, slots: slots.map { LabeledSlot(name: $0.0, value: $0.1) }))
    }

    static func prediction(_ intent: String?, _ slots: [(String, String)], confidence: Double) -> Prediction {
        Prediction(intent: intent, slots: slots.map { LabeledSlot(name: $0.0, value: $0.1) }, confidence: confidence)
    }

    /// Four items: one exact, one with a wrong slot value, one with a wrong intent and one with
    /// nothing matched.
    static func evaluation() -> Evaluation {
        var evaluation = Evaluation()
        let outcomes = [
            // exact: tp 2
            (item("add x to my blues", "AddToPlaylist", [("artist", "X"), ("playlist", "Blues")]),
             prediction("AddToPlaylist", [("artist", "x"), ("playlist", "blues.")], confidence: 0.95), 10_000),
            // right intent, one value wrong, one extra slot: tp 1, fp 2, fn 1
            (item("play queen on spotify", "PlayMusic", [("artist", "Queen"), ("service", "Spotify")]),
             prediction("PlayMusic", [("artist", "Queen"), ("service", "spot"), ("year", "1980")], confidence: 0.85), 20_000),
            // wrong intent: slots still scored; tp 1, fn 0
            (item("rate this book 5", "RateBook", [("rating_value", "5")], language: "de"),
             prediction("SearchCreativeWork", [("rating_value", "5.0")], confidence: 0.55), 30_000),
            // nothing matched: fn 1
            (item("weather in paris", "GetWeather", [("city", "Paris")], language: "de"), Prediction.none, 40_000),
        ]
        for (item, prediction, nanoseconds) in outcomes {
            evaluation.record(ItemOutcome(item: item, prediction: prediction, nanoseconds: UInt64(nanoseconds)))
        }
        return evaluation
    }

    @Test func exactMatchIntentAndSlots() {
        let evaluation = Self.evaluation()
        let overall = evaluation.overall
        #expect(overall.total == 4 && overall.passed == 1)
        #expect(overall.exactMatch == 0.25)
        #expect(overall.intentAccuracy == 0.5)
        // tp = 2 + 1 + 1 = 4, fp = 2, fn = 1 + 1 = 2.
        #expect(overall.slots == SlotCounts(truePositives: 4, falsePositives: 2, falseNegatives: 2))
        #expect(overall.slots.precision == 4.0 / 6.0)
        #expect(overall.slots.recall == 4.0 / 6.0)
        #expect(abs(overall.slots.f1 - 2.0 / 3.0) < 1e-12)
        #expect(evaluation.bySlot["service"] == SlotCounts(truePositives: 0, falsePositives: 1, falseNegatives: 1))
        #expect(evaluation.bySlot["year"] == SlotCounts(truePositives: 0, falsePositives: 1, falseNegatives: 0))
        #expect(evaluation.byLanguage["de"]?.total == 2 && evaluation.byLanguage["de"]?.intentCorrect == 0)
        #expect(evaluation.byIntent["PlayMusic"]?.intentAccuracy == 1 && evaluation.byIntent["PlayMusic"]?.exactMatch == 0)
        #expect(evaluation.failureCount == 3 && evaluation.failures.map(\.utterance) == ["play queen on spotify", "rate this book 5", "weather in paris"])
        #expect(evaluation.failures.last?.got == "no match")
        #expect(evaluation.topConfusions().map { "\($0.expected)→\($0.predicted)×\($0.count)" } == [
            "GetWeather→(none)×1", "RateBook→SearchCreativeWork×1",
        ])
    }

    @Test func expectedCalibrationError() {
        // Bins: 0.95 (correct) in [0.9, 1); 0.85 (wrong) in [0.8, 0.9); 0.55 (wrong) in [0.5, 0.6);
        // 0 (wrong) in [0, 0.1). ECE = (|1 − 0.95| + |0 − 0.85| + |0 − 0.55| + |0 − 0|) / 4 = 0.3625.
        let calibration = Self.evaluation().overall.calibration
        #expect(abs(calibration.expectedCalibrationError - 0.3625) < 1e-12)
        #expect(calibration.bins.map(\.count) == [1, 0, 0, 0, 0, 1, 0, 0, 1, 1])
        var perfect = Calibration()
        for index in 0..<10 { perfect.record(confidence: 0.7, correct: index < 7) }
        #expect(abs(perfect.expectedCalibrationError) < 1e-12)
        var edge = Calibration()
        edge.record(confidence: 1, correct: true)
        #expect(edge.bins.last?.count == 1)
    }

    @Test func latencyPercentiles() {
        let latency = Self.evaluation().overall.latency
        // Nearest rank over 10, 20, 30, 40 µs.
        #expect(latency.percentilesMicros([50, 90, 99, 25]) == [20, 40, 40, 10])
        #expect(LatencySamples().percentileMicros(50) == 0)
    }

    @Test func slotValuesCompareNormalized() {
        #expect(SlotScoring.normalized("  Rage  Radio. ") == "rage radio")
        #expect(SlotScoring.normalized("10.0") == "10")
        #expect(SlotScoring.normalized("Carl's Corner") == "carl's corner")
        // Alternatives: any expected value counts; a slot said twice counts twice.
        let counts = SlotScoring.score(expected: [LabeledSlot(name: "area", values: ["Kitchen", "Küche"]), LabeledSlot(name: "x", value: "a"),
                                                  LabeledSlot(name: "x", value: "a")],
                                       predicted: [LabeledSlot(name: "area", value: "küche"), LabeledSlot(name: "x", value: "a")])
        #expect(counts["area"] == SlotCounts(truePositives: 1, falsePositives: 0, falseNegatives: 0))
        #expect(counts["x"] == SlotCounts(truePositives: 1, falsePositives: 0, falseNegatives: 1))
    }

    @Test func summaryHasExactlyTheIssuesKeys() throws {
        let json = try EvaluationSummary(Self.evaluation()).json(pretty: false)
        let object = try #require(try JSONSerializationShim.object(json) as? [String: Any])
        // (auroc is left out when the items have no right and wrong hypotheses both; these have.)
        let groupKeys: Set<String> = ["total", "passed", "exactMatch", "intentAccuracy", "slotPrecision", "slotRecall", "slotF1", "ece", "auroc",
                                      "outOfScope", "falseAcceptRate", "keptRate", "latency"]
        #expect(Set(object.keys) == groupKeys.union(["byLanguage", "byIntent", "failures"]))
        let english = try #require((object["byLanguage"] as? [String: Any])?["en"] as? [String: Any])
        #expect(Set(english.keys) == groupKeys)
        #expect(Set((english["latency"] as? [String: Any])?.keys.map { $0 } ?? []) == ["p50Micros", "p90Micros", "p99Micros"])
        let failure = try #require((object["failures"] as? [[String: Any]])?.first)
        #expect(Set(failure.keys) == ["utterance", "language", "expected", "got"])
        #expect(object["ece"] as? Double == 0.3625)
    }

    /// The runner gives the same metrics with one thread or several, in chunks of any size.
    @Test func resultsDoNotDependOnThreads() {
        struct Echo: EvaluationSubject {
            func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction {
                if utterance.hasSuffix("3") { throw EvaluationError(path: utterance, message: "boom") }
                return Prediction(intent: utterance.count % 3 == 0 ? "A" : "B", slots: [LabeledSlot(name: "n", value: String(utterance.count % 5))],
                                  confidence: Double(utterance.count % 10) / 10)
            }
        }
        let items = (0..<500).map { index in
            EvaluationItem(utterance: String(repeating: "x", count: index % 17) + String(index), language: index % 2 == 0 ? "en" : "fr",
                           expected: Annotation(intent: index % 4 == 0 ? "A" : "B", slots: [LabeledSlot(name: "n", value: String(index % 5))]))
        }
        var single = EvaluationRunner(workers: 1, chunkSize: 500)
        single.run(items, subject: Echo())
        var parallel = EvaluationRunner(workers: 3, chunkSize: 37)
        parallel.run(items, subject: Echo())
        for runner in [single, parallel] {
            #expect(runner.evaluation.errorCount == 50)
        }
        #expect(single.evaluation.overall.passed == parallel.evaluation.overall.passed)
        #expect(single.evaluation.overall.slots == parallel.evaluation.overall.slots)
        #expect(single.evaluation.overall.calibration == parallel.evaluation.overall.calibration)
        #expect(single.evaluation.failures == parallel.evaluation.failures)
        #expect(single.evaluation.confusions == parallel.evaluation.confusions)
        #expect(single.evaluation.failures.contains { $0.got.hasPrefix("error: ") })
    }

    @Test func progressPrintsPlainLinesAfterASecond() {
        var lines: [String] = []
        var clock = 0.0
        let progress = ProgressReporter(total: 100, isTerminal: false, write: { lines.append($0) }, now: { clock })
        progress.update(10)
        #expect(lines.isEmpty)
        clock = 2
        progress.update(50)
        #expect(lines == ["progress: 50/100 items (50%), 25/s, about 2 s left\n"])
        clock = 3
        progress.update(60)
        #expect(lines.count == 1)
        clock = 4
        progress.update(100)
        progress.finish()
        #expect(lines.last == "progress: 100/100 items (100%), 25/s, done in 4 s\n")
    }

    @Test func reportsRender() {
        let evaluation = Self.evaluation()
        let text = TextReport.render(evaluation, title: "test")
        #expect(text.contains("all      4  25.0%   50.0%   66.7%   66.7%    66.7%  0.363"))
        let html = HTMLReport.render(evaluation, title: "<test>")
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<title>&lt;test&gt;</title>"))
        #expect(!html.contains("http://") || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 5)
    }
}
