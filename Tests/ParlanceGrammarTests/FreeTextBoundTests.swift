import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// Free text under a beam or a position budget is pushed where it ends (``FreeTextSources``):
/// the same hypotheses, in the same order, as pushing each of its ends where it starts; and
/// work linear in the utterance's length whatever the wildcards (pushed where they started,
/// a 10,000-character utterance against `{a} {b} {c}` took a minute and 3 GB).
struct FreeTextBoundTests {
    static let common = """
        language: en
        lists:
          a:
            wildcard: true
          b:
            wildcard: true
          color:
            values: [red, green]
        skip_words: [the, uh]
        """

    /// Wildcards side by side, around optional words, in a permutation, beside a value list
    /// and skip words: the shapes whose free text ends almost anywhere.
    static let compiled = try! CompiledGrammar(GrammarLoaderTests.grammar("""
        language: en
        intents:
          Wild:
            data:
              - sentences:
                  - "{a} {b}"
                  - "{a} [to] {b} [and] {a}"
                  - "send {a} (to|for) {b}"
                  - "({a};to {b};[now])"
                  - "{a} {color} {b}"
          Literal:
            data:
              - sentences: ["send it [now]"]
        """, common: common))

    static let words = ["send", "to", "for", "and", "now", "the", "uh", "it", "red", "anna", "ben", "x"]

    static func summary(_ result: MatchResult) -> [String] {
        result.hypotheses.map { hypothesis in
            "\(hypothesis.intent) \(hypothesis.ranking) " + hypothesis.slots.map { "\($0.name)=\($0.text)@\($0.span.map { "\($0)" } ?? "-")" }.joined(separator: " ")
        }
    }

    @Test func freeTextPushedWhereItEndsKeepsTheHypotheses() {
        var random = SeededGenerator(seed: 41)
        var compared = 0
        for _ in 0..<400 {
            let count = 1 + random.next(below: 24)
            let utterance = (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
            for limit in [1, 8] {
                var eager = MatchOptions(fuzziness: .off, limit: limit)
                eager.freeTextPushing = .whereItStarts
                var deferred = eager
                deferred.freeTextPushing = .whereItEnds
                let expected = Self.summary(Self.compiled.match(utterance, options: eager))
                #expect(Self.summary(Self.compiled.match(utterance, options: deferred)) == expected, "\(utterance), limit \(limit)")
                compared += expected.isEmpty ? 0 : 1
            }
        }
        #expect(compared > 400)
    }

    /// Without a beam (a grammar with context rules or a preferred slot), free text is
    /// pushed where it ends too, under the position budget: the same hypotheses as every
    /// end pushed where the free text starts, with no budget.
    @Test func withoutABeamTheBudgetKeepsTheHypotheses() {
        var random = SeededGenerator(seed: 43)
        var compared = 0
        for _ in 0..<200 {
            let count = 1 + random.next(below: 24)
            let utterance = (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
            var plain = MatchOptions(fuzziness: .off, limit: 8)
            plain.beamWidth = .max
            plain.positionBudget = .max
            plain.freeTextPushing = .whereItStarts
            var budgeted = plain
            budgeted.positionBudget = nil
            budgeted.freeTextPushing = .whereItEnds
            let expected = Self.summary(Self.compiled.match(utterance, options: plain))
            #expect(Self.summary(Self.compiled.match(utterance, options: budgeted)) == expected, "\(utterance)")
            compared += expected.isEmpty ? 0 : 1
        }
        #expect(compared > 100)
    }

    /// A budget narrower than a position's threads keeps the best of them: the best
    /// hypothesis is never better than with no budget, and a budget of one still reads what
    /// a single path of the best scores reads.
    @Test func aNarrowBudgetKeepsTheBestPaths() {
        var random = SeededGenerator(seed: 47)
        var found = 0
        for _ in 0..<200 {
            let count = 1 + random.next(below: 16)
            let utterance = (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
            var open = MatchOptions(fuzziness: .off, limit: 1)
            open.beamWidth = .max
            open.positionBudget = .max
            var narrow = open
            narrow.positionBudget = 2
            let (best, kept) = (Self.compiled.match(utterance, options: open).best, Self.compiled.match(utterance, options: narrow).best)
            if let kept {
                let best = try! #require(best, "\(utterance): found with a budget, not without")
                #expect(!(kept.ranking < best.ranking), "\(utterance)")
                found += 1
            }
        }
        #expect(found > 50)
    }

    /// The captures of one simulation with no beam: twice the words, about twice the
    /// captures (before the budget, every wildcard start pushed every later end: four times).
    @Test func workGrowsLinearlyWithoutABeam() {
        func captures(words count: Int) -> Int {
            var random = SeededGenerator(seed: 9)
            let utterance = (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
            let input = MatchInput(utterance, tokenizer: Self.compiled.tokenizer)
            var workspace = MatchWorkspace()
            workspace.beginUtterance(input)
            var run = MatchRun(grammar: Self.compiled, input: input, external: .empty, fuzziness: .none, maxEdits: 0, beamWidth: .max,
                               positionBudget: MatchOptions().positionBudget(beamWidth: .max), workspace: workspace)
            _ = run.simulate(Self.compiled.automaton, from: 0, anywhere: false)
            return run.arena.captures.count
        }
        let (short, long) = (captures(words: 300), captures(words: 600))
        #expect(long < short * 5 / 2, "\(short) captures for 300 words, \(long) for 600")
    }

    /// The captures one simulation makes (each thread that free text brings makes one): twice
    /// the words, about twice the captures (pushed where it started: four times).
    @Test func workGrowsLinearlyWithTheUtterance() {
        func captures(words count: Int) -> Int {
            var random = SeededGenerator(seed: 7)
            let utterance = (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
            let input = MatchInput(utterance, tokenizer: Self.compiled.tokenizer)
            var workspace = MatchWorkspace()
            workspace.beginUtterance(input)
            var run = MatchRun(grammar: Self.compiled, input: input, external: .empty, fuzziness: .none, maxEdits: 0, beamWidth: 16,
                               workspace: workspace)
            _ = run.simulate(Self.compiled.automaton, from: 0, anywhere: false)
            return run.arena.captures.count
        }
        let (short, long) = (captures(words: 400), captures(words: 800))
        #expect(long < short * 5 / 2, "\(short) captures for 400 words, \(long) for 800")
    }
}
