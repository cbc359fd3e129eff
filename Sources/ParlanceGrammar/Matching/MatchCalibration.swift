import Foundation

/// A logistic regression fitted by Newton's method (iteratively reweighted least squares)
/// with an L2 penalty on the weights (not the bias), which keeps features that never vary
/// in the data at zero weight. What both calibrations fit: the engine's
/// (`ConfidenceCalibration`) and the grammar matcher's (``MatchCalibration``).
public enum LogisticRegression {
    /// The weights (one per column of `rows`) and the bias that fit `labels`.
    public static func fit(_ rows: [[Double]], labels: [Bool], regularization: Double) -> (weights: [Double], bias: Double) {
        precondition(rows.count == labels.count, "one label per row")
        let width = rows.first?.count ?? 0
        let n = width + 1          // the bias last
        var beta = [Double](repeating: 0, count: n)
        for _ in 0..<50 {
            var gradient = [Double](repeating: 0, count: n)
            var hessian = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            for (row, label) in zip(rows, labels) {
                let x = row + [1]
                var z = 0.0
                for i in 0..<n { z += beta[i] * x[i] }
                let p = 1 / (1 + exp(-z))
                let residual = (label ? 1 : 0) - p
                let weight = max(p * (1 - p), 1e-9)
                for i in 0..<n {
                    gradient[i] += residual * x[i]
                    for j in 0...i { hessian[i][j] += weight * x[i] * x[j] }
                }
            }
            for i in 0..<n {
                for j in 0..<i { hessian[j][i] = hessian[i][j] }
                if i < n - 1 {
                    gradient[i] -= regularization * beta[i]
                    hessian[i][i] += regularization
                } else {
                    hessian[i][i] += 1e-9
                }
            }
            guard let step = solve(hessian, gradient) else { break }
            var largest = 0.0
            for i in 0..<n {
                beta[i] += step[i]
                largest = max(largest, abs(step[i]))
            }
            if largest < 1e-8 { break }
        }
        return (Array(beta.dropLast()), beta[n - 1])
    }

    /// `1 / (1 + exp(−(bias + Σ weightᵢ × valueᵢ)))`.
    public static func probability(_ values: [Double], weights: [Double], bias: Double) -> Double {
        var z = bias
        for (weight, value) in zip(weights, values) { z += weight * value }
        return 1 / (1 + exp(-z))
    }

    /// `a x = b` by Gaussian elimination with partial pivoting; nil when `a` is singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a
        var v = b
        let n = v.count
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }), abs(m[pivot][column]) > 1e-12 else { return nil }
            m.swapAt(column, pivot)
            v.swapAt(column, pivot)
            for r in (column + 1)..<n where m[r][column] != 0 {
                let factor = m[r][column] / m[column][column]
                for c in column..<n { m[r][c] -= factor * m[column][c] }
                v[r] -= factor * v[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var sum = v[r]
            for c in (r + 1)..<n { sum -= m[r][c] * x[c] }
            x[r] = sum / m[r][r]
        }
        return x
    }
}

/// Turns what the matcher knows of a hypothesis into the probability that it is right (its
/// intent and every slot): a logistic regression over the ranking key's numbers
/// (``features(of:at:)``), fitted on a corpus's test sentences and corrupted copies of them
/// (`parlance grammar calibrate`, Corpora/calibration/README.md). A hypothesis's own
/// ``Hypothesis/confidence`` is a fixed formula of the same numbers; this one means what it
/// says: of the hypotheses given 0.9, nine in ten are right.
///
/// The features describe the match, never its words, so one calibration serves every
/// language of a corpus, and languages it was not fitted on.
public struct MatchCalibration: Sendable, Hashable, Codable {
    /// The features' names, in the order of ``features(of:at:)``.
    public static let names: [String] = [
        "confidence",         // the hypothesis's own confidence (RankingKey.confidence)
        "wordEdits",          // corrected template words (at most 3)
        "valueEdits",         // edits in list values (at most 5)
        "wildcards",          // wildcard slots (at most 3)
        "unexplainedShare",   // letters left to wildcards or taken in by edits, over the utterance's letters
        "literalShare",       // letters the template spells, over the utterance's letters
        "skippedWords",       // skip words passed over (at most 3)
        "nearTie",            // 1: another intent's hypothesis ranks the same up to the tie-breakers
        "rivalMargin",        // the confidence above the best hypothesis of another intent (0 without one)
        "hasRival",           // 1: another intent is among the hypotheses
    ]

