import ParlanceTestSupport
import Foundation
import ParlanceText
@testable import ParlanceGrammar

/// Runs a language's test corpus through the matcher the way upstream's test suite runs it
/// through hassil (home-assistant/intents `tests/test_language_sentences.py`): the lists
/// `{name}`, `{area}`, `{floor}` from `_fixtures.yaml`, each test's context, the best
/// result with "name" as the preferred slot, then the comparison of intent, slots and
/// context. Known failures (`_test_failures.yaml`) are counted apart.
struct CorpusEvaluation {
    /// One sentence that did not give what its test expects.
    struct Failure: CustomStringConvertible {
        let sentence: String
        let location: SourceLocation
        let expected: String
        let got: String

        var description: String { "\(location): \"\(sentence)\"\n      expected \(expected)\n      got      \(got)" }
    }

    let language: String
    let grammar: LanguageGrammar
    let tests: LanguageTests
    let compiled: CompiledGrammar
    let lists: ExternalLists
    /// What each value of `{name}`, `{area}` and `{floor}` names (``TestFixtures/referents(language:)``).
    let referents: [String: [String: Set<String>]]

    init(corpus: URL, language: String) throws {
        self.language = language
        grammar = try GrammarLoader.load(corpus: corpus, language: language)
        tests = try TestCorpusLoader.load(corpus: corpus, language: language)
        compiled = try CompiledGrammar(grammar)
        lists = compiled.prepare(tests.fixtures.slotLists(language: compiled.language))
        referents = tests.fixtures.referents(language: compiled.language)
    }

    static let options = MatchOptions(preferredSlot: "name")

    /// The cases upstream runs: the files at the top of `tests/<language>/`.
    var cases: [IntentTestCase] { tests.files.filter { $0.slotCombination == nil }.flatMap(\.cases) }

    /// Why `result` does not satisfy `testCase` (upstream's checks), or nil when it does.
    ///
    /// With `referents`, a value of `{name}`, `{area}` or `{floor}` also satisfies the test
    /// when it names the same entity, area or floor as the expected one, said another way:
    /// a typo in the ending of "kuchyni" ("kuchyn") leaves no way to tell which of the
    /// kitchen's forms (`Kuchy(ň|ni|ně)`) was meant, and any of them is the kitchen.
    static func mismatch(_ result: MatchResult, _ testCase: IntentTestCase, referents: [String: [String: Set<String>]] = [:]) -> String? {
        guard let best = result.best else { return "no match" }
        guard best.intent == testCase.intent else { return "intent \(best.intent) \(describe(best))" }
        let matched = best.slotValues
        func same(_ name: String, _ expected: DataValue, _ value: DataValue) -> Bool {
            if ContextRules.equal(expected, value) { return true }
            guard case .string(let expected) = expected, case .string(let value) = value,
                  let named = referents[name], let wanted = named[expected], let found = named[value] else { return false }
            return !wanted.isDisjoint(with: found)
        }
        for (name, value) in matched {
            guard let expected = testCase.slots[name] else { return "unexpected slot \(name)=\(value) \(describe(best))" }
            switch (expected, value) {
            case (.list(let options), .list(let values)):
                // Both lists: the expected values are among the matched ones.
                guard options.allSatisfy({ option in values.contains { same(name, option, $0) } }) else {
                    return "slot \(name)=\(value) \(describe(best))"
                }
            case (.list(let options), _):
                guard options.contains(where: { same(name, $0, value) }) else { return "slot \(name)=\(value) \(describe(best))" }
            case (_, .list(let values)):
                guard values.contains(where: { same(name, expected, $0) }) else { return "slot \(name)=\(value) \(describe(best))" }
            default:
                guard same(name, expected, value) else { return "slot \(name)=\(value) \(describe(best))" }
            }
        }
        for name in testCase.slots.keys where matched[name] == nil { return "missing slot \(name) \(describe(best))" }
        if !testCase.context.isEmpty, !contextsEqual(best.context, testCase.context) {
            return "context \(best.context) \(describe(best))"
        }
        return nil
    }

