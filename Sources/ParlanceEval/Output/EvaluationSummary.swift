import Foundation

/// The `--json` summary of a run, with exactly these keys:
/// `total, passed, exactMatch, intentAccuracy, slotPrecision, slotRecall, slotF1, ece, auroc,
/// outOfScope, falseAcceptRate, keptRate, latency {p50Micros, p90Micros, p99Micros}, byLanguage {LANG: same keys},
/// byIntent {INTENT: same keys}, failures [{utterance, language, expected, got}]`.
public struct EvaluationSummary: Codable, Sendable, Hashable {
    /// Latency percentiles of single parses.
    public struct Latency: Codable, Sendable, Hashable {
        /// Median, in microseconds.
        public let p50Micros: Double
        /// 90th percentile, in microseconds.
        public let p90Micros: Double
        /// 99th percentile, in microseconds.
        public let p99Micros: Double
    }

    /// The metrics of one group (every item, a language, an intent).
    public struct Group: Codable, Sendable, Hashable {
        /// Items.
        public let total: Int
        /// Exact matches.
        public let passed: Int
        /// passed / total.
        public let exactMatch: Double
        /// Right intents / total.
        public let intentAccuracy: Double
        /// Micro slot precision.
        public let slotPrecision: Double
        /// Micro slot recall.
        public let slotRecall: Double
        /// Micro slot F1.
        public let slotF1: Double
        /// Expected calibration error of the top hypothesis's confidence.
        public let ece: Double
        /// Area under the ROC curve of that confidence (nil without a right and a wrong hypothesis).
        public let auroc: Double?
        /// Requests out of scope among the items.
        public let outOfScope: Int
        /// Of those, the share that got an answer.
        public let falseAcceptRate: Double
        /// Of the items in scope whose best hypothesis was right, the share understood (not refused).
        public let keptRate: Double
        /// Latency percentiles.
        public let latency: Latency

        /// The summary of a metric group.
        public init(_ group: MetricGroup) {
            total = group.total
            passed = group.passed
            exactMatch = EvaluationSummary.rounded(group.exactMatch)
            intentAccuracy = EvaluationSummary.rounded(group.intentAccuracy)
            slotPrecision = EvaluationSummary.rounded(group.slots.precision)
            slotRecall = EvaluationSummary.rounded(group.slots.recall)
            slotF1 = EvaluationSummary.rounded(group.slots.f1)
            ece = EvaluationSummary.rounded(group.calibration.expectedCalibrationError)
            auroc = group.auroc.map(EvaluationSummary.rounded)
            outOfScope = group.outOfScope
            falseAcceptRate = EvaluationSummary.rounded(group.falseAcceptRate)
            keptRate = EvaluationSummary.rounded(group.keptRate)
            let percentiles = group.latency.percentilesMicros([50, 90, 99]).map { ($0 * 10).rounded() / 10 }
            latency = Latency(p50Micros: percentiles[0], p90Micros: percentiles[1], p99Micros: percentiles[2])
        }
    }

    /// A listed failure.
    public struct FailureEntry: Codable, Sendable, Hashable {
        /// The utterance.
        public let utterance: String
        /// Its language.
        public let language: String
        /// What was expected.
        public let expected: String
        /// What the parser gave.
        public let got: String
    }

    /// Items.
    public let total: Int
    /// Exact matches.
    public let passed: Int
    /// passed / total.
    public let exactMatch: Double
    /// Right intents / total.
    public let intentAccuracy: Double
    /// Micro slot precision.
    public let slotPrecision: Double
    /// Micro slot recall.
    public let slotRecall: Double
    /// Micro slot F1.
    public let slotF1: Double
    /// Expected calibration error.
    public let ece: Double
    /// Area under the ROC curve of the top hypothesis's confidence.
    public let auroc: Double?
    /// Requests out of scope.
    public let outOfScope: Int
    /// Requests out of scope that got an answer, over those requests.
    public let falseAcceptRate: Double
    /// Right best hypotheses kept (understood), over right best hypotheses in scope.
    public let keptRate: Double
    /// Latency percentiles.
    public let latency: Latency
    /// Per language.
    public let byLanguage: [String: Group]
    /// Per expected intent.
    public let byIntent: [String: Group]
    /// Failed items, in corpus order (at most the evaluation's failure limit).
    public let failures: [FailureEntry]

    /// The summary of an evaluation.
    public init(_ evaluation: Evaluation) {
        let overall = Group(evaluation.overall)
        total = overall.total
        passed = overall.passed
        exactMatch = overall.exactMatch
        intentAccuracy = overall.intentAccuracy
        slotPrecision = overall.slotPrecision
        slotRecall = overall.slotRecall
        slotF1 = overall.slotF1
        ece = overall.ece
        auroc = overall.auroc
        outOfScope = overall.outOfScope
        falseAcceptRate = overall.falseAcceptRate
        keptRate = overall.keptRate
        latency = overall.latency
        byLanguage = evaluation.byLanguage.mapValues(Group.init)
        byIntent = evaluation.byIntent.mapValues(Group.init)
        failures = evaluation.failures.map { FailureEntry(utterance: $0.utterance, language: $0.language, expected: $0.expected, got: $0.got) }
    }

    /// Rates to six decimals, so output is stable to read and compare.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    /// The summary as JSON, keys sorted.
    public func json(pretty: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
