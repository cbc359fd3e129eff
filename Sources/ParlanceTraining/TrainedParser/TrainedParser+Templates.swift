import ParlanceGrammar
import ParlanceText

extension TrainedParser {
    /// What template induction makes: the grammar and its sizes.
    struct InducedGrammar {
        let grammar: LanguageGrammar
        let templates: Int
        let openLists: Int
        let closedLists: Int
    }

    /// The templates and lists of every intent (see ``TrainedParser``, steps 1 and 2).
    static func induce(_ queries: [(intent: String, utterance: AnnotatedUtterance)], intents intentNames: [String], language: String,
                       normalizer: Normalizer, strategy: Strategy) -> InducedGrammar {
        let byIntent = Dictionary(grouping: queries, by: \.intent)
        var intents: [Intent] = []
        var templateCount = 0, openLists = 0, closedLists = 0
        for intentName in intentNames {
            let utterances = byIntent[intentName]!.map(\.utterance)
            let (lists, open) = Self.lists(utterances, intent: intentName, normalizer: normalizer)
            openLists += open.count
            closedLists += lists.count - open.count
            let templates = Self.templates(utterances, intent: intentName, open: open, normalizer: normalizer, strategy: strategy)
            templateCount += templates.count
            intents.append(Intent(name: intentName, data: [IntentData(sentences: templates, lists: lists,
                                                                       location: SourceLocation(file: intentName, line: 1, column: 1))]))
        }
        let grammar = LanguageGrammar(language: language, intents: intents, lists: [:], expansionRules: [:], skipWords: [],
                                      settings: GrammarSettings(), files: [])
        return InducedGrammar(grammar: grammar, templates: templateCount, openLists: openLists, closedLists: closedLists)
    }

    /// Per slot, the training values; open (a wildcard) when they rarely repeat.
    private static func lists(_ utterances: [AnnotatedUtterance], intent: String,
                              normalizer: Normalizer) -> (lists: [String: SlotList], open: Set<String>) {
        var occurrences: [String: [String]] = [:]
        for utterance in utterances {
            for chunk in utterance.chunks {
                guard let slot = chunk.slot else { continue }
                let value = Self.cleaned(chunk.text).trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { occurrences[slot.slot, default: []].append(value) }
            }
        }
        var lists: [String: SlotList] = [:]
        var open: Set<String> = []
        for slot in occurrences.keys.sorted() {
            let values = occurrences[slot]!
            var distinct: [String] = []
            var seen: Set<String> = []
            for value in values where seen.insert(normalizer.normalize(value)).inserted { distinct.append(value) }
            if Double(distinct.count) > 0.5 * Double(values.count) {
                open.insert(slot)
                lists[slot] = SlotList(name: slot, kind: .wildcard, location: nil)
            } else {
                let location = SourceLocation(file: "\(intent).\(slot)", line: 1, column: 1)
                lists[slot] = SlotList(name: slot, kind: .values(distinct.map { value in
                    SlotValue(input: Template(text: value, expression: .literal(Literal(value, normalizer: normalizer)), location: location),
                              output: nil)
                }), location: location)
            }
        }
        return (lists, open)
    }

    /// One template per distinct utterance frame with at least one literal word.
    private static func templates(_ utterances: [AnnotatedUtterance], intent: String, open: Set<String>, normalizer: Normalizer,
                                  strategy: Strategy) -> [Template] {
        var templates: [Template] = []
        var seenTemplates: Set<String> = []
        for utterance in utterances {
            // A template with a wildcard never decides under the default strategy (the
            // tagger places open values better): it is not compiled, which keeps matching
            // fast.
            if strategy == .templatesFirst, utterance.slots.contains(where: { open.contains($0.slot) }) { continue }
            var parts: [ParlanceGrammar.Expression] = []
            var key = ""
            var words = 0
            for chunk in utterance.chunks {
                if let slot = chunk.slot {
                    parts.append(.list(ListReference(listName: slot.slot, slotName: slot.slot)))
                    key += "{\(slot.slot)}"
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
            templates.append(Template(text: key, expression: .sequence(parts),
                                      location: SourceLocation(file: utterance.source ?? intent, line: 1, column: 1)))
        }
        return templates
    }

    /// Template text as the template language can hold it: letters, digits, apostrophes and
    /// spaces; other characters (punctuation, the language's syntax characters) become spaces.
    static func cleaned<S: StringProtocol>(_ text: S) -> String {
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
