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

    /// A random utterance of 1 to `most` of ``words``.
    static func randomUtterance(_ random: inout SeededGenerator, most: Int) -> String {
        let count = 1 + random.next(below: most)
        return (0..<count).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
    }

    /// Matches `count` random utterances with `reference` and `candidate`, expecting the same
    /// hypotheses; returns how many had any.
    static func compareReadings(seed: UInt64, count: Int, _ reference: MatchOptions, _ candidate: MatchOptions) -> Int {
        var random = SeededGenerator(seed: seed)
        var compared = 0
        for _ in 0..<count {
            let utterance = randomUtterance(&random, most: 24)
            let expected = summary(compiled.match(utterance, options: reference))
            #expect(summary(compiled.match(utterance, options: candidate)) == expected, "\(utterance), limit \(reference.limit)")
            compared += expected.isEmpty ? 0 : 1
        }
        return compared
    }

    @Test(arguments: [RankingOrder.hassil, .leastUnexplained])
    func freeTextPushedWhereItEndsKeepsTheHypotheses(order: RankingOrder) {
        var compared = 0
        for limit in [1, 8] {
            var eager = MatchOptions(fuzziness: .off, limit: limit)
            eager.order = order
            eager.freeTextPushing = .whereItStarts
            var deferred = eager
            deferred.freeTextPushing = .whereItEnds
            compared += Self.compareReadings(seed: 41, count: 400, eager, deferred)
        }
        #expect(compared > 400)
    }

    /// Without a beam (a grammar with context rules or a preferred slot), free text is
    /// pushed where it ends too, under the position budget: the same hypotheses as every
    /// end pushed where the free text starts, with no budget.
    @Test(arguments: [RankingOrder.hassil, .leastUnexplained])
    func withoutABeamTheBudgetKeepsTheHypotheses(order: RankingOrder) {
        var plain = MatchOptions(fuzziness: .off, limit: 8)
        plain.order = order
        plain.beamWidth = .max
        plain.positionBudget = .max
        plain.freeTextPushing = .whereItStarts
        var budgeted = plain
        budgeted.positionBudget = nil
        budgeted.freeTextPushing = .whereItEnds
        #expect(Self.compareReadings(seed: 43, count: 200, plain, budgeted) > 100)
    }

    /// In the order that puts unexplained characters first (``RankingOrder/leastUnexplained``),
    /// the hypotheses come sorted by template word edits, then free text plus value edits;
    /// and a beam of two paths per state finds a best reading as good, in that order, as
    /// one with no beam.
    @Test func leastUnexplainedRanksAndCutsByWhatIsLeftUnexplained() {
        var random = SeededGenerator(seed: 53)
        var found = 0, differ = 0
        for _ in 0..<300 {
            let utterance = Self.randomUtterance(&random, most: 12)
            var open = MatchOptions(fuzziness: .off, limit: 8)
            open.order = .leastUnexplained
            open.beamWidth = .max
            open.positionBudget = .max
            let all = Self.compiled.match(utterance, options: open).hypotheses
            let keys = all.map { ($0.ranking.wordEdits, $0.ranking.wildcardScalars + $0.ranking.valueEdits) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }, "\(utterance): \(keys)")
            var narrow = open
            narrow.beamWidth = 2
            guard let best = all.first else { continue }
            let kept = try! #require(Self.compiled.match(utterance, options: narrow).best, "\(utterance): nothing under the beam")
            #expect(kept.ranking.wordEdits == best.ranking.wordEdits
                        && kept.ranking.wildcardScalars + kept.ranking.valueEdits == best.ranking.wildcardScalars + best.ranking.valueEdits,
                    "\(utterance): \(kept.ranking) under the beam, \(best.ranking) without")
            var hassil = open
            hassil.order = .hassil
            if Self.compiled.match(utterance, options: hassil).best?.ranking.wildcardScalars != best.ranking.wildcardScalars { differ += 1 }
            found += 1
        }
        // The orders disagree on some utterances, or the test would not tell them apart.
        #expect(found > 100 && differ > 0, "found \(found), differ \(differ)")
    }

    /// A budget narrower than a position's threads keeps the best of them: the best
    /// hypothesis is never better than with no budget, and a budget of two still reads many.
    @Test func aNarrowBudgetKeepsTheBestPaths() {
        var random = SeededGenerator(seed: 47)
        var found = 0
        for _ in 0..<200 {
            let utterance = Self.randomUtterance(&random, most: 16)
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

    /// The captures one simulation of `count` random words makes (each thread that free
    /// text brings makes one), with the position budget `positionBudget` gives for the
    /// utterance's positions.
    static func captures(words count: Int, seed: UInt64, beamWidth: Int, positionBudget: (_ positions: Int) -> Int = { _ in .max }) -> Int {
        var random = SeededGenerator(seed: seed)
        let utterance = (0..<count).map { _ in words[random.next(below: words.count)] }.joined(separator: " ")
        let input = MatchInput(utterance, tokenizer: compiled.tokenizer)
        var workspace = MatchWorkspace()
        workspace.beginUtterance(input)
        var run = MatchRun(grammar: compiled, input: input, external: .empty, fuzziness: .none, maxEdits: 0, beamWidth: beamWidth,
                           positionBudget: positionBudget(input.count), workspace: workspace)
        _ = run.simulate(compiled.automaton, from: 0, anywhere: false)
        return run.arena.captures.count
    }

    /// With no beam: twice the words, about twice the captures (before the budget, every
    /// wildcard start pushed every later end: four times).
    @Test func workGrowsLinearlyWithoutABeam() {
        let budget = MatchOptions().positionBudget(beamWidth: .max, positions: 0)
        let (short, long) = (Self.captures(words: 300, seed: 9, beamWidth: .max, positionBudget: { _ in budget }),
                             Self.captures(words: 600, seed: 9, beamWidth: .max, positionBudget: { _ in budget }))
        #expect(long < short * 5 / 2, "\(short) captures for 300 words, \(long) for 600")
    }

    /// The default position budget is whole up to 256 positions (longer than any request of
    /// the corpora); a longer utterance shares 256 positions' worth evenly, never under the
    /// floor; a budget the caller sets is kept.
    @Test func theDefaultBudgetIsAShareOfTheUtterances() {
        let options = MatchOptions()
        #expect(options.positionBudget(beamWidth: .max, positions: 40) == 1024)
        #expect(options.positionBudget(beamWidth: 16, positions: 256) == 1024)
        #expect(options.positionBudget(beamWidth: 32, positions: 128) == 2048)
        #expect(options.positionBudget(beamWidth: 32, positions: 1024) == 512)
        #expect(options.positionBudget(beamWidth: .max, positions: 2048) == 128)
        #expect(options.positionBudget(beamWidth: .max, positions: 1_000_000) == MatchOptions.leastPositionBudget)
        var set = options
        set.positionBudget = .max
        #expect(set.positionBudget(beamWidth: .max, positions: 1_000_000) == .max)
    }

    /// Long utterances without a beam, where a permutation of wildcards keeps many states
    /// alive at every position: past the utterance's budget, twice the words make about the
    /// same work (each position's share halves), and the utterance is still read.
    @Test func longUtterancesShareTheBudget() {
        let shared = { (positions: Int) in MatchOptions().positionBudget(beamWidth: .max, positions: positions) }
        let (short, long) = (Self.captures(words: 800, seed: 5, beamWidth: .max, positionBudget: shared),
                             Self.captures(words: 1600, seed: 5, beamWidth: .max, positionBudget: shared))
        #expect(long < short * 5 / 4, "\(short) captures for 800 words, \(long) for 1,600")
        var random = SeededGenerator(seed: 5)
        let utterance = (0..<1600).map { _ in Self.words[random.next(below: Self.words.count)] }.joined(separator: " ")
        var options = MatchOptions(fuzziness: .off, limit: 1)
        options.beamWidth = .max
        #expect(Self.compiled.match(utterance, options: options).best != nil)
    }

    /// Under the beam: twice the words, about twice the captures (pushed where it started:
    /// four times).
    @Test func workGrowsLinearlyWithTheUtterance() {
        let (short, long) = (Self.captures(words: 400, seed: 7, beamWidth: 16), Self.captures(words: 800, seed: 7, beamWidth: 16))
        #expect(long < short * 5 / 2, "\(short) captures for 400 words, \(long) for 800")
    }
}
