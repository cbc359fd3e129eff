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
    /// confidence of the parse's best hypothesis (0 when nothing was read).
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

    /// Reads a speech recognizer's n-best list and chooses jointly from the recognizer's
    /// confidence and the parse's: each alternative is parsed (the same text once), and the
    /// one whose recognizer confidence times its best hypothesis's confidence
    /// (``IntentHypothesis/confidence``, the probability that the reading is right) is
    /// highest wins. Both are probabilities, so the product is the chance that the
    /// recognizer heard this text and the engine read it right: a mishearing the engine
    /// cannot read (a name heard as common words) loses to a slightly less likely text it
    /// reads well, while a much less likely text needs a much better reading.
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
        let scores = zip(read, results).map { alternative, result in alternative.confidence * (result.best?.confidence ?? 0) }
        var chosen: Int?
        for index in scores.indices where results[index].best != nil && (chosen == nil || scores[index] > scores[chosen!]) {
            chosen = index
        }
        return AlternativesResult(alternatives: read, results: results, scores: scores, chosen: chosen)
    }
}
