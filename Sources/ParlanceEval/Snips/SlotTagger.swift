/// Finds slot spans in an utterance: BIO tags over its words, chosen by a first-order
/// Viterbi search under an averaged structured perceptron (Collins 2002, "Discriminative
/// Training Methods for Hidden Markov Models"), restricted to the slots of the utterance's
/// intent.
///
/// One tagger serves every intent: slots that several intents share (city, timeRange,
/// object_name) learn from all their examples, and each feature also exists joined with the
/// intent, for what is particular to one.
///
/// Each word's features: the word and its neighbours (two each side), neighbour pairs,
/// prefixes and suffixes, its shape as written (capitals, digits), and whether it lies in
/// a span of an induced slot list (the slot values of the training queries, matched as
/// whole word sequences): the lists tell the tagger which words are values, the context
/// words where an unseen value starts and ends.
struct SlotTagger: Sendable {
    /// A training or test utterance: its words (normalized), their written forms, and for
    /// training the tag of each word.
    struct Sentence {
        let words: [String]
        let written: [String]
        /// The intent's name.
        let intent: String
        var tags: [Int] = []
    }

    /// The tags: 0 = outside; slot s (0-based) has begin 1 + 2s and inside 2 + 2s.
    let slotNames: [String]
    /// Feature string → id.
    let vocabulary: [String: Int32]
    /// Averaged weights, feature-major, `tagCount` per feature.
    let weights: [Float]
    /// Averaged transition weights: (previous tag + 1) × tagCount + tag; row 0 is the start.
    let transitions: [Float]
    /// Value lists: first word → (words, slot index), longest first.
    let gazetteer: [String: [([String], Int)]]
    /// The same lists without values seen only once: what marks training sentences, so the
    /// tagger does not learn that every value is in the lists (leave-one-out for values
    /// said once; a test value is as often unseen).
    let trainingGazetteer: [String: [([String], Int)]]
    /// Per intent, which tags it may use.
    let allowedTags: [String: [Bool]]

    var tagCount: Int { 1 + 2 * slotNames.count }

