extension SlotTagger {
    /// More training examples from the induced templates and lists: each new example is a
    /// training query of the intent with every slot value replaced by a value of the same
    /// slot said in another training query (any intent), drawn with a seeded generator.
    ///
    /// With 70 queries an intent, each frame has been seen with a handful of values; the
    /// tagger learns that a frame's gap holds values of any length and shape ("in Benin",
    /// "in Lake Buena Vista", "in ID") from context, not from the few words it saw there
    /// (snips-nlu augments its CRF's data the same way). The new examples carry their
    /// values as their own, so their gazetteer marks leave them out as a real query's do.
    ///
    /// - Parameters:
    ///   - examples: the real training examples.
    ///   - perIntent: each intent is filled up to this many examples; intents with as many
    ///     real ones get none.
    static func augmented(_ examples: [Example], perIntent: Int, seed: UInt64) -> [Example] {
        // Every slot's values: (example, word range).
        var pool: [Int: [(example: Int, words: Range<Int>)]] = [:]
        var spansOf: [[(slot: Int, words: Range<Int>)]] = []
        for (index, example) in examples.enumerated() {
            let spans = Self.spans(example.tags)
            spansOf.append(spans)
            for span in spans { pool[span.slot, default: []].append((index, span.words)) }
        }
        var byIntent: [Int: [Int]] = [:]
        for (index, example) in examples.enumerated() { byIntent[example.intent, default: []].append(index) }
        var generator = SplitMix64(seed: seed)
        var result: [Example] = []
        for intent in byIntent.keys.sorted() {
            let frames = byIntent[intent]!.filter { !spansOf[$0].isEmpty }
            guard !frames.isEmpty else { continue }
            var made = byIntent[intent]!.count
            while made < perIntent {
                let frame = frames[generator.next(below: frames.count)]
                let base = examples[frame]
                var tokens = Tokens()
                var tags: [Int] = []
                var values: [SlotGazetteer.Value] = []
                var position = 0
                for span in spansOf[frame] {
                    tokens.append(base.tokens, position..<span.words.lowerBound)
                    tags += repeatElement(0, count: span.words.lowerBound - position)
                    let choices = pool[span.slot]!
                    let choice = choices[generator.next(below: choices.count)]
                    let source = examples[choice.example].tokens
                    tokens.append(source, choice.words)
                    // The frame says what comes before its gap.
                    tokens.separators[tokens.count - choice.words.count] = base.tokens.separators[span.words.lowerBound]
                    tags.append(1 + 2 * span.slot)
                    tags += repeatElement(2 + 2 * span.slot, count: choice.words.count - 1)
                    values.append(SlotGazetteer.Value(words: Array(source.words[choice.words]), slot: span.slot))
                    position = span.words.upperBound
                }
                tokens.append(base.tokens, position..<base.tokens.count)
                tags += repeatElement(0, count: base.tokens.count - position)
                result.append(Example(tokens: tokens, intent: intent, tags: tags, values: values))
                made += 1
            }
        }
        return result
    }
}

extension SlotTagger.Tokens {
    /// No words.
    init() {}

    /// Appends words of another utterance.
    mutating func append(_ other: SlotTagger.Tokens, _ range: Range<Int>) {
        words += other.words[range]
        shapes += other.shapes[range]
        separators += other.separators[range]
        numbers += other.numbers[range]
        affixes += other.affixes[(range.lowerBound * Self.affixesPerWord)..<(range.upperBound * Self.affixesPerWord)]
    }
}
