/// A slot as a corpus labels it or a parser fills it: a name and its values.
///
/// Expected slots list the values any of which is right (Home Assistant's tests accept
/// any element of a list); predicted slots list what the parser filled (usually one value).
///
/// ```swift
/// LabeledSlot(name: "area", values: ["Kitchen"])
/// ```
public struct LabeledSlot: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The slot's name, e.g. "playlist".
    public var name: String
    /// The values: alternatives when expected, what was filled when predicted.
    public var values: [String]

    /// A slot with its values.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// A slot with one value.
    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    public var description: String {
        values.count == 1 ? "\(name)=\(values[0])" : "\(name)=\(values.joined(separator: "|"))"
    }
}

/// What an utterance means: the app (when the corpus names one), the intent and the slots.
public struct Annotation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The app the utterance addresses, when the corpus has apps (Corpora/tests).
    public var app: String?
    /// The intent's name.
    public var intent: String
    /// The slots, in the order the corpus gives them.
    public var slots: [LabeledSlot]

    /// An annotation.
    public init(app: String? = nil, intent: String, slots: [LabeledSlot] = []) {
        self.app = app
        self.intent = intent
        self.slots = slots
    }

    /// A request no app can handle: the right answer is to understand nothing.
    public static let outOfScope = Annotation(intent: Evaluation.noIntent)

    /// True for ``outOfScope``.
    public var isOutOfScope: Bool { intent == Evaluation.noIntent }

    public var description: String {
        if isOutOfScope { return "not understood (out of scope)" }
        let head = app.map { "\($0)/\(intent)" } ?? intent
        return slots.isEmpty ? head : "\(head) \(slots.map(\.description).joined(separator: " "))"
    }
}

/// One labelled utterance of a corpus: what is said, in which language, what it means, and
/// where the corpus says so.
public struct EvaluationItem: Sendable, Hashable {
    /// The utterance as a user says or types it.
    public var utterance: String
    /// The language tag, e.g. "en", "zh-cn".
    public var language: String
    /// What the utterance must give.
    public var expected: Annotation
    /// What is known besides the utterance (Home Assistant: the satellite's area).
    public var context: [String: String]
    /// Where the item comes from, for failure lists: "tests/en/light_HassTurnOn.yaml:12".
    public var source: String?

    /// An item.
    public init(utterance: String, language: String, expected: Annotation, context: [String: String] = [:], source: String? = nil) {
        self.utterance = utterance
        self.language = language
        self.expected = expected
        self.context = context
        self.source = source
    }
}

/// What a parser made of an utterance: its best hypothesis.
public struct Prediction: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The app, for parsers that resolve apps.
    public var app: String?
    /// The intent, or nil when nothing matched.
    public var intent: String?
    /// The filled slots.
    public var slots: [LabeledSlot]
    /// The parser's confidence in this hypothesis, in [0, 1] (0 when nothing matched).
    public var confidence: Double
    /// False when the parser refuses its own best hypothesis (its confidence is below the
    /// parser's threshold): the hypothesis is scored for calibration, but the answer is
    /// "not understood".
    public var understood: Bool

    /// A prediction.
    public init(app: String? = nil, intent: String?, slots: [LabeledSlot] = [], confidence: Double, understood: Bool = true) {
        self.app = app
        self.intent = intent
        self.slots = slots
        self.confidence = confidence
        self.understood = understood
    }

    /// Nothing matched.
    public static let none = Prediction(intent: nil, confidence: 0)

    public var description: String {
        guard let intent else { return "no match" }
        let head = app.map { "\($0)/\(intent)" } ?? intent
        let said = slots.isEmpty ? head : "\(head) \(slots.map(\.description).joined(separator: " "))"
        return understood ? said : "not understood (best: \(said), confidence \((confidence * 1000).rounded() / 1000))"
    }
}

/// Whatever is evaluated: takes an utterance in a language (with its context) and gives its
/// best hypothesis. A Home Assistant grammar, a trained Snips model and, later, the Parlance
/// engine each conform.
///
/// Conformers are shared between worker threads: `parse` must be safe to call concurrently.
/// A thrown error counts as a failed item (listed with the error) and the run goes on.
public protocol EvaluationSubject: Sendable {
    /// The best hypothesis for `utterance`.
    func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction
}