    static func contextsEqual(_ lhs: [String: DataValue], _ rhs: [String: DataValue]) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs[key].map { ContextRules.equal($0, value) } ?? false }
    }

    static func describe(_ hypothesis: Hypothesis) -> String {
        "\(hypothesis.intent) \(hypothesis.slots) via \"\(hypothesis.template.text)\" (\(hypothesis.template.location))"
    }

    static func describe(_ testCase: IntentTestCase) -> String {
        "\(testCase.intent) \(testCase.slots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"
            + (testCase.context.isEmpty ? "" : " context \(testCase.context)")
    }

    struct Report {
        var passed = 0
        var total = 0
        var knownFailuresPassed = 0
        var knownFailures = 0
        var failures: [Failure] = []
        /// Sentences with a typo, and how many gave the clean result.
        var typoPassed = 0
        var typoTotal = 0
        var typoFailures: [Failure] = []
        /// Sentences with a typo whose best hypothesis differs between corrections only where
        /// they can win (the default) and corrections always: must be none.
        var passDisagreements: [String] = []

        var rate: Double { total == 0 ? 1 : Double(passed) / Double(total) }
        var typoRate: Double { typoTotal == 0 ? 1 : Double(typoPassed) / Double(typoTotal) }
    }

    /// Runs every sentence; with `typos`, also each sentence with one seeded typo in a name
    /// or area value of four or more letters (of those that pass clean), which passes when
    /// it gives the clean result's intent and slots, a name, area or floor said in any of
    /// its forms (see ``mismatch(_:_:referents:)``).
    func run(typos: Bool) -> Report {
        var report = Report()
        let known = Set(tests.knownFailures)
        for testCase in cases {
            for sentence in testCase.sentences {
                let result = compiled.match(sentence, lists: lists, context: testCase.context, options: CorpusEvaluation.options)
                let problem = CorpusEvaluation.mismatch(result, testCase)
                if known.contains(sentence) {
                    report.knownFailures += 1
                    if problem == nil { report.knownFailuresPassed += 1 }
                    continue
                }
                report.total += 1
                guard problem == nil, let best = result.best else {
                    report.failures.append(Failure(sentence: sentence, location: testCase.location,
                                                   expected: CorpusEvaluation.describe(testCase), got: problem ?? ""))
                    continue
                }
                report.passed += 1
                guard typos, let typo = Typo.inject(into: sentence, hypothesis: best) else { continue }
                report.typoTotal += 1
                let typoResult = compiled.match(typo.sentence, lists: lists, context: testCase.context, options: CorpusEvaluation.options)
                var always = CorpusEvaluation.options
                always.fuzziness = .always
                let alwaysResult = compiled.match(typo.sentence, lists: lists, context: testCase.context, options: always)
                if typoResult.best?.ranking != alwaysResult.best?.ranking || typoResult.best?.slotValues != alwaysResult.best?.slotValues {
                    report.passDisagreements.append(typo.sentence)
                }
                if let typoProblem = CorpusEvaluation.mismatch(typoResult, testCase, referents: referents) {
                    report.typoFailures.append(Failure(sentence: "\(typo.sentence)\" (\(typo.edit) in \"\(sentence)", location: testCase.location,
                                                       expected: CorpusEvaluation.describe(testCase), got: typoProblem))
                } else {
                    report.typoPassed += 1
                }
            }
        }
        return report
    }
}

/// One seeded typo in a name or area value: a letter substituted, inserted, deleted, or
/// two adjacent letters transposed.
struct Typo {
    let sentence: String
    let edit: String

    /// The slots a typo may go into: what users name (entities, areas, floors).
    static let slotNames: Set<String> = ["name", "area", "floor"]

    /// A typo inside the text of a name, area or floor slot of four or more letters, chosen
    /// by a generator seeded with the sentence (so runs are reproducible); nil when the
    /// sentence has no such slot.
    static func inject(into sentence: String, hypothesis: Hypothesis) -> Typo? {
        let scalars = Array(sentence.unicodeScalars)
        let candidates = hypothesis.slots.filter { slot in
            guard Typo.slotNames.contains(slot.name), let span = slot.span, slot.kind == .exact else { return false }
            return scalars[span].filter(\.properties.isAlphabetic).count >= 4
        }
        guard !candidates.isEmpty else { return nil }
        var random = SeededGenerator(seed: fnv1a(sentence))
        let slot = candidates[random.next(below: candidates.count)]
        let span = slot.span!
        let letters = span.filter { scalars[$0].properties.isAlphabetic }
        let position = letters[random.next(below: letters.count)]
        let original = scalars[position]
        let alphabet: [Unicode.Scalar] = original.isASCII
            ? Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
            : Array(Set(letters.map { scalars[$0] }).subtracting([original])).sorted { $0.value < $1.value }
        var edited = scalars
        let edit: String
        let choices = alphabet.filter { String($0).lowercased() != String(original).lowercased() }
        let next = position + 1 < span.upperBound ? scalars[position + 1] : nil
        let operation = random.next(below: 4)
        if operation == 0, !choices.isEmpty {
            let replacement = choices[random.next(below: choices.count)]
            edited[position] = replacement
            edit = "substituted \(original)→\(replacement)"
        } else if operation == 1, !alphabet.isEmpty {
            let inserted = alphabet[random.next(below: alphabet.count)]
            edited.insert(inserted, at: position)
            edit = "inserted \(inserted)"
        } else if operation == 2, let next, next.properties.isAlphabetic, String(next).lowercased() != String(original).lowercased() {
            edited.swapAt(position, position + 1)
            edit = "transposed \(original)\(next)"
        } else {
            edited.remove(at: position)
            edit = "deleted \(original)"
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: edited)
        return Typo(sentence: String(view), edit: edit)
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
