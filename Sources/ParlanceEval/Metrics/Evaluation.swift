/// How one item went: the prediction, how long it took, and how it scores.
public struct ItemOutcome: Sendable, Hashable {
    /// The item.
    public let item: EvaluationItem
    /// What the parser gave (``Prediction/none`` when it threw).
    public let prediction: Prediction
    /// The error the parser threw, if any.
    public let error: String?
    /// How long the parse took, in nanoseconds.
    public let nanoseconds: UInt64
    /// Slot counts per slot name.
    public let slots: [String: SlotCounts]

    /// Scores `prediction` against the item's expectation.
    public init(item: EvaluationItem, prediction: Prediction, error: String? = nil, nanoseconds: UInt64) {
        self.item = item
        self.prediction = prediction
        self.error = error
        self.nanoseconds = nanoseconds
        self.slots = SlotScoring.score(expected: item.expected.slots, predicted: prediction.slots)
    }

    /// The app is right when the corpus names none or the prediction names the same.
    public var appCorrect: Bool { item.expected.app == nil || item.expected.app == prediction.app }

    /// The best hypothesis has the right intent (and app, where the corpus names one),
    /// whether or not the parser took it as understood. Never for a request out of scope.
    public var topIntentCorrect: Bool {
        error == nil && !item.expected.isOutOfScope && appCorrect && prediction.intent == item.expected.intent
    }

    /// The best hypothesis is right in full (intent and every slot, nothing extra), whether
    /// or not the parser took it as understood: what its confidence is a probability of.
    public var topCorrect: Bool {
        topIntentCorrect && slots.values.allSatisfy { $0.falsePositives == 0 && $0.falseNegatives == 0 }
    }

    /// The parser gave an answer: a hypothesis it took as understood.
    public var accepted: Bool { error == nil && prediction.intent != nil && prediction.understood }

    /// The intent (and app, where the corpus names one) is right, and understood; for a
    /// request out of scope, nothing was understood.
    public var intentCorrect: Bool { item.expected.isOutOfScope ? error == nil && !accepted : accepted && topIntentCorrect }

    /// Intent and every slot right, nothing extra, and understood; for a request out of
    /// scope, nothing was understood.
    public var exactMatch: Bool { item.expected.isOutOfScope ? error == nil && !accepted : accepted && topCorrect }

    /// The slot counts summed over names.
    public var slotTotals: SlotCounts {
        var total = SlotCounts()
        for counts in slots.values { total += counts }
        return total
    }
}

/// The metrics of a group of items: all of them, one language or one intent.
public struct MetricGroup: Sendable, Hashable {
    /// Items evaluated.
    public var total = 0
    /// Items whose prediction was an exact match.
    public var passed = 0
    /// Items whose intent was right.
    public var intentCorrect = 0
    /// Slot occurrences, micro-averaged.
    public var slots = SlotCounts()
    /// The best hypothesis's confidence against its being right (``ItemOutcome/topCorrect``),
    /// for every item with a hypothesis, understood or not.
    public var calibration = Calibration()
    /// The same pairs, for the area under the ROC curve (``auroc``).
    public var confidences: [ScoredConfidence] = []
    /// Requests out of scope (``Annotation/outOfScope``).
    public var outOfScope = 0
    /// Requests out of scope that got an answer.
    public var falseAccepts = 0
    /// Requests in scope whose best hypothesis was right.
    public var rightAtTop = 0
    /// Of those, the ones the parser took as understood (not refused).
    public var rightAndKept = 0
    /// Parse times.
    public var latency = LatencySamples()

    /// An empty group.
    public init() {}

    /// Exact matches over items (1 when empty).
    public var exactMatch: Double { total == 0 ? 1 : Double(passed) / Double(total) }
    /// Right intents over items (1 when empty).
    public var intentAccuracy: Double { total == 0 ? 1 : Double(intentCorrect) / Double(total) }
    /// Requests out of scope that got an answer, over requests out of scope (0 without any).
    public var falseAcceptRate: Double { outOfScope == 0 ? 0 : Double(falseAccepts) / Double(outOfScope) }
    /// Right answers kept by the threshold, over requests in scope whose best hypothesis
    /// was right (1 without any).
    public var keptRate: Double { rightAtTop == 0 ? 1 : Double(rightAndKept) / Double(rightAtTop) }
    /// The area under the ROC curve of the confidence as a test of "the best hypothesis is
    /// right" (requests out of scope are negatives; items without a hypothesis count with
    /// confidence 0): the probability that a right hypothesis has a higher confidence than
    /// a wrong one (ties count a half). nil without both kinds.
    public var auroc: Double? { ScoredConfidence.auroc(confidences) }

    /// Adds one item's outcome.
    public mutating func record(_ outcome: ItemOutcome) {
        total += 1
        let exact = outcome.exactMatch
        if exact { passed += 1 }
        if outcome.intentCorrect { intentCorrect += 1 }
        slots += outcome.slotTotals
        let confidence = outcome.prediction.intent == nil ? 0 : outcome.prediction.confidence
        calibration.record(confidence: confidence, correct: outcome.topCorrect)
        confidences.append(ScoredConfidence(confidence: confidence, correct: outcome.topCorrect))
        if outcome.item.expected.isOutOfScope {
            outOfScope += 1
            if outcome.accepted { falseAccepts += 1 }
        } else if outcome.topCorrect {
            rightAtTop += 1
            if outcome.accepted { rightAndKept += 1 }
        }
        latency.record(nanoseconds: outcome.nanoseconds)
    }
}

