import ParlanceText

/// Ranks labels (intents) for a text by similarity to labelled examples: the trained
/// parser's intent classifier (multinomial logistic regression over TF-IDF weighted word
/// unigrams, bigrams and character 3- and 4-grams) for callers outside the parser, such as
/// the engine's learned reading, which trains one per language on its grammar's sentences
/// and the apps' example phrases.
///
/// ```swift
/// let ranker = IntentRanker(examples: [("Set a sleep timer for 30 minutes", "SetSleepTimerIntent"),
///                                      ("Play History Hour", "INPlayMediaIntent")], tokenizer: tokenizer)
/// ranker.ranked("turn it off in twenty minutes", among: ["SetSleepTimerIntent", "INPlayMediaIntent"])
/// ```
public struct IntentRanker: Sendable {
    private let classifier: IntentClassifier
    private let tokenizer: Tokenizer
    /// Normalized words that are no evidence (stop words): left out of training and ranking.
    public let ignoredWords: Set<String>
    /// Reads numbers in digits and words: each becomes one word, ``numberWord``, so that
    /// "30 minutes" in an example and "twenty minutes" in a request say the same thing.
    private let numbers: NumberReader?

    /// The word every number read becomes.
    public static let numberWord = "0"

    /// The labels, sorted.
    public var labels: [String] { classifier.intents }

    /// Trains on `examples` (deterministic: a seeded order), leaving out `ignoredWords`
    /// (normalized as `tokenizer` normalizes).
    ///
    /// - Complexity: O(epochs × examples × features per example × labels).
    public init(examples: [(text: String, label: String)], tokenizer: Tokenizer, numbers: NumberReader? = nil,
                ignoredWords: Set<String> = [], epochs: Int = 20) {
        self.init(wordExamples: examples.map { (Self.words(of: $0.text, tokenizer: tokenizer, numbers: numbers), $0.label) },
                  tokenizer: tokenizer, numbers: numbers, ignoredWords: ignoredWords, epochs: epochs)
    }

    /// A ranker from its parts (read back from an image: ``init(image:source:inputs:tokenizer:numbers:)``).
    private init(classifier: IntentClassifier, tokenizer: Tokenizer, ignoredWords: Set<String>, numbers: NumberReader?,
                 wordsSaid: [String: Set<String>]) {
        self.classifier = classifier
        self.tokenizer = tokenizer
        self.ignoredWords = ignoredWords
        self.numbers = numbers
        self.wordsSaid = wordsSaid
    }

    /// Trains on examples already read into words (``words(of:tokenizer:numbers:)``), for a
    /// caller that makes examples of its own from words (paraphrases of a phrase), leaving
    /// out `ignoredWords`.
    public init(wordExamples: [(words: [String], label: String)], tokenizer: Tokenizer, numbers: NumberReader? = nil,
                ignoredWords: Set<String> = [], epochs: Int = 20) {
        self.tokenizer = tokenizer
        self.ignoredWords = ignoredWords
        self.numbers = numbers
        var said: [String: Set<String>] = [:]
        for example in wordExamples { said[example.label, default: []].formUnion(example.words) }
        wordsSaid = said
        classifier = IntentClassifier(examples: wordExamples.map { ($0.words.filter { !ignoredWords.contains($0) }, $0.label) }, epochs: epochs)
    }

    /// The normalized words of `text` as a ranker reads them (the words ``ignoredWords``
    /// holds), each number `numbers` reads as ``numberWord``.
    public static func words(of text: String, tokenizer: Tokenizer, numbers: NumberReader? = nil) -> [String] {
        let tokenized = tokenizer.tokenize(text)
        var words: [String]
        if let read = numbers?.numbers(in: tokenized), !read.isEmpty {
            words = readWords(tokenized, numbers: read).compactMap(\.word)
        } else {
            words = TrainedParser.words(tokenized)
        }
        if isQuestion(text) { words.append(questionWord) }
        return words
    }

    /// The word a question mark becomes ("Is my order ready?", 「もうできてる？」): asking is
    /// evidence of an intent that answers (a status, a search) over one that acts, in every
    /// language that writes the mark, and the tokenizer drops punctuation.
    public static let questionWord = "?"

