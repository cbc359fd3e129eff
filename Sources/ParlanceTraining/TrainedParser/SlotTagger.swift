import Dispatch
import Foundation
import ParlanceText

/// Finds slot spans in an utterance: BIO tags over its words, chosen by a first-order
/// Viterbi search under averaged structured perceptrons (Collins 2002, "Discriminative
/// Training Methods for Hidden Markov Models"), restricted to the slots of the utterance's
/// intent.
///
/// One tagger serves every intent: slots that several intents share (city, timeRange,
/// object_name) learn from all their examples, and each feature also exists joined with the
/// intent, for what is particular to one.
///
/// Each word's features: the word and its neighbours (two each side), neighbour pairs,
/// prefixes and suffixes, its shape as written (capitals, digits) with its neighbours'
/// shapes and its place in a run of capitalized words, the punctuation around it, the kind
/// of number it is part of (``NumberReader``: "seven", "14th"), and what the
/// ``SlotGazetteer`` induced from the training values says: whether it lies in a span that
/// is a known value of some slot, and which slots' values contain the word itself. The
/// lists tell the tagger which words are values, the context words where an unseen value
/// starts and ends.
///
/// Training (``Training``) fills each intent up with augmented examples, drawn anew every
/// epoch, and averages an ensemble of perceptrons: measured on the development split with
/// 70 queries an intent (mean of three draws), slot F1 83.4% with one perceptron on the
/// real queries, 86.0% with augmentation, 87.8% with eight members (4 members: 87.7%,
/// 16: 87.6%).
///
/// Features are 64-bit hashes (``FeatureHash``) mapped to weight rows by a ``FeatureTable``:
/// tagging builds no strings, and scores only the tags its intent allows.
struct SlotTagger: Sendable {
    /// An utterance's words as the tagger reads them, computed once per utterance.
    struct Tokens: Sendable {
        /// The hash of each normalized word.
        var words: [UInt64] = []
        /// The shape of each word as written (``Shape``).
        var shapes: [UInt8] = []
        /// Per word, 0, or what kind of number it is part of (``number(_:)``).
        var numbers: [UInt8] = []
        /// What separates each word from the one before (``Separator``).
        var separators: [UInt8] = []
        /// Per word, ``affixesPerWord`` hashes: prefixes then suffixes of 2, 3 and 4 scalars
        /// of the normalized word, 0 where the word is not longer than the affix.
        var affixes: [UInt64] = []

        static let affixesPerWord = 6

        var count: Int { words.count }

        /// The code of a number's kind: 1 + 2 × kind, + 1 when spelled out.
        static func number(_ match: NumberMatch) -> UInt8 {
            let kind: UInt8 = switch match.kind {
            case .cardinal: 0
            case .decimal: 1
            case .percent: 2
            case .ordinal: 3
            }
            return 1 + 2 * kind + (match.isSpelledOut ? 1 : 0)
        }

        /// The words of a tokenized text, with the numbers a ``NumberReader`` found in it.
        init(_ tokenized: TokenizedText, numbers matches: [NumberMatch]) {
            let count = tokenized.tokens.count
            words.reserveCapacity(count)
            shapes.reserveCapacity(count)
            affixes.reserveCapacity(count * Self.affixesPerWord)
            separators.reserveCapacity(count)
            let utf8 = tokenized.text.utf8
            var previousEnd = 0
            for token in tokenized.tokens {
                let gap = utf8.index(utf8.startIndex, offsetBy: previousEnd)..<utf8.index(utf8.startIndex, offsetBy: token.utf8Range.lowerBound)
                separators.append(Separator.of(tokenized.text[gap]).rawValue)
                previousEnd = token.utf8Range.upperBound
                let match = matches.first { $0.utf8Range.overlaps(token.utf8Range) }
                numbers.append(match.map(Self.number) ?? 0)
                let scalars = tokenized.normalizedScalars(of: token)
                words.append(FeatureHash.scalars(scalars))
                shapes.append(Shape.of(tokenized.original(token)).rawValue)
                for length in 2...4 {
                    affixes.append(scalars.count > length ? FeatureHash.scalars(scalars.prefix(length)) : 0)
                }
                for length in 2...4 {
                    affixes.append(scalars.count > length ? FeatureHash.scalars(scalars.suffix(length)) : 0)
                }
            }
        }
    }

