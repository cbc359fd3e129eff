import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// `MatchOptions.maxUnexplained`: the matcher drops the paths that leave more characters
/// unexplained (wildcard scalars plus value edits) than the limit, as soon as they do. The
/// engine passes the best reading of one language to the reads of the others; what they
/// return must be what they would have returned within the limit: nothing past it, and no
/// reading within it lost.
struct UnexplainedLimitTests {
    static func unexplained(_ hypothesis: Hypothesis) -> Int { hypothesis.ranking.wildcardScalars + hypothesis.ranking.valueEdits }

    /// The built-in grammars on the utterances of Corpora/tests (free text fills every open
    /// list here: no values are found), limited to the least any reading leaves
    /// unexplained, and to one less.
    @Test(arguments: ["en", "de", "es", "fr", "ja", "zh-Hans"])
    func readingsWithinTheLimitAreKept(_ language: String) throws {
        let (compiled, utterances) = try ImageCheck.builtIn(language)
        var limited = 0
        var problems: [String] = []
        for utterance in utterances {
            var options = MatchOptions(fuzziness: .off, limit: 16)
            options.keepsRepeatedSlots = true
            let every = compiled.match(utterance, options: options).hypotheses
            guard let least = every.map(Self.unexplained).min(), least > 0 else { continue }
            limited += 1
            for limit in [least, least - 1] {
                var capped = options
                capped.maxUnexplained = limit
                let within = compiled.match(utterance, options: capped).hypotheses
                if let past = within.first(where: { Self.unexplained($0) > limit }) {
                    problems.append("\(utterance), limit \(limit): \(past.intent) leaves \(Self.unexplained(past))")
                }
                // The best reading within the limit is found, or one at least as good.
                if let wanted = every.filter({ Self.unexplained($0) <= limit }).map(\.ranking).min() {
                    if let found = within.first?.ranking {
                        if wanted < found { problems.append("\(utterance), limit \(limit): best \(found), expected \(wanted)") }
                    } else {
                        problems.append("\(utterance), limit \(limit): nothing, expected \(wanted)")
                    }
                }
            }
        }
        for problem in problems.prefix(5) { Issue.record("\(language): \(problem)") }
        #expect(problems.isEmpty)
        // Not vacuous: most requests of the corpus leave some free text.
        #expect(limited > 50, "\(language): \(limited) utterances with free text")
    }

    /// `CompiledGrammar.mayRead` is a bound: wherever a reading leaves `least` characters
    /// unexplained, it says a reading within `least` may exist; and with every wildcard list
    /// explained, a reading with nothing unexplained may exist wherever any reading does.
    @Test(arguments: ["en", "de", "ja"])
    func mayReadNeverDeniesAReading(_ language: String) throws {
        let (compiled, utterances) = try ImageCheck.builtIn(language)
        let everyWildcardList = Set(compiled.grammar.lists.values.filter(\.isWildcard).map(\.name))
        var checked = 0
        for utterance in utterances {
            let every = compiled.match(utterance, options: MatchOptions(fuzziness: .off, limit: 16)).hypotheses
            guard let least = every.map(Self.unexplained).min() else { continue }
            checked += 1
            var options = MatchOptions(fuzziness: .off, limit: 1)
            options.maxUnexplained = least
            #expect(compiled.mayRead(utterance, found: FoundValues(), options: options), "\(language): \(utterance) within \(least)")
            var explained = FoundValues()
            explained.explainedLists = everyWildcardList
            options.maxUnexplained = 0
            #expect(compiled.mayRead(utterance, found: explained, options: options), "\(language): \(utterance) with free text explained")
            // Matching with explained lists is a bound's business, but it reads their text as text, never a value.
            #expect(!compiled.match(utterance, found: explained, options: options).hypotheses.isEmpty)
        }
        #expect(checked > 100, "\(language): \(checked) utterances read")
    }
}
