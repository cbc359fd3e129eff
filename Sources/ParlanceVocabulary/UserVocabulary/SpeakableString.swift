/// A user vocabulary entry with the app's own identifier and a pronunciation, like SiriKit's
/// `INSpeakableString(vocabularyIdentifier:spokenPhrase:pronunciationHint:)`.
///
/// ```swift
/// SpeakableString(vocabularyIdentifier: "contact-42", spokenPhrase: "Celestra", pronunciationHint: "seh-lest-ra")
/// ```
public struct SpeakableString: Sendable, Hashable, Codable {
    /// The app's identifier for the thing named, handed back when the phrase is recognized
    /// (a messaging app puts its contact id here); nil for a plain string.
    public var vocabularyIdentifier: String?
    /// The phrase as written.
    public var spokenPhrase: String
    /// How it sounds when the spelling does not say ("seh-lest-ra"); nil when it does.
    public var pronunciationHint: String?

    /// An entry; a plain string has neither identifier nor hint.
    public init(vocabularyIdentifier: String? = nil, spokenPhrase: String, pronunciationHint: String? = nil) {
        self.vocabularyIdentifier = vocabularyIdentifier
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = pronunciationHint
    }

    /// The vocabulary item for this entry at `priority` in a set of `type`.
    public func item(type: VocabularyStringType, priority: Int) -> VocabularyItem {
        VocabularyItem(identifier: vocabularyIdentifier, phrase: spokenPhrase, pronunciation: pronunciationHint, userType: type, priority: priority)
    }
}