    /// What is written between two words: only spaces, a comma, or other punctuation
    /// ("West Union, Malaysia": a comma ends a value more often than not).
    enum Separator: UInt8 {
        case space, comma, punctuation

        static func of(_ gap: Substring) -> Separator {
            var result = Separator.space
            for scalar in gap.unicodeScalars {
                if scalar == "," { return .comma }
                if !scalar.properties.isWhitespace { result = .punctuation }
            }
            return result
        }
    }

    /// A word's shape as written.
    enum Shape: UInt8 {
        case digits, digitsAndOther, capitalized, capitals, lowercase, other

        /// The shape of a written word: digits, digits with other characters, a capital
        /// first ("Paris", "A"), all capitals ("NY"), a lower-case first, anything else.
        static func of(_ written: Substring) -> Shape {
            var first: Unicode.Scalar?
            var allDigits = true, anyDigit = false, allUpper = true, length = 0
            for scalar in written.unicodeScalars {
                if first == nil { first = scalar }
                length += 1
                let properties = scalar.properties
                let digit = properties.numericType != nil
                anyDigit = anyDigit || digit
                allDigits = allDigits && digit
                allUpper = allUpper && properties.isUppercase
            }
            guard let first else { return .other }
            if allDigits { return .digits }
            if anyDigit { return .digitsAndOther }
            if first.properties.isUppercase { return length > 1 && allUpper ? .capitals : .capitalized }
            return first.properties.isLowercase ? .lowercase : .other
        }

        var isCapitalized: Bool { self == .capitalized || self == .capitals }
    }

    /// A training utterance: its words, intent (an index into ``intents``), the tag of each
    /// word, and its own slot values, which its gazetteer features must not see.
    struct Example {
        let tokens: Tokens
        let intent: Int
        let tags: [Int]
        let values: [SlotGazetteer.Value]
    }

    /// The slot names; tags: 0 = outside, slot s (0-based) has begin 1 + 2s and inside 2 + 2s.
    let slotNames: [String]
    /// The intent names (tag sets and intent-joined features are per intent).
    let intents: [String]
    /// Feature key → weight row.
    let features: FeatureTable
    /// Averaged weights, per feature the tags it has a weight for: a feature only learns
    /// the tags it was seen with (gold or guessed), a few of the `tagCount`.
    let weights: SparseRows
    /// Averaged transition weights: (previous tag + 1) × tagCount + tag; row 0 is the start.
    let transitions: [Float]
    /// The slot values of the training queries.
    let gazetteer: SlotGazetteer
    /// Per intent, the tags it may use, ascending.
    let allowedTags: [[Int]]
    /// Per intent, a hash joined with each feature.
    let intentSalts: [UInt64]

    var tagCount: Int { 1 + 2 * slotNames.count }

    /// How a tagger trains.
    struct Training: Sendable {
        /// Perceptrons trained, each from its own seed (order, augmented examples); their
        /// averaged weights are averaged again. With few examples one perceptron's weights
        /// depend much on the order it saw them in; the mean of several does not.
        var members = 8
        /// Passes over the examples per member.
        var epochs = 4
        /// Each intent is filled up to this many examples with augmented ones, drawn anew
        /// every epoch (``augmented(_:perIntent:seed:)``).
        var examplesPerIntent = 400
        /// Features seen fewer times in the real examples are dropped: most features seen
        /// once pair two words of one query. Measured: on the full files a quarter of the
        /// features (and of the memory) for the same accuracy; with 70 queries an intent, the
        /// same accuracy too.
        var minimumCount: Int32 = 2
        /// The first seed.
        var seed: UInt64 = 0x7a6
    }

