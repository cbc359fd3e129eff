import Foundation
import ParlanceGrammar
import ParlanceText

/// A parser trained on annotated utterances (``TrainingData``), by template induction with
/// a statistical fallback; all intents in one model, in any language ICU tokenizes.
///
/// ```swift
/// let data = try TrainingData.load(.rasa, from: [URL(fileURLWithPath: "nlu.yml")])
/// let parser = try TrainedParser(training: data)          // seconds: made once
/// try parser.save(to: URL(fileURLWithPath: "weather.model"))
/// let again = try TrainedParser(contentsOf: URL(fileURLWithPath: "weather.model"))  // milliseconds
/// let parse = again.parse("will it rain in Lisbon tomorrow")
/// parse?.intent                                            // "check_weather"
/// parse?.slots.first?.span                                 // 16..<22
/// ```
///
/// Training (``init(training:strategy:)``):
/// 1. **Templates.** Each utterance becomes a template of the Home Assistant template
///    language: its text with each slot value replaced by a reference to the slot's list
///    ("add {artist} to {playlist_owner} {playlist} playlist"). Every intent's templates
///    compile, with all others, into one ``CompiledGrammar``, matched exactly: measured on
///    the Snips development splits, letting the matcher correct template words and list
///    values changed no result (a misspelled query falls to the fallback, whose character
///    n-grams and affixes absorb the misspelling) and made parsing five times slower on the
///    full files (p50 279 µs against 57 µs).
/// 2. **Lists.** A slot's training values become its list. A slot whose values rarely repeat
///    (more than half of its occurrences distinct: playlist, movie and restaurant names)
///    is open: its list is a wildcard. Otherwise (ratings, "my"/"our", music item kinds)
///    the list holds the values. Templates with a wildcard are
///    compiled only for ``Strategy/templatesOnly``: measured, the tagger places open values
///    better than a wildcard's shortest span, and without them matching stays fast.
/// 3. **Fallback.** For utterances no template covers, ``IntentClassifier`` ranks intents by
///    similarity to the training utterances (word and character n-grams) and the
///    ``SlotTagger`` marks the intent's slot spans, using the induced lists, and the values
///    and synonyms the data's entities list, as a gazetteer (``SlotGazetteer``). The tagger
///    also learns from the templates and lists: it trains on the training utterances and
///    on utterances made by refilling their frames with other utterances' values
///    (``SlotTagger/augmented(_:perIntent:seed:)``).
///
/// Parsing takes the best template hypothesis when one matches without wildcards, else the
/// fallback (see ``Strategy``). Training is deterministic: the same data gives the same
/// model, and a model saved and read back parses exactly as before.
public struct TrainedParser: Sendable {
    /// Sizes of what training induced.
    public struct Statistics: Sendable, Hashable, CustomStringConvertible {
        /// Training utterances.
        public let queries: Int
        /// Distinct templates compiled.
        public let templates: Int
        /// Slot lists that are wildcards (open value sets).
        public let openLists: Int
        /// Slot lists of values.
        public let closedLists: Int

        public var description: String {
            "\(queries) training queries → \(templates) templates, \(closedLists) value lists, \(openLists) wildcard lists"
        }
    }

    /// How the fallback is used.
    public enum Strategy: String, Sendable, CaseIterable {
        /// A template match without wildcards (a training frame with known values) first,
        /// the fallback otherwise (the default): a wildcard's span is a guess the tagger
        /// makes better.
        case templatesFirst = "templates"
        /// The fallback only (for comparison).
        case fallbackOnly = "fallback"
        /// Every template match, wildcards too, before the fallback (for comparison).
        case templatesOnly = "templates-wildcards"
    }

    /// What training induced.
    public let statistics: Statistics
    /// Which parts parse.
    public let strategy: Strategy
    /// The language of the training data.
    public let language: Language
    let grammar: CompiledGrammar
    let classifier: IntentClassifier
    let tagger: SlotTagger
    /// The tagger's index of each of the classifier's intents.
    let taggerIntents: [Int]
    /// What slot values resolve to (synonyms to their values).
    let resolver: SlotResolver
    let tokenizer: Tokenizer
    /// Made when the fallback first needs it: opening ICU's number formats costs more than
    /// reading the rest of a saved model.
    let numberReader: DeferredNumberReader

    /// Trains on annotated utterances.
    ///
    /// - Complexity: seconds for thousands of utterances (the tagger's perceptrons train in
    ///   parallel on every core).
    /// - Throws: ``TrainingError`` when there are no utterances, ICU cannot read the
    ///   language, or the induced grammar does not compile.
    public init(training data: TrainingData, strategy: Strategy = .templatesFirst) throws(TrainingError) {
        try self.init(training: data, strategy: strategy, tagging: SlotTagger.Training())
    }

