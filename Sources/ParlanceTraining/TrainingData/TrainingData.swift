/// Annotated utterances to train a ``TrainedParser`` on, whatever format they were read
/// from: intents with example utterances whose slot values are marked as spans, and the
/// entities (value types) the slots take.
///
/// ```swift
/// let data = try TrainingData.load(.rasa, from: [URL(fileURLWithPath: "data/nlu.yml")], language: "de")
/// let parser = try TrainedParser(training: data)
/// ```
///
/// Loading checks everything the parser relies on (every slot names an entity the data
/// defines or a builtin one, no intent is empty, spans lie inside their text), so that
/// training never fails on the data's account.
public struct TrainingData: Sendable, Hashable {
    /// The language of the utterances, a BCP-47 tag ("en", "de", "ja").
    public var language: String
    /// The intents, in the order they were read.
    public var intents: [TrainingIntent]
    /// The entities the data defines, by name: their listed values and synonyms. (Slots may
    /// name entities defined nowhere, as the Snips benchmark's and Rasa's do: their values
    /// are those said.)
    public var entities: [String: TrainingEntity]
    /// Regular expressions the data defines for entities (Rasa `regex:` items): kept, not
    /// used by the parser.
    public var patterns: [EntityPattern]
    /// What was read but is not used, located ("nlu.yml:12: the synonym 'NYC' …").
    public var warnings: [String]

    /// Training data.
    public init(language: String, intents: [TrainingIntent], entities: [String: TrainingEntity] = [:], patterns: [EntityPattern] = [],
                warnings: [String] = []) {
        self.language = language
        self.intents = intents
        self.entities = entities
        self.patterns = patterns
        self.warnings = warnings
    }

    /// Every utterance, intent after intent.
    public var utterances: [(intent: String, utterance: AnnotatedUtterance)] {
        intents.flatMap { intent in intent.utterances.map { (intent.name, $0) } }
    }

    /// A subset drawn deterministically from `seed`: `perIntent` utterances of each intent
    /// (all when nil or more than there are), by a seeded Fisher–Yates shuffle of each
    /// intent's utterances, kept in their original order. Intents come out sorted by name.
    public func sampled(perIntent: Int?, seed: UInt64) -> TrainingData {
        var result = self
        result.intents = intents.sorted { $0.name < $1.name }.map { intent in
            let indices = SplitMix64.draw(Array(intent.utterances.indices), count: perIntent, seed: seed, group: intent.name)
            return TrainingIntent(name: intent.name, utterances: indices.map { intent.utterances[$0] })
        }
        return result
    }
}

/// An intent and its example utterances.
public struct TrainingIntent: Sendable, Hashable {
    /// The intent's name, as parses report it.
    public var name: String
    /// The examples, in the order they were read.
    public var utterances: [AnnotatedUtterance]

    /// An intent.
    public init(name: String, utterances: [AnnotatedUtterance]) {
        self.name = name
        self.utterances = utterances
    }
}

/// An example utterance with its slot values marked.
///
/// ```swift
/// // "wake me at [7 am](time)"
/// AnnotatedUtterance(text: "wake me at 7 am", slots: [SlotAnnotation(span: 11..<15, slot: "time", entity: "time")])
/// ```
public struct AnnotatedUtterance: Sendable, Hashable {
    /// The text as written.
    public var text: String
    /// The slot values, in text order, not overlapping.
    public var slots: [SlotAnnotation]
    /// Where the utterance was read ("path:line"), for messages.
    public var source: String?

    /// An utterance; `slots` must be in order and lie inside the text (loaders check it).
    public init(text: String, slots: [SlotAnnotation] = [], source: String? = nil) {
        self.text = text
        self.slots = slots
        self.source = source
    }

