import Foundation
import ParlanceGrammar
import ParlanceText

/// A parser trained on annotated Snips queries, by template induction with a statistical
/// fallback; all intents in one model.
///
/// Training (``init(training:)``):
/// 1. **Templates.** Each query becomes a template of the Home Assistant template language:
///    its text with each slot value replaced by a reference to the slot's list
///    ("add {artist} to {playlist_owner} {playlist} playlist"). Every intent's templates
///    compile, with all others, into one ``CompiledGrammar``, matched exactly: measured on
///    the development splits, letting the matcher correct template words and list values
///    changed no result (a misspelled query falls to the fallback, whose character n-grams
///    and affixes absorb the misspelling) and made parsing five times slower on the full
///    files (p50 279 µs against 57 µs).
/// 2. **Lists.** A slot's training values become its list. A slot whose values rarely repeat
///    (more than half of its occurrences distinct: playlist, movie and restaurant names)
///    is open: its list is a wildcard. Otherwise (ratings, "my"/"our", music item kinds)
///    the list holds the values. Templates with a wildcard are
///    compiled only for ``Strategy/templatesOnly``: measured, the tagger places open values
///    better than a wildcard's shortest span, and without them matching stays fast.
/// 3. **Fallback.** For queries no template covers, ``IntentClassifier`` ranks intents by
///    similarity to the training queries (word and character n-grams) and the
///    ``SlotTagger`` marks the intent's slot spans, using the induced lists as a gazetteer
///    (``SlotGazetteer``). The tagger also learns from the templates and lists: it trains
///    on the training queries and on queries made by refilling their frames with other
///    queries' values (``SlotTagger/augmented(_:perIntent:seed:)``).
///
/// Parsing takes the best template hypothesis when one matches without wildcards, else the
/// fallback (see ``Strategy``).
/// Nothing but the training queries goes in: test items are only parsed.
public struct SnipsModel: EvaluationSubject {
    /// Sizes of what training induced.
    public struct Statistics: Sendable, Hashable, CustomStringConvertible {
        /// Training queries.
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

    /// What training induced.
    public let statistics: Statistics
    let grammar: CompiledGrammar
    let classifier: IntentClassifier
    let tagger: SlotTagger
    /// The tagger's index of each of the classifier's intents.
    let taggerIntents: [Int]
    let tokenizer: Tokenizer
    let numberReader: NumberReader

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

    /// Which parts parse.
    public let strategy: Strategy

