import Foundation
import ParlanceCorpora
import ParlanceGrammar

/// What the calibrated confidence of a hypothesis is computed from: numbers the ranking
/// already knows (``ReadingKey``, the grammar's ``RankingKey``), how the app was chosen, how
/// the values resolved, and how far the hypothesis stands ahead of its rivals.
///
/// The features are about the reading, never about its words: the same function serves every
/// language, app and intent, the grammar's readings and the learned ones alike.
public struct ConfidenceFeatures: Sendable, Hashable {
    /// The features' names, in the order of ``values`` (the keys of a calibration file).
    public static let names: [String] = [
        "ranking",               // the ranking's own confidence (RankingKey.confidence × resolution factors)
        "wordEdits",             // corrected template words (at most 3)
        "valueEdits",            // edits in list and vocabulary values (at most 5)
        "unexplainedShare",      // letters left to free text or taken in by edits, over the utterance's letters
        "literalShare",          // letters the template spells as written, over the utterance's letters
        "wildcards",             // free-text slots (at most 3)
        "skippedWords",          // skip words passed over (at most 3)
        "guessed",               // vocabulary parameters filled with free text (at most 3)
        "missing",               // required parameters unsaid, or found by elimination in a learned reading (at most 3)
        "learned",               // 1: a learned reading (LearnedReading), not a template's
        "examplePhrase",         // 1: the template is one of the app's example phrases
        "appMentioned",          // 1: the utterance names the app
        "appAmbiguous",          // 1: the app itself is ambiguous
        "vocabularyEvidence",    // values found in the app's vocabulary when the app is not named (at most 3)
        "unsupported",           // values the app does not know (at most 3)
        "choices",               // values asking for a choice or a confirmation (at most 3)
        "valuesSaid",            // values said (at most 5)
        "nearTie",               // 1: a reading of another intent ranks the same up to the tie-breakers
        "rivalMargin",           // the ranking confidence above that of the best hypothesis of another app or intent (0 without one)
        "hasRival",              // 1: another app or intent is among the hypotheses
        "languageGiven",         // 1: the caller gave the language
        "letters",               // log(1 + letters of the utterance)
    ]

    /// One value per name of ``names``.
    public let values: [Double]

    /// Whether these are a learned reading's features ("learned" 1).
    public var isLearned: Bool { values[ConfidenceCalibration.learnedFeature] == 1 }

    public init(values: [Double]) {
        precondition(values.count == Self.names.count, "one value per feature (ConfidenceFeatures.names)")
        self.values = values
    }

    /// The features of hypothesis `index` of a parse made without calibration
    /// (``EngineOptions/calibration`` nil: the confidences are the ranking's own), what
    /// `parlance calibrate` fits on.
    public init(of result: ParseResult, at index: Int, languageGiven: Bool) {
        let text = Engine.readableText(of: result.utterance) ?? result.utterance
        self.init(of: result.hypotheses, at: index, letters: Self.letters(of: text), languageGiven: languageGiven)
    }

    /// The features of hypothesis `index` of `hypotheses` (ranked, with their ranking
    /// confidences), read from `text` with the language given or not.
    init(of hypotheses: [IntentHypothesis], at index: Int, letters: Int, languageGiven: Bool) {
        let h = hypotheses[index]
        let ranking = h.match.ranking
        let share = { (count: Int) in letters > 0 ? min(1, Double(count) / Double(letters)) : 0 }
        let learned = h.match.template.location.file == LearnedReading.template.location.file
        // A learned reading's free text is a value found by elimination (the words its
        // intent's examples do not say), not one the request says as such: to the calibration
        // it is still missing, so that filling it makes the answer right more often without
        // making a guess look surer than the reading without it.
        var unsupported = 0, choices = 0, said = 0, eliminated = 0
        for parameter in h.parameters {
            for value in parameter.values {
                if learned, let span = value.span, h.match.slots.contains(where: { $0.kind == .wildcard && $0.span == span }) {
                    eliminated += 1
                } else if value.value != nil || value.span != nil {
                    said += 1
                }
                switch value.resolution.kind {
                case .unsupported: unsupported += 1
                case .disambiguation, .confirmationRequired: choices += 1
                default: break
                }
            }
        }
        var mentioned = 0.0, example = 0.0, ambiguous = 0.0, evidence = 0.0
        switch h.appSelection {
        case .mentioned: mentioned = 1
        case .example: example = 1
        case .ambiguous: ambiguous = 1
        case .vocabulary(let matches): evidence = Double(min(matches, 3))
        }
        let rival = hypotheses.indices.lazy.filter { $0 != index }.map { hypotheses[$0] }
            .filter { $0.intent.name != h.intent.name || ($0.app.bundleIdentifier != h.app.bundleIdentifier && !h.appSelection.isAmbiguous) }
            .map(\.confidence).max()
        func capped(_ value: Int, _ cap: Int) -> Double { Double(min(max(0, value), cap)) }
        values = [
            h.confidence,
            capped(ranking.wordEdits, 3),
            capped(ranking.valueEdits, 5),
            share(ranking.wildcardScalars + ranking.valueEdits),
            share(ranking.literalScalars),
            capped(ranking.wildcards, 3),
            capped(ranking.skippedWords, 3),
            capped(h.reading.guessed, 3),
            capped(h.reading.missing + eliminated, 3),
            learned ? 1 : 0,
            example,
            mentioned,
            ambiguous,
            evidence,
            capped(unsupported, 3),
            capped(choices, 3),
            capped(said, 5),
            h.match.isNearTie ? 1 : 0,
            rival.map { h.confidence - $0 } ?? 0,
            rival == nil ? 0 : 1,
            languageGiven ? 1 : 0,
            log(1 + Double(letters)),
        ]
    }

