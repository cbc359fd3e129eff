import Foundation
import Parlance

/// The project's own test corpus (`Corpora/tests/<language>/*.yaml`, documented in
/// `Corpora/tests/README.md`) as evaluation items, and the engine as their subject.
///
/// Each test becomes an item whose expected annotation is the app (the first bundle
/// identifier), the intent and the parameters the test lists, each value as text. The
/// subject reports the same parameters of its best hypothesis, so a parameter the test
/// does not list is not scored (the corpus says what it checks). The identifiers,
/// resolutions and options the test asks for, and `requiresUnlock`, are scored as slots of
/// their own (``checks(_:_:)``), so exact match is what ``UtteranceTest/mismatch(_:)`` says.
public enum ParlanceCorpus {
    /// The tests under `path` (a file or a folder, recursively), as items.
    ///
    /// - Throws: ``EvaluationError`` with the file and line of the first malformed test.
    public static func items(_ path: URL) throws(EvaluationError) -> [EvaluationItem] {
        let tests: [UtteranceTest]
        do {
            tests = try UtteranceTest.load(path.path)
        } catch {
            throw EvaluationError(path: error.file, line: error.line, message: error.message, expected: "a Parlance test file (Corpora/tests/README.md)")
        }
        return tests.map(item)
    }

    /// One test as an item; its checks travel in the context (``EngineSubject`` reads them back).
    public static func item(_ test: UtteranceTest) -> EvaluationItem {
        let file = test.location.file.split(separator: "/").suffix(3).joined(separator: "/")
        guard test.understood else {
            return EvaluationItem(utterance: test.utterance, language: test.language, expected: .outOfScope,
                                  context: test.locked ? ["locked": "true"] : [:], source: "\(file):\(test.location.line)")
        }
        var slots: [LabeledSlot] = []
        for (name, values) in test.parameters.sorted(by: { $0.key < $1.key }) {
            for value in values where value.checksValue {
                slots.append(LabeledSlot(name: name, value: value.value.map(text) ?? "∅"))
            }
        }
        slots += checks(test, requiresUnlock: test.requiresUnlock ?? false) { name, index in test.parameters[name].map { $0[index] } }
        return EvaluationItem(utterance: test.utterance, language: test.language,
                              expected: Annotation(app: test.apps.count == 1 ? test.apps[0] : test.apps.sorted().joined(separator: "|"),
                                                   intent: test.intent, slots: slots),
                              context: (test.locked ? ["locked": "true"] : [:]).merging(test.now.map { ["now": "\($0)"] } ?? [:]) { $1 },
                              source: "\(file):\(test.location.line)")
    }

    /// What a test checks beyond the values, as slots named `parameter@identifier`,
    /// `parameter@resolution`, `parameter@options` (one per value the test lists) and
    /// `@requiresUnlock`, so that exact match requires them as ``UtteranceTest/mismatch(_:)``
    /// does. `expected(name, i)` gives the i-th value of a parameter, `requiresUnlock` the
    /// flag (each as the test expects it, or as the hypothesis has it).
    static func checks(_ test: UtteranceTest, requiresUnlock: Bool,
                       _ expected: (String, Int) -> UtteranceTest.ExpectedValue?) -> [LabeledSlot] {
        var slots: [LabeledSlot] = []
        for (name, values) in test.parameters.sorted(by: { $0.key < $1.key }) {
            for index in values.indices {
                guard let want = expected(name, index) else { continue }
                if values[index].identifier != nil { slots.append(LabeledSlot(name: name + "@identifier", value: want.identifier ?? "∅")) }
                if values[index].resolution != nil { slots.append(LabeledSlot(name: name + "@resolution", value: want.resolution?.rawValue ?? "∅")) }
                if values[index].options != nil { slots.append(LabeledSlot(name: name + "@options", value: (want.options ?? []).sorted().joined(separator: ","))) }
            }
        }
        if test.requiresUnlock != nil { slots.append(LabeledSlot(name: "@requiresUnlock", value: String(requiresUnlock))) }
        return slots
    }