    /// The feature names the weights go with (``names`` when fitted).
    public let features: [String]
    public let weights: [Double]
    public let bias: Double
    /// What it was fitted on, for the record.
    public let fittedOn: String?

    public init(features: [String] = MatchCalibration.names, weights: [Double], bias: Double, fittedOn: String? = nil) {
        self.features = features
        self.weights = weights
        self.bias = bias
        self.fittedOn = fittedOn
    }

    /// The features of hypothesis `index` of `result`, one per name of ``names``.
    public static func features(of result: MatchResult, at index: Int) -> [Double] {
        let h = result.hypotheses[index]
        let key = h.ranking
        let letters = Self.letters(of: result.utterance)
        let share = { (count: Int) in letters > 0 ? min(1, Double(count) / Double(letters)) : 0 }
        let rival = result.hypotheses.indices.lazy.filter { $0 != index && result.hypotheses[$0].intent != h.intent }
            .map { result.hypotheses[$0].confidence }.max()
        func capped(_ value: Int, _ cap: Int) -> Double { Double(min(max(0, value), cap)) }
        return [
            h.confidence,
            capped(key.wordEdits, 3),
            capped(key.valueEdits, 5),
            capped(key.wildcards, 3),
            share(key.wildcardScalars + key.valueEdits),
            share(key.literalScalars),
            capped(key.skippedWords, 3),
            h.isNearTie ? 1 : 0,
            rival.map { h.confidence - $0 } ?? 0,
            rival == nil ? 0 : 1,
        ]
    }

    /// The probability that hypothesis `index` of `result` is right.
    public func probability(of result: MatchResult, at index: Int) -> Double {
        LogisticRegression.probability(Self.features(of: result, at: index), weights: weights, bias: bias)
    }

    /// The calibration that fits `samples` (features as ``features(of:at:)`` gives them,
    /// and whether the hypothesis was right), with an L2 penalty of `regularization`.
    public static func fit(_ samples: [(features: [Double], correct: Bool)], regularization: Double = 1, fittedOn: String? = nil) -> MatchCalibration {
        let (weights, bias) = LogisticRegression.fit(samples.map(\.features), labels: samples.map(\.correct), regularization: regularization)
        return MatchCalibration(weights: weights, bias: bias, fittedOn: fittedOn)
    }

    /// Reads a calibration written by ``json()``; `source` names it in errors.
    public init(json data: Data, source: String) throws(MatchCalibrationError) {
        let decoded: MatchCalibration
        do {
            decoded = try JSONDecoder().decode(MatchCalibration.self, from: data)
        } catch {
            throw MatchCalibrationError(file: source, message: "not a match calibration (\(error)); expected JSON with features, weights and bias")
        }
        guard decoded.features == Self.names else {
            throw MatchCalibrationError(file: source, message: "its features (\(decoded.features.joined(separator: ", "))) are not this version's (\(Self.names.joined(separator: ", "))); fit it again with 'parlance grammar calibrate'")
        }
        guard decoded.weights.count == decoded.features.count, decoded.bias.isFinite, decoded.weights.allSatisfy(\.isFinite) else {
            throw MatchCalibrationError(file: source, message: "expected one finite weight per feature and a finite bias")
        }
        self = decoded
    }

    /// The calibration as JSON.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Which ASCII scalars ``letters(of:)`` counts (neither whitespace nor punctuation), looked up once.
    static let asciiLetters: [Bool] = (0..<128).map { value in
        let properties = Unicode.Scalar(UInt8(value)).properties
        return !properties.isWhitespace && !isPunctuation(properties.generalCategory)
    }

    static func isPunctuation(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: true
        default: false
        }
    }

    /// The letters of a text: scalars other than whitespace and punctuation. ASCII is
    /// counted without a lookup of Unicode properties.
    static func letters(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            if scalar.isASCII { return asciiLetters[Int(scalar.value)] ? count + 1 : count }
            let properties = scalar.properties
            return properties.isWhitespace || isPunctuation(properties.generalCategory) ? count : count + 1
        }
    }
}

/// An error reading a match calibration: the file and what is wrong.
public struct MatchCalibrationError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String
    public var description: String { "\(file): \(message)" }
}
