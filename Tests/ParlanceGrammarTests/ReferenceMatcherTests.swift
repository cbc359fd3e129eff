import ParlanceTestSupport
import Foundation
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// The automaton against the naive reference (``ReferenceMatcher``): on every test sentence
/// of the corpus, and on each with one word dropped, both must find exactly the same
/// templates with the same captures and spans.
@Suite(SharedData.required)
struct ReferenceMatcherTests {
    @Test(arguments: MatcherCorpusTests.languages)
    func automatonAgreesWithTheReference(_ language: String) throws {
        let evaluation = try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: language)
        let compiled = evaluation.compiled
        let tables = try ReferenceMatcher.Tables(compiled: compiled, lists: evaluation.lists)
        // A sample of 150 sentences a language: the reference tries every template in turn,
        // and debug builds are slow (all of them agree too; raise the sample to check).
        let all = evaluation.cases.flatMap(\.sentences)
        let sentences = stride(from: 0, to: all.count, by: max(1, all.count / 150)).map { all[$0] }
        var compared = 0
        var disagreements: [String] = []
        for sentence in sentences {
            // The sentence, and the sentence without its second word (most such fail to match:
            // the two must agree on failures too).
            var words = sentence.split(separator: " ")
            if words.count > 2 { words.remove(at: 1) }
            for utterance in Set([sentence, words.joined(separator: " ")]) {
                let input = MatchInput(utterance, tokenizer: compiled.tokenizer)
                let fast = compiled.automatonMatches(input, lists: evaluation.lists)
                let reference = ReferenceMatcher(compiled: compiled, input: input, lists: evaluation.lists, tables: tables).matches()
                compared += 1
                if fast != reference {
                    disagreements.append("\"\(utterance)\": automaton only \(fast.subtracting(reference).sorted()), reference only \(reference.subtracting(fast).sorted())")
                }
            }
        }
        print("\(language): automaton and reference agree on \(compared - disagreements.count)/\(compared) utterances")
        for disagreement in disagreements.prefix(5) { print("  \(disagreement)") }
        #expect(disagreements.isEmpty)
    }

    /// Random grammars over a three-word alphabet (literals glued and spaced, a value list, a
    /// wildcard, a rule, alternatives, optionals, permutations, a skip word), every utterance
    /// of up to four words.
    @Test func randomGrammarsAgreeOnEveryShortUtterance() throws {
        var random = SeededGenerator(seed: 7)
        let words = ["a", "b", "ab"]
        var utterances: [String] = []
        var frontier = [""]
        for _ in 1...4 {
            frontier = frontier.flatMap { prefix in words.map { prefix.isEmpty ? $0 : prefix + " " + $0 } }
            utterances += frontier
        }
        let normalizer = try Tokenizer(language: Language("en")).normalizer
        func literal(_ text: String) -> ParlanceGrammar.Expression { .literal(Literal(text, normalizer: normalizer)) }
        let values = SlotList(name: "x", kind: .values([
            SlotValue(input: Template(text: "a", expression: literal("a"), location: .init(file: "x", line: 1, column: 1)), output: "A"),
            SlotValue(input: Template(text: "b ab", expression: literal("b ab"), location: .init(file: "x", line: 2, column: 1)), output: nil),
        ]), location: nil)
        func expression(_ depth: Int) -> ParlanceGrammar.Expression {
            let choice = depth >= 3 ? random.next(below: 4) : random.next(below: 9)
            switch choice {
            case 0, 1: return literal(["a", "b", " ", "a ", " b", "ab", " a b "][random.next(below: 7)])
            case 2: return .list(ListReference(listName: random.next(below: 4) == 0 ? "w" : "x"))
            case 3: return .rule(RuleReference(ruleName: "r"))
            case 4, 5: return .sequence((0..<(2 + random.next(below: 3))).map { _ in expression(depth + 1) })
            case 6: return .alternative((0..<(2 + random.next(below: 2))).map { _ in expression(depth + 1) })
            case 7: return .permutation([expression(depth + 1), expression(depth + 1)])
            default: return .optional(expression(depth + 1))
            }
        }
        let rule = Template(text: "(a|b ab)[ {x}]", expression: .sequence([
            .alternative([literal("a"), literal("b ab")]), .optional(.sequence([literal(" "), .list(ListReference(listName: "x"))])),
        ]), location: .init(file: "r", line: 1, column: 1))
        var compared = 0
        for round in 0..<300 {
            let templates = (0..<(1 + random.next(below: 4))).map { index in
                Template(text: "t\(index)", expression: expression(0), location: .init(file: "t", line: index + 1, column: 1))
            }
            let grammar = LanguageGrammar(
                language: "en", intents: [Intent(name: "I", data: [IntentData(sentences: templates, location: .init(file: "t", line: 1, column: 1))])],
                lists: ["x": values, "w": SlotList(name: "w", kind: .wildcard, location: nil)], expansionRules: ["r": rule],
                skipWords: round % 3 == 0 ? ["b"] : [], settings: GrammarSettings(), files: [])
            let compiled = try CompiledGrammar(grammar)
            let tables = try ReferenceMatcher.Tables(compiled: compiled, lists: ExternalLists.empty)
            for utterance in utterances {
                let input = MatchInput(utterance, tokenizer: compiled.tokenizer)
                let fast = compiled.automatonMatches(input, lists: ExternalLists.empty)
                let reference = ReferenceMatcher(compiled: compiled, input: input, lists: ExternalLists.empty, tables: tables).matches()
                #expect(fast == reference, "\(templates.map { $0.expression.structure }) on \"\(utterance)\"")
                compared += 1
            }
        }
        print("random grammars: \(compared) utterances compared")
    }
}
