import Foundation
import ParlanceDateTime
import ParlanceGrammar
import Yams

/// The project's evaluation utterances (`Corpora/tests/<language>/*.yaml`; the format is
/// documented in `Corpora/tests/README.md`): each utterance with the app, intent,
/// parameters and resolutions expected.
public struct UtteranceTest: Sendable, Hashable {
    /// An expected value of a parameter.
    public struct ExpectedValue: Sendable, Hashable {
        /// The value (nil: none said); compared case-insensitively, numbers as numbers.
        public var value: DataValue?
        /// Whether `value` was given (a map without `value` checks only the other keys).
        public var checksValue: Bool
        public var identifier: String?
        public var resolution: Resolution.Kind?
        /// Identifiers (or values) of the options, in any order.
        public var options: [String]?

        public init(value: DataValue?, checksValue: Bool = true, identifier: String? = nil, resolution: Resolution.Kind? = nil, options: [String]? = nil) {
            self.value = value
            self.checksValue = checksValue
            self.identifier = identifier
            self.resolution = resolution
            self.options = options
        }
    }

    public var utterance: String
    /// The language the utterance is in; ``undeterminedLanguage`` ("und") for a request in a
    /// language the engine may have no grammar for, parsed with no language given.
    public var language: String
    /// False for a request no app can handle (`understood: false`): the right answer is
    /// "not understood" (``ParseResult/understood``); `apps` and `intent` are then empty.
    public var understood: Bool = true
    /// Bundle identifiers: one app, or every app of an app ambiguity.
    public var apps: [String]
    public var intent: String
    /// Parameter → the values expected, in order.
    public var parameters: [String: [ExpectedValue]]
    public var locked: Bool
    /// The moment the utterance's dates are read against (`now:` of the test or its file);
    /// nil: the clock's, for tests that check no date.
    public var now: LocalDateTime?
    public var requiresUnlock: Bool?
    public var note: String?
    /// Where the test is written: file and line.
    public var location: SourceLocation
    /// A speech recognizer's n-best list (`alternatives:` instead of `utterance:`), read with
    /// ``Engine/parse(alternatives:language:locked:user:now:)``; ``utterance`` is then its first text.
    public var alternatives: [RecognitionAlternative]? = nil

    /// BCP 47's tag for an undetermined language: a test file of requests in languages the
    /// engine may not read (`language: und`), each parsed with no language given.
    public static let undeterminedLanguage = "und"

    /// The language to parse the utterance in: nil for ``undeterminedLanguage``.
    public var parseLanguage: String? { language == Self.undeterminedLanguage ? nil : language }