    /// Trains on examples whose tags are set; the gazetteer holds every example's values.
    ///
    /// Members train in parallel (in rounds of as many as there are cores) and are summed
    /// in member order, so the weights are the same on any number of cores.
    init(slotNames: [String], intents: [String], examples: [Example], gazetteer: SlotGazetteer, training: Training = Training()) {
        self.slotNames = slotNames
        self.intents = intents
        self.gazetteer = gazetteer
        let tags = 1 + 2 * slotNames.count
        var masks = [[Bool]](repeating: [true] + [Bool](repeating: false, count: tags - 1), count: intents.count)
        for example in examples {
            for tag in example.tags where tag > 0 {
                let slot = (tag - 1) / 2
                masks[example.intent][1 + 2 * slot] = true
                masks[example.intent][2 + 2 * slot] = true
            }
        }
        let allowedTags = masks.map { mask in mask.indices.filter { mask[$0] } }
        self.allowedTags = allowedTags
        let intentSalts = intents.map { FeatureHash.combine(0x1_0000, FeatureHash.string($0)) }
        self.intentSalts = intentSalts

        // The features are those of the real examples: augmented ones only weigh them (their
        // new word pairs would mostly pair training words, which test values rarely are).
        // Each key's count decides whether it stays.
        var table = FeatureTable(capacity: 1 << 16)
        var keys: [UInt64] = []
        var marks = SlotGazetteer.Marks()
        var seen: [Int32] = []
        var realRows = examples.map { example in
            Self.row(example, gazetteer: gazetteer, salt: intentSalts[example.intent], keys: &keys, marks: &marks) { key in
                let id = table.insert(key)
                if Int(id) == seen.count { seen.append(0) }
                seen[Int(id)] += 1
                return id
            }
        }
        let (features, mapping) = table.filtered { seen[Int($0)] >= training.minimumCount }
        for r in realRows.indices { realRows[r].remap(mapping) }
        self.features = features
        let rows = realRows

        let weightCount = features.count * tags
        let transitionCount = (tags + 1) * tags
        var weights = [Float](repeating: 0, count: weightCount)
        var transitions = [Float](repeating: 0, count: transitionCount)
        let members = max(1, training.members)
        let scale = 1 / Float(members)
        let round = max(1, min(members, ProcessInfo.processInfo.activeProcessorCount))
        var first = 0
        while first < members {
            let count = min(round, members - first)
            let results = Results(count)
            let base = first
            DispatchQueue.concurrentPerform(iterations: count) { offset in
                let member = base + offset
                results.store(offset, Self.trainMember(examples: examples, realRows: rows, features: features, gazetteer: gazetteer,
                                                        allowedTags: allowedTags, intentSalts: intentSalts, tags: tags, training: training,
                                                        seed: FeatureHash.combine(training.seed, UInt64(member))))
            }
            for offset in 0..<count {
                let (memberWeights, memberTransitions) = results.take(offset)
                for i in 0..<weightCount { weights[i] += scale * memberWeights[i] }
                for i in 0..<transitionCount { transitions[i] += scale * memberTransitions[i] }
            }
            first += count
        }
        self.weights = SparseRows(dense: weights, columns: tags)
        self.transitions = transitions
    }

