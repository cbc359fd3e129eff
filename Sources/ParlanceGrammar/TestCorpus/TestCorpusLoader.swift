import Foundation

/// Reads a language's test corpus, `tests/<language>/`, into plain values.
///
/// ```swift
/// let tests = try TestCorpusLoader.load(corpus: corpus, language: "en")
/// tests.cases.first?.intent          // "HassTurnOn"
/// tests.fixtures.areas.map(\.name)   // ["Guest Room", "Outside", "Kitchen", …]
/// ```
public enum TestCorpusLoader {
    /// Loads `tests/<language>/`: every test file, `_fixtures.yaml` (required) and
    /// `_test_failures.yaml` (optional).
    ///
    /// What upstream's suite reads without failing becomes a warning in
    /// ``LanguageTests/warnings``: a test with no sentences, a key nothing reads. A test file
    /// that cannot be read at all is left out with a warning, so one bad file costs its own
    /// tests only; a bad `_fixtures.yaml` is an error, since every test depends on it.
    public static func load(corpus: URL, language: String) throws(GrammarError) -> LanguageTests {
        let folder = corpus.appendingPathComponent("tests").appendingPathComponent(language)
        guard GrammarLoader.isDirectory(folder) else {
            throw GrammarError(.missingLanguage(language), location: nil,
                               message: "no folder tests/\(language) in \(corpus.path)", expected: "tests/\(language)/ with test files")
        }
        func relative(_ url: URL) -> String { "tests/\(language)/" + url.path.dropFirst(folder.path.count + 1) }

        let fixturesURL = folder.appendingPathComponent("_fixtures.yaml")
        guard FileManager.default.fileExists(atPath: fixturesURL.path) else {
            throw GrammarError(.invalidStructure, location: nil,
                               message: "tests/\(language) has no _fixtures.yaml",
                               expected: "tests/\(language)/_fixtures.yaml with the entities, areas and floors the tests assume")
        }
        var warnings: [GrammarWarning] = []
        let fixtures = try readFixtures(YAMLDocument.read(fixturesURL, path: relative(fixturesURL)), root: nil, warnings: &warnings)

        var knownFailures: [String] = []
        let failuresURL = folder.appendingPathComponent("_test_failures.yaml")
        if FileManager.default.fileExists(atPath: failuresURL.path) {
            let document = try YAMLDocument.read(failuresURL, path: relative(failuresURL))
            for (key, value) in try document.mapping(document.root, allowed: ["language", "sentences"], what: "the file")
            where key == "sentences" {
                knownFailures = try document.strings(value, what: "sentences")
            }
        }

        var files: [IntentTestFile] = []
        func read(_ url: URL, slotCombination: SlotCombination?) {
            do {
                let file = try readTests(YAMLDocument.read(url, path: relative(url)), slotCombination: slotCombination)
                files.append(file)
                warnings += file.warnings
            } catch {
                warnings.append(GrammarWarning(skipping: error))
            }
        }
        for url in GrammarLoader.yamlFiles(in: folder) where !url.lastPathComponent.hasPrefix("_") {
            read(url, slotCombination: nil)
        }
        for subfolder in GrammarLoader.subfolders(of: folder) {
            for url in GrammarLoader.yamlFiles(in: subfolder) {
                read(url, slotCombination: SlotCombination(intent: subfolder.lastPathComponent,
                                                           combination: url.deletingPathExtension().lastPathComponent))
            }
        }
        return LanguageTests(language: language, files: files, fixtures: fixtures, knownFailures: knownFailures, warnings: warnings)
    }

    /// Parses one test file's YAML (for tests of the loader itself); its warnings are in
    /// ``IntentTestFile/warnings``.
    public static func parseTests(yaml: String, path: String, slotCombination: SlotCombination? = nil) throws(GrammarError) -> IntentTestFile {
        try readTests(YAMLDocument.parse(yaml, path: path), slotCombination: slotCombination)
    }

    /// Parses a fixtures file's YAML (keys nothing reads are ignored).
    public static func parseFixtures(yaml: String, path: String) throws(GrammarError) -> TestFixtures {
        var warnings: [GrammarWarning] = []
        return try readFixtures(YAMLDocument.parse(yaml, path: path), root: nil, warnings: &warnings)
    }