    /// An utterance from pieces of text, in order; a piece with a slot is that slot's value
    /// (of the entity named, else of the entity of the slot's name).
    ///
    /// ```swift
    /// AnnotatedUtterance(chunks: [("wake me at ", nil, nil), ("7 am", "time", nil)])
    /// ```
    public init(chunks: [(text: String, slot: String?, entity: String?)], source: String? = nil) {
        var builder = UtteranceBuilder()
        for chunk in chunks { builder.append(chunk.text, slot: chunk.slot, entity: chunk.entity ?? chunk.slot) }
        self = builder.utterance(source: source)
    }

    /// The text of a span of Unicode scalars.
    public func text(of span: Range<Int>) -> Substring {
        let scalars = text.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: span.lowerBound)
        let end = scalars.index(start, offsetBy: span.count)
        return text[start..<end]
    }

    /// The text cut at the slot spans: pieces of plain text and slot values, in order
    /// (empty pieces left out).
    public var chunks: [(text: Substring, slot: SlotAnnotation?)] {
        var chunks: [(text: Substring, slot: SlotAnnotation?)] = []
        var position = 0
        let length = text.unicodeScalars.count
        for slot in slots {
            if slot.span.lowerBound > position { chunks.append((text(of: position..<slot.span.lowerBound), nil)) }
            chunks.append((text(of: slot.span), slot))
            position = slot.span.upperBound
        }
        if position < length { chunks.append((text(of: position..<length), nil)) }
        return chunks
    }
}

/// A slot value in an utterance: where it is, the slot it fills and the entity it is a
/// value of.
public struct SlotAnnotation: Sendable, Hashable {
    /// The value's place in the utterance, in Unicode scalars (Python: `text[start:end]`).
    public var span: Range<Int>
    /// The slot's name (Snips `slot_name`; Rasa: the role when given, else the entity).
    public var slot: String
    /// The entity's name.
    public var entity: String
    /// The value the span stands for when the data says so (Rasa `"value"`, `(entity:value)`).
    public var value: String?

    /// A slot value.
    public init(span: Range<Int>, slot: String, entity: String, value: String? = nil) {
        self.span = span
        self.slot = slot
        self.entity = entity
        self.value = value
    }
}

/// A kind of slot value: its known values with their synonyms.
public struct TrainingEntity: Sendable, Hashable {
    /// A value and the other ways of saying it.
    public struct Value: Sendable, Hashable {
        /// The value as parses resolve to it.
        public var value: String
        /// Other words for it.
        public var synonyms: [String]

        /// A value.
        public init(_ value: String, synonyms: [String] = []) {
            self.value = value
            self.synonyms = synonyms
        }
    }

    /// The entity's name.
    public var name: String
    /// The known values.
    public var values: [Value]
    /// Whether a synonym resolves to its value (snips-nlu `use_synonyms`).
    public var usesSynonyms: Bool
    /// Whether values beyond the known ones are expected (snips-nlu
    /// `automatically_extensible`): the parser's tagger finds them from their context.
    public var isAutomaticallyExtensible: Bool
    /// How close a match must be, 0...1 (snips-nlu `matching_strictness`; kept, the
    /// parser matches exactly).
    public var matchingStrictness: Double
    /// True for a builtin entity (`snips/datetime`): its values are not listed.
    public var isBuiltin: Bool

    /// An entity.
    public init(name: String, values: [Value] = [], usesSynonyms: Bool = true, isAutomaticallyExtensible: Bool = true,
                matchingStrictness: Double = 1, isBuiltin: Bool = false) {
        self.name = name
        self.values = values
        self.usesSynonyms = usesSynonyms
        self.isAutomaticallyExtensible = isAutomaticallyExtensible
        self.matchingStrictness = matchingStrictness
        self.isBuiltin = isBuiltin
    }
}

/// A regular expression for an entity's values (Rasa `regex:`); kept with the data, not used
/// by the parser.
public struct EntityPattern: Sendable, Hashable {
    /// The name the data gives it (an entity's, in Rasa's convention).
    public var name: String
    /// The expressions.
    public var expressions: [String]
    /// Where it was read.
    public var source: String?

    /// A pattern.
    public init(name: String, expressions: [String], source: String? = nil) {
        self.name = name
        self.expressions = expressions
        self.source = source
    }
}
