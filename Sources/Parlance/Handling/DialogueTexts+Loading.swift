import Foundation
import ParlanceCorpora
import ParlanceGrammar
import ParlanceText
import Yams

/// A dialogue data file that cannot be read: the file, the line, the key path, what was
/// found and what was expected.
public struct DialogueDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file ("dialogue/en.yaml" for a built-in one).
    public let file: String
    /// The line (1-based), 0 when the error is about the whole file.
    public let line: Int
    /// Where in the file: "prompts.choose", "intents.INPayBillIntent.parameters.billPayee".
    public let keyPath: String
    /// What is wrong, quoting the offending text.
    public let message: String
    /// What was expected instead.
    public let expected: String

    public var description: String {
        "\(file)\(line > 0 ? ":\(line)" : "")\(keyPath.isEmpty ? "" : ": \(keyPath)"): \(message); expected \(expected)"
    }
}

extension DialogueTexts {
    /// The dialogue for `language` (a BCP-47 tag): `Corpora/dialogue/<tag>.yaml`, tried as the
    /// full tag, as language-script and as the language alone (`zh` reads `zh-Hans.yaml`,
    /// `de-AT` reads `de.yaml`), else English. Names and answer words the file lacks are
    /// taken from English (an answer may always say "OK" or "cancel").
    ///
    /// The files are those of `$PARLANCE_CORPORA/dialogue` when that folder exists (as the
    /// grammars are, ``GrammarSource/corporaFolder``), else the copies embedded in the
    /// binary. Each file is read once a process.
    ///
    /// - Throws: ``DialogueDataError`` when the file (or the English one) is malformed.
    public static func builtIn(for language: String) throws(DialogueDataError) -> DialogueTexts {
        let english = try DialogueFiles.load("en")
        guard let parsed = try? Language(language) else { return english }
        var names = [parsed.tag, "\(parsed.code)-\(parsed.script)", parsed.code]
        var seen = Set<String>()
        names.removeAll { !seen.insert($0).inserted }
        for name in names where name != "en" && DialogueFiles.exists(name) {
            return try DialogueFiles.load(name).fillingGaps(from: english)
        }
        return english
    }

    /// The languages with a dialogue file, as their file names' tags, sorted.
    public static var builtInLanguages: [String] { DialogueFiles.names }

    /// Reads a data file.
    public init(contentsOf url: URL) throws(DialogueDataError) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw DialogueDataError(file: url.path, line: 0, keyPath: "", message: "cannot read the file", expected: "a readable YAML file")
        }
        try self.init(yaml: String(decoding: data, as: UTF8.self), source: url.path)
    }

    /// Reads the text of a data file; `source` names it in errors.
    ///
    /// - Throws: ``DialogueDataError`` naming the line and key: invalid YAML, a missing or
    ///   unknown key, a placeholder a template may not use, a word both yes and no.
    public init(yaml: String, source: String) throws(DialogueDataError) {
        var reader = DialogueFileReader(source: source)
        self = try reader.read(yaml)
    }
}

/// Where the dialogue files are, and the ones read so far.
enum DialogueFiles {
    /// `$PARLANCE_CORPORA/dialogue` when set and present, else nil (the embedded files).
    static var folder: URL? {
        guard let path = ProcessInfo.processInfo.environment["PARLANCE_CORPORA"], !path.isEmpty else { return nil }
        let folder = URL(fileURLWithPath: path).appendingPathComponent("dialogue")
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue ? folder : nil
    }

    static var names: [String] {
        if let folder {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
        }
        return EmbeddedCorpora.files.compactMap { file in
            guard file.path.hasPrefix("dialogue/"), file.path.hasSuffix(".yaml") else { return nil }
            return String(file.path.dropFirst("dialogue/".count).dropLast(".yaml".count))
        }.sorted()
    }

    static func exists(_ name: String) -> Bool { names.contains(name) }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: Result<DialogueTexts, DialogueDataError>] = [:]

    /// The file `<name>.yaml`, read once per folder.
    static func load(_ name: String) throws(DialogueDataError) -> DialogueTexts {
        let folder = self.folder
        let key = (folder?.path ?? "embedded") + "|" + name
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[key] { return try known.get() }
        let result = Result { () throws(DialogueDataError) -> DialogueTexts in
            if let folder { return try DialogueTexts(contentsOf: folder.appendingPathComponent("\(name).yaml")) }
            let path = "dialogue/\(name).yaml"
            guard let file = EmbeddedCorpora.files.first(where: { $0.path == path }) else {
                throw DialogueDataError(file: path, line: 0, keyPath: "", message: "no such built-in file",
                                        expected: "one of \(names.map { "dialogue/\($0).yaml" }.joined(separator: ", "))")
            }
            return try DialogueTexts(yaml: String(decoding: file.bytes, as: UTF8.self), source: path)
        }
        loaded[key] = result
        return try result.get()
    }
}