    /// The letters of an utterance (scalars other than whitespace and punctuation). ASCII is
    /// counted without a lookup of Unicode properties (most of most utterances).
    static func letters(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            if scalar.isASCII {
                let v = scalar.value
                return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) ? count + 1 : count
            }
            return scalar.properties.isWhitespace || scalar.properties.generalCategory.isPunctuation ? count : count + 1
        }
    }
}

private extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: true
        default: false
        }
    }
}

/// Turns what the ranking knows of a hypothesis (``ConfidenceFeatures``) into the
/// probability that the hypothesis is right: its app, its intent and every value. A
/// logistic regression (Platt scaling on many features), fitted by `parlance calibrate` on
/// requests whose answers are known: the project's tests, requests written blind, and
/// requests no app can handle (``fit(_:regularization:)``).
///
/// `p = 1 / (1 + exp(−(bias + Σ weightᵢ × featureᵢ)))`
///
/// The engine applies it to every hypothesis of a parse (``Engine/parse(_:language:locked:user:now:)``);
/// a later hypothesis never gets more than the one before it, nor more than what the ones
/// before it leave of 1 (they are exclusive answers).
public struct ConfidenceCalibration: Sendable, Hashable, Codable {
    /// The feature names the weights go with (``ConfidenceFeatures/names`` when fitted).
    public let features: [String]
    /// One weight per feature.
    public let weights: [Double]
    public let bias: Double
    /// The weights and bias of learned readings (``ConfidenceFeatures`` "learned" 1), fitted
    /// on them alone: a reading learned from a few examples is another population than a
    /// template's, whose features (the words said, the margin over rivals) mean other
    /// odds. Nil: the weights above serve every reading.
    public let learned: Part?
    /// What it was fitted on, for the record (corpora, counts).
    public let fittedOn: String?

    /// One logistic regression's weights (one per feature) and bias.
    public struct Part: Sendable, Hashable, Codable {
        public let weights: [Double]
        public let bias: Double
        public init(weights: [Double], bias: Double) {
            self.weights = weights
            self.bias = bias
        }
    }

    public init(features: [String], weights: [Double], bias: Double, learned: Part? = nil, fittedOn: String? = nil) {
        self.features = features
        self.weights = weights
        self.bias = bias
        self.learned = learned
        self.fittedOn = fittedOn
    }

    /// The index of the feature that marks a learned reading.
    static let learnedFeature = ConfidenceFeatures.names.firstIndex(of: "learned")!

    /// The probability that a hypothesis with these features is right.
    public func probability(_ features: ConfidenceFeatures) -> Double {
        let (weights, bias) = features.isLearned ? (learned?.weights ?? weights, learned?.bias ?? bias) : (weights, bias)
        var z = bias
        for (weight, value) in zip(weights, features.values) { z += weight * value }
        return 1 / (1 + exp(-z))
    }

    /// This calibration with its learned readings' part fitted anew on the learned readings
    /// of `samples` (``fit(_:regularization:fittedOn:)``), template readings kept as they are:
    /// what `parlance calibrate --templates-from` writes.
    public func refittingLearned(_ samples: [Sample], regularization: Double = 1, fittedOn: String?) -> ConfidenceCalibration {
        let fitted = Self.fit(samples.filter(\.features.isLearned), regularization: regularization)
        return ConfidenceCalibration(features: features, weights: weights, bias: bias, learned: Part(weights: fitted.weights, bias: fitted.bias),
                                     fittedOn: fittedOn)
    }

    /// One labelled example: the features of a parse's best hypothesis, and whether it was right.
    public struct Sample: Sendable, Hashable {
        public let features: ConfidenceFeatures
        public let correct: Bool
        public init(features: ConfidenceFeatures, correct: Bool) {
            self.features = features
            self.correct = correct
        }
    }

