/// Where a vocabulary item came from. User vocabulary ranks before app vocabulary:
/// what this user registered is the better guess for what this user said.
public enum VocabularySource: UInt8, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Registered at run time for one user (SiriKit's `INVocabulary`).
    case user = 0
    /// Shipped with the app (`AppIntentVocabulary.plist`).
    case app = 1

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { self == .user ? "user" : "app" }
}

/// What a vocabulary item names: a user vocabulary type, or an intent parameter of an app.
public enum VocabularyType: Sendable, Hashable, CustomStringConvertible {
    /// User-specific vocabulary of a SiriKit type (contact names, playlist titles, ...).
    case user(VocabularyStringType)
    /// An app's parameter vocabulary, by key path, e.g. `INStartWorkoutIntent.workoutName`.
    case parameter(String)

    public var description: String {
        switch self {
        case .user(let type): type.rawValue
        case .parameter(let keyPath): keyPath
        }
    }
}

/// One thing a person may say: a contact, a workout, a playlist, with every way of saying it.
///
/// Mirrors both of Apple's sources: an `AppIntentVocabulary.plist` parameter vocabulary item
/// (identifier, synonyms with phrase, pronunciation and examples) and a user vocabulary
/// string (`INSpeakableString`: identifier, spoken phrase, pronunciation hint).
public struct VocabularyItem: Sendable, Hashable {
    /// Ties synonyms together (across languages, too); nil for plain user strings.
    public var identifier: String?
    /// The phrases that name the item (synonyms), as written.
    public var phrases: [String]
    /// How the phrases sound when spelled differently ("Seh-lest-ra"); matched as extra keys.
    public var pronunciations: [String]
    /// Example utterances that use the item (documentation and grammar induction; not matched).
    public var examples: [String]
    /// What the item names.
    public var type: VocabularyType
    /// Where it came from.
    public var source: VocabularySource
    /// Its importance within its type: the position in the user's ordered set or in the
    /// app's file. 0 is the most important.
    public var priority: Int
    /// The language of its phrases (BCP-47), if known.
    public var language: String?

    public init(identifier: String? = nil, phrases: [String], pronunciations: [String] = [], examples: [String] = [],
                type: VocabularyType, source: VocabularySource, priority: Int = 0, language: String? = nil) {
        self.identifier = identifier
        self.phrases = phrases
        self.pronunciations = pronunciations
        self.examples = examples
        self.type = type
        self.source = source
        self.priority = priority
        self.language = language
    }
}
