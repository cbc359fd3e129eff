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
final class IndexCore<Label: TrieLabel>: Sendable {
    let alphabet: Alphabet?
    let pool: FrozenBuffer<Label>
    let keyStarts: FrozenBuffer<UInt32>
    let keyPostingStarts: FrozenBuffer<UInt32>
    let postingItems: FrozenBuffer<UInt32>
    let postingVariants: FrozenBuffer<UInt16>
    let forward: RadixTrie<Label>
    let backward: RadixTrie<Label>
    let slots: FrozenBuffer<UInt32>
    /// Nodes with at least this many children get a jump table.
    let jumpFanOut: Int

    var keyCount: Int { keyStarts.count - 1 }

    var byteCount: Int {
        (alphabet?.byteCount ?? 0) + pool.byteCount + keyStarts.byteCount + keyPostingStarts.byteCount
            + postingItems.byteCount + postingVariants.byteCount + forward.byteCount + backward.byteCount + slots.byteCount
    }

    /// Compiles `keys`, whose labels lie in `rawPool`.
    init(rawPool: [Label], keys rawKeys: [RawKey], alphabet: Alphabet?, jumpFanOut: Int) {
        self.alphabet = alphabet
        self.jumpFanOut = jumpFanOut

        // 1. Sort the raw keys by their labels to group equal keys.
        var order = Array(0..<UInt32(rawKeys.count))
        rawPool.withUnsafeBufferPointer { labels in
            rawKeys.withUnsafeBufferPointer { keys in
                order.sort { left, right in
                    let a = keys[Int(left)], b = keys[Int(right)]
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
        var postingItems: [UInt32] = [], postingVariants: [UInt16] = []
        pool.reserveCapacity(rawPool.count / 2 + 16)
        postingItems.reserveCapacity(rawKeys.count)
        postingVariants.reserveCapacity(rawKeys.count)
        rawPool.withUnsafeBufferPointer { labels in
            var previous = -1
            for index in order {
                let key = rawKeys[Int(index)]
                let isNew: Bool
                if previous < 0 {
                    isNew = true
                } else {
                    let last = rawKeys[previous]
                    isNew = IndexCore.compare(labels, Int(last.start), Int(last.length), labels, Int(key.start), Int(key.length)) != 0
                }
                if isNew {
                    if previous >= 0 {
                        keyPostingStarts.append(UInt32(postingItems.count))
                    }
                    pool.append(contentsOf: labels[Int(key.start)..<Int(key.start + key.length)])
                    keyStarts.append(UInt32(pool.count))
                }
                postingItems.append(key.item)
                postingVariants.append(key.variant)
                previous = Int(index)
            }
            if previous >= 0 { keyPostingStarts.append(UInt32(postingItems.count)) }
        }
        let keyCount = keyStarts.count - 1

        // 3. The tries: keys in pool order are already sorted; reversed keys need a sort.
        var forwardKeys: [RadixTrie<Label>.KeyReference] = []
        forwardKeys.reserveCapacity(keyCount)
        for key in 0..<keyCount {
            forwardKeys.append(.init(position: keyStarts[key], length: keyStarts[key + 1] - keyStarts[key], posting: UInt32(key)))
        }
        var backwardKeys = forwardKeys.map { key in
            RadixTrie<Label>.KeyReference(position: key.position &+ key.length &- 1, length: key.length, posting: key.posting)
        }
        var forwardTrie: RadixTrie<Label>?
        var backwardTrie: RadixTrie<Label>?
        pool.withUnsafeBufferPointer { labels in
            backwardKeys.sort { a, b in
                let comparison = IndexCore.compareBackward(labels, Int(a.position), Int(a.length), Int(b.position), Int(b.length))
                return comparison != 0 ? comparison < 0 : a.posting < b.posting
            }
            forwardTrie = RadixTrie(pool: labels, sortedKeys: forwardKeys, readsBackward: false, jumpFanOut: jumpFanOut)
            backwardTrie = RadixTrie(pool: labels, sortedKeys: backwardKeys, readsBackward: true, jumpFanOut: jumpFanOut)
        }
        forward = forwardTrie!
        backward = backwardTrie!

        // 4. The exact-match hash table, at most half full.
        var capacity = 16
        while capacity < keyCount * 2 { capacity <<= 1 }
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
        self.slots = FrozenBuffer(slots)
    }

    /// The label of a scalar: its alphabet code, or the scalar value itself without one.
    @inline(__always)
    func label(for scalar: UInt32) -> Label {
        if let alphabet { return Label(truncatingIfNeeded: alphabet.code(scalar)) }
        return Label(truncatingIfNeeded: scalar)
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
    let slots: UnsafePointer<UInt32>
    let slotMask: Int

    init(_ core: IndexCore<Label>) {
        pool = UnsafePointer(core.pool.base)
        keyStarts = UnsafePointer(core.keyStarts.base)
        keyPostingStarts = UnsafePointer(core.keyPostingStarts.base)
        postingItems = UnsafePointer(core.postingItems.base)
        postingVariants = UnsafePointer(core.postingVariants.base)
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