    /// The logistic regression of `samples` (``LogisticRegression``: Newton's method with an
    /// L2 penalty of `regularization` on the weights, not the bias, which keeps features that
    /// never vary in the data at zero weight).
    public static func fit(_ samples: [Sample], regularization: Double = 1, fittedOn: String? = nil) -> ConfidenceCalibration {
        let (weights, bias) = LogisticRegression.fit(samples.map(\.features.values), labels: samples.map(\.correct), regularization: regularization)
        return ConfidenceCalibration(features: ConfidenceFeatures.names, weights: weights, bias: bias, fittedOn: fittedOn)
    }
}

/// An error reading a calibration file: the file and what is wrong.
public struct CalibrationError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String
    public var description: String { "\(file): \(message)" }
}

extension ConfidenceCalibration {
    /// The calibration shipped with Parlance (`Corpora/calibration/confidence.json`,
    /// embedded), fitted on the built-in grammars and the sample apps; nil when the build
    /// has none.
    public static let builtIn: ConfidenceCalibration? = {
        guard let file = EmbeddedCorpora.files.first(where: { $0.path == "calibration/confidence.json" }) else { return nil }
        return try? ConfidenceCalibration(json: Data(file.bytes), source: file.path)
    }()

    /// Reads a calibration file written by `parlance calibrate`.
    public init(contentsOf url: URL) throws(CalibrationError) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CalibrationError(file: url.path, message: "cannot read the file; expected a calibration written by 'parlance calibrate'")
        }
        try self.init(json: data, source: url.path)
    }

    init(json data: Data, source: String) throws(CalibrationError) {
        let decoded: ConfidenceCalibration
        do {
            decoded = try JSONDecoder().decode(ConfidenceCalibration.self, from: data)
        } catch {
            throw CalibrationError(file: source, message: "not a calibration (\(error)); expected JSON with features, weights and bias")
        }
        guard decoded.features == ConfidenceFeatures.names else {
            throw CalibrationError(file: source, message: "its features (\(decoded.features.joined(separator: ", "))) are not this version's (\(ConfidenceFeatures.names.joined(separator: ", "))); fit it again with 'parlance calibrate'")
        }
        for part in [Part(weights: decoded.weights, bias: decoded.bias)] + (decoded.learned.map { [$0] } ?? []) {
            guard part.weights.count == decoded.features.count, part.bias.isFinite, part.weights.allSatisfy(\.isFinite) else {
                throw CalibrationError(file: source, message: "expected one finite weight per feature and a finite bias (in weights and bias, and in learned)")
            }
        }
        self = decoded
    }

    /// The calibration as JSON: features with their weights, the bias, what it was fitted on.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

extension Engine {
    /// The hypotheses of a parse as the caller sees them: duplicates merged (same app,
    /// intent and values: the first kept), at most ``EngineOptions/limit``, and each
    /// confidence the calibrated probability that it is right (``ConfidenceCalibration``),
    /// never more than the one before it nor more than what those before it leave of 1.
    func finished(_ hypotheses: [IntentHypothesis], text: String, languageGiven: Bool) -> [IntentHypothesis] {
        var kept: [IntentHypothesis] = []
        for hypothesis in hypotheses where !kept.contains(where: { $0.isSameAnswer(as: hypothesis) }) {
            kept.append(hypothesis)
            if kept.count == max(1, options.limit) { break }
        }
        guard let calibration = options.calibration, !kept.isEmpty else { return kept }
        let letters = ConfidenceFeatures.letters(of: text)
        let features = kept.indices.map { ConfidenceFeatures(of: kept, at: $0, letters: letters, languageGiven: languageGiven) }
        var previous = 1.0, left = 1.0
        return kept.indices.map { index in
            let p = max(0, min(calibration.probability(features[index]), previous, left))
            previous = p
            left -= p
            return kept[index].with(confidence: p)
        }
    }
}

extension IntentHypothesis {
    /// The same answer: app (or app ambiguity), intent, and every parameter's values and identifiers.
    func isSameAnswer(as other: IntentHypothesis) -> Bool {
        guard app.bundleIdentifier == other.app.bundleIdentifier, intent.name == other.intent.name,
              appSelection.isAmbiguous == other.appSelection.isAmbiguous, parameters.count == other.parameters.count else { return false }
        for (a, b) in zip(parameters, other.parameters) {
            guard a.name == b.name, a.values.count == b.values.count else { return false }
            for (x, y) in zip(a.values, b.values) where x.value != y.value || x.identifier != y.identifier || x.resolution.kind != y.resolution.kind {
                return false
            }
        }
        return true
    }

    /// The same hypothesis with another confidence.
    func with(confidence: Double) -> IntentHypothesis {
        with(appSelection: appSelection, confidence: confidence, tieBreak: tieBreak)
    }
}
