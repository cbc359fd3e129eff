/// A key to sort: its first labels packed (see ``IndexCore/prefix(_:_:_:step:)``) and its number.
struct SortEntry {
    var prefix: UInt64
    var index: UInt32

    /// Sorts keys: a radix sort on the packed prefix (stable passes of 8 bits),
    /// then, in runs that share it, again on the next labels (`prefix(index, depth)` gives
    /// the packed labels from `depth` on), down to runs of a few keys, which `tieBreak`
    /// orders. Names share long prefixes ("maria jose ..."), so one round is not enough.
    /// A million keys in about 100 ms, where a comparison sort took half a second.
    static func sort(_ entries: inout [SortEntry], prefix: (UInt32, Int) -> UInt64, labelsPerPrefix: Int,
                     tieBreak: (SortEntry, SortEntry) -> Bool) {
        var other = entries
        sortRange(&entries, &other, 0..<entries.count, depth: 0, prefix: prefix, labelsPerPrefix: labelsPerPrefix,
                  tieBreak: tieBreak)
    }

    private static func sortRange(_ entries: inout [SortEntry], _ other: inout [SortEntry], _ range: Range<Int>, depth: Int,
                                  prefix: (UInt32, Int) -> UInt64, labelsPerPrefix: Int,
                                  tieBreak: (SortEntry, SortEntry) -> Bool) {
        if depth > 0 {
            for index in range { entries[index].prefix = prefix(entries[index].index, depth) }
        }
        if range.count <= 64 {
            // Short runs: a comparison sort on the cached prefixes (no pool access).
            entries[range].sort { $0.prefix < $1.prefix }
        } else {
            radixSort(&entries, &other, range)
        }
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, entries[end].prefix == entries[start].prefix { end += 1 }
            let lastLabel = entries[start].prefix & ((1 << UInt64(64 / labelsPerPrefix)) - 1)
            if end - start > 16, lastLabel != 0 {
                // The run's keys agree on these labels and go on (the last one is not
                // padding): sort it on the next ones.
                sortRange(&entries, &other, start..<end, depth: depth + labelsPerPrefix, prefix: prefix,
                          labelsPerPrefix: labelsPerPrefix, tieBreak: tieBreak)
            } else if end - start > 1 {
                entries[start..<end].sort(by: tieBreak)
            }
            start = end
        }
    }

    /// Stable passes of 8 bits over `range`, the counts of every byte taken in one pass,
    /// skipping the bytes every prefix shares (the high byte of each label of a small
    /// alphabet).
    private static func radixSort(_ entries: inout [SortEntry], _ other: inout [SortEntry], _ range: Range<Int>) {
        var counts = [Int](repeating: 0, count: 8 * 256)
        var sortedInEntries = true
        entries.withUnsafeMutableBufferPointer { entries in
            other.withUnsafeMutableBufferPointer { other in
                counts.withUnsafeMutableBufferPointer { counts in
                    for index in range {
                        var rest = entries[index].prefix
                        for byte in 0..<8 {
                            counts[byte << 8 | Int(rest & 0xFF)] += 1
                            rest >>= 8
                        }
                    }
                    for byte in 0..<8 {
                        let digits = UnsafeMutableBufferPointer(rebasing: counts[(byte << 8)..<(byte << 8 + 256)])
                        // A byte every prefix has moves nothing.
                        if digits.contains(range.count) { continue }
                        var start = range.lowerBound
                        for digit in 0..<256 {
                            let here = digits[digit]
                            digits[digit] = start
                            start += here
                        }
                        let (source, destination) = sortedInEntries ? (entries, other) : (other, entries)
                        let shift = UInt64(byte * 8)
                        for index in range {
                            let entry = source[index]
                            let digit = Int((entry.prefix >> shift) & 0xFF)
                            destination[digits[digit]] = entry
                            digits[digit] += 1
                        }
                        sortedInEntries.toggle()
                    }
                    if !sortedInEntries {
                        for index in range { entries[index] = other[index] }
                    }
                }
            }
        }
    }
}

