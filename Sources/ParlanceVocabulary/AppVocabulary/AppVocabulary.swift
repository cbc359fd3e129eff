/// One `AppIntentVocabulary.plist`: the terms an app ships for every user, in one language.
///
/// ```swift
/// let vocabulary = try AppVocabulary(contentsOf: "Yoga.app/en.lproj/AppIntentVocabulary.plist", language: "en")
/// vocabulary.items(forParameter: "INStartWorkoutIntent.workoutName").map(\.phrases)
/// // [["Deep Relaxation", "Deep Relax"], ["Sun Salutation"]]
/// ```
///
/// Plain values: loading (``init(contentsOf:language:)``) is the only part that touches files.
public struct AppVocabulary: Sendable, Hashable {
    /// The language of the phrases (BCP-47, from the `.lproj` name), if known.
    public var language: String?
    /// `ParameterVocabularies`, in file order.
    public var parameterVocabularies: [ParameterVocabulary]
    /// `IntentPhrases`, in file order.
    public var intentPhrases: [IntentPhrase]
    /// What the loader skipped (empty phrases, unknown keys), in file order.
    public var warnings: [VocabularyWarning]

    /// A vocabulary from values; ``init(contentsOf:language:)`` reads one from a file.
    public init(language: String? = nil, parameterVocabularies: [ParameterVocabulary] = [],
                intentPhrases: [IntentPhrase] = [], warnings: [VocabularyWarning] = []) {
        self.language = language
        self.parameterVocabularies = parameterVocabularies
        self.intentPhrases = intentPhrases
        self.warnings = warnings
    }

    /// Every item for every parameter it targets: an entry whose `ParameterNames` lists
    /// five key paths appears five times, once typed for each.
    public var items: [VocabularyItem] { parameterVocabularies.flatMap(\.expandedItems) }

    /// The items that target one parameter key path, e.g. `INStartWorkoutIntent.workoutName`,
    /// most important (earliest in the file) first.
    public func items(forParameter keyPath: String) -> [VocabularyItem] {
        parameterVocabularies.flatMap { vocabulary in
            vocabulary.parameterNames.contains(keyPath) ? vocabulary.items.map { $0.typed(.parameter(keyPath)) } : []
        }
    }

    /// Every parameter key path the file names, in first-seen order.
    public var parameterNames: [String] {
        var seen = Set<String>()
        return parameterVocabularies.flatMap(\.parameterNames).filter { seen.insert($0).inserted }
    }
}

/// One `ParameterVocabularies` entry: a set of terms and the parameters it applies to.
public struct ParameterVocabulary: Sendable, Hashable {
    /// `ParameterNames`: key paths `<IntentClass>.<property>`, e.g. `INStartWorkoutIntent.workoutName`.
    public var parameterNames: [String]
    /// `ParameterVocabulary`: one item per entry, in file order. Each is typed for the first
    /// parameter name; ``expandedItems`` has a copy for every name.
    public var items: [VocabularyItem]

    /// An entry from values.
    public init(parameterNames: [String], items: [VocabularyItem]) {
        self.parameterNames = parameterNames
        self.items = items
    }

    /// The items once for each parameter name, typed `.parameter(name)`.
    public var expandedItems: [VocabularyItem] {
        parameterNames.flatMap { name in items.map { $0.typed(.parameter(name)) } }
    }
}

/// One `IntentPhrases` entry: example utterances for an intent.
public struct IntentPhrase: Sendable, Hashable {
    /// `IntentName`: the intent class, e.g. `INStartWorkoutIntent`.
    public var intentName: String
    /// `IntentExamples`: what a person would say, e.g. "Start my Deep Relaxation workout in Yoga".
    public var examples: [String]

    /// An entry from values.
    public init(intentName: String, examples: [String]) {
        self.intentName = intentName
        self.examples = examples
    }
}

extension VocabularyItem {
    func typed(_ type: VocabularyType) -> VocabularyItem {
        var copy = self
        copy.type = type
        return copy
    }
}