    /// Trains with the tagger trained as `tagging` says (tests train smaller taggers).
    init(training data: TrainingData, strategy: Strategy, tagging: SlotTagger.Training) throws(TrainingError) {
        let queries = data.intents.sorted { $0.name < $1.name }.flatMap { intent in intent.utterances.map { (intent: intent.name, utterance: $0) } }
        guard !queries.isEmpty else { throw TrainingError(path: "training data", message: "no training utterances", expected: "at least one intent with utterances") }
        let language: Language
        let tokenizer: Tokenizer
        let numberReader: NumberReader
        do {
            language = try Language(data.language)
            tokenizer = try Tokenizer(language: language)
            numberReader = try NumberReader(language: language)
        } catch {
            throw TrainingError(path: "training data", text: data.language, message: "ICU cannot tokenize the language: \(error)")
        }
        let intentNames = Array(Set(queries.map(\.intent))).sorted()
        var slotSet: Set<String> = []
        for query in queries { for slot in query.utterance.slots { slotSet.insert(slot.slot) } }
        // Every slot's values, across intents: a city said for the weather is a city for a
        // restaurant too.
        let allSlots = slotSet.sorted()
        let slotIndex = Dictionary(uniqueKeysWithValues: allSlots.enumerated().map { ($1, $0) })

        let induced = Self.induce(queries, intents: intentNames, language: language.tag, normalizer: tokenizer.normalizer, strategy: strategy)
        var examples: [SlotTagger.Example] = []
        for query in queries {
            examples.append(Self.labelled(query.utterance, intent: intentNames.firstIndex(of: query.intent)!, tokenizer: tokenizer,
                                          numberReader: numberReader, slotIndex: slotIndex))
        }
        let resolver = SlotResolver(data, normalizer: tokenizer.normalizer)
        // One tagger for every intent, the values of every slot as its gazetteer, with the
        // listed values of their entities that no utterance says.
        let listed = Self.listedValues(data, resolver: resolver, said: examples.flatMap(\.values), slotIndex: slotIndex, tokenizer: tokenizer,
                                       numberReader: numberReader)
        let tagger = SlotTagger(slotNames: allSlots, intents: intentNames, examples: examples,
                                gazetteer: SlotGazetteer(examples.flatMap(\.values) + listed), training: tagging)
        let grammar: CompiledGrammar
        do {
            grammar = try CompiledGrammar(induced.grammar)
        } catch {
            throw TrainingError(path: "training data", message: "the induced grammar does not compile: \(error)")
        }
        let classifier = IntentClassifier(examples: queries.map { (Self.words(tokenizer.tokenize($0.utterance.text)), $0.intent) })
        self.init(statistics: Statistics(queries: queries.count, templates: induced.templates, openLists: induced.openLists,
                                         closedLists: induced.closedLists),
                  strategy: strategy, language: language, grammar: grammar, classifier: classifier, tagger: tagger,
                  taggerIntents: classifier.intents.map { intentNames.firstIndex(of: $0)! }, resolver: resolver,
                  tokenizer: tokenizer, numberReader: DeferredNumberReader(tag: language.tag, reader: numberReader))
    }

    /// A parser of parts trained or read.
    init(statistics: Statistics, strategy: Strategy, language: Language, grammar: CompiledGrammar, classifier: IntentClassifier,
         tagger: SlotTagger, taggerIntents: [Int], resolver: SlotResolver, tokenizer: Tokenizer, numberReader: DeferredNumberReader) {
        self.statistics = statistics
        self.strategy = strategy
        self.language = language
        self.grammar = grammar
        self.classifier = classifier
        self.tagger = tagger
        self.taggerIntents = taggerIntents
        self.resolver = resolver
        self.tokenizer = tokenizer
        self.numberReader = numberReader
    }

    /// The best reading of an utterance: a template's when one matches, else the
    /// classifier's intent with the tagger's slots; nil when the model has no intents.
    ///
    /// - Complexity: the exact template match, then for the fallback O(words × features) to
    ///   score and O(words × tags²) to decode, tags being the intent's; no strings are built
    ///   but the slot values returned.
    public func parse(_ utterance: String) -> IntentParse? {
        if strategy != .fallbackOnly {
            let result = grammar.match(utterance, options: MatchOptions(fuzziness: .off, limit: 1))
            if let best = result.best, best.ranking.wildcards == 0 || strategy == .templatesOnly {
                let slots = best.slots.map { slot in
                    let text = slot.text.isEmpty ? Self.text(of: slot.value) : slot.text
                    return ParsedSlot(name: slot.name, text: text, value: resolver.value(of: text, slot: slot.name), span: slot.span ?? 0..<0)
                }
                return IntentParse(intent: best.intent, confidence: best.confidence, slots: slots)
            }
        }
        return fallback(utterance)
    }