    /// One member's averaged weights.
    private static func trainMember(examples: [Example], realRows: [Row], features: FeatureTable, gazetteer: SlotGazetteer,
                                    allowedTags: [[Int]], intentSalts: [UInt64], tags: Int, training: Training,
                                    seed: UInt64) -> ([Float], [Float]) {
        var model = Perceptron(features: features.count, tags: tags)
        var generator = SplitMix64(seed: seed)
        var scratch = Viterbi()
        var guess: [Int] = []
        var keys: [UInt64] = []
        var marks = SlotGazetteer.Marks()
        var order: [Int] = []
        for epoch in 0..<training.epochs {
            // New augmented examples each epoch: the tagger sees more frames × values than one
            // draw holds, and no single draw's accidents often enough to learn them.
            let synthetic = augmented(examples, perIntent: training.examplesPerIntent, seed: FeatureHash.combine(seed, UInt64(epoch)))
            let syntheticRows = synthetic.map { example in
                row(example, gazetteer: gazetteer, salt: intentSalts[example.intent], keys: &keys, marks: &marks) { features.id($0) }
            }
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: 0..<(examples.count + synthetic.count))
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.next(below: i + 1)) }
            for index in order {
                let real = index < examples.count
                let row = real ? realRows[index] : syntheticRows[index - examples.count]
                let gold = real ? examples[index].tags : synthetic[index - examples.count].tags
                let intent = real ? examples[index].intent : synthetic[index - examples.count].intent
                scratch.decode(ids: row.ids, offsets: row.offsets, allowed: allowedTags[intent], tags: tags,
                               weights: model.weights, transitions: model.transitions, into: &guess)
                if guess != gold { model.update(ids: row.ids, offsets: row.offsets, gold: gold, guess: guess) }
                model.tick()
            }
        }
        return model.averaged()
    }

    /// An example's feature ids, word by word: `ids[offsets[i]..<offsets[i + 1]]`.
    struct Row {
        var ids: [Int32] = []
        var offsets = [0]

        /// The ids renumbered; those mapped to -1 are dropped.
        mutating func remap(_ mapping: [Int32]) {
            var kept = 0
            var start = 0
            for i in 1..<offsets.count {
                for f in start..<offsets[i] where mapping[Int(ids[f])] >= 0 {
                    ids[kept] = mapping[Int(ids[f])]
                    kept += 1
                }
                start = offsets[i]
                offsets[i] = kept
            }
            ids.removeLast(ids.count - kept)
        }
    }

    /// An example's features; `id` maps a key to its id, or to -1 to leave it out.
    private static func row(_ example: Example, gazetteer: SlotGazetteer, salt: UInt64, keys: inout [UInt64],
                            marks: inout SlotGazetteer.Marks, id: (UInt64) -> Int32) -> Row {
        gazetteer.mark(example.tokens, excluding: example.values, into: &marks)
        var row = Row()
        for i in 0..<example.tokens.count {
            Self.keys(example.tokens, marks: marks, at: i, salt: salt, into: &keys)
            for key in keys {
                let feature = id(key)
                if feature >= 0 { row.ids.append(feature) }
            }
            row.offsets.append(row.ids.count)
        }
        return row
    }

    /// The tags of an utterance's words, for the intent at `intent` in ``intents``.
    func tag(_ tokens: Tokens, intent: Int) -> [Int] {
        var keys: [UInt64] = []
        keys.reserveCapacity(96)
        var marks = SlotGazetteer.Marks()
        let row = Self.row(Example(tokens: tokens, intent: intent, tags: [], values: []), gazetteer: gazetteer, salt: intentSalts[intent],
                           keys: &keys, marks: &marks) { features.id($0) }
        var scratch = Viterbi()
        var path: [Int] = []
        scratch.decode(ids: row.ids, offsets: row.offsets, allowed: allowedTags[intent], tags: tagCount,
                       weights: weights, transitions: transitions, into: &path)
        return path
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

    /// Feature templates: each key starts from one of these.
    private enum Template: UInt64 {
        case bias = 1, word, previous, next, previous2, next2, previousWord, wordNext, previousNext
        case shape, previousShape, shapeNext, shapes3, number, previousNumber, nextNumber, capitalRun, affix, separatorBefore, separatorAfter
        case mark, markWord, previousMark, nextMark, member
    }

    static let start = FeatureHash.string("<s>")
    static let end = FeatureHash.string("</s>")

    /// The feature keys of word `i`: each feature alone and joined with the intent's salt.
    static func keys(_ tokens: Tokens, marks: SlotGazetteer.Marks, at i: Int, salt: UInt64, into keys: inout [UInt64]) {
        keys.removeAll(keepingCapacity: true)
        let count = tokens.count
        func word(_ j: Int) -> UInt64 { j < 0 ? start : j >= count ? end : tokens.words[j] }
        func shape(_ j: Int) -> UInt64 { j < 0 ? 100 : j >= count ? 101 : UInt64(tokens.shapes[j]) }
        func add(_ template: Template, _ a: UInt64, _ b: UInt64 = 0) {
            keys.append(FeatureHash.combine(template.rawValue, a, b))
        }
        let w = tokens.words[i]
        add(.bias, 0)
        add(.word, w)
        add(.previous, word(i - 1))
        add(.next, word(i + 1))
        add(.previous2, word(i - 2))
        add(.next2, word(i + 2))
        add(.previousWord, word(i - 1), w)
        add(.wordNext, w, word(i + 1))
        add(.previousNext, word(i - 1), word(i + 1))
        add(.shape, shape(i))
        add(.previousShape, shape(i - 1), shape(i))
        add(.shapeNext, shape(i), shape(i + 1))
        add(.shapes3, shape(i - 1), shape(i) << 8 | shape(i + 1))
        if tokens.numbers[i] != 0 { add(.number, UInt64(tokens.numbers[i])) }
        if i > 0, tokens.numbers[i - 1] != 0 { add(.previousNumber, UInt64(tokens.numbers[i - 1])) }
        if i + 1 < count, tokens.numbers[i + 1] != 0 { add(.nextNumber, UInt64(tokens.numbers[i + 1])) }
        if tokens.separators[i] != 0 { add(.separatorBefore, UInt64(tokens.separators[i])) }
        if i + 1 < count, tokens.separators[i + 1] != 0 { add(.separatorAfter, UInt64(tokens.separators[i + 1])) }
        // Where the word sits in a run of capitalized words: alone, first, inside, last.
        if Shape(rawValue: tokens.shapes[i])!.isCapitalized {
            let before = i > 0 && Shape(rawValue: tokens.shapes[i - 1])!.isCapitalized
            let after = i + 1 < count && Shape(rawValue: tokens.shapes[i + 1])!.isCapitalized
            add(.capitalRun, (before ? 2 : 0) + (after ? 1 : 0))
        }
        for k in 0..<Tokens.affixesPerWord {
            let affix = tokens.affixes[i * Tokens.affixesPerWord + k]
            if affix != 0 { add(.affix, UInt64(k), affix) }
        }
        for mark in marks.spans(at: i) {
            add(.mark, UInt64(mark))
            add(.markWord, UInt64(mark), w)
        }
        if i > 0 { for mark in marks.spans(at: i - 1) { add(.previousMark, UInt64(mark)) } }
        if i + 1 < count { for mark in marks.spans(at: i + 1) { add(.nextMark, UInt64(mark)) } }
        for slot in marks.members(at: i) { add(.member, UInt64(slot)) }
        let plain = keys.count
        for k in 0..<plain { keys.append(FeatureHash.combine(keys[k], salt)) }
    }
}

