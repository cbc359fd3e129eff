/// One YAML file of a grammar, as written: `sentences/<lang>/*.yaml`, `_common.yaml`, a
/// slot-combination file `sentences/<lang>/<Intent>/<combination>.yaml`, or a shared list
/// file under `lists/`.
///
/// References are not resolved here; ``GrammarLoader`` merges files into a
/// ``LanguageGrammar`` and checks them.
public struct IntentsFile: Sendable, Hashable {
    /// The file's path (relative to the corpus root when loaded from a corpus).
    public let path: String
    /// The `language:` key; nil for language-independent list files.
    public let language: String?
    /// The intents, in file order.
    public let intents: [Intent]
    /// Slot lists (`lists:`).
    public let lists: [String: SlotList]
    /// Expansion rules (`expansion_rules:`).
    public let expansionRules: [String: Template]
    /// Words the recognizer may skip (`skip_words:`).
    public let skipWords: [String]
    /// Matching settings (`settings:`), when the file has them.
    public let settings: GrammarSettings?
    /// What was odd but readable, as upstream reads it (a context key nothing reads).
    public let warnings: [GrammarWarning]

    public init(path: String, language: String?, intents: [Intent] = [], lists: [String: SlotList] = [:],
                expansionRules: [String: Template] = [:], skipWords: [String] = [], settings: GrammarSettings? = nil,
                warnings: [GrammarWarning] = []) {
        self.warnings = warnings
        self.path = path
        self.language = language
        self.intents = intents
        self.lists = lists
        self.expansionRules = expansionRules
        self.skipWords = skipWords
        self.settings = settings
    }

    /// The number of sentence templates in the file.
    public var templateCount: Int { intents.reduce(0) { $0 + $1.templateCount } }
}

/// An intent and the blocks of sentences that express it.
public struct Intent: Sendable, Hashable {
    /// The intent's name, e.g. "HassTurnOn".
    public let name: String
    /// The data blocks, in file order (and, merged, in file-name order).
    public var data: [IntentData]

    public init(name: String, data: [IntentData]) {
        self.name = name
        self.data = data
    }

    /// The number of sentence templates.
    public var templateCount: Int { data.reduce(0) { $0 + $1.sentences.count } }
}

/// One block of sentences for an intent, with what a match implies and requires.
///
/// ```yaml
/// - sentences:
///     - "<turn> on [the] {area} lights"
///   slots:
///     domain: light
///   requires_context:
///     domain: light
///   response: lights_area
/// ```
public struct IntentData: Sendable, Hashable {
    /// The sentence templates.
    public let sentences: [Template]
    /// Slot values a match always sets (`slots:`).
    public let slots: [String: DataValue]
    /// Context a match requires (`requires_context:`).
    public let requiresContext: [String: ContextConstraint]
    /// Context that prevents a match (`excludes_context:`).
    public let excludesContext: [String: ContextConstraint]
    /// Expansion rules visible only to these sentences; they shadow the language's.
    public let expansionRules: [String: Template]
    /// Slot lists visible only to these sentences; they shadow the language's.
    public let lists: [String: SlotList]
    /// Metadata returned with a match (`metadata:`).
    public let metadata: [String: DataValue]
    /// The key of the response to give (`response:`).
    public let response: String?
    /// Words at least one of which the input must contain (`required_keywords:`).
    public let requiredKeywords: [String]?
    /// The domain a name-less sentence implies ("turn on the lights" → light), from
    /// slot-combination files (`inferred_domain:`).
    public let inferredDomain: String?
    /// The domains `{name}` may resolve to, from slot-combination files (`name_domains:`).
    public let nameDomains: [String]?
    /// The slot combination (the file's stem) for blocks from
    /// `sentences/<lang>/<Intent>/<combination>.yaml`.
    public let slotCombination: String?
    /// Where the block starts.
    public let location: SourceLocation

    public init(sentences: [Template], slots: [String: DataValue] = [:], requiresContext: [String: ContextConstraint] = [:],
                excludesContext: [String: ContextConstraint] = [:], expansionRules: [String: Template] = [:],
                lists: [String: SlotList] = [:], metadata: [String: DataValue] = [:], response: String? = nil,
                requiredKeywords: [String]? = nil, inferredDomain: String? = nil, nameDomains: [String]? = nil,
                slotCombination: String? = nil, location: SourceLocation) {
        self.sentences = sentences
        self.slots = slots
        self.requiresContext = requiresContext
        self.excludesContext = excludesContext
        self.expansionRules = expansionRules
        self.lists = lists
        self.metadata = metadata
        self.response = response
        self.requiredKeywords = requiredKeywords
        self.inferredDomain = inferredDomain
        self.nameDomains = nameDomains
        self.slotCombination = slotCombination
        self.location = location
    }
}

/// What `requires_context` or `excludes_context` says about one context key.
///
/// ```yaml
/// requires_context:
///   domain: light              # .values(["light"])
///   device_class: [door, gate] # .values(["door", "gate"])
///   area:
///     slot: true               # any value, copied into the slot `area`
/// ```
public struct ContextConstraint: Sendable, Hashable {
    /// The values that satisfy (or, excluded, violate) the constraint; nil for any value.
    public let values: [DataValue]?
    /// True when the context value is also copied into the slot of the same name
    /// (`{slot: true}`).
    public let fillsSlot: Bool

    public init(values: [DataValue]?, fillsSlot: Bool = false) {
        self.values = values
        self.fillsSlot = fillsSlot
    }
}

/// Language-wide matching settings from `_common.yaml` (`settings:`).
public struct GrammarSettings: Sendable, Hashable {
    /// Whitespace is not significant (languages written without spaces, e.g. zh-cn).
    public var ignoreWhitespace: Bool
    /// hassil's regex pre-filter, an optimization with no effect on what matches.
    public var filterWithRegex: Bool

    public init(ignoreWhitespace: Bool = false, filterWithRegex: Bool = true) {
        self.ignoreWhitespace = ignoreWhitespace
        self.filterWithRegex = filterWithRegex
    }
}
