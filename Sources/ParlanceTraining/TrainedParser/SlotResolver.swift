import ParlanceText

/// What a slot's text stands for: the entity value it names, when the data lists the text
/// as the value or one of its synonyms ("the big apple" → "New York"); the text otherwise.
///
/// Texts are compared normalized (case, width, the language's folds), so "NYC" and "nyc"
/// resolve alike.
struct SlotResolver: Sendable {
    /// Each slot's entity (the first an utterance names, slot names sorted).
    let entityOfSlot: [String: String]
    /// Per entity, normalized text → value (synonyms only for entities that use them).
    let values: [String: [String: String]]
    let normalizer: Normalizer

    init(entityOfSlot: [String: String], values: [String: [String: String]], normalizer: Normalizer) {
        self.entityOfSlot = entityOfSlot
        self.values = values
        self.normalizer = normalizer
    }

    init(_ data: TrainingData, normalizer: Normalizer) {
        var entityOfSlot: [String: String] = [:]
        for intent in data.intents {
            for utterance in intent.utterances {
                for slot in utterance.slots where entityOfSlot[slot.slot] == nil { entityOfSlot[slot.slot] = slot.entity }
            }
        }
        var values: [String: [String: String]] = [:]
        // Only entities with synonyms resolve: without them a value is its text.
        for (name, entity) in data.entities where !entity.isBuiltin && entity.usesSynonyms && entity.values.contains(where: { !$0.synonyms.isEmpty }) {
            var table: [String: String] = [:]
            for value in entity.values {
                for text in [value.value] + value.synonyms where table[normalizer.normalize(text)] == nil {
                    table[normalizer.normalize(text)] = value.value
                }
            }
            values[name] = table
        }
        self.init(entityOfSlot: entityOfSlot, values: values, normalizer: normalizer)
    }

    /// The value of a slot's text.
    func value(of text: String, slot: String) -> String {
        guard let entity = entityOfSlot[slot], let table = values[entity] else { return text }
        return table[normalizer.normalize(text)] ?? text
    }
}