/// A confidence and whether the hypothesis it belongs to was right.
public struct ScoredConfidence: Sendable, Hashable {
    public let confidence: Double
    public let correct: Bool

    public init(confidence: Double, correct: Bool) {
        self.confidence = confidence
        self.correct = correct
    }

    /// The area under the ROC curve (Mann–Whitney U over ranks, ties a half); nil
    /// without a right and a wrong one.
    public static func auroc(_ scores: [ScoredConfidence]) -> Double? {
        let positives = scores.filter(\.correct).count
        let negatives = scores.count - positives
        guard positives > 0, negatives > 0 else { return nil }
        let sorted = scores.sorted { $0.confidence < $1.confidence }
        var rankSum = 0.0
        var start = 0
        while start < sorted.count {
            var end = start
            while end + 1 < sorted.count && sorted[end + 1].confidence == sorted[start].confidence { end += 1 }
            let rank = Double(start + end) / 2 + 1
            for index in start...end where sorted[index].correct { rankSum += rank }
            start = end + 1
        }
        let u = rankSum - Double(positives) * Double(positives + 1) / 2
        return u / (Double(positives) * Double(negatives))
    }
}

/// One failed item, as listed: the utterance, its language, what was expected and what the
/// parser gave (or the error it threw).
public struct Failure: Sendable, Hashable {
    /// The utterance.
    public let utterance: String
    /// Its language.
    public let language: String
    /// The expected annotation, as text.
    public let expected: String
    /// The prediction or error, as text.
    public let got: String
    /// Where the item comes from, when the corpus says.
    public let source: String?

    /// A failure.
    public init(utterance: String, language: String, expected: String, got: String, source: String? = nil) {
        self.utterance = utterance
        self.language = language
        self.expected = expected
        self.got = got
        self.source = source
    }
}

/// Everything measured in a run, accumulated item by item in corpus order (so the result
/// does not depend on how many threads parsed).
///
/// ```swift
/// var evaluation = Evaluation()
/// evaluation.record(ItemOutcome(item: item, prediction: prediction, nanoseconds: 12_000))
/// evaluation.overall.exactMatch
/// ```
public struct Evaluation: Sendable {
    /// Every item.
    public var overall = MetricGroup()
    /// Per language tag.
    public var byLanguage: [String: MetricGroup] = [:]
    /// Per expected intent.
    public var byIntent: [String: MetricGroup] = [:]
    /// Per slot name.
    public var bySlot: [String: SlotCounts] = [:]
    /// Expected intent → predicted intent ("(none)" when nothing matched) → count, for
    /// items whose intent was wrong.
    public var confusions: [String: [String: Int]] = [:]
    /// Failed items in corpus order, at most ``failureLimit``.
    public private(set) var failures: [Failure] = []
    /// Failed items in all, listed or not.
    public private(set) var failureCount = 0
    /// Items whose parser threw.
    public private(set) var errorCount = 0
    /// The most failures kept for listing.
    public var failureLimit: Int
    /// Wall-clock time of the parsing, in seconds (set by the runner).
    public var wallSeconds = 0.0
    /// Threads that parsed.
    public var workers = 1

    /// An empty evaluation keeping at most `failureLimit` failures for the list.
    public init(failureLimit: Int = 1000) {
        self.failureLimit = failureLimit
    }

    /// The label for "nothing matched" in confusions.
    public static let noIntent = "(none)"

    /// Adds one item's outcome.
    public mutating func record(_ outcome: ItemOutcome) {
        overall.record(outcome)
        byLanguage[outcome.item.language, default: MetricGroup()].record(outcome)
        byIntent[outcome.item.expected.intent, default: MetricGroup()].record(outcome)
        for (name, counts) in outcome.slots { bySlot[name, default: SlotCounts()] += counts }
        if outcome.error != nil { errorCount += 1 }
        if !outcome.intentCorrect {
            let got = outcome.accepted ? outcome.prediction.intent ?? Evaluation.noIntent : Evaluation.noIntent
            confusions[outcome.item.expected.intent, default: [:]][got, default: 0] += 1
        }
        if !outcome.exactMatch {
            failureCount += 1
            if failures.count < failureLimit {
                let got = outcome.error.map { "error: \($0)" } ?? outcome.prediction.description
                failures.append(Failure(utterance: outcome.item.utterance, language: outcome.item.language,
                                        expected: outcome.item.expected.description, got: got, source: outcome.item.source))
            }
        }
    }

    /// One confusion: how often `expected` was taken for `predicted`.
    public struct Confusion: Sendable, Hashable {
        /// The intent the corpus gives.
        public let expected: String
        /// The intent the parser gave, or ``Evaluation/noIntent``.
        public let predicted: String
        /// How often.
        public let count: Int
    }

    /// The most frequent confusions, most frequent first (ties by name).
    public func topConfusions(_ limit: Int = 10) -> [Confusion] {
        confusions.flatMap { expected, row in row.map { Confusion(expected: expected, predicted: $0.key, count: $0.value) } }
            .sorted { ($1.count, $0.expected, $0.predicted) < ($0.count, $1.expected, $1.predicted) }
            .prefix(limit).map { $0 }
    }

    /// Items per second of wall-clock time.
    public var throughput: Double { wallSeconds > 0 ? Double(overall.total) / wallSeconds : 0 }
}