/// The slot values of the training queries, as word-hash sequences: which spans of an
/// utterance are known values of which slots, and which slots' values contain a word.
///
/// Counts are kept so that a training query's features can leave out its own values
/// (leave-one-out): a value said once in training is, for that query, as unknown as most
/// test values are, and the tagger does not learn that every value is in the lists.
struct SlotGazetteer: Sendable {
    /// A slot value of a training query: its words' hashes and the slot.
    struct Value: Sendable {
        let words: [UInt64]
        let slot: Int
    }

    /// The most slots a word or span is marked with (the most frequent first).
    static let marksPerWord = 3

    /// The marks of an utterance's words: per word, up to ``marksPerWord`` span marks
    /// (2 × slot, + 1 inside a span) and as many slots whose values contain the word;
    /// -1 pads.
    struct Marks {
        var spanMarks: [Int32] = []
        var memberSlots: [Int32] = []

        func spans(at i: Int) -> ArraySlice<Int32> {
            let base = i * SlotGazetteer.marksPerWord
            var end = base
            while end < base + SlotGazetteer.marksPerWord, spanMarks[end] >= 0 { end += 1 }
            return spanMarks[base..<end]
        }

        func members(at i: Int) -> ArraySlice<Int32> {
            let base = i * SlotGazetteer.marksPerWord
            var end = base
            while end < base + SlotGazetteer.marksPerWord, memberSlots[end] >= 0 { end += 1 }
            return memberSlots[base..<end]
        }
    }

    /// A slot and how many values of the lists it has.
    struct SlotCount: Sendable, Equatable, BitwiseCopyable {
        var slot: Int32
        var count: Int32
    }

    /// Value hash → (slot, count), most frequent first.
    let values: KeyedLists<SlotCount>
    /// First word → the lengths of values starting with it, longest first.
    let lengths: KeyedLists<Int32>
    /// Word → (slot, count) of the values containing it, most frequent first.
    let members: KeyedLists<SlotCount>

    /// The lists as read back from an image.
    init(values: KeyedLists<SlotCount>, lengths: KeyedLists<Int32>, members: KeyedLists<SlotCount>) {
        self.values = values
        self.lengths = lengths
        self.members = members
    }

