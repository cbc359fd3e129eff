import Foundation
import Parlance

/// The project's own test corpus (`Corpora/tests/<language>/*.yaml`, documented in
/// `Corpora/tests/README.md`) as evaluation items, and the engine as their subject.
///
/// Each test becomes an item whose expected annotation is the app (the first bundle
/// identifier), the intent and the parameters the test lists, each value as text. The
/// subject reports the same parameters of its best hypothesis, so a parameter the test
/// does not list is not scored (the corpus says what it checks), and exact match also
/// requires the resolutions, identifiers and options the test asks for
/// (``UtteranceTest/mismatch(_:)``).
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
        var slots: [LabeledSlot] = []
        for (name, values) in test.parameters.sorted(by: { $0.key < $1.key }) {
            for value in values where value.checksValue {
                slots.append(LabeledSlot(name: name, value: value.value.map(text) ?? "∅"))
            }
        }
        let file = test.location.file.split(separator: "/").suffix(3).joined(separator: "/")
        return EvaluationItem(utterance: test.utterance, language: test.language,
                              expected: Annotation(app: test.apps.count == 1 ? test.apps[0] : test.apps.sorted().joined(separator: "|"),
                                                   intent: test.intent, slots: slots),
                              context: test.locked ? ["locked": "true"] : [:],
                              source: "\(file):\(test.location.line)")
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

    public init(engine: Engine, tests: [UtteranceTest] = [], user: UserSession? = nil) {
        self.engine = engine
        self.user = user
        var checked: [String: Set<String>] = [:]
        for test in tests { checked[Self.key(test.utterance, test.language, locked: test.locked), default: []].formUnion(test.parameters.keys) }
        self.checked = checked
    }

    /// A test's identity as the subject sees it: the same words may be tested unlocked and
    /// locked, checking different parameters.
    static func key(_ utterance: String, _ language: String, locked: Bool) -> String {
        language + "\u{1}" + utterance + (locked ? "\u{1}locked" : "")
    }

    public func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction {
        let result = engine.parse(utterance, language: language, locked: context["locked"] == "true", user: user)
        guard let best = result.best else { return .none }
        let names = checked[Self.key(utterance, language, locked: context["locked"] == "true")]
        var slots: [LabeledSlot] = []
        for parameter in best.parameters where names?.contains(parameter.name) ?? true {
            for value in parameter.values {
                slots.append(LabeledSlot(name: parameter.name, value: value.value.map(ParlanceCorpus.text) ?? "∅"))
            }
        }
        let app: String
        if case .ambiguous(let apps) = best.appSelection { app = apps.sorted().joined(separator: "|") } else { app = best.app.bundleIdentifier }
        return Prediction(app: app, intent: best.intent.name, slots: slots, confidence: best.confidence)
    }
}