    /// Whether `text` asks: it holds a question mark (ASCII, full-width, or the Arabic and
    /// Greek ones).
    static func isQuestion(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "?" || $0 == "\u{FF1F}" || $0 == "\u{061F}" || $0 == "\u{037E}" }
    }

    /// Each token of `tokenized` with the word a ranker reads it as: its normalized form, or
    /// ``numberWord`` for the first token of a number of `numbers` and nil for its others
    /// (one word per number, however many tokens it spans: "twenty five").
    private static func readWords(_ tokenized: TokenizedText, numbers read: [NumberMatch]) -> [(word: String?, scalars: Range<Int>)] {
        var words: [(word: String?, scalars: Range<Int>)] = []
        words.reserveCapacity(tokenized.tokens.count)
        var next = 0
        for token in tokenized.tokens {
            while next < read.count, read[next].scalarRange.upperBound <= token.scalarRange.lowerBound { next += 1 }
            if next < read.count, read[next].scalarRange.overlaps(token.scalarRange) {
                let first = token.scalarRange.lowerBound <= read[next].scalarRange.lowerBound || words.last?.word != numberWord
                words.append((first ? numberWord : nil, token.scalarRange))
                continue
            }
            words.append((tokenized.normalized(token), token.scalarRange))
        }
        return words
    }

    /// The words `label`'s examples say, as the ranker read them (ignored words too).
    private let wordsSaid: [String: Set<String>]

    /// The scalars of `text` in words that `label`'s examples say, or that say nothing of
    /// any label (``ignoredWords``: "could you please"): what a reading of `text` as `label`
    /// accounts for, the way a template accounts for the words it spells. A word is said
    /// when an example says it, or a word that begins with the same ``sharedStem`` letters
    /// ("pills" for "pill", "Parkschein" for "Parkuhr"), or, in a script written without
    /// spaces, the same two. Tokens overlapping `counted` (a date, a name, a value that a
    /// slot takes) are left out: the caller counts them. With every scalar of the words it
    /// looked at, as the denominator.
    public func scalarsSaid(in text: String, by label: String, leaving counted: [Range<Int>] = []) -> (said: Int, looked: Int) {
        let tokenized = tokenizer.tokenize(text)
        let known = wordsSaid[label] ?? []
        var said = 0, looked = 0
        for (word, scalars) in Self.readWords(tokenized, numbers: numbers?.numbers(in: tokenized) ?? []) {
            guard !counted.contains(where: { $0.overlaps(scalars) }) else { continue }
            looked += scalars.count
            guard let word else {
                // A later token of a number says what its first one does.
                if known.contains(Self.numberWord) { said += scalars.count }
                continue
            }
            if ignoredWords.contains(word) || known.contains(word) || Self.sharesStem(word, with: known) { said += scalars.count }
        }
        return (said, looked)
    }

    /// The runs of `text`'s words that `label`'s examples do not say, as scalar ranges from
    /// the first word's start to the last one's end, in order: what a reading of `text` as
    /// `label` leaves of the request's own content ("Nopa" in "any tables free at Nopa for
    /// four", "Angebot prüfen" in "leg eine Notiz an: Angebot prüfen"). A word said as in
    /// ``scalarsSaid(in:by:leaving:)`` (its examples' words and stems, ``ignoredWords``), a
    /// number, or a token overlapping `counted` ends a run.
    public func unsaidRuns(in text: String, by label: String, leaving counted: [Range<Int>] = []) -> [Range<Int>] {
        let tokenized = tokenizer.tokenize(text)
        let known = wordsSaid[label] ?? []
        var runs: [Range<Int>] = []
        // The run so far: where its first unsaid word starts and its last one ends.
        var run: (start: Int, end: Int)?
        func close() {
            if let finished = run { runs.append(finished.start..<finished.end) }
            run = nil
        }
        for (word, scalars) in Self.readWords(tokenized, numbers: numbers?.numbers(in: tokenized) ?? []) {
            guard let word, !counted.contains(where: { $0.overlaps(scalars) }) else {
                close()
                continue
            }
            let unspaced = Self.isUnspaced(word)
            // (In a script written without spaces a word shares its first two letters with
            // many, and the dictionary cuts a name it does not know into pieces, often of one
            // character, "し" of "すきやばし次郎": there a word is said only whole, and a
            // one-character word is a piece, which joins a run but neither starts nor ends one.)
            if unspaced, word.unicodeScalars.count < 2 { continue }
            let unsaid = word != Self.numberWord && !ignoredWords.contains(word) && !known.contains(word)
                && (unspaced || !Self.sharesStem(word, with: known))
            guard unsaid else {
                close()
                continue
            }
            run = (run?.start ?? scalars.lowerBound, scalars.upperBound)
        }
        close()
        return runs
    }

    /// Whether `label`'s examples say `word` (normalized, or ``numberWord``).
    public func says(_ word: String, label: String) -> Bool {
        wordsSaid[label]?.contains(word) == true
    }

    /// The letters two words must begin with alike to count as one word's forms.
    public static let sharedStem = 4

    /// Whether `word` is written in a script without spaces (Han, kana).
    private static func isUnspaced(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        return first.properties.isIdeographic || (0x3040...0x30FF).contains(first.value)
    }

    /// Whether `word` begins like a word of `known`: the first ``sharedStem`` letters of
    /// both (two in a script written without spaces, whose words are short).
    private static func sharesStem(_ word: String, with known: Set<String>) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard let first = scalars.first else { return false }
        let stem = isUnspaced(word) ? 2 : sharedStem
        guard scalars.count >= stem else { return false }
        return known.contains { other in
            var count = 0
            for (a, b) in zip(scalars, other.unicodeScalars) {
                guard a == b else { break }
                count += 1
                if count == stem { return true }
            }
            return false
        }
    }

    /// The labels of `among` that the ranker knows, most probable first, with their
    /// probabilities renormalized over those labels.
    public func ranked(_ text: String, among: Set<String>) -> [(label: String, probability: Double)] {
        let all = Self.words(of: text, tokenizer: tokenizer, numbers: numbers)
        let words = ignoredWords.isEmpty ? all : all.filter { !ignoredWords.contains($0) }
        let probabilities = classifier.probabilities(words.lazy.map(\.unicodeScalars))
        var result: [(label: String, probability: Double)] = []
        var total = 0.0
        for (index, label) in classifier.intents.enumerated() where among.contains(label) {
            result.append((label, Double(probabilities[index])))
            total += Double(probabilities[index])
        }
        guard total > 0 else { return [] }
        return result.map { ($0.label, $0.probability / total) }.sorted { $0.probability > $1.probability }
    }
}