    /// The entries of a mapping; keys outside `known` are left out with a warning, as
    /// upstream's suite reads its files by key and never sees the others.
    static func entries(_ node: YAMLNode, in document: YAMLDocument, known: [String], what: String,
                        warnings: inout [GrammarWarning]) throws(GrammarError) -> [(key: String, value: YAMLNode)] {
        var kept: [(key: String, value: YAMLNode)] = []
        for entry in try document.mapping(node, what: what) {
            if known.contains(entry.key) {
                kept.append(entry)
            } else {
                warnings.append(document.warning(entry.value, "unknown key '\(entry.key)' in \(what), ignored"))
            }
        }
        return kept
    }

    static func readTests(_ document: YAMLDocument, slotCombination: SlotCombination?) throws(GrammarError) -> IntentTestFile {
        var language: String?
        var cases: [IntentTestCase] = []
        var warnings: [GrammarWarning] = []
        let known = slotCombination == nil
            ? ["language", "tests"] : ["language", "tests", "entities", "areas", "floors", "timers", "media"]
        for (key, value) in try entries(document.root, in: document, known: known, what: "the file", warnings: &warnings) {
            switch key {
            case "language":
                language = try document.string(value, what: "language")
            case "tests":
                for caseNode in try document.sequence(value, what: "tests") {
                    if let testCase = try readCase(caseNode, document: document, intent: slotCombination?.intent, warnings: &warnings) {
                        cases.append(testCase)
                    }
                }
            default:
                break  // fixtures of a slot-combination file, read below
            }
        }
        guard let language else {
            throw document.error(document.root, "the file has no language", expected: "language: <code>")
        }
        let fixtures = slotCombination == nil ? TestFixtures() : try readFixtures(document, root: document.root, warnings: &warnings)
        return IntentTestFile(path: document.path, language: language, cases: cases, slotCombination: slotCombination,
                              fixtures: fixtures, warnings: warnings)
    }

    /// One test; nil, with a warning, when it has no sentences (upstream runs it and finds
    /// nothing to check).
    static func readCase(_ node: YAMLNode, document: YAMLDocument, intent impliedIntent: String?,
                         warnings: inout [GrammarWarning]) throws(GrammarError) -> IntentTestCase? {
        var sentences: [String] = []
        var intent = impliedIntent
        var slots: [String: DataValue] = [:]
        var context: [String: DataValue] = [:]
        var responses: [String] = []
        let known = impliedIntent == nil ? ["sentences", "intent", "response"] : ["sentences", "slots", "response", "timers", "media"]
        for (key, value) in try entries(node, in: document, known: known, what: "a test", warnings: &warnings) {
            switch key {
            case "sentences":
                sentences = try document.strings(value, what: "sentences")
            case "intent":
                for (field, entry) in try entries(value, in: document, known: ["name", "slots", "context"], what: "intent", warnings: &warnings) {
                    switch field {
                    case "name": intent = try document.string(entry, what: "intent name")
                    case "slots": slots = try document.valueMap(entry, what: "slots")
                    default: context = try document.valueMap(entry, what: "context")
                    }
                }
            case "slots":
                slots = try document.valueMap(value, what: "slots")
            case "response":
                responses = try document.strings(value, what: "response")
            default:
                break  // per-test timers and media: response rendering, not matching
            }
        }
        guard let intent else { throw document.error(node, "test without an intent name", expected: "intent: {name: <Intent>}") }
        guard !sentences.isEmpty else {
            warnings.append(document.warning(node, "test without sentences, nothing to check"))
            return nil
        }
        return IntentTestCase(sentences: sentences, intent: intent, slots: slots, context: context, responses: responses,
                              location: document.location(of: node))
    }