    /// The lists of these values.
    init(_ all: [Value]) {
        var valueCounts: [UInt64: [Int32: Int32]] = [:]
        var memberCounts: [UInt64: [Int32: Int32]] = [:]
        var lengthSets: [UInt64: Set<Int>] = [:]
        for value in all where !value.words.isEmpty {
            valueCounts[Self.hash(value.words[...]), default: [:]][Int32(value.slot), default: 0] += 1
            lengthSets[value.words[0], default: []].insert(value.words.count)
            for word in Set(value.words) { memberCounts[word, default: [:]][Int32(value.slot), default: 0] += 1 }
        }
        func ranked(_ counts: [Int32: Int32]) -> [SlotCount] {
            counts.map { SlotCount(slot: $0.key, count: $0.value) }.sorted { ($0.count, -$0.slot) > ($1.count, -$1.slot) }
        }
        values = KeyedLists(valueCounts.mapValues(ranked))
        members = KeyedLists(memberCounts.mapValues(ranked))
        lengths = KeyedLists(lengthSets.mapValues { $0.sorted(by: >).map(Int32.init) })
    }

    /// The hash of a word sequence.
    static func hash(_ words: ArraySlice<UInt64>) -> UInt64 {
        var hash: UInt64 = 0x5107
        for word in words { hash = FeatureHash.combine(hash, word) }
        return hash
    }

    /// Marks an utterance's words: the longest known value starting at each word, left to
    /// right, and each word's member slots; the `excluding` values are counted out.
    func mark(_ tokens: SlotTagger.Tokens, excluding: [Value], into marks: inout Marks) {
        let count = tokens.count
        let width = Self.marksPerWord
        marks.spanMarks = [Int32](repeating: -1, count: count * width)
        marks.memberSlots = [Int32](repeating: -1, count: count * width)
        let excludedValues = excluding.map { (Self.hash($0.words[...]), Int32($0.slot)) }
        var position = 0
        while position < count {
            var advanced = false
            for length in (lengths[tokens.words[position]] ?? []).lazy.map({ Int($0) }) where position + length <= count {
                let hash = Self.hash(tokens.words[position..<(position + length)])
                guard let slots = values[hash] else { continue }
                var found = 0
                for (slot, total) in slots.lazy.map({ ($0.slot, $0.count) }) where found < width {
                    let own = excludedValues.reduce(Int32(0)) { $0 + ($1 == (hash, slot) ? 1 : 0) }
                    guard total > own else { continue }
                    for inside in position..<(position + length) {
                        marks.spanMarks[inside * width + found] = 2 * slot + (inside == position ? 0 : 1)
                    }
                    found += 1
                }
                if found > 0 {
                    position += length
                    advanced = true
                    break
                }
            }
            if !advanced { position += 1 }
        }
        for i in 0..<count {
            guard let slots = members[tokens.words[i]] else { continue }
            var found = 0
            for (slot, total) in slots.lazy.map({ ($0.slot, $0.count) }) where found < width {
                var own: Int32 = 0
                for value in excluding where value.slot == slot && value.words.contains(tokens.words[i]) { own += 1 }
                guard total > own else { continue }
                marks.memberSlots[i * width + found] = slot
                found += 1
            }
        }
    }
}

/// Lists of values by a 64-bit key, flat: the keys in a ``FeatureTable`` (numbered in
/// ascending key order), key `k`'s list at `elements[starts[k] ..< starts[k + 1]]`. A saved
/// model reads the three arrays back as they are, where a dictionary of arrays would be
/// rebuilt one allocation a key.
struct KeyedLists<Element: BitwiseCopyable & Sendable>: Sendable {
    let keys: FeatureTable
    let starts: [Int32]
    let elements: [Element]

    init(_ lists: [UInt64: [Element]]) {
        var keys = FeatureTable(capacity: lists.count)
        var starts: [Int32] = [0], elements: [Element] = []
        for key in lists.keys.sorted() {
            _ = keys.insert(key)
            elements.append(contentsOf: lists[key]!)
            starts.append(Int32(elements.count))
        }
        self.init(keys: keys, starts: starts, elements: elements)
    }

