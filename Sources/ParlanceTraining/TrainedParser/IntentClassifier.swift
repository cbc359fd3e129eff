/// Ranks intents by similarity to the training examples: multinomial logistic regression
/// over TF-IDF weighted word unigrams, word bigrams and character 3- and 4-grams of the
/// normalized words (each word padded with '#', so prefixes and suffixes count).
///
/// The fallback for queries no induced template covers. Trained once (stochastic gradient
/// descent with AdaGrad steps, a seeded order, so training is deterministic); ranking is a
/// sparse dot product per intent. Features are 64-bit hashes (``FeatureHash``) mapped to
/// weight rows by a ``FeatureTable``: ranking builds no strings.
struct IntentClassifier: Sendable {
    /// The intents, sorted.
    let intents: [String]
    /// Feature key → id.
    let vocabulary: FeatureTable
    /// Inverse document frequency of each feature.
    let idf: [Float]
    /// Weights: feature-major, `intents.count` per feature.
    let weights: [Float]
    /// One bias per intent.
    let bias: [Float]

    private static let padding = Unicode.Scalar("#")
    private static let start = FeatureHash.string("<s>")
    private static let end = FeatureHash.string("</s>")

    /// The feature keys of normalized words (each word a scalar sequence), repeated as often
    /// as the feature occurs, appended to `keys`.
    static func features<Words: Sequence>(_ words: Words, into keys: inout [UInt64]) where Words.Element: Collection<Unicode.Scalar> {
        var previous = start
        for word in words {
            let hash = FeatureHash.scalars(word)
            keys.append(FeatureHash.combine(1, hash))
            keys.append(FeatureHash.combine(2, previous, hash))
            previous = hash
            // Character 3- and 4-grams of "#word#", from a sliding window of four scalars.
            var window: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
            var seen = 0
            func push(_ scalar: Unicode.Scalar) {
                window = (window.1, window.2, window.3, scalar.value)
                seen += 1
                if seen >= 3 {
                    keys.append(FeatureHash.combine(3, UInt64(window.1) << 42 ^ UInt64(window.2) << 21 ^ UInt64(window.3)))
                }
                if seen >= 4 {
                    keys.append(FeatureHash.combine(4, UInt64(window.0) << 32 ^ UInt64(window.1), UInt64(window.2) << 32 ^ UInt64(window.3)))
                }
            }
            push(padding)
            for scalar in word { push(scalar) }
            push(padding)
        }
        keys.append(FeatureHash.combine(2, previous, end))
    }

    /// Sorted ids with their counts, from ids in any order (sorted in place).
    static func counted(_ ids: inout [Int32]) -> [(Int32, Float)] {
        ids.sort()
        var row: [(Int32, Float)] = []
        row.reserveCapacity(ids.count)
        for id in ids {
            if let last = row.last, last.0 == id {
                row[row.count - 1].1 += 1
            } else {
                row.append((id, 1))
            }
        }
        return row
    }

    /// Trains on (normalized words, intent) examples.
    init(examples: [(words: [String], intent: String)], epochs: Int = 30, seed: UInt64 = 0x5eed) {
        intents = Set(examples.map(\.intent)).sorted()
        let intentIndex = Dictionary(uniqueKeysWithValues: intents.enumerated().map { ($1, $0) })
        var vocabulary = FeatureTable(capacity: 1 << 14)
        var documentFrequency: [Int] = []
        var raw: [[(Int32, Float)]] = []
        var keys: [UInt64] = []
        for example in examples {
            keys.removeAll(keepingCapacity: true)
            Self.features(example.words.lazy.map(\.unicodeScalars), into: &keys)
            var ids = keys.map { vocabulary.insert($0) }
            while documentFrequency.count < vocabulary.count { documentFrequency.append(0) }
            let row = Self.counted(&ids)
            for (id, _) in row { documentFrequency[Int(id)] += 1 }
            raw.append(row)
        }
        let documents = Float(max(1, examples.count))
        let idf = documentFrequency.map { Float(log(Double((documents + 1) / Float($0 + 1)))) + 1 }
        let rows = raw.map { Self.weighted($0, idf: idf) }

        let classes = intents.count
        var weights = [Float](repeating: 0, count: vocabulary.count * classes)
        var bias = [Float](repeating: 0, count: classes)
        let labels = examples.map { intentIndex[$0.intent]! }
        // The rows end to end (features and values apart, each row from its start), so the
        // epochs' loop reads flat buffers: no array of arrays retained per example.
        var starts = [0]
        starts.reserveCapacity(rows.count + 1)
        for row in rows { starts.append(starts[starts.count - 1] + row.count) }
        let features = rows.flatMap { $0.map(\.0) }
        let values = rows.flatMap { $0.map(\.1) }
        Self.descend(features: features, values: values, starts: starts, labels: labels, classes: classes, epochs: epochs,
                     seed: seed, weights: &weights, bias: &bias)
        self.vocabulary = vocabulary
        self.idf = idf
        self.weights = weights
        self.bias = bias
    }

