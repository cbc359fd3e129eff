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
///
/// **Layout.** An engine serving many users holds millions of items, most of them one
/// phrase and nothing else (a contact, a playlist). Such an item is 48 bytes and its strings:
/// its first phrase is stored as itself, not in an array, and a user type in one byte; the
/// rest (more phrases, an app parameter's key path, pronunciations, examples, language),
/// when an item has any, shares one box. Every property reads and writes as a plain value;
/// ``phraseCount``, ``firstPhrase`` and ``text(ofVariant:)`` read phrases without making an
/// array.
public struct VocabularyItem: Sendable, Hashable {
    /// Ties synonyms together (across languages, too); nil for plain user strings.
    public var identifier: String?
    /// The first phrase, the item's name in answers (``phrases``' first, without making the
    /// array); nil for an item without phrases.
    public private(set) var firstPhrase: String?
    private var details: Details?
    /// The type of a user vocabulary item; nil for an app's parameter vocabulary, whose key
    /// path is in ``details``.
    private var userType: VocabularyStringType?
    /// Where it came from.
    public var source: VocabularySource
    private var storedPriority: Int32

    public init(identifier: String? = nil, phrases: [String], pronunciations: [String] = [], examples: [String] = [],
                type: VocabularyType, source: VocabularySource, priority: Int = 0, language: String? = nil) {
        self.identifier = identifier
        firstPhrase = phrases.first
        var keyPath: String?
        switch type {
        case .user(let type): userType = type
        case .parameter(let path): keyPath = path
        }
        details = Details.make(Details.Fields(keyPath: keyPath, morePhrases: Array(phrases.dropFirst()), pronunciations: pronunciations,
                                              examples: examples, language: language))
        self.source = source
        storedPriority = Int32(clamping: priority)
    }

    /// A user's entry: one phrase and perhaps a pronunciation, of a set of `type` (what
    /// every entry of SiriKit's user vocabulary is, made without the arrays of the general
    /// initializer).
    init(identifier: String?, phrase: String, pronunciation: String?, userType: VocabularyStringType, priority: Int) {
        self.identifier = identifier
        firstPhrase = phrase
        details = pronunciation.map { Details.make(Details.Fields(pronunciations: [$0])) } ?? nil
        self.userType = userType
        source = .user
        storedPriority = Int32(clamping: priority)
    }

    /// The phrases that name the item (synonyms), as written.
    public var phrases: [String] {
        get { firstPhrase.map { [$0] + (details?.fields.morePhrases ?? []) } ?? [] }
        set {
            firstPhrase = newValue.first
            update { $0.morePhrases = Array(newValue.dropFirst()) }
        }
    }

    /// How the phrases sound when spelled differently ("Seh-lest-ra"); matched as extra keys.
    public var pronunciations: [String] {
        get { details?.fields.pronunciations ?? [] }
        set { update { $0.pronunciations = newValue } }
    }

    /// Example utterances that use the item (documentation and grammar induction; not matched).
    public var examples: [String] {
        get { details?.fields.examples ?? [] }
        set { update { $0.examples = newValue } }
    }

    /// The language of its phrases (BCP-47), if known.
    public var language: String? {
        get { details?.fields.language }
        set { update { $0.language = newValue } }
    }

    /// What the item names.
    public var type: VocabularyType {
        get { userType.map { .user($0) } ?? .parameter(details?.fields.keyPath ?? "") }
        set {
            switch newValue {
            case .user(let type):
                userType = type
                update { $0.keyPath = nil }
            case .parameter(let keyPath):
                userType = nil
                update { $0.keyPath = keyPath }
            }
        }
    }

    /// `numbers` (positions in `items`) cut into runs of items of one ``type``, in order:
    /// the runs' ends (exclusive). Reads each item's type where it lies, a byte (or a key
    /// path) at a time, without making a ``VocabularyType`` per item.
    package static func typeRunEnds(of numbers: [Int], in items: [VocabularyItem]) -> [Int] {
        var ends: [Int] = []
        items.withUnsafeBufferPointer { items in
            var start = 0
            while start < numbers.count {
                let first = numbers[start]
                var end = start + 1
                if let type = items[first].userType {
                    while end < numbers.count, items[numbers[end]].userType == type { end += 1 }
                } else {
                    let keyPath = items[first].details?.fields.keyPath
                    while end < numbers.count, items[numbers[end]].userType == nil, items[numbers[end]].details?.fields.keyPath == keyPath { end += 1 }
                }
                ends.append(end)
                start = end
            }
        }
        return ends
    }

    /// Its importance within its type: the position in the user's ordered set or in the
    /// app's file. 0 is the most important. (Held in 32 bits: a value beyond is clamped.)
    public var priority: Int {
        get { Int(storedPriority) }
        set { storedPriority = Int32(clamping: newValue) }
    }

    /// How many phrases the item has (``phrases``' count, without making the array).
    public var phraseCount: Int {
        firstPhrase == nil ? 0 : 1 + (details?.fields.morePhrases.count ?? 0)
    }

    /// How many texts a key may come from: the phrases, then the pronunciations.
    public var variantCount: Int { phraseCount + (details?.fields.pronunciations.count ?? 0) }

    /// Phrase `variant`, or pronunciation `variant - phraseCount` past the phrases (what an
    /// index's match names by ``VocabularyMatch/matchedText``).
    /// - Precondition: `0 <= variant < variantCount`.
    public func text(ofVariant variant: Int) -> String {
        if variant == 0, let firstPhrase { return firstPhrase }
        let fields = details!.fields
        let phraseCount = firstPhrase == nil ? 0 : 1 + fields.morePhrases.count
        return variant < phraseCount ? fields.morePhrases[variant - 1] : fields.pronunciations[variant - phraseCount]
    }

    /// Changes the boxed fields: a new box (the old one may be shared by copies), or none.
    private mutating func update(_ change: (inout Details.Fields) -> Void) {
        var fields = details?.fields ?? Details.Fields()
        change(&fields)
        details = Details.make(fields)
    }

    /// What a user's item lacks, boxed; never empty (an item without any holds nil, so that
    /// equal items hold equal storage).
    private final class Details: Sendable, Hashable {
        struct Fields: Hashable {
            var keyPath: String?
            var morePhrases: [String] = []
            var pronunciations: [String] = []
            var examples: [String] = []
            var language: String?
        }

        let fields: Fields

        private init(_ fields: Fields) {
            self.fields = fields
        }

        /// nil when there is nothing to hold.
        static func make(_ fields: Fields) -> Details? {
            fields == Fields() ? nil : Details(fields)
        }

        static func == (lhs: Details, rhs: Details) -> Bool { lhs === rhs || lhs.fields == rhs.fields }

        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}
