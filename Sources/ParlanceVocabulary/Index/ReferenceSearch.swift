/// The naive reference beside the fast paths: full-table distance and a linear scan over
/// every key. The tests require the index to agree with it exactly; it is also what the
/// benchmarks compare recall against. Slow on purpose: nothing clever to get wrong.
enum ReferenceSearch {
    /// The optimal-string-alignment distance (Levenshtein with adjacent transpositions, no
    /// substring edited twice), by the full (|a|+1) × (|b|+1) table.
    static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        let n = a.count, m = b.count
        if n == 0 { return m }
        if m == 0 { return n }
        let width = m + 1
        var table = [Int](repeating: 0, count: (n + 1) * width)
        for i in 0...n { table[i * width] = i }
        for j in 0...m { table[j] = j }
        for i in 1...n {
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1,
                               table[(i - 1) * width + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[(i - 2) * width + j - 2] + 1)
                }
                table[i * width + j] = best
            }
        }
        return table[n * width + m]
    }

    /// One indexed (item, phrase or pronunciation) entry, normalized.
    struct Entry {
        var item: Int
        var variant: Int
        var key: [UInt32]
    }

    /// The entries of an index, normalized exactly as the index normalizes them.
    static func entries(of index: VocabularyIndex) -> [Entry] {
        var entries: [Entry] = []
        for (itemIndex, item) in index.items.enumerated() {
            for variant in 0..<item.variantCount {
                let text = item.text(ofVariant: variant)
                for key in KeyNormalization.keys(of: index.tokenizer.tokenize(text), normalizer: index.tokenizer.normalizer) {
                    entries.append(Entry(item: itemIndex, variant: variant, key: key))
                }
            }
        }
        return entries
    }

    /// Every item within the policy's budget of one of the `queries` (the keys of one
    /// query), one match per item (fewest edits, then earliest phrase), ranked like the
    /// index without a written query; `.closest` keeps the smallest distance.
    static func lookup(_ queries: [[UInt32]], in index: VocabularyIndex, entries: [Entry], policy: EditPolicy,
                       verbosity: LookupVerbosity, limit: Int) -> [VocabularyMatch] {
        var all: [Int: VocabularyMatch] = [:]
        for query in queries {
            for match in lookup(query, in: index, entries: entries, policy: policy, verbosity: .all, limit: .max) {
                if let current = all[match.itemIndex], current.edits <= match.edits { continue }
                all[match.itemIndex] = match
            }
        }
        var matches = Array(all.values)
        if verbosity != .all, let nearest = matches.map(\.edits).min() { matches.removeAll { $0.edits > nearest } }
        matches.sort { $0.ranks(before: $1) }
        return Array(matches.prefix(verbosity == .top ? min(limit, 1) : limit))
    }

    /// Every item within the policy's budget of `query`, one match per item (fewest edits,
    /// then earliest phrase), ranked like the index; `.closest` keeps the smallest distance.
    static func lookup(_ query: [UInt32], in index: VocabularyIndex, entries: [Entry], policy: EditPolicy,
                       verbosity: LookupVerbosity, limit: Int) -> [VocabularyMatch] {
        let budget = policy.maxEdits(forKeyLength: query.count)
        var best: [Int: (edits: Int, variant: Int)] = [:]
        for entry in entries {
            let edits = distance(query, entry.key)
            guard edits <= budget else { continue }
            if let current = best[entry.item], (current.edits, current.variant) <= (edits, entry.variant) { continue }
            best[entry.item] = (edits, entry.variant)
        }
        var matches = best.map { item, found in
            let text = index.items[item].text(ofVariant: found.variant)
            return VocabularyMatch(
                itemIndex: item, identifier: index.items[item].identifier, type: index.items[item].type,
                source: index.items[item].source, priority: index.items[item].priority, matchedText: text,
                isPronunciation: found.variant >= index.items[item].phraseCount, edits: found.edits)
        }
        if verbosity != .all, let nearest = matches.map(\.edits).min() {
            matches.removeAll { $0.edits > nearest }
        }
        matches.sort { $0.ranks(before: $1) }
        let kept = verbosity == .top ? min(limit, 1) : limit
        return Array(matches.prefix(kept))
    }
}