    /// The parts as read back from an image (checked by the reader).
    init(keys: FeatureTable, starts: [Int32], elements: [Element]) {
        self.keys = keys
        self.starts = starts
        self.elements = elements
    }

    /// The list of `key`, or nil.
    subscript(key: UInt64) -> ArraySlice<Element>? {
        let id = Int(keys.id(key))
        guard id >= 0 else { return nil }
        return elements[Int(starts[id])..<Int(starts[id + 1])]
    }
}

/// First-order Viterbi decoding over the tags an intent allows; an inside tag only
/// follows its slot's begin or inside tag. Scratch buffers are reused between calls.
private struct Viterbi {
    var emission: [Float] = []
    var score: [Float] = []
    var back: [Int32] = []

    /// Empties `path` and sets the emission of `count` words × `m` allowed tags to zero;
    /// false when there are no words.
    private mutating func clear(words count: Int, tags m: Int, path: inout [Int]) -> Bool {
        path.removeAll(keepingCapacity: true)
        guard count > 0 else { return false }
        emission.removeAll(keepingCapacity: true)
        emission.append(contentsOf: repeatElement(0, count: count * m))
        return true
    }

    /// Decodes with dense weights (`tags` per feature), as training holds them.
    mutating func decode(ids: [Int32], offsets: [Int], allowed: [Int], tags: Int, weights: [Float], transitions: [Float],
                         into path: inout [Int]) {
        let count = offsets.count - 1, m = allowed.count
        guard clear(words: count, tags: m, path: &path) else { return }
        weights.withUnsafeBufferPointer { weights in
            ids.withUnsafeBufferPointer { ids in
                allowed.withUnsafeBufferPointer { allowed in
                    emission.withUnsafeMutableBufferPointer { emission in
                        for i in 0..<count {
                            let row = emission.baseAddress! + i * m
                            for f in offsets[i]..<offsets[i + 1] {
                                let base = weights.baseAddress! + Int(ids[f]) * tags
                                for k in 0..<m { row[k] += base[allowed[k]] }
                            }
                        }
                    }
                }
            }
        }
        search(count: count, allowed: allowed, tags: tags, transitions: transitions, into: &path)
    }

    /// Decodes with a trained tagger's sparse weights: each word's emission sums the same
    /// weights in the same order as dense rows would, less the zeros.
    mutating func decode(ids: [Int32], offsets: [Int], allowed: [Int], tags: Int, weights: SparseRows, transitions: [Float],
                         into path: inout [Int]) {
        let count = offsets.count - 1, m = allowed.count
        guard clear(words: count, tags: m, path: &path) else { return }
        // Each tag's place among the allowed ones, or -1.
        var place = [Int32](repeating: -1, count: tags)
        for (k, tag) in allowed.enumerated() { place[tag] = Int32(k) }
        weights.starts.withUnsafeBufferPointer { starts in
            weights.columns.withUnsafeBufferPointer { columns in
                weights.values.withUnsafeBufferPointer { values in
                    emission.withUnsafeMutableBufferPointer { emission in
                        for i in 0..<count {
                            let row = emission.baseAddress! + i * m
                            for f in offsets[i]..<offsets[i + 1] {
                                let feature = Int(ids[f])
                                for j in Int(starts[feature])..<Int(starts[feature + 1]) {
                                    let k = place[Int(columns[j])]
                                    if k >= 0 { row[Int(k)] += values[j] }
                                }
                            }
                        }
                    }
                }
            }
        }
        search(count: count, allowed: allowed, tags: tags, transitions: transitions, into: &path)
    }