    /// What is wrong with `result` for this test, or nil when it passes: the best
    /// hypothesis must be right (``mismatch(of:)``) and understood; for a request out of
    /// scope, nothing may be understood.
    public func mismatch(_ result: ParseResult) -> String? {
        guard understood else {
            guard result.understood, let best = result.best else { return nil }
            return "understood as \(best.intent.name) → \(best.app.bundleIdentifier) (confidence \(Self.rounded(best.confidence))), expected nothing understood"
        }
        if let wrong = mismatch(of: result.best) { return wrong }
        if !result.understood, let best = result.best {
            return "not understood: confidence \(Self.rounded(best.confidence)) below the threshold \(Self.rounded(result.threshold))"
        }
        return nil
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// What is wrong with `best` (a parse's best hypothesis, understood or not) for this
    /// test, or nil when it is right; a request out of scope has no right hypothesis.
    public func mismatch(of best: IntentHypothesis?) -> String? {
        guard let best else { return "no hypothesis" }
        guard understood else { return "a hypothesis (\(best.intent.name)) for a request no app can handle" }
        if best.intent.name != intent { return "intent \(best.intent.name), expected \(intent)" }
        if apps.count > 1 {
            guard case .ambiguous(let offered) = best.appSelection else {
                return "app \(best.app.bundleIdentifier) chosen, expected ambiguity between \(apps.joined(separator: ", "))"
            }
            if Set(offered) != Set(apps) { return "ambiguous between \(offered.joined(separator: ", ")), expected \(apps.joined(separator: ", "))" }
        } else if let app = apps.first, best.app.bundleIdentifier != app {
            return "app \(best.app.bundleIdentifier), expected \(app)"
        }
        if let requiresUnlock, best.requiresUnlock != requiresUnlock { return "requiresUnlock \(best.requiresUnlock), expected \(requiresUnlock)" }
        for (name, expected) in parameters.sorted(by: { $0.key < $1.key }) {
            let got = best.parameter(name)?.values ?? []
            let said = got.filter { $0.value != nil || $0.resolution.kind != .notRequired }
            if expected.count != said.count {
                return "\(name): \(said.count) value(s) \(said.map { $0.value?.description ?? "nil" }), expected \(expected.count)"
            }
            for (want, have) in zip(expected, said) {
                if want.checksValue, !Self.equal(want.value, have.value) {
                    return "\(name): \(have.value?.description ?? "nil"), expected \(want.value?.description ?? "nil")"
                }
                if let identifier = want.identifier, have.identifier != identifier {
                    return "\(name): identifier \(have.identifier ?? "nil"), expected \(identifier)"
                }
                if let resolution = want.resolution, have.resolution.kind != resolution {
                    return "\(name): \(have.resolution.kind.rawValue) (\(have.resolution.reason)), expected \(resolution.rawValue)"
                }
                if let options = want.options {
                    let offered = have.resolution.options.map { $0.identifier ?? $0.value }
                    if Set(offered) != Set(options) { return "\(name): options \(offered), expected \(options)" }
                }
            }
        }
        return nil
    }

    /// Values compare case-insensitively with punctuation at the ends ignored; numbers as numbers.
    static func equal(_ expected: DataValue?, _ actual: DataValue?) -> Bool {
        switch (expected, actual) {
        case (nil, nil), (.null?, nil), (nil, .null?): return true
        case (let e?, let a?):
            if let x = number(e), let y = number(a) { return abs(x - y) < 1e-9 }
            return text(e) == text(a)
        default: return false
        }
    }

    static func number(_ value: DataValue) -> Double? {
        switch value {
        case .int(let v): Double(v)
        case .double(let v): v
        case .string(let s): Double(s)
        default: nil
        }
    }

    static func text(_ value: DataValue) -> String {
        let raw = value.string ?? value.description
        return raw.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// An error in a test file: file, line and what was expected.
public struct UtteranceTestError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let message: String
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

extension UtteranceTest {
    /// Loads every `*.yaml` under `folder` (recursively), or one file; sorted by path.
    ///
    /// A folder below `folder` that has an `apps` folder of its own (its tests need those
    /// apps: ``appsFolder(of:)``) or a README of its own is a set of its own
    /// (``isSetOfItsOwn(_:)``), loaded when it is named, not with its parent:
    /// `Corpora/tests` holds the project's tests, `Corpora/tests/blind` the requests written
    /// blind, with the apps they invented, `Corpora/tests/blind-dates/requests` requests
    /// with dates written blind.
    public static func load(_ path: String) throws(UtteranceTestError) -> [UtteranceTest] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw UtteranceTestError(file: path, line: nil, message: "no such file or folder; expected a Parlance test file or folder")
        }
        var files: [String] = []
        if isFolder.boolValue {
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let next = enumerator?.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(next)
                if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
                    if isSetOfItsOwn(full) { enumerator?.skipDescendants() }
                    continue
                }
                if next.hasSuffix(".yaml") || next.hasSuffix(".yml") { files.append(full) }
            }
            files.sort()
        } else {
            files = [path]
        }
        var tests: [UtteranceTest] = []
        for file in files { tests += try loadFile(file) }
        return tests
    }

    /// Whether a folder of tests is a set of its own: it has apps or a README of its own.
    public static func isSetOfItsOwn(_ folder: String) -> Bool {
        appsFolder(of: folder) != nil || FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("README.md"))
    }

    /// The apps a test folder brings with it (`FOLDER/apps`), nil when it has none: its
    /// tests are run with these apps beside the sample apps.
    public static func appsFolder(of folder: String) -> String? {
        var isFolder: ObjCBool = false
        let apps = (folder as NSString).appendingPathComponent("apps")
        return FileManager.default.fileExists(atPath: apps, isDirectory: &isFolder) && isFolder.boolValue ? apps : nil
    }

    static func loadFile(_ file: String) throws(UtteranceTestError) -> [UtteranceTest] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UtteranceTestError(file: file, line: nil, message: "cannot read the file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let bytes = [UInt8](data)
            let invalid = InvalidUTF8.first(in: bytes)
            throw UtteranceTestError(file: file, line: invalid?.line,
                                     message: "not UTF-8 (\(invalid?.description ?? "an invalid byte")); expected UTF-8 text")
        }
        do {
            try YAMLLimits.standard.check(text)
        } catch {
            throw UtteranceTestError(file: file, line: error.line, message: "\(error.message); expected \(error.expected)")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw UtteranceTestError(file: file, line: nil, message: "the file is empty: expected a mapping with `language` and `tests`")
            }
            root = node
        } catch let error as UtteranceTestError {
            throw error
        } catch let error as YamlError {
            throw UtteranceTestError(file: file, line: nil, message: "not valid YAML: \(error)")
        } catch {
            throw UtteranceTestError(file: file, line: nil, message: "not valid YAML: \(error)")
        }
        func fail(_ node: Node?, _ message: String) -> UtteranceTestError {
            UtteranceTestError(file: file, line: node?.mark.map { $0.line }, message: message)
        }
        guard let mapping = root.mapping else { throw fail(root, "expected a mapping with `language` and `tests`") }
        guard let language = mapping["language"]?.string, !language.isEmpty else { throw fail(root, "missing `language`: expected a language tag such as en") }
        if let problem = languageProblem(language) { throw fail(mapping["language"], problem) }
        guard let list = mapping["tests"]?.sequence else { throw fail(mapping["tests"] ?? root, "missing `tests`: expected a list of tests") }
        func moment(_ node: Node?) throws(UtteranceTestError) -> LocalDateTime? {
            guard let node else { return nil }
            guard let text = node.string, let moment = LocalDateTime(iso: text) else {
                throw fail(node, "`now`: expected a local date and time, YYYY-MM-DDTHH:MM:SS")
            }
            return moment
        }
        let fileNow = try moment(mapping["now"])
        var tests: [UtteranceTest] = []
        for node in list {
            guard let test = node.mapping else { throw fail(node, "expected a test: a mapping with utterance, intent, app") }
            var alternatives: [RecognitionAlternative]?
            if let list = test["alternatives"] {
                guard test["utterance"] == nil else { throw fail(list, "`alternatives` and `utterance` both: expected one of them") }
                guard let items = list.sequence, !items.isEmpty else { throw fail(list, "`alternatives`: expected a list of {text, confidence}") }
                alternatives = try items.map { (item) throws(UtteranceTestError) -> RecognitionAlternative in
                    guard let fields = item.mapping, let text = fields["text"]?.string else {
                        throw fail(item, "an alternative: expected {text: TEXT, confidence: NUMBER}")
                    }
                    let confidence: Double = fields["confidence"].map { node in node.string.flatMap { Double($0) } ?? .nan } ?? 1
                    guard confidence >= 0 && confidence <= 1 else { throw fail(item, "an alternative's `confidence`: expected a number in [0, 1]") }
                    return RecognitionAlternative(text: text, confidence: confidence)
                }
            }
            guard let utterance = test["utterance"]?.string ?? alternatives?.first?.text else { throw fail(node, "missing `utterance`") }
            // What every test may carry, in scope or not: its own language, lock and moment.
            var testLanguage = language
            if let own = test["language"] {
                guard let tag = own.string else { throw fail(own, "`language`: expected a language tag such as en") }
                if let problem = languageProblem(tag) { throw fail(own, problem) }
                testLanguage = tag
            }
            let locked = test["locked"]?.bool ?? false
            let now = try moment(test["now"]) ?? fileNow
            let location = SourceLocation(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
            if let understood = test["understood"] {
                guard understood.bool == false else {
                    throw fail(understood, "`understood`: expected false (a request no app can handle), or no `understood` at all")
                }
                for key in ["intent", "app", "parameters", "requiresUnlock"] where test[key] != nil {
                    throw fail(test[key], "`\(key)` in a test with `understood: false`: a request no app can handle expects no \(key)")
                }
                tests.append(UtteranceTest(utterance: utterance, language: testLanguage, understood: false, apps: [], intent: "", parameters: [:],
                                           locked: locked, now: now, requiresUnlock: nil, note: test["note"]?.string, location: location))
                continue
            }
            guard let intent = test["intent"]?.string else { throw fail(node, "missing `intent`") }
            guard let app = test["app"] else { throw fail(node, "missing `app`: expected the bundle identifier of the app that should get the intent") }
            let apps: [String]
            if let one = app.string { apps = [one] } else if let many = app.sequence, !many.isEmpty, many.allSatisfy({ $0.string != nil }) {
                apps = many.compactMap(\.string)
            } else {
                throw fail(app, "`app`: expected a bundle identifier or a list of them")
            }
            var parameters: [String: [ExpectedValue]] = [:]
            if let params = test["parameters"] {
                guard let fields = params.mapping else { throw fail(params, "`parameters`: expected a mapping from parameter name to value(s)") }
                for (key, value) in fields {
                    guard let name = key.string else { throw fail(key, "expected a parameter name") }
                    if let sequence = value.sequence {
                        parameters[name] = try sequence.map { (element) throws(UtteranceTestError) -> ExpectedValue in try expected(element, fail) }
                    } else {
                        parameters[name] = [try expected(value, fail)]
                    }
                }
            }
            tests.append(UtteranceTest(utterance: utterance, language: testLanguage, apps: apps, intent: intent, parameters: parameters,
                                       locked: locked, now: now, requiresUnlock: test["requiresUnlock"]?.bool, note: test["note"]?.string,
                                       location: location, alternatives: alternatives))
        }
        return tests
    }

    /// Why `tag` is not the language of a test, nil when it is one: a well-formed tag
    /// (`@@@` is not) of an ISO 639 language (`xx` is none) in a real script (`Zzzz` is
    /// the code for an unknown one). A test in no language would only fail to parse.
    static func languageProblem(_ tag: String) -> String? {
        if tag == undeterminedLanguage { return nil }
        let shown = tag.count > 40 ? String(tag.prefix(40)) + "…" : tag
        let language: Language
        do {
            language = try Language(tag)
        } catch {
            return "`language`: '\(shown)' is not a language tag; expected a tag such as en, de-CH, ja or zh-Hans"
        }
        guard Locale.LanguageCode(language.code).isISOLanguage else {
            return "`language`: '\(shown)' names no language ('\(language.code)' is not an ISO 639 code); expected a tag such as en, de-CH, ja or zh-Hans"
        }
        // ISO 15924's codes for no particular script: unknown, common, unwritten, inherited,
        // notation, symbols, and the private-use range Qaaa–Qabx.
        let special: Set<String> = ["Zzzz", "Zyyy", "Zxxx", "Zinh", "Zmth", "Zsye", "Zsym"]
        if special.contains(language.script) || language.script.hasPrefix("Qa") {
            return "`language`: '\(shown)' names no script ('\(language.script)' is not a writing system); expected a tag such as en, sr-Latn or zh-Hans"
        }
        return nil
    }

    static func expected(_ node: Node, _ fail: (Node?, String) -> UtteranceTestError) throws(UtteranceTestError) -> ExpectedValue {
        if let fields = node.mapping {
            var result = ExpectedValue(value: nil, checksValue: fields["value"] != nil)
            if let value = fields["value"] { result.value = scalar(value) }
            result.identifier = fields["identifier"]?.string
            if let resolution = fields["resolution"]?.string {
                guard let kind = Resolution.Kind(rawValue: resolution) else {
                    throw fail(fields["resolution"], "unknown resolution '\(resolution)': expected one of \(Resolution.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                result.resolution = kind
            }
            if let options = fields["options"] {
                guard let list = options.sequence else { throw fail(options, "`options`: expected a list of identifiers") }
                result.options = list.compactMap(\.string)
            }
            return result
        }
        return ExpectedValue(value: scalar(node))
    }

    static func scalar(_ node: Node) -> DataValue? {
        guard let scalar = node.scalar else { return nil }
        if scalar.style == .plain {
            if scalar.string == "null" || scalar.string == "~" || scalar.string.isEmpty { return nil }
            if let int = Int(scalar.string) { return .int(int) }
            if let double = Double(scalar.string) { return .double(double) }
            if scalar.string == "true" { return .bool(true) }
            if scalar.string == "false" { return .bool(false) }
        }
        return .string(scalar.string)
    }
}
