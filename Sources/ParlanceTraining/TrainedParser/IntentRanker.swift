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

    /// Trains on examples already read into words (``words(of:tokenizer:numbers:)``), for a
    /// caller that makes examples of its own from words (paraphrases of a phrase), leaving
    /// out `ignoredWords`.
    public init(wordExamples: [(words: [String], label: String)], tokenizer: Tokenizer, numbers: NumberReader? = nil,
                ignoredWords: Set<String> = [], epochs: Int = 20) {
        self.tokenizer = tokenizer
        self.ignoredWords = ignoredWords
        self.numbers = numbers
        classifier = IntentClassifier(examples: wordExamples.map { ($0.words.filter { !ignoredWords.contains($0) }, $0.label) }, epochs: epochs)
    }

    /// The normalized words of `text` as a ranker reads them (the words ``ignoredWords``
    /// holds), each number `numbers` reads as ``numberWord``.
    public static func words(of text: String, tokenizer: Tokenizer, numbers: NumberReader? = nil) -> [String] {
        let tokenized = tokenizer.tokenize(text)
        guard let read = numbers?.numbers(in: tokenized), !read.isEmpty else { return TrainedParser.words(tokenized) }
        var words: [String] = []
        var next = 0
        for token in tokenized.tokens {
            while next < read.count, read[next].scalarRange.upperBound <= token.scalarRange.lowerBound { next += 1 }
            if next < read.count, read[next].scalarRange.overlaps(token.scalarRange) {
                // One word per number, however many tokens it spans ("twenty five").
                if token.scalarRange.lowerBound <= read[next].scalarRange.lowerBound || words.last != numberWord { words.append(numberWord) }
                continue
            }
            words.append(tokenized.normalized(token))
        }
        return words
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
