/// The template words within their edit budget of a word, by the word's scalars: what
/// ``MatchRun``'s corrections of a word found, kept for the next utterance that says it.
///
/// A word's corrections depend on the grammar and the word alone (its scalars from where a
/// correction starts to the end of the unit, and the budget of the whole word when it
/// starts inside one), not on the utterance around it. A parse reads utterances that share
/// most of their words: an app's name lifted out of the text in several ways, each read with
/// corrections, and the same request again in the next parse ("send", "my", "to"). The
/// fuzzy walk of the grammar's word trie is a parse's dearest step where nothing matches as
/// written, so each word is walked once and its corrections found by a hash of its scalars
/// after that.
///
/// Bounded: emptied when it holds ``limit`` words, or their scalars (8 a word on average)
/// or corrections (16 a word) would pass their limits, so a workspace's memo stays under
/// half a megabyte (a workspace serves one grammar, and a couple of thousand words cover
/// what a language's requests say often).
struct CorrectionMemo {
    /// A word's corrections: the template word (piece), where in the word it ends (scalars
    /// from the start), and its edits.
    typealias Correction = (piece: Int32, column: Int32, edits: UInt8)

    private struct Entry {
        var keyStart: Int32
        var keyCount: Int32
        var budget: Int32
        var corrections: Range<Int32>
    }

    private var table = ProbeTable()
    private var entries: [Entry] = []
    private var keys: [UInt32] = []
    private(set) var corrections: [Correction] = []

    /// The words kept before the memo is emptied.
    static let limit = 2048

    private static func hash(_ word: UnsafeBufferPointer<UInt32>, budget: Int) -> UInt64 {
        // FNV-1a over the scalars and the budget (ProbeTable mixes the result again).
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(budget)
        for scalar in word { h = (h ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// The range of ``corrections`` kept for `word` with `budget`, if known.
    func find(_ word: UnsafeBufferPointer<UInt32>, budget: Int) -> Range<Int>? {
        guard !entries.isEmpty else { return nil }
        let found = table.find(CorrectionMemo.hash(word, budget: budget)) { index in
            let entry = entries[Int(index)]
            guard entry.budget == Int32(budget), entry.keyCount == Int32(word.count) else { return false }
            return keys.withUnsafeBufferPointer { keys in
                UnsafeBufferPointer(rebasing: keys[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)]).elementsEqual(word)
            }
        }
        return found.map { Int(entries[Int($0)].corrections.lowerBound)..<Int(entries[Int($0)].corrections.upperBound) }
    }

    /// Keeps `found` as `word`'s corrections with `budget`.
    mutating func insert(_ word: UnsafeBufferPointer<UInt32>, budget: Int, _ found: some Collection<Correction>) {
        if entries.count >= CorrectionMemo.limit || keys.count + word.count > 8 * CorrectionMemo.limit
            || corrections.count + found.count > 16 * CorrectionMemo.limit {
            table.removeAll()
            entries.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            corrections.removeAll(keepingCapacity: true)
        }
        let start = corrections.count
        corrections.append(contentsOf: found)
        entries.append(Entry(keyStart: Int32(keys.count), keyCount: Int32(word.count), budget: Int32(budget),
                             corrections: Int32(start)..<Int32(corrections.count)))
        keys.append(contentsOf: word)
        table.insert(CorrectionMemo.hash(word, budget: budget), Int32(entries.count - 1))
    }
}
