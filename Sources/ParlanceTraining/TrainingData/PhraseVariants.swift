/// Says a phrase the other ways a set of interchangeable phrases allows: each variant
/// replaces one phrase of a group with another of the same group ("stop my podcast in 0
/// minutes" → "pause my podcast in 0 minutes", "turn off my podcast in 0 minutes").
///
/// A few example phrases are too little to learn an intent from: the person who wrote two
/// examples of "Stop my podcast in 15 minutes" would have understood "turn off" too. The
/// groups come from whoever knows the language's paraphrases (the engine takes them from
/// its grammar's alternatives, ``ParaphraseGroups``), already read into words as the
/// ranker reads them (``IntentRanker/words(of:tokenizer:numbers:)``).
///
/// ```swift
/// let variants = PhraseVariants(groups: [[["stop"], ["pause"], ["turn", "off"]]])
/// variants.variants(of: ["stop", "my", "podcast"], limit: 8)
/// // [["pause", "my", "podcast"], ["turn", "off", "my", "podcast"]]
/// ```
public struct PhraseVariants: Sendable {
    /// Each group's phrases, in words.
    private let groups: [[[String]]]
    /// The groups holding each phrase.
    private let groupsByPhrase: [[String]: [Int]]
    /// The most words of a phrase in any group.
    private let longestPhrase: Int

    public init(groups: [[[String]]]) {
        var kept: [[[String]]] = []
        var byPhrase: [[String]: [Int]] = [:]
        var longest = 0
        for group in groups {
            var distinct: [[String]] = []
            for phrase in group where !phrase.isEmpty && !distinct.contains(phrase) { distinct.append(phrase) }
            guard distinct.count >= 2 else { continue }
            for phrase in distinct {
                byPhrase[phrase, default: []].append(kept.count)
                longest = max(longest, phrase.count)
            }
            kept.append(distinct)
        }
        self.groups = kept
        groupsByPhrase = byPhrase
        longestPhrase = longest
    }

    /// Whether there is no group.
    public var isEmpty: Bool { groups.isEmpty }

    /// Up to `limit` distinct variants of `words`, each with one phrase replaced: at each
    /// position the longest phrase of any group that starts there, replaced in turn by the
    /// other phrases of its groups. Two variants that differ only in `ignoring` words (words
    /// that are no evidence to the caller) count as one, and so does a variant that reads as
    /// `words`. When there are more than `limit`, they are taken evenly across the phrase
    /// (deterministic: the same variants for the same words).
    ///
    /// - Complexity: O(words × longest phrase + variants × words).
    public func variants(of words: [String], limit: Int, ignoring: Set<String> = []) -> [[String]] {
        guard limit > 0, !groups.isEmpty else { return [] }
        func evidence(_ words: [String]) -> [String] { ignoring.isEmpty ? words : words.filter { !ignoring.contains($0) } }
        var seen: Set<[String]> = [evidence(words)]
        var found: [[String]] = []
        for start in words.indices {
            for length in stride(from: min(longestPhrase, words.count - start), through: 1, by: -1) {
                let phrase = Array(words[start..<(start + length)])
                guard let holding = groupsByPhrase[phrase] else { continue }
                for group in holding {
                    for other in groups[group] where other != phrase {
                        let variant = Array(words[..<start]) + other + Array(words[(start + length)...])
                        if seen.insert(evidence(variant)).inserted { found.append(variant) }
                    }
                }
                break
            }
        }
        guard found.count > limit else { return found }
        return (0..<limit).map { found[$0 * found.count / limit] }
    }
}
