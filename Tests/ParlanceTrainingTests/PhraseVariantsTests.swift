import ParlanceTraining
import Testing

/// An example phrase said the other ways its groups of interchangeable phrases allow.
struct PhraseVariantsTests {
    static let variants = PhraseVariants(groups: [
        [["stop"], ["pause"], ["turn", "off"]],
        [["my"], ["the"]],
        [["podcast"], ["show"], ["episode"]],
    ])

    @Test func onePhraseReplacedAtATime() {
        let found = Self.variants.variants(of: ["stop", "my", "podcast", "in", "0", "minutes"], limit: 20)
        #expect(found.count == 2 + 1 + 2)
        #expect(found.contains(["turn", "off", "my", "podcast", "in", "0", "minutes"]))
        #expect(found.contains(["stop", "the", "podcast", "in", "0", "minutes"]))
        #expect(found.contains(["stop", "my", "episode", "in", "0", "minutes"]))
        // Never two replacements in one variant, never the phrase itself.
        #expect(!found.contains(["pause", "the", "podcast", "in", "0", "minutes"]))
        #expect(!found.contains(["stop", "my", "podcast", "in", "0", "minutes"]))
    }

    /// The longest phrase at a position is the one replaced: "turn off" as a whole, not "turn".
    @Test func theLongestPhraseIsReplaced() {
        let found = Self.variants.variants(of: ["turn", "off", "the", "show"], limit: 20)
        #expect(found.contains(["stop", "the", "show"]))
        #expect(found.contains(["turn", "off", "the", "episode"]))
        #expect(found.count == 2 + 1 + 2)
    }

    /// Variants that differ only in ignored words count once; the limit is kept, spread
    /// over the phrase, the same every time.
    @Test func ignoredWordsAndTheLimit() {
        let words = ["stop", "my", "podcast"]
        let ignoring = Self.variants.variants(of: words, limit: 20, ignoring: ["my", "the"])
        #expect(ignoring.count == 2 + 2)
        let limited = Self.variants.variants(of: words, limit: 2)
        #expect(limited.count == 2)
        #expect(limited == Self.variants.variants(of: words, limit: 2))
        #expect(limited[0].first != limited[1].first || limited[0].last != limited[1].last)
        #expect(Self.variants.variants(of: ["hello"], limit: 5).isEmpty)
        #expect(PhraseVariants(groups: []).variants(of: words, limit: 5).isEmpty)
        // A group of one distinct phrase is no group.
        #expect(PhraseVariants(groups: [[["a"], ["a"]]]).isEmpty)
    }
}
