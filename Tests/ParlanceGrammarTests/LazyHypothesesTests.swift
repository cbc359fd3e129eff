import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// A pass builds the hypotheses of only the completed paths the ranking can look at
/// (`CompiledGrammar.candidates`: in key order, until `limit` readings that disagree and
/// the ties of the last). The readings returned must be exactly those of building every
/// completed path, which the matcher still does when tracing (for `explain`).
struct LazyHypothesesTests {
    /// What a caller sees of a hypothesis.
    static func described(_ hypotheses: [Hypothesis]) -> [String] {
        hypotheses.map { hypothesis in
            let slots = hypothesis.slots.map { "\($0.name)=\($0.value)@\(String(describing: $0.span)):\($0.kind):\($0.edits)" }
            return "\(hypothesis.intent) [\(slots.joined(separator: ", "))] \(hypothesis.ranking) "
                + "confidence \(hypothesis.confidence) nearTie \(hypothesis.isNearTie) \(hypothesis.metadata)"
        }
    }

    /// The built-in grammars on the utterances of Corpora/tests, as written and (a quarter)
    /// with a typo, with one and many readings asked, in both modes that run a pass with
    /// corrections only after one without.
    @Test(arguments: ["en", "de", "es", "fr", "ja", "zh-Hans"])
    func sameReadingsAsBuildingEveryPath(_ language: String) throws {
        let (compiled, utterances) = try ImageCheck.builtIn(language)
        #expect(utterances.count > 50)
        var compared = 0
        var beyondLimit = 0
        var differences: [String] = []
        let misspelled = utterances.enumerated().filter { $0.offset % 4 == 0 }.map { ImageCheck.misspelled($0.element) }
        for utterance in utterances + misspelled {
            let input = MatchInput(utterance, tokenizer: compiled.tokenizer)
            for fuzziness in [MatchOptions.Fuzziness.whenExactFails, .whenNothingMatches] {
                for limit in [1, 16] {
                    var options = MatchOptions(fuzziness: fuzziness, limit: limit)
                    options.keepsRepeatedSlots = true
                    let lazy = compiled.evaluate(input, lists: .empty, context: [:], options: options, tracing: false).ranked.map(\.hypothesis)
                    let every = compiled.evaluate(input, lists: .empty, context: [:], options: options, tracing: true).ranked.map(\.hypothesis)
                    compared += 1
                    if limit == 1 {
                        var two = options
                        two.limit = 2
                        if compiled.evaluate(input, lists: .empty, context: [:], options: two, tracing: false).ranked.count > 1 { beyondLimit += 1 }
                    }
                    if Self.described(lazy) != Self.described(every) {
                        differences.append("\(fuzziness), limit \(limit): \(utterance)\n  lazy:  \(Self.described(lazy))\n  every: \(Self.described(every))")
                    }
                }
            }
        }
        print("\(language): \(compared) matchings compared, \(beyondLimit) with more readings than one asked for, \(differences.count) differences")
        for difference in differences.prefix(5) { Issue.record("\(language): \(difference)") }
        #expect(differences.isEmpty)
        // Not vacuous: many utterances have more readings than the first.
        #expect(beyondLimit > 20)
    }
}
