import Foundation
/// One text a speech recognizer heard, with its confidence: an element of its n-best list.
public struct RecognitionAlternative: Sendable, Hashable {
    /// The text heard.
    public var text: String
    /// The recognizer's confidence in it, in [0, 1].
    public var confidence: Double

    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// An error in a recognizer's n-best list: which alternative, and what was expected.
public struct AlternativesError: Error, Sendable, CustomStringConvertible {
    public let index: Int
    public let message: String
    public var description: String { "alternative \(index + 1): \(message)" }
}

/// What a recognizer's n-best list was understood as: each alternative's parse, and the
/// alternative chosen.
public struct AlternativesResult: Sendable {
    /// The alternatives read (at most ``Engine/maxAlternatives``), as given.
    public let alternatives: [RecognitionAlternative]
    /// One parse per alternative, in their order.
    public let results: [ParseResult]
    /// Per alternative, how strongly it is chosen: the recognizer's confidence times the
    /// confidence of the parse's best hypothesis, times ``Engine/unknownValueShare`` for
    /// each of its values the app cannot use where another alternative's reading has one the
    /// app knows (0 when nothing was read).
    public let scores: [Double]
    /// The alternative chosen: the highest score, the earlier on a tie; nil when no
    /// alternative reads as anything.
    public let chosen: Int?

    /// The parse of the alternative chosen.
    public var best: ParseResult? { chosen.map { results[$0] } }
    /// Whether the alternative chosen was understood (``ParseResult/understood``).
    public var understood: Bool { best?.understood ?? false }
}

extension Engine {
    /// The most alternatives of an n-best list that are read; the rest are ignored (a
    /// recognizer's list is a handful; this bounds the work a caller's mistake can ask for).
    public static let maxAlternatives = 64

    /// How often a value said to an app is one the app cannot use (a contact, payee, list or
    /// workout it does not know: resolution ``ResolutionResult/Kind/unsupported``): 117 of
    /// the 1,345 vocabulary values of the best readings of Corpora/tests, blind and blind-3
    /// (2026-12-02; Benchmarks/DECISIONS.md). An n-best list's texts differ in what the
    /// recognizer heard, and one of them naming a value the app does not know is that much
    /// less likely to be what was said than one naming a value it knows: the recognizer does
    /// not know the app's vocabulary, the engine does. Texts that name no known value are
    /// not weighed by it ("mets en pose mon yoga" against "…pause mon yoga", where "yoga" is
    /// no workout of the app's either way).
    public static let unknownValueShare = 0.087

    /// Reads a speech recognizer's n-best list and chooses jointly from the recognizer's
    /// confidence and the parse's: each alternative is parsed (the same text once), and the
    /// one whose recognizer confidence times its best hypothesis's confidence
    /// (``IntentHypothesis/confidence``, the probability that the reading is right) is
    /// highest wins, each value the app cannot use, where another alternative's reading
    /// fills the same parameter with a value the app knows, multiplying it by
    /// ``unknownValueShare`` (at most three). Both are probabilities, so the product is the
    /// chance that the recognizer heard this text and the engine read it right, with the
    /// prior that a value said is one the app knows: a mishearing the engine cannot read,
    /// or reads with a name heard as common words ("from me a chin"), loses to a less likely
    /// text it reads with the app's own contact ("from Mia Chen"), while a much less likely
    /// text needs a much better reading.
    ///
    /// - Throws: ``AlternativesError`` when a recognizer confidence is not a number in [0, 1].
    /// - Returns: every alternative's parse; ``AlternativesResult/chosen`` is nil for an
    ///   empty list or one where nothing reads.
    public func parse(alternatives: [RecognitionAlternative], language: String? = nil, locked: Bool = false, user: UserSession? = nil,
                      now: LocalDateTime? = nil) throws(AlternativesError) -> AlternativesResult {
        let read = Array(alternatives.prefix(Self.maxAlternatives))
        for (index, alternative) in read.enumerated() where !(alternative.confidence >= 0 && alternative.confidence <= 1) {
            throw AlternativesError(index: index, message: "the recognizer's confidence \(alternative.confidence) is not in [0, 1]")
        }
        let moment = now ?? .current()
        var byText: [String: ParseResult] = [:]
        var results: [ParseResult] = []
        for alternative in read {
            if let known = byText[alternative.text] {
                results.append(known)
                continue
            }
            let result = parse(alternative.text, language: language, locked: locked, user: user, now: moment)
            byText[alternative.text] = result
            results.append(result)
        }
        // The parameters each alternative's reading fills with a value the app knows.
        let known: [Set<String>] = results.map { result in
            Set((result.best?.parameters ?? []).filter { $0.values.contains(where: \.isKnown) }.map(\.name))
        }
        let scores = results.indices.map { index -> Double in
            guard let best = results[index].best else { return 0 }
            // A value the app cannot use where another text's reading has one it knows.
            let unknown = best.parameters.reduce(0) { count, parameter in
                let rivalKnows = known.indices.contains { $0 != index && known[$0].contains(parameter.name) }
                return rivalKnows ? count + parameter.values.count { $0.resolution.kind == .unsupported } : count
            }
            return read[index].confidence * best.confidence * pow(Self.unknownValueShare, Double(min(unknown, 3)))
        }
        var chosen: Int?
        for index in scores.indices where results[index].best != nil && (chosen == nil || scores[index] > scores[chosen!]) {
            chosen = index
        }
        return AlternativesResult(alternatives: read, results: results, scores: scores, chosen: chosen)
    }
}

extension ParameterValue {
    /// A value found among the app's vocabulary or lists (whole, with edits or in part) and
    /// resolved to it, or to a choice among its items.
    var isKnown: Bool {
        guard let match, [.exact, .fuzzy, .partial].contains(match) else { return false }
        return [.success, .confirmationRequired, .disambiguation].contains(resolution.kind)
    }
}
