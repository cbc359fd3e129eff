import Foundation
import ParlanceText

/// Loads a language's grammar from a Home Assistant intents corpus into a checked
/// ``LanguageGrammar``.
///
/// ```swift
/// let corpus = URL(fileURLWithPath: "/work/shared/corpora/home-assistant-intents")
/// let english = try GrammarLoader.load(corpus: corpus, language: "en")
/// english.intents.count      // intents, sorted by name
/// english.templateCount      // sentence templates
/// ```
///
/// What ``load(corpus:language:externalLists:)`` reads, in merge order (the files hassil's
/// upstream test suite loads for `tests/<language>/*.yaml`, plus the shared lists):
/// 1. `lists/*.yaml`, then `lists/<language>/*.yaml`: shared slot lists; a later file's list
///    replaces an earlier one of the same name, as in the upstream test harness.
/// 2. `sentences/<language>/_common.yaml` (required): lists, expansion rules, skip words and
///    settings; its lists replace shared lists of the same name.
/// 3. `sentences/<language>/*.yaml`, sorted by name: intents (an intent's data blocks from
///    several files are concatenated), and any lists or rules (defining one twice in the
///    language's files is an error: hassil would silently merge or overwrite them).
///
/// Then every `{list}` and `<rule>` reference is checked, in sentences, rule bodies and list
/// values, with a data block's own lists and rules shadowing the language's; the lists in
/// `externalLists` are supplied at match time and always resolve. Expansion rules that expand
/// into themselves are reported with their cycle.
///
/// The folders `sentences/<language>/<Intent>/` hold upstream's newer slot-combination
/// format, a separate grammar with its own tests (`tests/<language>/<Intent>/`): see
/// ``loadSlotCombinations(corpus:language:externalLists:)``.
public enum GrammarLoader {
    /// The lists Home Assistant fills at match time from the home's entities, areas and floors.
    public static let defaultExternalLists: Set<String> = ["name", "area", "floor"]

    /// Loads `sentences/<language>` (and the shared `lists/`) of the corpus at `corpus`.
    ///
    /// - Throws: ``GrammarError`` for the first problem found: a missing folder or
    ///   `_common.yaml`, invalid YAML or structure, a template syntax error, an unknown list
    ///   or rule, or a cycle of rules.
    public static func load(corpus: URL, language: String,
                            externalLists: Set<String> = defaultExternalLists) throws(GrammarError) -> LanguageGrammar {
        let source = try CorpusSource(corpus: corpus, language: language)
        var files: [IntentsFile] = []
        for url in yamlFiles(in: source.languageFolder) where url.lastPathComponent != "_common.yaml" {
            files.append(try source.loader.load(url, path: source.relative(url)))
        }
        return try assemble(language: language, common: source.common(), files: files, sharedLists: source.sharedLists(),
                            externalLists: externalLists)
    }

    /// Loads the slot-combination grammar of a language: the files
    /// `sentences/<language>/<Intent>/<combination>.yaml`, with the shared lists and the
    /// language's rules, converted as upstream converts them: `name_domains` requires the
    /// context `domain`, `inferred_domain` sets the slot `domain`, `context_area` (from
    /// `intents.yaml`) requires the context `area` as a slot, and the metadata
    /// `slot_combination` names the file.
    ///
    /// Upstream reads the rules of these files from `rules/<language>/`; when the corpus has
    /// no such folder (the subset here has none), the language's `_common.yaml` stands in.
    /// A language without slot-combination folders gives a grammar without intents.
    public static func loadSlotCombinations(corpus: URL, language: String,
                                            externalLists: Set<String> = defaultExternalLists) throws(GrammarError) -> LanguageGrammar {
        let source = try CorpusSource(corpus: corpus, language: language)
        var files: [IntentsFile] = []
        for folder in subfolders(of: source.languageFolder) {
            for url in yamlFiles(in: folder) {
                let combination = SlotCombination(intent: folder.lastPathComponent, combination: url.deletingPathExtension().lastPathComponent)
                files.append(try source.loader.load(url, path: source.relative(url), slotCombination: combination))
            }
        }
        let rulesFolder = corpus.appendingPathComponent("rules").appendingPathComponent(language)
        var common: IntentsFile
        if isDirectory(rulesFolder) {
            common = IntentsFile(path: source.relative(rulesFolder), language: language)
            for url in yamlFiles(in: rulesFolder) {
                let rules = try source.loader.load(url, path: source.relative(url))
                common = IntentsFile(path: common.path, language: language,
                                     expansionRules: common.expansionRules.merging(rules.expansionRules) { _, later in later })
            }
        } else {
            common = try source.common()
        }
        let intentsURL = corpus.appendingPathComponent("intents.yaml")
        let contextArea = FileManager.default.fileExists(atPath: intentsURL.path)
            ? try contextAreaCombinations(YAMLDocument.read(intentsURL, path: source.relative(intentsURL))) : []
        return try assemble(language: language, common: common, files: files, sharedLists: source.sharedLists(),
                            externalLists: externalLists, contextAreaCombinations: contextArea)
    }