/// Reads one dialogue file into ``DialogueTexts``, checking every key.
struct DialogueFileReader {
    let source: String

    func fail(_ node: Node?, _ path: String, _ message: String, _ expected: String) -> DialogueDataError {
        DialogueDataError(file: source, line: node?.mark?.line ?? 0, keyPath: path, message: message, expected: expected)
    }

    mutating func read(_ yaml: String) throws(DialogueDataError) -> DialogueTexts {
        do {
            try YAMLLimits.standard.check(yaml)
        } catch {
            throw DialogueDataError(file: source, line: error.line, keyPath: "", message: error.message, expected: error.expected)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw DialogueDataError(file: source, line: mark.line, keyPath: "", message: "invalid YAML: \(problem)", expected: "valid YAML")
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw DialogueDataError(file: source, line: context.mark.line, keyPath: "",
                                        message: "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))", expected: "each key once")
            default:
                throw DialogueDataError(file: source, line: 0, keyPath: "", message: "invalid YAML (\(error))", expected: "valid YAML")
            }
        } catch {
            throw DialogueDataError(file: source, line: 0, keyPath: "", message: "invalid YAML (\(error))", expected: "valid YAML")
        }
        let top = try mapping(root, "", keys: ["language", "prompts", "messages", "list", "words", "parameters", "intents"],
                              required: ["language", "prompts", "messages", "list", "words"])
        let language = try text(top["language"], "language")
        guard (try? Language(language)) != nil else {
            throw fail(top["language"], "language", "'\(language)' is not a language tag", "a BCP-47 tag such as en, de or zh-Hans")
        }
        let prompts = try templates(top["prompts"], "prompts", kinds: DialogueTexts.PromptKind.allCases, required: true)
        let messageNode = try mapping(top["messages"], "messages", keys: DialogueTexts.MessageKind.allCases.map(\.rawValue),
                                      required: DialogueTexts.MessageKind.allCases.map(\.rawValue))
        var messages: [DialogueTexts.MessageKind: DialogueTexts.Template] = [:]
        for kind in DialogueTexts.MessageKind.allCases {
            messages[kind] = try template(messageNode[kind.rawValue], "messages.\(kind.rawValue)", placeholders: kind.placeholders)
        }
        return DialogueTexts(language: language, source: source, prompts: prompts, messages: messages, list: try list(top["list"]),
                             parameters: try names(top["parameters"]), intents: try intents(top["intents"]), words: try words(top["words"]))
    }

    // MARK: Sections

    func list(_ node: Node?) throws(DialogueDataError) -> DialogueTexts.ListStyle {
        let keys = ["option", "separator", "details", "pair", "pairSeparator"]
        let map = try mapping(node, "list", keys: keys, required: keys)
        func one(_ key: String, _ placeholders: Set<String>, allowsEmpty: Bool = false) throws(DialogueDataError) -> String {
            let written = try text(map[key], "list.\(key)", allowsEmpty: allowsEmpty)
            try check(written, map[key], "list.\(key)", placeholders: placeholders)
            return written
        }
        return DialogueTexts.ListStyle(option: try one("option", ["n", "option"]), separator: try one("separator", [], allowsEmpty: true),
                                       details: try one("details", ["pairs"]), pair: try one("pair", ["parameter", "value"]),
                                       pairSeparator: try one("pairSeparator", [], allowsEmpty: true))
    }

    func words(_ node: Node?) throws(DialogueDataError) -> DialogueTexts.AnswerWords {
        let keys = ["cancel", "yes", "no", "fillers", "ordinals", "numbers", "numberForms"]
        let map = try mapping(node, "words", keys: keys, required: keys)
        let yes = try phrases(map["yes"], "words.yes"), no = try phrases(map["no"], "words.no"), cancel = try phrases(map["cancel"], "words.cancel")
        // A word that means two things would be read as whichever is tried first.
        for (a, aName, b, bName) in [(yes, "yes", no, "no"), (cancel, "cancel", yes, "yes"), (cancel, "cancel", no, "no")] {
            let lower = Set(b.map { $0.lowercased() })
            if let both = a.first(where: { lower.contains($0.lowercased()) }) {
                throw fail(map[aName], "words.\(aName)", "'\(both)' is in both words.\(aName) and words.\(bName)", "each word in one of them")
            }
        }
        var ordinals: [Int: [String]] = [:]
        for (key, value) in try mapping(map["ordinals"], "words.ordinals") {
            let name = key.string ?? ""
            let position = name == "last" ? DialogueTexts.AnswerWords.lastPosition : Int(name)
            guard let position, position == DialogueTexts.AnswerWords.lastPosition || position >= 1 else {
                throw fail(key, "words.ordinals.\(name)", "'\(name)' is not a position", "1, 2, 3… or last")
            }
            ordinals[position] = try phrases(value, "words.ordinals.\(name)")
        }
        var numbers: [Int: [String]] = [:]
        for (key, value) in try mapping(map["numbers"], "words.numbers") {
            let name = key.string ?? ""
            guard let number = Int(name), number >= 0 else { throw fail(key, "words.numbers.\(name)", "'\(name)' is not a number", "0, 1, 2…") }
            numbers[number] = try phrases(value, "words.numbers.\(name)")
        }
        let forms = try phrases(map["numberForms"], "words.numberForms")
        for form in forms where form.components(separatedBy: "{n}").count != 2 {
            throw fail(map["numberForms"], "words.numberForms", "'\(form)' does not hold {n} once", "a form such as \"number {n}\"")
        }
        return DialogueTexts.AnswerWords(cancel: cancel, yes: yes, no: no, fillers: try phrases(map["fillers"], "words.fillers"),
                                         ordinals: ordinals, numbers: numbers, numberForms: forms)
    }

    /// `parameters:`: name → a name, or {name, gender}.
    func names(_ node: Node?) throws(DialogueDataError) -> [String: DialogueTexts.SpokenName] {
        guard let node else { return [:] }
        var names: [String: DialogueTexts.SpokenName] = [:]
        for (key, value) in try mapping(node, "parameters") {
            let parameter = key.string ?? ""
            names[parameter] = try spokenName(value, "parameters.\(parameter)")
        }
        return names
    }

    func spokenName(_ node: Node, _ path: String) throws(DialogueDataError) -> DialogueTexts.SpokenName {
        if node.mapping == nil { return DialogueTexts.SpokenName(name: try text(node, path)) }
        let map = try mapping(node, path, keys: ["name", "gender"], required: ["name"])
        return DialogueTexts.SpokenName(name: try text(map["name"], "\(path).name"), gender: try gender(map["gender"], "\(path).gender"))
    }

    func gender(_ node: Node?, _ path: String) throws(DialogueDataError) -> DialogueTexts.Gender? {
        guard let node else { return nil }
        let written = try text(node, path)
        guard let gender = DialogueTexts.Gender(rawValue: written) else {
            throw fail(node, path, "unknown gender '\(written)'", "m, f or n")
        }
        return gender
    }

    /// `intents:`: class name → {name, parameters: {parameter → {name, gender, <prompt kind>…}}}.
    func intents(_ node: Node?) throws(DialogueDataError) -> [String: DialogueTexts.IntentWording] {
        guard let node else { return [:] }
        var intents: [String: DialogueTexts.IntentWording] = [:]
        for (key, value) in try mapping(node, "intents") {
            let intent = key.string ?? ""
            let path = "intents.\(intent)"
            let map = try mapping(value, path, keys: ["name", "parameters"])
            var wording = DialogueTexts.IntentWording(name: try map["name"].map { (node: Node) throws(DialogueDataError) in try text(node, "\(path).name") },
                                                      parameters: [:])
            if let parameters = map["parameters"] {
                for (parameterKey, parameterValue) in try mapping(parameters, "\(path).parameters") {
                    let parameter = parameterKey.string ?? ""
                    let parameterPath = "\(path).parameters.\(parameter)"
                    let allowed = ["name", "gender"] + DialogueTexts.PromptKind.perParameter.map(\.rawValue)
                    let entry = try mapping(parameterValue, parameterPath, keys: allowed)
                    let name = try entry["name"].map { (node: Node) throws(DialogueDataError) in
                        DialogueTexts.SpokenName(name: try text(node, "\(parameterPath).name"), gender: try gender(entry["gender"], "\(parameterPath).gender"))
                    }
                    if name == nil, let gender = entry["gender"] { throw fail(gender, "\(parameterPath).gender", "a gender without a name", "name: beside gender:") }
                    wording.parameters[parameter] = DialogueTexts.ParameterWording(
                        name: name, prompts: try templates(parameterValue, parameterPath, kinds: DialogueTexts.PromptKind.perParameter, required: false))
                }
            }
            intents[intent] = wording
        }
        return intents
    }

    // MARK: Values

    func templates(_ node: Node?, _ path: String, kinds: [DialogueTexts.PromptKind],
                   required: Bool) throws(DialogueDataError) -> [DialogueTexts.PromptKind: DialogueTexts.Template] {
        let names = kinds.map(\.rawValue)
        let map = required ? try mapping(node, path, keys: names, required: names) : try mapping(node, path)
        var result: [DialogueTexts.PromptKind: DialogueTexts.Template] = [:]
        for kind in kinds {
            guard let value = map[kind.rawValue] else { continue }
            result[kind] = try template(value, "\(path).\(kind.rawValue)", placeholders: kind.placeholders)
        }
        return result
    }

    /// A text, or a mapping of gender (m, f, n) to text with an `other` form.
    func template(_ node: Node?, _ path: String, placeholders: Set<String>) throws(DialogueDataError) -> DialogueTexts.Template {
        guard let node, node.mapping != nil else {
            let written = try text(node, path)
            try check(written, node, path, placeholders: placeholders)
            return DialogueTexts.Template(forms: ["other": written])
        }
        let map = try mapping(node, path, keys: ["m", "f", "n", "other"], required: ["other"])
        var forms: [String: String] = [:]
        for (key, value) in map {
            let form = key.string ?? ""
            let written = try text(value, "\(path).\(form)")
            try check(written, value, "\(path).\(form)", placeholders: placeholders)
            forms[form] = written
        }
        return DialogueTexts.Template(forms: forms)
    }

    /// Every `{name}` of `written` is one of `placeholders`.
    func check(_ written: String, _ node: Node?, _ path: String, placeholders: Set<String>) throws(DialogueDataError) {
        var rest = written[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw fail(node, path, "an unclosed '{' in \"\(written)\"", "{name} placeholders")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard placeholders.contains(name) else {
                throw fail(node, path, "unknown placeholder {\(name)} in \"\(written)\"",
                           placeholders.isEmpty ? "no placeholders" : "one of \(placeholders.sorted().map { "{\($0)}" }.joined(separator: ", "))")
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    func mapping(_ node: Node?, _ path: String, keys: [String]? = nil, required: [String] = []) throws(DialogueDataError) -> Node.Mapping {
        guard let map = node?.mapping else {
            throw fail(node, path, node == nil ? "missing" : "not a mapping", keys.map { "a mapping of \($0.joined(separator: ", "))" } ?? "a mapping")
        }
        if let keys {
            for (key, _) in map where !keys.contains(key.string ?? "") {
                throw fail(key, path.isEmpty ? (key.string ?? "") : "\(path).\(key.string ?? "")", "unknown key '\(key.string ?? "")'",
                           "one of \(keys.joined(separator: ", "))")
            }
        }
        for key in required where map[key] == nil {
            throw fail(node, path.isEmpty ? key : "\(path).\(key)", "missing", "the key '\(key)'")
        }
        return map
    }

    func text(_ node: Node?, _ path: String, allowsEmpty: Bool = false) throws(DialogueDataError) -> String {
        guard let node, node.scalar != nil, let written = node.string else { throw fail(node, path, node == nil ? "missing" : "not a text", "a text") }
        guard allowsEmpty || !written.trimmingCharacters(in: .whitespaces).isEmpty else { throw fail(node, path, "empty", "a text") }
        return written
    }

    /// A list of non-empty texts.
    func phrases(_ node: Node?, _ path: String) throws(DialogueDataError) -> [String] {
        guard let list = node?.sequence else { throw fail(node, path, node == nil ? "missing" : "not a list", "a list such as [a, b]") }
        var result: [String] = []
        for item in list { result.append(try text(item, path)) }
        guard !result.isEmpty else { throw fail(node, path, "an empty list", "at least one word") }
        return result
    }
}