    /// The best path through `emission` (count words × the allowed tags).
    private mutating func search(count: Int, allowed: [Int], tags: Int, transitions: [Float], into path: inout [Int]) {
        let m = allowed.count
        score.removeAll(keepingCapacity: true)
        score.append(contentsOf: repeatElement(-.infinity, count: count * m))
        back.removeAll(keepingCapacity: true)
        back.append(contentsOf: repeatElement(0, count: count * m))
        // The transition scores among the allowed tags, -∞ where an inside tag would not
        // follow its slot; row m is the start.
        var local = [Float](repeating: -.infinity, count: (m + 1) * m)
        for p in 0...m {
            let previous = p == m ? -1 : allowed[p]
            for k in 0..<m {
                let tag = allowed[k]
                if tag == 0 || tag % 2 == 1 || previous == tag || previous == tag - 1 {
                    local[p * m + k] = transitions[(previous + 1) * tags + tag]
                }
            }
        }
        local.withUnsafeBufferPointer { local in
            emission.withUnsafeBufferPointer { emission in
                score.withUnsafeMutableBufferPointer { score in
                    back.withUnsafeMutableBufferPointer { back in
                        for k in 0..<m { score[k] = local[m * m + k] + emission[k] }
                        for i in 1..<count {
                            for k in 0..<m {
                                var best: Float = -.infinity
                                var bestPrevious: Int32 = 0
                                for p in 0..<m {
                                    let value = score[(i - 1) * m + p] + local[p * m + k]
                                    if value > best { best = value; bestPrevious = Int32(p) }
                                }
                                score[i * m + k] = best + emission[i * m + k]
                                back[i * m + k] = bestPrevious
                            }
                        }
                    }
                }
            }
        }
        var last = 0
        for k in 0..<m where score[(count - 1) * m + k] > score[(count - 1) * m + last] { last = k }
        path.append(contentsOf: repeatElement(0, count: count))
        var k = last
        var i = count - 1
        while true {
            path[i] = allowed[k]
            if i == 0 { break }
            k = Int(back[i * m + k])
            i -= 1
        }
    }
}

/// A matrix stored by rows, each row only its non-zero entries (compressed sparse rows):
/// row `r` is `columns[starts[r] ..< starts[r + 1]]` with `values` alike, columns ascending.
struct SparseRows: Sendable, Equatable {
    let starts: [UInt32]
    let columns: [UInt16]
    let values: [Float]

    /// The rows of `dense` (`columns` entries a row), zeros left out.
    init(dense: [Float], columns width: Int) {
        precondition(width <= Int(UInt16.max) + 1 && (width == 0 || dense.count % width == 0))
        let rows = width == 0 ? 0 : dense.count / width
        var starts = [UInt32](), columns = [UInt16](), values = [Float]()
        starts.reserveCapacity(rows + 1)
        starts.append(0)
        let nonZero = dense.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
        columns.reserveCapacity(nonZero)
        values.reserveCapacity(nonZero)
        for row in 0..<rows {
            for column in 0..<width where dense[row * width + column] != 0 {
                columns.append(UInt16(column))
                values.append(dense[row * width + column])
            }
            starts.append(UInt32(columns.count))
        }
        self.init(starts: starts, columns: columns, values: values)
    }

    init(starts: [UInt32], columns: [UInt16], values: [Float]) {
        self.starts = starts
        self.columns = columns
        self.values = values
    }
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

    mutating func update(ids: [Int32], offsets: [Int], gold: [Int], guess: [Int]) {
        for i in gold.indices where gold[i] != guess[i] {
            for f in offsets[i]..<offsets[i + 1] {
                let base = Int(ids[f]) * tags
                weights[base + gold[i]] += 1
                weightSums[base + gold[i]] += counter
                weights[base + guess[i]] -= 1
                weightSums[base + guess[i]] -= counter
            }
        }
        for i in gold.indices {
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

    /// The averaged weights and transitions; the running sums are given up for them.
    consuming func averaged() -> ([Float], [Float]) {
        let counter = counter
        var weights = self.weights
        self.weights = []
        var sums = weightSums
        weightSums = []
        for i in weights.indices { weights[i] -= sums[i] / counter }
        sums = []
        var transitions = self.transitions
        for i in transitions.indices { transitions[i] -= transitionSums[i] / counter }
        return (weights, transitions)
    }
}

/// Each parallel member's result, stored by index (each index written by one thread).
private final class Results: @unchecked Sendable {
    private var slots: [([Float], [Float])?]
    private let lock = NSLock()

    init(_ count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ index: Int, _ value: ([Float], [Float])) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func take(_ index: Int) -> ([Float], [Float]) {
        lock.lock()
        defer { lock.unlock() }
        let value = slots[index]!
        slots[index] = nil
        return value
    }
}