    /// Trains on sentences whose tags are set, with slot values for the gazetteer.
    init(slotNames: [String], sentences: [Sentence], values: [(words: [String], slot: Int)], epochs: Int = 12, seed: UInt64 = 0x7a6) {
        self.slotNames = slotNames
        var allowedTags: [String: [Bool]] = [:]
        for sentence in sentences {
            var mask = allowedTags[sentence.intent] ?? [true] + [Bool](repeating: false, count: 2 * slotNames.count)
            for tag in sentence.tags where tag > 0 {
                let slot = (tag - 1) / 2
                mask[1 + 2 * slot] = true
                mask[2 + 2 * slot] = true
            }
            allowedTags[sentence.intent] = mask
        }
        self.allowedTags = allowedTags
        var counts: [ValueKey: Int] = [:]
        for value in values where !value.words.isEmpty { counts[ValueKey(words: value.words, slot: value.slot), default: 0] += 1 }
        func table(minimumCount: Int) -> [String: [([String], Int)]] {
            var gazetteer: [String: [([String], Int)]] = [:]
            for (key, count) in counts where count >= minimumCount { gazetteer[key.words[0], default: []].append((key.words, key.slot)) }
            for key in gazetteer.keys {
                gazetteer[key]!.sort { ($0.0.count, $1.0.joined(separator: " "), $0.1) > ($1.0.count, $0.0.joined(separator: " "), $1.1) }
            }
            return gazetteer
        }
        let gazetteer = table(minimumCount: 1)
        self.gazetteer = gazetteer
        let trainingGazetteer = table(minimumCount: 2)
        self.trainingGazetteer = trainingGazetteer

        let tags = 1 + 2 * slotNames.count
        var vocabulary: [String: Int32] = [:]
        let featureRows: [[[Int32]]] = sentences.map { sentence in
            Self.featureNames(sentence, gazetteer: trainingGazetteer, slotNames: slotNames).map { names in
                names.map { name in
                    if let id = vocabulary[name] { return id }
                    let id = Int32(vocabulary.count)
                    vocabulary[name] = id
                    return id
                }
            }
        }
        self.vocabulary = vocabulary
        var model = Perceptron(features: vocabulary.count, tags: tags)
        var order = Array(sentences.indices)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.next(below: i + 1)) }
            for index in order {
                let features = featureRows[index]
                let gold = sentences[index].tags
                let guess = Self.viterbi(features, tags: tags, weights: model.weights, transitions: model.transitions,
                                         allowed: allowedTags[sentences[index].intent]!)
                if guess != gold { model.update(features: features, gold: gold, guess: guess) }
                model.tick()
            }
        }
        (weights, transitions) = model.averaged()
    }

    /// The tags of a sentence.
    func tag(_ sentence: Sentence) -> [Int] {
        let features = Self.featureNames(sentence, gazetteer: gazetteer, slotNames: slotNames).map { names in
            names.compactMap { vocabulary[$0] }
        }
        let allowed = allowedTags[sentence.intent] ?? [true] + [Bool](repeating: false, count: 2 * slotNames.count)
        return Self.viterbi(features, tags: tagCount, weights: weights, transitions: transitions, allowed: allowed)
    }

    /// The slot spans of tags: (slot index, word range).
    static func spans(_ tags: [Int]) -> [(slot: Int, words: Range<Int>)] {
        var spans: [(slot: Int, words: Range<Int>)] = []
        var index = 0
        while index < tags.count {
            let tag = tags[index]
            guard tag > 0 else { index += 1; continue }
            let slot = (tag - 1) / 2
            var end = index + 1
            while end < tags.count, tags[end] == 2 + 2 * slot { end += 1 }
            spans.append((slot, index..<end))
            index = end
        }
        return spans
    }

    /// The feature names of each word.
    static func featureNames(_ sentence: Sentence, gazetteer: [String: [([String], Int)]], slotNames: [String]) -> [[String]] {
        let words = sentence.words
        let count = words.count
        func word(_ i: Int) -> String { i < 0 ? "<s>" : i >= count ? "</s>" : words[i] }
        // Gazetteer marks: the longest value starting at each word, left to right.
        var marks = [String?](repeating: nil, count: count)
        var position = 0
        while position < count {
            var advanced = false
            for (value, slot) in gazetteer[words[position]] ?? [] where position + value.count <= count {
                if Array(words[position..<(position + value.count)]) == value {
                    marks[position] = "B" + String(slot)
                    for inside in (position + 1)..<(position + value.count) { marks[inside] = "I" + String(slot) }
                    position += value.count
                    advanced = true
                    break
                }
            }
            if !advanced { position += 1 }
        }
        var result: [[String]] = []
        result.reserveCapacity(count)
        for i in 0..<count {
            let w = words[i]
            var names = [
                "bias", "w=" + w, "w-1=" + word(i - 1), "w+1=" + word(i + 1), "w-2=" + word(i - 2), "w+2=" + word(i + 2),
                "w-1w=" + word(i - 1) + " " + w, "ww+1=" + w + " " + word(i + 1), "w-1w+1=" + word(i - 1) + " " + word(i + 1),
                "shape=" + shape(sentence.written[i]),
                "shape-1=" + (i > 0 ? shape(sentence.written[i - 1]) : "<s>") + shape(sentence.written[i]),
                "shape+1=" + shape(sentence.written[i]) + (i + 1 < count ? shape(sentence.written[i + 1]) : "</s>"),
            ]
            if w.count > 3 {
                names.append("p3=" + String(w.prefix(3)))
                names.append("s3=" + String(w.suffix(3)))
            }
            if let mark = marks[i] { names.append("g=" + mark); names.append("gw=" + mark + w) }
            if i > 0, let mark = marks[i - 1] { names.append("g-1=" + mark) }
            if i + 1 < count, let mark = marks[i + 1] { names.append("g+1=" + mark) }
            // Each feature alone and joined with the intent.
            let intent = "i=" + sentence.intent + "|"
            names += names.map { intent + $0 }
            result.append(names)
        }
        return result
    }

    /// The word's shape: "Xx" capitalized, "x" lower case, "X" all capitals, "d" digits, "o" other.
    static func shape(_ written: String) -> String {
        guard let first = written.first else { return "o" }
        if written.allSatisfy(\.isNumber) { return "d" }
        if written.contains(where: \.isNumber) { return "dx" }
        if first.isUppercase { return written.count > 1 && written.allSatisfy(\.isUppercase) ? "X" : "Xx" }
        return first.isLowercase ? "x" : "o"
    }

    /// The best tag sequence; an inside tag only follows its slot's begin or inside tag.
    static func viterbi(_ features: [[Int32]], tags: Int, weights: [Float], transitions: [Float], allowed mask: [Bool]) -> [Int] {
        let count = features.count
        guard count > 0 else { return [] }
        var emission = [Float](repeating: 0, count: count * tags)
        for i in 0..<count {
            for feature in features[i] {
                let base = Int(feature) * tags
                for t in 0..<tags { emission[i * tags + t] += weights[base + t] }
            }
        }
        func allowed(_ previous: Int, _ tag: Int) -> Bool {
            guard mask[tag] else { return false }
            guard tag > 0, tag % 2 == 0 else { return true }
            return previous == tag || previous == tag - 1
        }
        var score = [Float](repeating: -.infinity, count: count * tags)
        var back = [Int](repeating: 0, count: count * tags)
        for t in 0..<tags where allowed(-1, t) { score[t] = transitions[t] + emission[t] }
        for i in 1..<max(1, count) {
            for t in 0..<tags {
                var best: Float = -.infinity
                var bestPrevious = 0
                for p in 0..<tags where allowed(p, t) {
                    let value = score[(i - 1) * tags + p] + transitions[(p + 1) * tags + t]
                    if value > best { best = value; bestPrevious = p }
                }
                score[i * tags + t] = best + emission[i * tags + t]
                back[i * tags + t] = bestPrevious
            }
        }
        var last = 0
        for t in 0..<tags where score[(count - 1) * tags + t] > score[(count - 1) * tags + last] { last = t }
        guard score[(count - 1) * tags + last] > -.infinity else { return [Int](repeating: 0, count: count) }
        var path = [Int](repeating: 0, count: count)
        path[count - 1] = last
        var i = count - 1
        while i > 0 {
            path[i - 1] = back[i * tags + path[i]]
            i -= 1
        }
        return path
    }
}