    /// Stochastic gradient descent with AdaGrad steps on the softmax loss with an L2 penalty:
    /// `epochs` passes over the rows (row `i` is `features[starts[i]..<starts[i + 1]]` with
    /// its `values`, labelled `labels[i]`), each in an order shuffled from `seed`.
    static func descend(features: [Int32], values: [Float], starts: [Int], labels: [Int], classes: Int, epochs: Int, seed: UInt64,
                        weights: inout [Float], bias: inout [Float]) {
        let rate: Float = 0.5
        let l2: Float = 1e-5
        var order = Array(labels.indices)
        var generator = SplitMix64(seed: seed)
        // AdaGrad's sums of squared gradients, and the scores of one row, in buffers of their
        // own beside the weights': the loop below indexes them without bounds checks.
        let squares = UnsafeMutableBufferPointer<Float>.allocate(capacity: weights.count)
        let biasSquares = UnsafeMutableBufferPointer<Float>.allocate(capacity: classes)
        let scores = UnsafeMutableBufferPointer<Float>.allocate(capacity: classes)
        squares.initialize(repeating: 1e-6)
        biasSquares.initialize(repeating: 1e-6)
        scores.initialize(repeating: 0)
        defer {
            squares.deallocate()
            biasSquares.deallocate()
            scores.deallocate()
        }
        weights.withUnsafeMutableBufferPointer { weights in
            bias.withUnsafeMutableBufferPointer { bias in
                for _ in 0..<epochs {
                    for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.next(below: i + 1)) }
                    for index in order {
                        let row = starts[index]..<starts[index + 1]
                        for c in 0..<classes { scores[c] = bias[c] }
                        for j in row {
                            let base = Int(features[j]) * classes
                            let value = values[j]
                            for c in 0..<classes { scores[c] += weights[base + c] * value }
                        }
                        softmax(scores)
                        for c in 0..<classes {
                            let gradient = scores[c] - (labels[index] == c ? 1 : 0)
                            biasSquares[c] += gradient * gradient
                            bias[c] -= rate * gradient / biasSquares[c].squareRoot()
                            for j in row {
                                let slot = Int(features[j]) * classes + c
                                let g = gradient * values[j] + l2 * weights[slot]
                                squares[slot] += g * g
                                weights[slot] -= rate * g / squares[slot].squareRoot()
                            }
                        }
                    }
                }
            }
        }
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
        scores.withUnsafeMutableBufferPointer { softmax($0) }
    }

    static func softmax(_ scores: UnsafeMutableBufferPointer<Float>) {
        let top = scores.max() ?? 0
        var sum: Float = 0
        for c in scores.indices {
            scores[c] = Float(exp(Double(scores[c] - top)))
            sum += scores[c]
        }
        for c in scores.indices { scores[c] /= sum }
    }

    /// The probability of each intent (in ``intents`` order) for normalized words, each a
    /// scalar sequence.
    func probabilities<Words: Sequence>(_ words: Words) -> [Float] where Words.Element: Collection<Unicode.Scalar> {
        var keys: [UInt64] = []
        keys.reserveCapacity(64)
        Self.features(words, into: &keys)
        var ids: [Int32] = []
        ids.reserveCapacity(keys.count)
        for key in keys {
            let id = vocabulary.id(key)
            if id >= 0 { ids.append(id) }
        }
        var scores = [Float](repeating: 0, count: intents.count)
        Self.scores(Self.weighted(Self.counted(&ids), idf: idf), weights: weights, bias: bias, classes: intents.count, into: &scores)
        Self.softmax(&scores)
        return scores
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
