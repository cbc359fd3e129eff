/// Everything a language's grammar says, merged from its files and checked: every list and
/// rule reference resolves, and no expansion rule expands into itself.
///
/// Made by ``GrammarLoader``. A plain value: the matcher compiles it and never reads files.
public struct LanguageGrammar: Sendable {
    /// The language code of the corpus folder, e.g. "en", "zh-cn".
    public let language: String
    /// The intents, sorted by name; each intent's data blocks in file order.
    public let intents: [Intent]
    /// The language's slot lists: shared lists (`lists/`), then the language's, by name.
    /// Includes the ``SlotList/Kind/external`` lists supplied at match time.
    public let lists: [String: SlotList]
    /// The language's expansion rules, by name.
    public let expansionRules: [String: Template]
    /// Words the recognizer may skip.
    public let skipWords: [String]
    /// Matching settings.
    public let settings: GrammarSettings
    /// The files read, in merge order.
    public let files: [String]
    /// What loading found odd but read as upstream reads it (a context key nothing reads, a
    /// sentence left out for an unknown rule). Not kept in a compiled image: reported when
    /// the grammar is loaded from its files.
    public let warnings: [GrammarWarning]

    public init(language: String, intents: [Intent], lists: [String: SlotList], expansionRules: [String: Template],
                skipWords: [String], settings: GrammarSettings, files: [String], warnings: [GrammarWarning] = []) {
        self.warnings = warnings
        self.language = language
        self.intents = intents
        self.lists = lists
        self.expansionRules = expansionRules
        self.skipWords = skipWords
        self.settings = settings
        self.files = files
    }

    /// The intent with this name.
    public func intent(named name: String) -> Intent? { intents.first { $0.name == name } }

    /// The number of sentence templates.
    public var templateCount: Int { intents.reduce(0) { $0 + $1.templateCount } }

    /// The lists a data block's sentences see: the language's, shadowed by the block's own.
    public func lists(for data: IntentData) -> [String: SlotList] {
        data.lists.isEmpty ? lists : lists.merging(data.lists) { _, local in local }
    }

    /// The rules a data block's sentences see: the language's, shadowed by the block's own.
    public func expansionRules(for data: IntentData) -> [String: Template] {
        data.expansionRules.isEmpty ? expansionRules : expansionRules.merging(data.expansionRules) { _, local in local }
    }
}
