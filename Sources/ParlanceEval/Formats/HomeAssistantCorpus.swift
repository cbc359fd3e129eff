import Foundation
import ParlanceGrammar

/// A folder laid out like the Home Assistant intents corpus (`sentences/`, `tests/`,
/// `lists/`), evaluated the way upstream's test suite runs its tests through hassil: each
/// language's grammar, the fixtures' entities, areas and floors as the lists `{name}`,
/// `{area}` and `{floor}` (``TestFixtures/slotLists(language:)``), each test's context, and
/// "name" as the preferred slot. Sentences upstream lists as known failures
/// (`_test_failures.yaml`) are left out, as upstream leaves them out.
///
/// ```swift
/// let corpus = try HomeAssistantCorpus(root: url)
/// for language in corpus.languages {
///     let suite = try corpus.load(language)
///     runner.run(suite.items, subject: suite.subject)
/// }
/// ```
public struct HomeAssistantCorpus: Sendable {
    /// The corpus root.
    public let root: URL
    /// The languages with both `sentences/<language>` and `tests/<language>`, sorted.
    public let available: [String]

    /// Opens a corpus folder.
    ///
    /// - Throws: ``EvaluationError`` when the folder or its `sentences/` and `tests/` are missing.
    public init(root: URL) throws(EvaluationError) {
        self.root = root
        guard Self.isDirectory(root) else {
            throw EvaluationError(path: root.path, message: "no such folder", expected: "a Home Assistant intents corpus folder")
        }
        let sentences = Self.folders(in: root.appendingPathComponent("sentences"))
        let tests = Set(Self.folders(in: root.appendingPathComponent("tests")))
        available = sentences.filter(tests.contains)
        guard !available.isEmpty else {
            throw EvaluationError(path: root.path, message: "no language has both sentences/<language> and tests/<language>",
                                  expected: "a Home Assistant intents corpus (sentences/, tests/, lists/)")
        }
    }

    /// One language, loaded and compiled: its items and the subject that parses them.
    public struct LanguageSuite: Sendable {
        /// The language tag.
        public let language: String
        /// The test sentences, in file order.
        public let items: [EvaluationItem]
        /// Known failures left out.
        public let knownFailuresSkipped: Int
        /// The compiled grammar with the fixtures' lists.
        public let subject: HomeAssistantSubject
        /// What loading the grammar found odd but read (``LanguageGrammar/warnings``).
        public let warnings: [GrammarWarning]
    }

    /// The test sentences of `language` (without compiling its grammar).
    public func items(_ language: String) throws(EvaluationError) -> (items: [EvaluationItem], skipped: Int, tests: LanguageTests) {
        let tests: LanguageTests
        do {
            tests = try TestCorpusLoader.load(corpus: root, language: language)
        } catch {
            throw Self.wrap(error, root: root)
        }
        let known = Set(tests.knownFailures)
        var items: [EvaluationItem] = []
        var skipped = 0
        for file in tests.files where file.slotCombination == nil {
            for testCase in file.cases {
                let expected = Annotation(intent: testCase.intent, slots: testCase.slots.sorted { $0.key < $1.key }.map {
                    LabeledSlot(name: $0.key, values: Self.texts($0.value))
                })
                let context = testCase.context.mapValues { Self.texts($0).first ?? "" }
                for sentence in testCase.sentences {
                    if known.contains(sentence) {
                        skipped += 1
                        continue
                    }
                    items.append(EvaluationItem(utterance: sentence, language: language, expected: expected, context: context,
                                                source: testCase.location.description))
                }
            }
        }
        return (items, skipped, tests)
    }

    /// Loads and compiles `language`: its grammar, tests and fixtures; its subject's
    /// confidences calibrated by `calibration` (nil: the matcher's own).
    ///
    /// - Throws: ``EvaluationError`` with the file, line and column of the first problem.
    public func load(_ language: String, calibration: MatchCalibration? = .homeAssistant) throws(EvaluationError) -> LanguageSuite {
        let (items, skipped, tests) = try items(language)
        let grammar: LanguageGrammar
        let compiled: CompiledGrammar
        do {
            grammar = try GrammarLoader.load(corpus: root, language: language)
            compiled = try CompiledGrammar(grammar)
        } catch {
            throw Self.wrap(error, root: root)
        }
        let lists = compiled.prepare(tests.fixtures.slotLists(language: compiled.language))
        return LanguageSuite(language: language, items: items, knownFailuresSkipped: skipped,
                             subject: HomeAssistantSubject(grammar: compiled, lists: lists, calibration: calibration), warnings: grammar.warnings)
    }