/// One key of an item before compiling: where its normalized labels lie in the raw pool,
/// and which item and phrase (or pronunciation) it came from.
struct RawKey {
    var start: UInt32
    var length: UInt32
    var item: UInt32
    /// Index into the item's phrases, then its pronunciations.
    var variant: UInt16
}

/// The compiled search structures of a ``VocabularyIndex``, for one label width.
///
/// - `pool`: every distinct normalized key, back to back, in sorted order; key `k` is
///   `pool[keyStarts[k] ..< keyStarts[k + 1]]`.
/// - `postings`: per key, the (item, variant) pairs that produced it, `keyPostingStarts`
///   delimiting them.
/// - `forward`, `backward`: radix trees of the keys and of the reversed keys, edges pointing
///   into the pool; their postings are key numbers.
/// - `slots`: an open-addressing hash table from key to key number (0 = empty, else
///   key + 1), so an exact lookup costs one hash and usually one comparison.
/// - `postingRanks`: each posting's place in the prefix ranking (priority, source, text);
///   `forwardSubtreeRanks`: per forward node, the best rank of a posting below it, which
///   lets a prefix lookup walk best first and stop after `limit` items.
final class IndexCore<Label: TrieLabel>: Sendable {
    let alphabet: Alphabet?
    let pool: FrozenBuffer<Label>
    let keyStarts: FrozenBuffer<UInt32>
    let keyPostingStarts: FrozenBuffer<UInt32>
    let postingItems: FrozenBuffer<UInt32>
    let postingVariants: FrozenBuffer<UInt16>
    let postingRanks: FrozenBuffer<UInt32>
    let forwardSubtreeRanks: FrozenBuffer<UInt32>
    let forward: RadixTrie<Label>
    let backward: RadixTrie<Label>
    let slots: FrozenBuffer<UInt32>
    /// Nodes with at least this many children get a jump table.
    let jumpFanOut: Int
    /// The length of the longest key.
    let maxKeyLength: Int

    var keyCount: Int { keyStarts.count - 1 }

    var byteCount: Int {
        (alphabet?.byteCount ?? 0) + pool.byteCount + keyStarts.byteCount + keyPostingStarts.byteCount
            + postingItems.byteCount + postingVariants.byteCount + postingRanks.byteCount + forwardSubtreeRanks.byteCount
            + forward.byteCount + backward.byteCount + slots.byteCount
    }

    /// The parts as read back from an image (see ``VocabularyIndex/init(image:source:items:tokenizer:inputs:)``).
    init(alphabet: Alphabet?, pool: FrozenBuffer<Label>, keyStarts: FrozenBuffer<UInt32>, keyPostingStarts: FrozenBuffer<UInt32>,
         postingItems: FrozenBuffer<UInt32>, postingVariants: FrozenBuffer<UInt16>, postingRanks: FrozenBuffer<UInt32>,
         forwardSubtreeRanks: FrozenBuffer<UInt32>, forward: RadixTrie<Label>, backward: RadixTrie<Label>,
         slots: FrozenBuffer<UInt32>, jumpFanOut: Int, maxKeyLength: Int) {
        self.alphabet = alphabet
        self.pool = pool
        self.keyStarts = keyStarts
        self.keyPostingStarts = keyPostingStarts
        self.postingItems = postingItems
        self.postingVariants = postingVariants
        self.postingRanks = postingRanks
        self.forwardSubtreeRanks = forwardSubtreeRanks
        self.forward = forward
        self.backward = backward
        self.slots = slots
        self.jumpFanOut = jumpFanOut
        self.maxKeyLength = maxKeyLength
    }

