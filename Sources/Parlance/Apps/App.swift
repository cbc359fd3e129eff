import ParlanceText
import ParlanceVocabulary

/// An app as Siri sees it: its names, the intents it handles, and its vocabulary.
///
/// Loaded from a folder laid out like the relevant parts of an app bundle (see
/// ``AppLoader``), or built in code.
public struct App: Sendable, Hashable {
    /// `CFBundleIdentifier`: how results name the app.
    public var bundleIdentifier: String
    /// `CFBundleDisplayName`: what users call it.
    public var displayName: String
    /// `CFBundleName`.
    public var bundleName: String
    /// `INAlternativeAppNames` (at most three per localization in SiriKit; all are kept).
    public var alternativeNames: [AlternativeAppName]
    /// `CFBundleDevelopmentRegion`: the language whose vocabulary stands in for a
    /// language the app has no file for.
    public var developmentRegion: String?
    /// `IntentsSupported`: the intents the app receives (system and custom names).
    public var supportedIntents: [String]
    /// `IntentsRestrictedWhileLocked`: intents that need an unlocked device.
    public var intentsRestrictedWhileLocked: Set<String>
    /// The app's parameter vocabulary and example phrases, per localization.
    public var vocabulary: AppVocabularyBundle
    /// The user's vocabulary for this app (from `UserVocabulary.json` or a store).
    public var userVocabulary: UserVocabulary
    /// Where the app was loaded from, for messages.
    public var folder: String?

    public init(bundleIdentifier: String, displayName: String, bundleName: String? = nil, alternativeNames: [AlternativeAppName] = [],
                developmentRegion: String? = "en", supportedIntents: [String], intentsRestrictedWhileLocked: Set<String> = [],
                vocabulary: AppVocabularyBundle = AppVocabularyBundle(localizations: []), userVocabulary: UserVocabulary? = nil,
                folder: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.bundleName = bundleName ?? displayName
        self.alternativeNames = alternativeNames
        self.developmentRegion = developmentRegion
        self.supportedIntents = supportedIntents
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
        self.vocabulary = vocabulary
        self.userVocabulary = userVocabulary ?? UserVocabulary(app: bundleIdentifier)
        self.folder = folder
    }

    /// Every name the app answers to: display name, bundle name, alternative names (and
    /// their pronunciation hints), without duplicates.
    public var names: [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for name in [displayName, bundleName] + alternativeNames.flatMap({ [$0.name] + ($0.pronunciationHint.map { [$0] } ?? []) })
        where !name.isEmpty && seen.insert(name).inserted {
            result.append(name)
        }
        return result
    }

    /// Whether the app receives `intent`.
    public func supports(_ intent: String) -> Bool { supportedIntents.contains(intent) }

    /// The app's vocabulary items for `language`: its parameter vocabulary for that
    /// language (or the development region's) and the user's vocabulary.
    public func vocabularyItems(for language: Language) -> [VocabularyItem] {
        (vocabulary.vocabulary(for: language)?.items ?? []) + userVocabulary.items
    }

    /// The example phrases written in `language`: those of a localization of that language
    /// (a Base localization counts as the development region's). Unlike vocabulary, examples
    /// never fall back to another language: they are sentences of their language.
    public func intentPhrases(for language: Language) -> [IntentPhrase] {
        guard let localization = vocabulary.localization(for: language) else { return [] }
        let written = localization.language ?? developmentRegion.flatMap { try? Language($0) }
        guard let written, written.code == language.code else { return [] }
        return localization.vocabulary.intentPhrases
    }
}

/// One `INAlternativeAppNames` entry.
public struct AlternativeAppName: Sendable, Hashable {
    /// `INAlternativeAppName`.
    public var name: String
    /// `INAlternativeAppNamePronunciationHint`: matched as another way to say the name.
    public var pronunciationHint: String?

    public init(name: String, pronunciationHint: String? = nil) {
        self.name = name
        self.pronunciationHint = pronunciationHint
    }
}