    /// A slot or context value as the texts it stands for: a list's elements, numbers in
    /// one form.
    static func texts(_ value: DataValue) -> [String] {
        switch value {
        case .null: [""]
        case .bool(let flag): [String(flag)]
        case .int(let number): [String(number)]
        case .double(let number): [number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)]
        case .string(let text): [text]
        case .list(let values): values.flatMap(texts)
        case .map: [value.description]
        }
    }

    /// A loading warning as a line for standard error, its location made a path under the
    /// corpus (`/corpus/tests/hi/x.yaml:3:5: test without sentences, nothing to check (at tests[0])`).
    public func describe(_ warning: GrammarWarning) -> String {
        guard let location = warning.location else { return warning.description }
        let located = GrammarWarning(location: SourceLocation(file: root.appendingPathComponent(location.file).path,
                                                              line: location.line, column: location.column),
                                     keyPath: warning.keyPath, message: warning.message)
        return located.description
    }

    /// A grammar error as an evaluation error, its location made a path under the corpus.
    static func wrap(_ error: GrammarError, root: URL) -> EvaluationError {
        guard let location = error.location else { return EvaluationError(path: root.path, message: error.message, expected: error.expected) }
        var message = error.message
        if let text = error.text { message += " in \"\(text)\"" }
        if let keyPath = error.keyPath { message += " (at \(keyPath))" }
        if location.column > 0 { message = "column \(location.column): " + message }
        return EvaluationError(path: root.appendingPathComponent(location.file).path, line: location.line > 0 ? location.line : nil,
                               message: message, expected: error.expected)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func folders(in url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && isDirectory(url.appendingPathComponent($0)) }.sorted()
    }
}

/// A compiled Home Assistant grammar with a home's lists, as an ``EvaluationSubject``: the
/// best hypothesis (preferring "name", as Home Assistant does) with its slots and confidence,
/// the probability that it is right (``MatchCalibration``; the matcher's own confidence
/// without one).
public struct HomeAssistantSubject: EvaluationSubject {
    /// The compiled grammar.
    public let grammar: CompiledGrammar
    /// The lists `{name}`, `{area}`, `{floor}` of the home.
    public let lists: ExternalLists
    /// How to match: "name" preferred, corrections where they can win.
    public let options: MatchOptions
    /// What turns the best hypothesis's features into its confidence; nil: the matcher's own.
    public let calibration: MatchCalibration?

    /// A subject for one grammar and home.
    public init(grammar: CompiledGrammar, lists: ExternalLists, options: MatchOptions = MatchOptions(preferredSlot: "name"),
                calibration: MatchCalibration? = .homeAssistant) {
        self.grammar = grammar
        self.lists = lists
        self.options = options
        self.calibration = calibration
    }

    /// The best hypothesis, its slots as hassil's entities (name → value).
    public func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction {
        prediction(of: match(utterance, context: context), calibrated: true)
    }

    /// The matcher's result for `utterance` in `context`.
    func match(_ utterance: String, context: [String: String]) -> MatchResult {
        grammar.match(utterance, lists: lists, context: context.mapValues(DataValue.string), options: options)
    }

    /// The best hypothesis of `result` as a prediction, its confidence calibrated when asked
    /// and a calibration is given.
    func prediction(of result: MatchResult, calibrated: Bool) -> Prediction {
        guard let best = result.best else { return .none }
        let slots = best.slotValues.sorted { $0.key < $1.key }.map { LabeledSlot(name: $0.key, values: HomeAssistantCorpus.texts($0.value)) }
        let confidence = calibrated ? calibration.map { $0.probability(of: result, at: 0) } ?? best.confidence : best.confidence
        return Prediction(intent: best.intent, slots: slots, confidence: confidence)
    }
}
