import ParlanceText

/// All localizations of one app's `AppIntentVocabulary.plist`, and the choice among them
/// for a language.
///
/// ```swift
/// let bundle = try AppVocabularyBundle(contentsOf: "Yoga.app")
/// bundle.vocabulary(for: try Language("ja-JP"))?.items.map(\.phrases)   // from ja.lproj
/// bundle.vocabulary(for: try Language("fr"))?.language                   // "en": the development region
/// ```
///
/// An item's identifier ties its synonyms together across languages:
/// ``items(withIdentifier:)`` finds "Deep Relaxation" and "ディープリラクゼーション" alike.
public struct AppVocabularyBundle: Sendable, Hashable {
    /// One `<name>.lproj/AppIntentVocabulary.plist`.
    public struct Localization: Sendable, Hashable {
        /// The folder name without `.lproj`: "en", "zh_CN", "zh-Hans", "Japanese", "Base".
        public var name: String
        /// The language the name stands for; nil for `Base`.
        public var language: Language?
        /// The file's contents.
        public var vocabulary: AppVocabulary

        /// A localization from values.
        public init(name: String, language: Language?, vocabulary: AppVocabulary) {
            self.name = name
            self.language = language
            self.vocabulary = vocabulary
        }

        /// True for `Base.lproj`.
        public var isBase: Bool { name == LocalizationName.base }
    }

    /// The localizations, sorted by name.
    public var localizations: [Localization]
    /// `CFBundleDevelopmentRegion` from the app's Info.plist ("en", "English", "ja_JP"): the
    /// language to fall back to when no localization matches.
    public var developmentRegion: String?
    /// What the loaders skipped, across all files.
    public var warnings: [VocabularyWarning]

    /// A bundle from values; ``init(contentsOf:)`` reads one from an app folder.
    public init(localizations: [Localization], developmentRegion: String? = nil, warnings: [VocabularyWarning] = []) {
        self.localizations = localizations.sorted { $0.name < $1.name }
        self.developmentRegion = developmentRegion
        self.warnings = warnings
    }

    /// The localization to use for `language`: the best matching `.lproj` (the exact tag,
    /// then the same region, then the language alone, then another region of the same
    /// language and script), else `Base.lproj`, else the best match for the development
    /// region; nil when none applies.
    public func localization(for language: Language) -> Localization? {
        if let match = bestMatch(for: language) { return match }
        if let base = localizations.first(where: \.isBase) { return base }
        if let region = developmentRegion, let development = LocalizationName.language(region) {
            return bestMatch(for: development)
        }
        return nil
    }

    /// The vocabulary to use for `language`; see ``localization(for:)``.
    public func vocabulary(for language: Language) -> AppVocabulary? {
        localization(for: language)?.vocabulary
    }

    /// Every item, in every localization, with this identifier: the item's synonyms in all
    /// its languages. One item per file entry (not per parameter name).
    public func items(withIdentifier identifier: String) -> [VocabularyItem] {
        localizations.flatMap { localization in
            localization.vocabulary.parameterVocabularies.flatMap(\.items).filter { $0.identifier == identifier }
        }
    }

    private func bestMatch(for language: Language) -> Localization? {
        var best: (score: Int, localization: Localization)?
        for localization in localizations {
            guard let candidate = localization.language,
                  let score = LocalizationName.matchScore(requested: language, candidate: candidate) else { continue }
            // Ties go to a modern name over a legacy one (en over English), then to the first
            // name: localizations are sorted.
            if let current = best, score == current.score,
               LocalizationName.isLegacy(current.localization.name), !LocalizationName.isLegacy(localization.name) {
                best = (score, localization)
            } else if score > (best?.score ?? 0) {
                best = (score, localization)
            }
        }
        return best?.localization
    }
}