    /// Compiles `keys`, whose labels lie in `rawPool`; `ranks` are the keys' places in the
    /// prefix ranking.
    init(rawPool: [Label], keys rawKeys: [RawKey], ranks: [UInt32], alphabet: Alphabet?, jumpFanOut: Int) {
        self.alphabet = alphabet
        self.jumpFanOut = jumpFanOut

        // 1. Sort the raw keys by their labels to group equal keys. The first labels,
        //    packed into a word, settle most comparisons without touching the pool.
        var order: [SortEntry] = []
        order.reserveCapacity(rawKeys.count)
        rawPool.withUnsafeBufferPointer { labels in
            for (index, key) in rawKeys.enumerated() {
                order.append(SortEntry(prefix: IndexCore.prefix(labels, Int(key.start), Int(key.length), step: 1),
                                       index: UInt32(index)))
            }
            rawKeys.withUnsafeBufferPointer { keys in
                SortEntry.sort(&order, prefix: { index, depth in
                    let key = keys[Int(index)]
                    return IndexCore.prefix(labels, Int(key.start) + depth, Int(key.length) - depth, step: 1)
                }, labelsPerPrefix: 64 / Label.bitWidth) { left, right in
                    let a = keys[Int(left.index)], b = keys[Int(right.index)]
                    let comparison = IndexCore.compare(labels, Int(a.start), Int(a.length), labels, Int(b.start), Int(b.length))
                    if comparison != 0 { return comparison < 0 }
                    return (a.item, a.variant) < (b.item, b.variant)
                }
            }
        }

        // 2. The distinct keys, in sorted order, become the pool; their postings follow.
        var pool: [Label] = []
        var keyStarts: [UInt32] = [0]
        var keyPostingStarts: [UInt32] = [0]
        var postingItems: [UInt32] = [], postingVariants: [UInt16] = [], postingRanks: [UInt32] = []
        pool.reserveCapacity(rawPool.count)
        postingItems.reserveCapacity(rawKeys.count)
        postingVariants.reserveCapacity(rawKeys.count)
        rawPool.withUnsafeBufferPointer { labels in
            var previous = -1
            var previousPrefix: UInt64 = 0
            for entry in order {
                let index = entry.index
                let key = rawKeys[Int(index)]
                let isNew: Bool
                if previous < 0 || entry.prefix != previousPrefix {
                    isNew = true
                } else {
                    let last = rawKeys[previous]
                    isNew = IndexCore.compare(labels, Int(last.start), Int(last.length), labels, Int(key.start), Int(key.length)) != 0
                }
                if isNew {
                    if previous >= 0 {
                        keyPostingStarts.append(UInt32(postingItems.count))
                    }
                    pool.append(contentsOf: UnsafeBufferPointer(rebasing: labels[Int(key.start)..<Int(key.start + key.length)]))
                    keyStarts.append(UInt32(pool.count))
                }
                postingItems.append(key.item)
                postingVariants.append(key.variant)
                postingRanks.append(ranks[Int(index)])
                previous = Int(index)
                previousPrefix = entry.prefix
            }
            if previous >= 0 { keyPostingStarts.append(UInt32(postingItems.count)) }
        }
        let keyCount = keyStarts.count - 1
        var longest = 0
        for key in 0..<keyCount { longest = Swift.max(longest, Int(keyStarts[key + 1] - keyStarts[key])) }
        maxKeyLength = longest

        // 3. The tries: keys in pool order are already sorted; reversed keys need a sort.
        var forwardKeys: [RadixTrie<Label>.KeyReference] = []
        forwardKeys.reserveCapacity(keyCount)
        for key in 0..<keyCount {
            forwardKeys.append(.init(position: keyStarts[key], length: keyStarts[key + 1] - keyStarts[key], number: UInt32(key)))
        }
        var forwardTrie: RadixTrie<Label>?
        var backwardTrie: RadixTrie<Label>?
        pool.withUnsafeBufferPointer { labels in
            var backwardOrder: [SortEntry] = []
            backwardOrder.reserveCapacity(keyCount)
            for key in forwardKeys {
                let last = Int(key.position) + Int(key.length) - 1
                backwardOrder.append(SortEntry(prefix: IndexCore.prefix(labels, last, Int(key.length), step: -1), index: key.number))
            }
            SortEntry.sort(&backwardOrder, prefix: { index, depth in
                let key = forwardKeys[Int(index)]
                return IndexCore.prefix(labels, Int(key.position + key.length) - 1 - depth, Int(key.length) - depth, step: -1)
            }, labelsPerPrefix: 64 / Label.bitWidth) { a, b in
                let x = forwardKeys[Int(a.index)], y = forwardKeys[Int(b.index)]
                let comparison = IndexCore.compareBackward(labels, Int(x.position + x.length) - 1, Int(x.length),
                                                           Int(y.position + y.length) - 1, Int(y.length))
                return comparison != 0 ? comparison < 0 : a.index < b.index
            }
            let backwardKeys = backwardOrder.map { entry in
                let key = forwardKeys[Int(entry.index)]
                return RadixTrie<Label>.KeyReference(position: key.position &+ key.length &- 1, length: key.length, number: key.number)
            }
            forwardTrie = RadixTrie(pool: labels, sortedKeys: forwardKeys, readsBackward: false, jumpFanOut: jumpFanOut)
            backwardTrie = RadixTrie(pool: labels, sortedKeys: backwardKeys, readsBackward: true, jumpFanOut: jumpFanOut)
        }
        forward = forwardTrie!
        backward = backwardTrie!

        // The best posting rank below every forward node, children (later in breadth-first
        // order) first.
        var keyRanks = [UInt32](repeating: .max, count: keyCount)
        for key in 0..<keyCount {
            for posting in Int(keyPostingStarts[key])..<Int(keyPostingStarts[key + 1]) {
                keyRanks[key] = Swift.min(keyRanks[key], postingRanks[posting])
            }
        }
        let trie = forward
        var subtreeRanks = [UInt32](repeating: .max, count: trie.nodeCount)
        for node in stride(from: trie.nodeCount - 1, through: 0, by: -1) {
            let key = trie.nodes[node].key
            var best = key != RadixTrie<Label>.noKey ? keyRanks[Int(key)] : UInt32.max
            let first = Int(trie.nodes[node].firstChild)
            for child in first..<(first + trie.nodes[node].childCount) { best = Swift.min(best, subtreeRanks[child]) }
            subtreeRanks[node] = best
        }

        // 4. The exact-match hash table, at most two-thirds full (a miss probes about five
        // slots at worst; a table at most half full cost a small index 15 bytes a key).
        var capacity = 16
        while capacity * 2 < keyCount * 3 { capacity <<= 1 }
        var slots = [UInt32](repeating: 0, count: capacity)
        pool.withUnsafeBufferPointer { labels in
            for key in 0..<keyCount {
                let start = Int(keyStarts[key])
                var slot = IndexCore.hash(labels.baseAddress! + start, count: Int(keyStarts[key + 1]) - start) & (capacity - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                slots[slot] = UInt32(key + 1)
            }
        }

        self.pool = FrozenBuffer(pool)
        self.keyStarts = FrozenBuffer(keyStarts)
        self.keyPostingStarts = FrozenBuffer(keyPostingStarts)
        self.postingItems = FrozenBuffer(postingItems)
        self.postingVariants = FrozenBuffer(postingVariants)
        self.postingRanks = FrozenBuffer(postingRanks)
        self.forwardSubtreeRanks = FrozenBuffer(subtreeRanks)
        self.slots = FrozenBuffer(slots)
    }

    /// The label of a scalar: its alphabet code, or the scalar value itself without one.
    @inline(__always)
    func label(for scalar: UInt32) -> Label {
        if let alphabet { return Label(truncatingIfNeeded: alphabet.code(scalar)) }
        return Label(truncatingIfNeeded: scalar)
    }

    /// A key's sort prefix: its first labels (in reading order, `step` ±1) packed into a
    /// word, missing ones as 0, so that comparing prefixes agrees with comparing keys
    /// whenever the prefixes differ.
    @inline(__always)
    static func prefix(_ labels: UnsafeBufferPointer<Label>, _ start: Int, _ length: Int, step: Int) -> UInt64 {
        let width = Label.bitWidth
        var prefix: UInt64 = 0
        for offset in 0..<(64 / width) {
            prefix = width == 64 ? 0 : prefix << UInt64(width)
            if offset < length { prefix |= UInt64(labels[start + step * offset]) }
        }
        return prefix
    }

    /// A 64-bit multiplicative hash of a label sequence (any good mix will do: the table
    /// compares the keys it probes).
    @inline(__always)
    static func hash(_ labels: UnsafePointer<Label>, count: Int) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        for index in 0..<count {
            hash = (hash ^ UInt64(labels[index])) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// Lexicographic comparison of two label ranges (negative, zero, positive).
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<Label>, _ aStart: Int, _ aLength: Int,
                        _ b: UnsafeBufferPointer<Label>, _ bStart: Int, _ bLength: Int) -> Int {
        let common = Swift.min(aLength, bLength)
        var index = 0
        while index < common {
            let x = a[aStart + index], y = b[bStart + index]
            if x != y { return x < y ? -1 : 1 }
            index += 1
        }
        return aLength - bLength
    }

    /// Lexicographic comparison of two reversed keys, given their last positions.
    @inline(__always)
    static func compareBackward(_ labels: UnsafeBufferPointer<Label>, _ aLast: Int, _ aLength: Int,
                                _ bLast: Int, _ bLength: Int) -> Int {
        let common = Swift.min(aLength, bLength)
        var index = 0
        while index < common {
            let x = labels[aLast - index], y = labels[bLast - index]
            if x != y { return x < y ? -1 : 1 }
            index += 1
        }
        return aLength - bLength
    }
}

/// The keys of an ``IndexCore`` as raw pointers, for the search loops (valid while the
/// core lives; no reference counting per access).
struct KeyTableView<Label: TrieLabel> {
    let pool: UnsafePointer<Label>
    let keyStarts: UnsafePointer<UInt32>
    let keyPostingStarts: UnsafePointer<UInt32>
    let postingItems: UnsafePointer<UInt32>
    let postingVariants: UnsafePointer<UInt16>
    let postingRanks: UnsafePointer<UInt32>
    let forwardSubtreeRanks: UnsafePointer<UInt32>
    let slots: UnsafePointer<UInt32>
    let slotMask: Int

    init(_ core: IndexCore<Label>) {
        pool = UnsafePointer(core.pool.base)
        keyStarts = UnsafePointer(core.keyStarts.base)
        keyPostingStarts = UnsafePointer(core.keyPostingStarts.base)
        postingItems = UnsafePointer(core.postingItems.base)
        postingVariants = UnsafePointer(core.postingVariants.base)
        postingRanks = UnsafePointer(core.postingRanks.base)
        forwardSubtreeRanks = UnsafePointer(core.forwardSubtreeRanks.base)
        slots = UnsafePointer(core.slots.base)
        slotMask = core.slots.count - 1
    }

    /// The key equal to `labels`, if any.
    /// - Complexity: one hash of the query and, on average, about one key comparison.
    @inline(__always)
    func exactKey(_ labels: UnsafePointer<Label>, count: Int) -> Int? {
        var slot = IndexCore<Label>.hash(labels, count: count) & slotMask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            let key = entry - 1
            let start = Int(keyStarts[key])
            if Int(keyStarts[key + 1]) - start == count {
                var equal = true
                for index in 0..<count where pool[start + index] != labels[index] {
                    equal = false
                    break
                }
                if equal { return key }
            }
            slot = (slot + 1) & slotMask
        }
    }
}
