/// Ranks intents by similarity to the training examples: multinomial logistic regression
/// over TF-IDF weighted word unigrams, word bigrams and character 3- and 4-grams of the
/// normalized words (each word padded with '#', so prefixes and suffixes count).
///
/// The fallback for queries no induced template covers. Trained once (stochastic gradient
/// descent with AdaGrad steps, a seeded order, so training is deterministic); ranking is a
/// sparse dot product per intent.
struct IntentClassifier: Sendable {
    /// The intents, sorted.
    let intents: [String]
    /// Feature string → id.
    let vocabulary: [String: Int32]
    /// Inverse document frequency of each feature.
    let idf: [Float]
    /// Weights: feature-major, `intents.count` per feature.
    let weights: [Float]
    /// One bias per intent.
    let bias: [Float]

    /// The features of normalized words: name → raw count.
    static func features(_ words: [String]) -> [String: Float] {
        var counts: [String: Float] = [:]
        var previous = "<s>"
        for word in words {
            counts["w:" + word, default: 0] += 1
            counts["b:" + previous + " " + word, default: 0] += 1
            previous = word
            let padded = Array("#" + word + "#")
            for n in 3...4 where padded.count >= n {
                for start in 0...(padded.count - n) { counts["c:" + String(padded[start..<(start + n)]), default: 0] += 1 }
            }
        }
        counts["b:" + previous + " </s>", default: 0] += 1
        return counts
    }

    /// Trains on (normalized words, intent) examples.
    init(examples: [(words: [String], intent: String)], epochs: Int = 30, seed: UInt64 = 0x5eed) {
        intents = Set(examples.map(\.intent)).sorted()
        let intentIndex = Dictionary(uniqueKeysWithValues: intents.enumerated().map { ($1, $0) })
        var vocabulary: [String: Int32] = [:]
        var documentFrequency: [Int] = []
        var raw: [[(Int32, Float)]] = []
        for example in examples {
            var row: [(Int32, Float)] = []
            for (name, count) in Self.features(example.words) {
                let id: Int32
                if let known = vocabulary[name] {
                    id = known
                } else {
                    id = Int32(vocabulary.count)
                    vocabulary[name] = id
                    documentFrequency.append(0)
                }
                documentFrequency[Int(id)] += 1
                row.append((id, count))
            }
            raw.append(row.sorted { $0.0 < $1.0 })
        }
        let documents = Float(max(1, examples.count))
        let idf = documentFrequency.map { Float(log(Double((documents + 1) / Float($0 + 1)))) + 1 }
        let rows = raw.map { Self.weighted($0, idf: idf) }

        let classes = intents.count
        var weights = [Float](repeating: 0, count: vocabulary.count * classes)
        var squares = [Float](repeating: 1e-6, count: vocabulary.count * classes)
        var bias = [Float](repeating: 0, count: classes)
        var biasSquares = [Float](repeating: 1e-6, count: classes)
        let labels = examples.map { intentIndex[$0.intent]! }
        var order = Array(rows.indices)
        var generator = SplitMix64(seed: seed)
        let rate: Float = 0.5
        let l2: Float = 1e-5
        var scores = [Float](repeating: 0, count: classes)
        for _ in 0..<epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.next(below: i + 1)) }
            for index in order {
                let row = rows[index]
                Self.scores(row, weights: weights, bias: bias, classes: classes, into: &scores)
                Self.softmax(&scores)
                for c in 0..<classes {
                    let gradient = scores[c] - (labels[index] == c ? 1 : 0)
                    biasSquares[c] += gradient * gradient
                    bias[c] -= rate * gradient / biasSquares[c].squareRoot()
                    for (feature, value) in row {
                        let slot = Int(feature) * classes + c
                        let g = gradient * value + l2 * weights[slot]
                        squares[slot] += g * g
                        weights[slot] -= rate * g / squares[slot].squareRoot()
                    }
                }
            }
        }
        self.vocabulary = vocabulary
        self.idf = idf
        self.weights = weights
        self.bias = bias
    }

    /// TF-IDF with sublinear term frequency, L2-normalized.
    static func weighted(_ row: [(Int32, Float)], idf: [Float]) -> [(Int32, Float)] {
        var weighted = row.map { ($0.0, (1 + Float(log(Double($0.1)))) * idf[Int($0.0)]) }
        let norm = weighted.reduce(Float(0)) { $0 + $1.1 * $1.1 }.squareRoot()
        if norm > 0 { for i in weighted.indices { weighted[i].1 /= norm } }
        return weighted
    }

    static func scores(_ row: [(Int32, Float)], weights: [Float], bias: [Float], classes: Int, into scores: inout [Float]) {
        for c in 0..<classes { scores[c] = bias[c] }
        for (feature, value) in row {
            let base = Int(feature) * classes
            for c in 0..<classes { scores[c] += weights[base + c] * value }
        }
    }

    static func softmax(_ scores: inout [Float]) {
        let top = scores.max() ?? 0
        var sum: Float = 0
        for c in scores.indices {
            scores[c] = Float(exp(Double(scores[c] - top)))
            sum += scores[c]
        }
        for c in scores.indices { scores[c] /= sum }
    }

    /// The probability of each intent (in ``intents`` order) for normalized words.
    func probabilities(_ words: [String]) -> [Float] {
        var row: [(Int32, Float)] = []
        for (name, count) in Self.features(words) {
            if let id = vocabulary[name] { row.append((id, count)) }
        }
        var scores = [Float](repeating: 0, count: intents.count)
        Self.scores(Self.weighted(row, idf: idf), weights: weights, bias: bias, classes: intents.count, into: &scores)
        Self.softmax(&scores)
        return scores
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