extension IntentRanker {
    /// The kind of a ranker's image.
    package static let imageKind = "IRNK"
    /// The format version: bump it whenever what ``image(inputs:)`` writes changes.
    package static let imageVersion: UInt32 = 1

    /// The ranker as the bytes of an image for `inputs` (the digest of what it was trained
    /// from, which reading asks for): its classifier, the words it ignores and the words
    /// each label's examples say. Its tokenizer and number reader are not written: the
    /// reader supplies them.
    package func image(inputs: ImageDigest) -> [UInt8] {
        var writer = ImageWriter(kind: Self.imageKind, version: Self.imageVersion, inputs: inputs)
        classifier.write(to: &writer)
        writer.append(ignoredWords.sorted())
        let labels = wordsSaid.keys.sorted()
        writer.append(labels)
        for label in labels { writer.append(wordsSaid[label]!.sorted()) }
        return writer.finished()
    }

    /// Reads a ranker written by ``image(inputs:)`` for the same `inputs`; it ranks exactly
    /// as the one written, with `tokenizer` and `numbers` (the language's, as it was
    /// trained with).
    ///
    /// - Throws: ``ImageError`` naming `source`: not a ranker's image, another format
    ///   version or other inputs, or a truncated or damaged one.
    package init(image bytes: UnsafeRawBufferPointer, source: String, inputs: ImageDigest, tokenizer: Tokenizer,
                 numbers: NumberReader?) throws(ImageError) {
        var reader = try ImageReader(bytes, source: source, kind: Self.imageKind, version: Self.imageVersion, inputs: inputs)
        let classifier = try IntentClassifier(from: &reader)
        let ignoredWords = Set(try reader.readStrings())
        let labels = try reader.readStrings()
        var wordsSaid: [String: Set<String>] = [:]
        for label in labels { wordsSaid[label] = Set(try reader.readStrings()) }
        try reader.finish()
        self.init(classifier: classifier, tokenizer: tokenizer, ignoredWords: ignoredWords, numbers: numbers, wordsSaid: wordsSaid)
    }
}