    /// A language's folder in a corpus, checked, with a loader for its files.
    struct CorpusSource {
        let corpus: URL
        let language: String
        let languageFolder: URL
        let loader: IntentsFileLoader

        init(corpus: URL, language: String) throws(GrammarError) {
            self.corpus = corpus
            self.language = language
            languageFolder = corpus.appendingPathComponent("sentences").appendingPathComponent(language)
            guard GrammarLoader.isDirectory(languageFolder) else {
                let available = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("sentences").path))?
                    .filter { !$0.hasPrefix(".") }.sorted() ?? []
                throw GrammarError(.missingLanguage(language), location: nil,
                                   message: "no folder sentences/\(language) in \(corpus.path)",
                                   expected: available.isEmpty ? "a corpus with a sentences/ folder" : "one of \(available.joined(separator: ", "))")
            }
            guard FileManager.default.fileExists(atPath: languageFolder.appendingPathComponent("_common.yaml").path) else {
                throw GrammarError(.missingCommonFile, location: nil,
                                   message: "sentences/\(language) has no _common.yaml",
                                   expected: "sentences/\(language)/_common.yaml with the language's lists, expansion rules and skip words")
            }
            do {
                loader = IntentsFileLoader(language: try Language(language))
            } catch {
                throw GrammarError(.missingLanguage(language), location: nil, text: language, message: "'\(language)' is not a language tag",
                                   expected: "a BCP-47 language tag such as en, de or zh-cn")
            }
        }

        /// A path relative to the corpus root, for messages.
        func relative(_ url: URL) -> String {
            let root = corpus.standardizedFileURL.path
            let path = url.standardizedFileURL.path
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }

        func common() throws(GrammarError) -> IntentsFile {
            let url = languageFolder.appendingPathComponent("_common.yaml")
            return try loader.load(url, path: relative(url))
        }

        /// `lists/*.yaml`, then `lists/<language>/*.yaml`.
        func sharedLists() throws(GrammarError) -> [IntentsFile] {
            let folder = corpus.appendingPathComponent("lists")
            var files: [IntentsFile] = []
            for url in GrammarLoader.yamlFiles(in: folder) + GrammarLoader.yamlFiles(in: folder.appendingPathComponent(language)) {
                files.append(try loader.load(url, path: relative(url)))
            }
            return files
        }
    }

    /// Merges files already read into a checked grammar (the part of ``load(corpus:language:externalLists:)``
    /// that touches no disk).
    ///
    /// - Parameters:
    ///   - common: the language's `_common.yaml`.
    ///   - files: the language's other sentence files, in merge order.
    ///   - sharedLists: list files from `lists/`, in merge order (later replaces earlier).
    ///   - contextAreaCombinations: the slot combinations whose area comes from the context.
    public static func assemble(language: String, common: IntentsFile, files: [IntentsFile], sharedLists: [IntentsFile] = [],
                                externalLists: Set<String> = defaultExternalLists,
                                contextAreaCombinations: Set<SlotCombination> = []) throws(GrammarError) -> LanguageGrammar {
        let grammar = try merged(language: language, common: common, files: files, sharedLists: sharedLists, externalLists: externalLists,
                                 contextAreaCombinations: contextAreaCombinations)
        let unmatchable = try ReferenceChecker(grammar: grammar, externalLists: externalLists).checkReturningUnmatchable()
        return unmatchable.isEmpty ? grammar : removing(unmatchable, from: grammar)
    }

    /// The grammar without the sentences that expand an unknown rule, each left out with a
    /// warning at the reference: such a sentence can match nothing (hassil errs when it
    /// tries), and the rest of the language still loads.
    static func removing(_ unmatchable: [(sentence: Template, error: GrammarError)], from grammar: LanguageGrammar) -> LanguageGrammar {
        let left = Set(unmatchable.map(\.sentence.location))
        let intents = grammar.intents.map { intent in
            Intent(name: intent.name, data: intent.data.map { data in
                IntentData(sentences: data.sentences.filter { !left.contains($0.location) }, slots: data.slots,
                           requiresContext: data.requiresContext, excludesContext: data.excludesContext, expansionRules: data.expansionRules,
                           lists: data.lists, metadata: data.metadata, response: data.response, requiredKeywords: data.requiredKeywords,
                           inferredDomain: data.inferredDomain, nameDomains: data.nameDomains, slotCombination: data.slotCombination,
                           location: data.location)
            })
        }
        let warnings = unmatchable.map { entry in
            GrammarWarning(location: entry.error.location,
                           message: "sentence \"\(entry.sentence.text)\" left out: \(entry.error.message); it can match nothing")
        }
        return LanguageGrammar(language: grammar.language, intents: intents, lists: grammar.lists, expansionRules: grammar.expansionRules,
                               skipWords: grammar.skipWords, settings: grammar.settings, files: grammar.files,
                               warnings: grammar.warnings + warnings)
    }

    /// The files merged into a grammar whose references are not checked yet.
    static func merged(language: String, common: IntentsFile, files: [IntentsFile], sharedLists: [IntentsFile],
                       externalLists: Set<String>, contextAreaCombinations: Set<SlotCombination>) throws(GrammarError) -> LanguageGrammar {
        for file in [common] + files {
            guard let declared = file.language else {
                throw GrammarError(.invalidStructure, location: SourceLocation(file: file.path, line: 1, column: 1), keyPath: "language",
                                   message: "the file has no language", expected: "language: \(language)")
            }
            guard declared == language else {
                throw GrammarError(.languageMismatch(expected: language, found: declared),
                                   location: SourceLocation(file: file.path, line: 1, column: 1), keyPath: "language", text: declared,
                                   message: "the file declares language '\(declared)' in the folder of '\(language)'",
                                   expected: "language: \(language)")
            }
        }

        var lists: [String: SlotList] = [:]
        for file in sharedLists { lists.merge(file.lists) { _, later in later } }
        var languageLists: [String: SlotList] = [:]
        var rules: [String: Template] = [:]
        var skipWords: [String] = []
        var settings = GrammarSettings()
        for file in [common] + files {
            for (name, list) in file.lists.sorted(by: { $0.key < $1.key }) {
                if let first = languageLists[name] {
                    throw duplicate("list", name, first: first.location, second: list.location)
                }
                languageLists[name] = list
            }
            for (name, rule) in file.expansionRules.sorted(by: { $0.key < $1.key }) {
                if let first = rules[name] { throw duplicate("expansion rule", name, first: first.location, second: rule.location) }
                rules[name] = rule
            }
            skipWords += file.skipWords
            if let fileSettings = file.settings { settings = fileSettings }
        }
        lists.merge(languageLists) { _, language in language }
        for name in externalLists where lists[name] == nil {
            lists[name] = SlotList(name: name, kind: .external, location: nil)
        }

        var intents: [String: Intent] = [:]
        for file in files {
            for intent in file.intents {
                let data = intent.data.map { converted($0, intent: intent.name, contextArea: contextAreaCombinations) }
                intents[intent.name, default: Intent(name: intent.name, data: [])].data += data
            }
        }

        return LanguageGrammar(
            language: language, intents: intents.values.sorted { $0.name < $1.name }, lists: lists, expansionRules: rules,
            skipWords: skipWords, settings: settings, files: (sharedLists + [common] + files).map(\.path),
            warnings: ([common] + files).flatMap(\.warnings))
    }

    /// A slot-combination block in the form hassil matches (the upstream conversion).
    static func converted(_ data: IntentData, intent: String, contextArea: Set<SlotCombination>) -> IntentData {
        guard let combination = data.slotCombination else { return data }
        var slots = data.slots
        var requires = data.requiresContext
        var metadata = data.metadata
        if let domains = data.nameDomains, !domains.isEmpty {
            requires["domain"] = ContextConstraint(values: domains.map(DataValue.string))
        } else if let domain = data.inferredDomain {
            slots["domain"] = .string(domain)
        }
        if contextArea.contains(SlotCombination(intent: intent, combination: combination)) {
            requires["area"] = ContextConstraint(values: nil, fillsSlot: true)
        }
        metadata["slot_combination"] = .string(combination)
        return IntentData(
            sentences: data.sentences, slots: slots, requiresContext: requires, excludesContext: data.excludesContext,
            expansionRules: data.expansionRules, lists: data.lists, metadata: metadata, response: data.response,
            requiredKeywords: data.requiredKeywords, inferredDomain: data.inferredDomain, nameDomains: data.nameDomains,
            slotCombination: combination, location: data.location)
    }

    /// The slot combinations of `intents.yaml` with `context_area: true`.
    static func contextAreaCombinations(_ document: YAMLDocument) throws(GrammarError) -> Set<SlotCombination> {
        var result: Set<SlotCombination> = []
        for (intent, info) in try document.mapping(document.root, what: "intents.yaml") {
            guard case .mapping = info.node else { continue }
            for (key, combinations) in try document.mapping(info, what: intent) where key == "slot_combinations" {
                for (name, combination) in try document.mapping(combinations, what: "slot_combinations") {
                    guard case .mapping = combination.node else { continue }
                    for (field, value) in try document.mapping(combination, what: name) where field == "context_area" {
                        if try document.bool(value, what: "context_area") {
                            result.insert(SlotCombination(intent: intent, combination: name))
                        }
                    }
                }
            }
        }
        return result
    }

    static func duplicate(_ what: String, _ name: String, first: SourceLocation?, second: SourceLocation?) -> GrammarError {
        GrammarError(.invalidStructure, location: second, text: name,
                     message: "\(what) '\(name)' is defined again (first at \(first.map(\.description) ?? "?"))",
                     expected: "each \(what) defined once per language")
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func yamlFiles(in folder: URL) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0) }
            .filter { !isDirectory($0) }
    }

    static func subfolders(of folder: URL) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }.filter(isDirectory)
    }
}