    /// Trains on annotated queries (the language is English, as the benchmark's).
    ///
    /// - Throws: ``EvaluationError`` when there are no queries or the induced grammar does
    ///   not compile.
    public init(training queries: [SnipsQuery], strategy: Strategy = .templatesFirst) throws(EvaluationError) {
        self.strategy = strategy
        guard !queries.isEmpty else { throw EvaluationError(path: "training data", message: "no training queries") }
        let language: Language
        do {
            language = try Language("en")
            tokenizer = try Tokenizer(language: language)
            numberReader = try NumberReader(language: language)
        } catch {
            throw EvaluationError(path: "training data", message: "ICU cannot tokenize English: \(error)")
        }
        let normalizer = tokenizer.normalizer
        let byIntent = Dictionary(grouping: queries, by: \.intent)
        let intentNames = byIntent.keys.sorted()

        // Every slot's values, across intents: a city said for the weather is a city for a
        // restaurant too.
        var slotSet: Set<String> = []
        for query in queries { for chunk in query.chunks { if let entity = chunk.entity { slotSet.insert(entity) } } }

        // Lists: per intent and slot, the training values; open when they rarely repeat.
        var intents: [Intent] = []
        var templateCount = 0
        var openLists = 0
        var closedLists = 0
        let allSlots = slotSet.sorted()
        let slotIndex = Dictionary(uniqueKeysWithValues: allSlots.enumerated().map { ($1, $0) })
        var examples: [SlotTagger.Example] = []
        for intentName in intentNames {
            let intentQueries = byIntent[intentName]!
            var occurrences: [String: [String]] = [:]
            for query in intentQueries {
                for chunk in query.chunks {
                    guard let entity = chunk.entity else { continue }
                    let value = Self.cleaned(chunk.text).trimmingCharacters(in: .whitespaces)
                    if !value.isEmpty { occurrences[entity, default: []].append(value) }
                }
            }
            let slotNames = occurrences.keys.sorted()
            var lists: [String: SlotList] = [:]
            var open: Set<String> = []
            for slot in slotNames {
                let values = occurrences[slot]!
                var distinct: [String] = []
                var seen: Set<String> = []
                for value in values where seen.insert(normalizer.normalize(value)).inserted { distinct.append(value) }
                if Double(distinct.count) > 0.5 * Double(values.count) {
                    open.insert(slot)
                    lists[slot] = SlotList(name: slot, kind: .wildcard, location: nil)
                    openLists += 1
                } else {
                    let location = SourceLocation(file: "\(intentName).\(slot)", line: 1, column: 1)
                    lists[slot] = SlotList(name: slot, kind: .values(distinct.map { value in
                        SlotValue(input: Template(text: value, expression: .literal(Literal(value, normalizer: normalizer)), location: location),
                                  output: nil)
                    }), location: location)
                    closedLists += 1
                }
            }

            // Templates: one per distinct query frame with at least one literal word.
            var templates: [Template] = []
            var seenTemplates: Set<String> = []
            for query in intentQueries {
                var parts: [ParlanceGrammar.Expression] = []
                var key = ""
                var words = 0
                // A template with a wildcard never decides under the default strategy (the
                // tagger places open values better): it is not compiled, which keeps
                // matching fast.
                if strategy == .templatesFirst, query.chunks.contains(where: { $0.entity.map(open.contains) ?? false }) { continue }
                for chunk in query.chunks {
                    if let entity = chunk.entity {
                        parts.append(.list(ListReference(listName: entity, slotName: entity)))
                        key += "{\(entity)}"
                    } else {
                        let text = Self.cleaned(chunk.text)
                        guard !text.isEmpty else { continue }
                        let literal = Literal(text, normalizer: normalizer)
                        words += literal.normalized.split(separator: " ").count
                        parts.append(.literal(literal))
                        key += literal.normalized
                    }
                }
                guard words > 0, seenTemplates.insert(key).inserted else { continue }
                templates.append(Template(text: key, expression: .sequence(parts), location: SourceLocation(file: query.source ?? intentName, line: 1, column: 1)))
            }
            templateCount += templates.count
            intents.append(Intent(name: intentName, data: [IntentData(sentences: templates, lists: lists,
                                                                       location: SourceLocation(file: intentName, line: 1, column: 1))]))

            let intent = intentNames.firstIndex(of: intentName)!
            for query in intentQueries { examples.append(Self.labelled(query, intent: intent, tokenizer: tokenizer, numberReader: numberReader, slotIndex: slotIndex)) }
        }
        // One tagger for every intent, the values of every slot as its gazetteer.
        tagger = SlotTagger(slotNames: allSlots, intents: intentNames, examples: examples,
                            gazetteer: SlotGazetteer(examples.flatMap(\.values)))

        let grammar = LanguageGrammar(language: "en", intents: intents, lists: [:], expansionRules: [:], skipWords: [],
                                      settings: GrammarSettings(), files: [])
        do {
            self.grammar = try CompiledGrammar(grammar)
        } catch {
            throw EvaluationError(path: "training data", message: "the induced grammar does not compile: \(error)")
        }
        let tokenizer = self.tokenizer
        classifier = IntentClassifier(examples: queries.map { (SnipsModel.words(tokenizer.tokenize($0.text)), $0.intent) })
        taggerIntents = classifier.intents.map { intentNames.firstIndex(of: $0)! }
        statistics = Statistics(queries: queries.count, templates: templateCount, openLists: openLists, closedLists: closedLists)
    }

