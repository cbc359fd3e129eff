import Dispatch
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// An ``Utterance`` made once is what every stage reads: matching it gives what matching its
/// text gives, its tokens keep apostrophes where the automaton's input splits them, and one
/// utterance (or many) can be matched from many threads at once, with nothing kept between
/// matchings to decide which tokens a matching sees.
struct UtteranceValueTests {
    static let compiled = try! CompiledGrammar(GrammarLoaderTests.grammar("""
        language: en
        intents:
          Search:
            data:
              - sentences:
                  - "(find|look for) {search_query}"
                  - "what's on {search_query}"
          Dim:
            data:
              - sentences: ["set <the> lamp to <brightness>", "dim <the> lamp [to <brightness>]"]
        """))

    static let requests = [
        "find O'Brien's phone", "what's on the radio", "whats on TV", "set the lamp to 40%", "dim my lamp to fifty percent",
        "look for rock 'n' roll", "please find l'été", "nothing matches this", "",
    ]

    static func summary(_ result: MatchResult) -> [String] {
        result.hypotheses.map { "\($0.intent) \($0.ranking) " + $0.slots.map { "\($0.name)=\($0.text)@\($0.span.map { "\($0)" } ?? "-")" }.joined(separator: " ") }
    }

    /// Each request's best reading, matched from its utterance: what the templates say,
    /// apostrophes inside a value kept as written, numbers in digits and words read.
    @Test func anUtteranceIsReadAsItsTextSays() {
        let expected: [String: (intent: String, slot: String, text: String)?] = [
            "find O'Brien's phone": ("Search", "search_query", "O'Brien's phone"),
            "what's on the radio": ("Search", "search_query", "the radio"),
            "set the lamp to 40%": ("Dim", "brightness", "40"),
            "look for rock 'n' roll": ("Search", "search_query", "rock 'n' roll"),
            "nothing matches this": nil,
            "": nil,
        ]
        for (request, want) in expected {
            let utterance = Utterance(request, grammar: Self.compiled)
            #expect(utterance.text == request)
            let best = Self.compiled.match(utterance, options: MatchOptions(fuzziness: .off)).best
            #expect(best?.intent == want?.intent, "\(request)")
            if let want { #expect(best?.slot(want.slot)?.text == want.text, "\(request): \(best?.slots ?? [])") }
            #expect(Self.compiled.mayRead(utterance, found: FoundValues(), options: MatchOptions(fuzziness: .off)) == (want != nil), "\(request)")
        }
    }

    /// The vocabulary's tokens keep a word with an apostrophe whole ("O'Brien's" is one name);
    /// the automaton reads its pieces ("what's" as the template's "what" and "s").
    @Test func tokensKeepApostrophesTheInputSplits() {
        let utterance = Utterance("find O'Brien's phone", grammar: Self.compiled)
        #expect(utterance.tokens.units.map { String(utterance.tokens.original($0)) } == ["find", "O'Brien's", "phone"])
        #expect(utterance.input.tokenized.units.count == 5)
        let plain = Utterance("find the phone", grammar: Self.compiled)
        #expect(plain.tokens.units.count == plain.input.tokenized.units.count)
    }

    /// Eight threads match different utterances, each made once and matched many times: every
    /// answer is the one a single thread gets.
    @Test func utterancesAreMatchedFromManyThreadsAtOnce() {
        let utterances = Self.requests.map { Utterance($0, grammar: Self.compiled) }
        let expected = utterances.map { Self.summary(Self.compiled.match($0)) }
        let mismatches = ResultCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<40 {
                let index = (thread + round) % utterances.count
                if Self.summary(Self.compiled.match(utterances[index])) != expected[index] { mismatches.add() }
            }
        }
        #expect(mismatches.count == 0)
    }
}

/// A count added to from many threads.
private final class ResultCounter: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