private struct ValueKey: Hashable {
    let words: [String]
    let slot: Int
}

/// Perceptron weights with the running sums that averaging needs (Daumé's trick: keep
/// w and Σ c·Δ; the average is w − Σ c·Δ / c).
private struct Perceptron {
    let tags: Int
    var weights: [Float]
    var transitions: [Float]
    var weightSums: [Float]
    var transitionSums: [Float]
    var counter: Float = 1

    init(features: Int, tags: Int) {
        self.tags = tags
        weights = [Float](repeating: 0, count: features * tags)
        weightSums = weights
        transitions = [Float](repeating: 0, count: (tags + 1) * tags)
        transitionSums = transitions
    }

    mutating func update(features: [[Int32]], gold: [Int], guess: [Int]) {
        for i in features.indices where gold[i] != guess[i] {
            for feature in features[i] {
                let base = Int(feature) * tags
                weights[base + gold[i]] += 1
                weightSums[base + gold[i]] += counter
                weights[base + guess[i]] -= 1
                weightSums[base + guess[i]] -= counter
            }
        }
        for i in features.indices {
            let previousGold = i == 0 ? 0 : gold[i - 1] + 1
            let previousGuess = i == 0 ? 0 : guess[i - 1] + 1
            if previousGold == previousGuess && gold[i] == guess[i] { continue }
            transitions[previousGold * tags + gold[i]] += 1
            transitionSums[previousGold * tags + gold[i]] += counter
            transitions[previousGuess * tags + guess[i]] -= 1
            transitionSums[previousGuess * tags + guess[i]] -= counter
        }
    }

    mutating func tick() { counter += 1 }

    func averaged() -> ([Float], [Float]) {
        (zip(weights, weightSums).map { $0 - $1 / counter }, zip(transitions, transitionSums).map { $0 - $1 / counter })
    }
}