    /// Reads fixtures from `_fixtures.yaml`, or from a slot-combination test file's top level
    /// (`root` given: other keys are the file's own).
    static func readFixtures(_ document: YAMLDocument, root: YAMLNode?, warnings: inout [GrammarWarning]) throws(GrammarError) -> TestFixtures {
        var entities: [FixtureEntity] = []
        var areas: [FixtureArea] = []
        var floors: [FixtureFloor] = []
        var timers: [[String: DataValue]] = []
        var media: [[String: DataValue]] = []
        let fixtureKeys = ["entities", "areas", "floors", "timers", "media"]
        // A slot-combination file's other keys are its own, read by readTests.
        let top = root == nil
            ? try entries(document.root, in: document, known: ["language"] + fixtureKeys, what: "the fixtures", warnings: &warnings)
            : try document.mapping(document.root, what: "the fixtures").filter { fixtureKeys.contains($0.key) }
        for (key, value) in top {
            switch key {
            case "entities":
                for node in try document.sequence(value, what: "entities") {
                    entities.append(try readEntity(node, document: document, warnings: &warnings))
                }
            case "areas":
                for node in try document.sequence(value, what: "areas") {
                    var id: String?, name: String?, floor: String?
                    for (field, entry) in try entries(node, in: document, known: ["id", "name", "floor"], what: "an area", warnings: &warnings) {
                        switch field {
                        case "id": id = try document.string(entry, what: "id")
                        case "name": name = try document.string(entry, what: "name")
                        default: floor = try document.string(entry, what: "floor")
                        }
                    }
                    guard let name else { throw document.error(node, "area without a name", expected: "name: <area name>") }
                    areas.append(FixtureArea(id: id, name: name, floor: floor))
                }
            case "floors":
                for node in try document.sequence(value, what: "floors") {
                    var id: String?, name: String?
                    for (field, entry) in try entries(node, in: document, known: ["id", "name"], what: "a floor", warnings: &warnings) {
                        if field == "id" { id = try document.string(entry, what: "id") } else { name = try document.string(entry, what: "name") }
                    }
                    guard let name else { throw document.error(node, "floor without a name", expected: "name: <floor name>") }
                    floors.append(FixtureFloor(id: id, name: name))
                }
            case "timers":
                for node in try document.sequence(value, what: "timers") { timers.append(try document.valueMap(node, what: "a timer")) }
            case "media":
                for node in try document.sequence(value, what: "media") { media.append(try document.valueMap(node, what: "a media item")) }
            default:
                break
            }
        }
        return TestFixtures(entities: entities, areas: areas, floors: floors, timers: timers, media: media)
    }

    static func readEntity(_ node: YAMLNode, document: YAMLDocument, warnings: inout [GrammarWarning]) throws(GrammarError) -> FixtureEntity {
        var name: String?, id: String?, domain: String?, area: String?, stateWithUnit: String?
        var state: FixtureState?
        var attributes: [String: DataValue] = [:]
        let keys = ["name", "id", "domain", "area", "state", "state_with_unit", "attributes"]
        for (key, value) in try entries(node, in: document, known: keys, what: "an entity", warnings: &warnings) {
            switch key {
            case "name": name = try document.string(value, what: "name")
            case "id": id = try document.string(value, what: "id")
            case "domain": domain = try document.string(value, what: "domain")
            case "area": area = try document.string(value, what: "area")
            case "state_with_unit": stateWithUnit = try document.string(value, what: "state_with_unit")
            case "attributes": attributes = try document.valueMap(value, what: "attributes")
            default:  // state
                if value.node.scalar != nil {
                    let text = try document.string(value, what: "state")
                    state = FixtureState(spoken: text, value: text)
                } else {
                    var spoken: String?, stateValue: String?
                    for (field, entry) in try document.mapping(value, allowed: ["in", "out"], what: "state") {
                        if field == "in" { spoken = try document.string(entry, what: "in") } else { stateValue = try document.string(entry, what: "out") }
                    }
                    guard let spoken, let stateValue else { throw document.error(value, "state without in and out", expected: "{in: <said>, out: <value>}") }
                    state = FixtureState(spoken: spoken, value: stateValue)
                }
            }
        }
        guard let name else { throw document.error(node, "entity without a name", expected: "name: <entity name>") }
        // The domain is the id's prefix (light.kitchen → light) unless given.
        if domain == nil, let id, let dot = id.firstIndex(of: ".") { domain = String(id[..<dot]) }
        guard let domain else {
            throw document.error(node, "entity '\(name)' without a domain", expected: "an id such as light.kitchen, or domain: <domain>")
        }
        return FixtureEntity(name: name, id: id, domain: domain, area: area, state: state, stateWithUnit: stateWithUnit, attributes: attributes)
    }
}