    /// The best hypothesis: a template's when one matches, else the classifier's intent with
    /// the tagger's slots.
    ///
    /// - Complexity: the exact template match, then for the fallback O(words × features) to
    ///   score and O(words × tags²) to decode, tags being the intent's; no strings are built
    ///   but the slot values returned.
    public func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction {
        if strategy != .fallbackOnly {
            let result = grammar.match(utterance, options: MatchOptions(fuzziness: .off, limit: 1))
            if let best = result.best, best.ranking.wildcards == 0 || strategy == .templatesOnly {
                let slots = best.slots.map { LabeledSlot(name: $0.name, value: $0.text.isEmpty ? HomeAssistantCorpus.texts($0.value).first ?? "" : $0.text) }
                return Prediction(intent: best.intent, slots: slots, confidence: best.confidence)
            }
        }
        return fallback(utterance)
    }

    /// The classifier's intent and the tagger's slots.
    func fallback(_ utterance: String) -> Prediction {
        let tokenized = tokenizer.tokenize(utterance)
        let probabilities = classifier.probabilities(tokenized.tokens.lazy.map { tokenized.normalizedScalars(of: $0) })
        guard !probabilities.isEmpty else { return .none }
        var best = 0
        for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
        let tags = tagger.tag(SlotTagger.Tokens(tokenized, numbers: numberReader.numbers(in: tokenized)), intent: taggerIntents[best])
        var slots: [LabeledSlot] = []
        for span in SlotTagger.spans(tags) {
            let start = tokenized.range(of: tokenized.tokens[span.words.lowerBound]).lowerBound
            let end = tokenized.range(of: tokenized.tokens[span.words.upperBound - 1]).upperBound
            slots.append(LabeledSlot(name: tagger.slotNames[span.slot], value: String(utterance[start..<end])))
        }
        return Prediction(intent: classifier.intents[best], slots: slots, confidence: Double(probabilities[best]))
    }

    /// The normalized words of a tokenized text.
    static func words(_ tokenized: TokenizedText) -> [String] {
        tokenized.tokens.map { tokenized.normalized($0) }
    }

    /// A query's words with BIO tags and its slot values.
    static func labelled(_ query: SnipsQuery, intent: Int, tokenizer: Tokenizer, numberReader: NumberReader,
                         slotIndex: [String: Int]) -> SlotTagger.Example {
        let tokenized = tokenizer.tokenize(query.text)
        var chunkRanges: [(Range<Int>, Int?)] = []
        var offset = 0
        for chunk in query.chunks {
            let length = chunk.text.unicodeScalars.count
            chunkRanges.append((offset..<(offset + length), chunk.entity.flatMap { slotIndex[$0] }))
            offset += length
        }
        let tokens = SlotTagger.Tokens(tokenized, numbers: numberReader.numbers(in: tokenized))
        var tags: [Int] = []
        var values: [SlotGazetteer.Value] = []
        var previousChunk = -1
        for (index, token) in tokenized.tokens.enumerated() {
            let start = token.scalarRange.lowerBound
            let chunk = chunkRanges.firstIndex { $0.0.contains(start) } ?? -1
            if chunk >= 0, let slot = chunkRanges[chunk].1 {
                if chunk != previousChunk {
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
            previousChunk = chunk
        }
        return SlotTagger.Example(tokens: tokens, intent: intent, tags: tags, values: values)
    }

    /// Template text as the template language can hold it: letters, digits, apostrophes and
    /// spaces; other characters (punctuation, the language's syntax characters) become spaces.
    static func cleaned(_ text: String) -> String {
        var result = ""
        var space = false
        for character in text {
            if character.isLetter || character.isNumber || character == "'" || character == "\u{2019}" {
                result.append(character)
                space = false
            } else if !space {
                result.append(" ")
                space = true
            }
        }
        return result
    }
}