    static func text(_ value: DataValue) -> String {
        switch value {
        case .string(let string): string
        case .int(let number): String(number)
        case .double(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: value.description
        }
    }
}

/// The Parlance engine as an evaluation subject: the best hypothesis's app, intent and
/// parameter values. For items of the Parlance corpus, only the parameters the item checks
/// are reported (see ``ParlanceCorpus``).
public struct EngineSubject: EvaluationSubject {
    public let engine: Engine
    /// Whose vocabulary the parses read (nil: the apps' own, ``Engine/defaultUser``).
    public let user: UserSession?
    /// The tests by utterance and language, to report only what each checks.
    let checked: [String: Set<String>]
    /// The test of each utterance and language (the first, when several test the same
    /// words), whose identifiers, resolutions and options are reported as it checks them.
    let tests: [String: UtteranceTest]

    public init(engine: Engine, tests: [UtteranceTest] = [], user: UserSession? = nil) {
        self.engine = engine
        self.user = user
        var checked: [String: Set<String>] = [:]
        var byKey: [String: UtteranceTest] = [:]
        for test in tests {
            let key = Self.key(test.utterance, test.language, locked: test.locked)
            checked[key, default: []].formUnion(test.parameters.keys)
            if byKey[key] == nil { byKey[key] = test }
        }
        self.checked = checked
        self.tests = byKey
    }

    /// A test's identity as the subject sees it: the same words may be tested unlocked and
    /// locked, checking different parameters.
    static func key(_ utterance: String, _ language: String, locked: Bool) -> String {
        language + "\u{1}" + utterance + (locked ? "\u{1}locked" : "")
    }

    public func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction {
        let language = language == UtteranceTest.undeterminedLanguage ? nil : language
        let locked = context["locked"] == "true"
        let now = context["now"].flatMap(LocalDateTime.init(iso:))
        let result: ParseResult
        if let alternatives = tests[Self.key(utterance, language ?? UtteranceTest.undeterminedLanguage, locked: locked)]?.alternatives {
            // A recognizer's n-best list: the alternative the engine chooses.
            let read = try engine.parse(alternatives: alternatives, language: language, locked: locked, user: user, now: now)
            guard let chosen = read.best else { return .none }
            result = chosen
        } else {
            result = engine.parse(utterance, language: language, locked: locked, user: user, now: now)
        }
        guard let best = result.best else { return .none }
        let key = Self.key(utterance, language ?? UtteranceTest.undeterminedLanguage, locked: locked)
        let names = checked[key]
        var slots: [LabeledSlot] = []
        for parameter in best.parameters where names?.contains(parameter.name) ?? true {
            for value in parameter.values {
                slots.append(LabeledSlot(name: parameter.name, value: value.value.map(ParlanceCorpus.text) ?? "∅"))
            }
        }
        if let test = tests[key] {
            // What the test checks beyond values, as the hypothesis has it (values said, as
            // ``UtteranceTest/mismatch(_:)`` counts them).
            slots += ParlanceCorpus.checks(test, requiresUnlock: best.requiresUnlock) { name, index in
                let said = (best.parameter(name)?.values ?? []).filter { $0.value != nil || $0.resolution.kind != .notRequired }
                guard index < said.count else { return nil }
                return UtteranceTest.ExpectedValue(value: said[index].value, checksValue: true, identifier: said[index].identifier,
                                                   resolution: said[index].resolution.kind,
                                                   options: said[index].resolution.options.map { $0.identifier ?? $0.value })
            }
        }
        let app: String
        if case .ambiguous(let apps) = best.appSelection { app = apps.sorted().joined(separator: "|") } else { app = best.app.bundleIdentifier }
        return Prediction(app: app, intent: best.intent.name, slots: slots, confidence: best.confidence, understood: result.understood)
    }
}