    /// The classifier's intent and the tagger's slots.
    func fallback(_ utterance: String) -> IntentParse? {
        let tokenized = tokenizer.tokenize(utterance)
        let probabilities = classifier.probabilities(tokenized.tokens.lazy.map { tokenized.normalizedScalars(of: $0) })
        guard !probabilities.isEmpty else { return nil }
        var best = 0
        for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
        let numbers = numberReader.reader?.numbers(in: tokenized) ?? []
        let tags = tagger.tag(SlotTagger.Tokens(tokenized, numbers: numbers), intent: taggerIntents[best])
        var slots: [ParsedSlot] = []
        for span in SlotTagger.spans(tags) {
            let first = tokenized.tokens[span.words.lowerBound], last = tokenized.tokens[span.words.upperBound - 1]
            let text = String(utterance[tokenized.range(of: first).lowerBound..<tokenized.range(of: last).upperBound])
            let name = tagger.slotNames[span.slot]
            slots.append(ParsedSlot(name: name, text: text, value: resolver.value(of: text, slot: name),
                                    span: first.scalarRange.lowerBound..<last.scalarRange.upperBound))
        }
        return IntentParse(intent: classifier.intents[best], confidence: Double(probabilities[best]), slots: slots)
    }

    /// A slot value that is not text as said (a list's output) as text.
    static func text(of value: DataValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        case .list(let values): values.first.map(text(of:)) ?? ""
        default: value.description
        }
    }

    /// The normalized words of a tokenized text.
    static func words(_ tokenized: TokenizedText) -> [String] {
        tokenized.tokens.map { tokenized.normalized($0) }
    }

    /// An utterance's words with BIO tags and its slot values.
    static func labelled(_ utterance: AnnotatedUtterance, intent: Int, tokenizer: Tokenizer, numberReader: NumberReader,
                         slotIndex: [String: Int]) -> SlotTagger.Example {
        let tokenized = tokenizer.tokenize(utterance.text)
        let tokens = SlotTagger.Tokens(tokenized, numbers: numberReader.numbers(in: tokenized))
        var tags: [Int] = []
        var values: [SlotGazetteer.Value] = []
        var previousSlot = -1
        for (index, token) in tokenized.tokens.enumerated() {
            let start = token.scalarRange.lowerBound
            let annotation = utterance.slots.firstIndex { $0.span.contains(start) } ?? -1
            if annotation >= 0, let slot = slotIndex[utterance.slots[annotation].slot] {
                if annotation != previousSlot {
                    tags.append(1 + 2 * slot)
                    values.append(SlotGazetteer.Value(words: [tokens.words[index]], slot: slot))
                } else {
                    tags.append(2 + 2 * slot)
                    let last = values.removeLast()
                    values.append(SlotGazetteer.Value(words: last.words + [tokens.words[index]], slot: slot))
                }
            } else {
                tags.append(0)
            }
            previousSlot = annotation
        }
        return SlotTagger.Example(tokens: tokens, intent: intent, tags: tags, values: values)
    }

    /// The values and synonyms the data's entities list for each slot that takes them, as
    /// the tagger's words, leaving out those some utterance says for the slot (they are in
    /// the gazetteer already, counted as said).
    static func listedValues(_ data: TrainingData, resolver: SlotResolver, said: [SlotGazetteer.Value], slotIndex: [String: Int],
                             tokenizer: Tokenizer, numberReader: NumberReader) -> [SlotGazetteer.Value] {
        var known = Set(said.map { SlotKey(slot: $0.slot, words: $0.words) })
        var result: [SlotGazetteer.Value] = []
        for (slotName, entityName) in resolver.entityOfSlot.sorted(by: { $0.key < $1.key }) {
            guard let slot = slotIndex[slotName], let entity = data.entities[entityName] else { continue }
            for value in entity.values {
                for text in [value.value] + value.synonyms {
                    let tokenized = tokenizer.tokenize(text)
                    let words = SlotTagger.Tokens(tokenized, numbers: numberReader.numbers(in: tokenized)).words
                    guard !words.isEmpty, known.insert(SlotKey(slot: slot, words: words)).inserted else { continue }
                    result.append(SlotGazetteer.Value(words: words, slot: slot))
                }
            }
        }
        return result
    }

    private struct SlotKey: Hashable {
        let slot: Int
        let words: [UInt64]
    }
}

/// What a ``TrainedParser`` reads in an utterance.
public struct IntentParse: Sendable, Hashable {
    /// The intent.
    public let intent: String
    /// How sure the parser is, 0...1 (the template match's confidence, or the classifier's
    /// probability).
    public let confidence: Double
    /// The slots, in utterance order.
    public let slots: [ParsedSlot]

    /// A parse.
    public init(intent: String, confidence: Double, slots: [ParsedSlot]) {
        self.intent = intent
        self.confidence = confidence
        self.slots = slots
    }
}

/// A slot a ``TrainedParser`` found.
public struct ParsedSlot: Sendable, Hashable {
    /// The slot's name.
    public let name: String
    /// The utterance's text the slot spans.
    public let text: String
    /// What the text stands for: an entity value when the text is one of its synonyms (or
    /// the value itself), else the text.
    public let value: String
    /// The span in the utterance, in Unicode scalar offsets (Python: `text[start:end]`).
    public let span: Range<Int>

    /// A slot.
    public init(name: String, text: String, value: String, span: Range<Int>) {
        self.name = name
        self.text = text
        self.value = value
        self.span = span
    }
}
