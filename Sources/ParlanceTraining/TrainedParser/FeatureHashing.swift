/// Feature keys as 64-bit hashes, so the fallback's models never build a string while
/// parsing: a feature is a template number combined with the hashes of the words (or
/// shapes, affixes, slots) it looks at, and a ``FeatureTable`` maps the keys seen in
/// training to weight rows.
///
/// The hashes are fixed functions (FNV-1a over Unicode scalars, the SplitMix64 finalizer to
/// combine), not Swift's per-process seeded `Hasher`, so feature ids, and with them
/// training, are the same in every run.
enum FeatureHash {
    static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of a scalar sequence.
    @inline(__always)
    static func scalars<S: Sequence>(_ scalars: S) -> UInt64 where S.Element == Unicode.Scalar {
        var hash = offset
        for scalar in scalars { hash = (hash ^ UInt64(scalar.value)) &* prime }
        return mix(hash)
    }

    /// The hash of a string's scalars.
    static func string(_ text: String) -> UInt64 { scalars(text.unicodeScalars) }

    /// Two hashes (or a template number and a hash) combined; order matters.
    @inline(__always)
    static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        mix(a &* 0x9E37_79B9_7F4A_7C15 ^ (b &+ 0x632B_E59B_D9B4_E019))
    }

    /// Three values combined.
    @inline(__always)
    static func combine(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 { combine(combine(a, b), c) }

    /// The SplitMix64 finalizer: every input bit moves every output bit.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Feature keys → dense ids: an open-addressing table (linear probing, at most half full)
/// over flat arrays, built once in training and only read while parsing.
struct FeatureTable: Sendable {
    private(set) var keys: [UInt64]
    private(set) var ids: [Int32]
    private var mask: Int
    /// Keys stored, which are the ids 0..<count.
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        keys = [UInt64](repeating: 0, count: size)
        ids = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The id of a key, or -1 when training never saw it.
    @inline(__always)
    func id(_ key: UInt64) -> Int32 {
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let id = ids[slot]
            if id < 0 || keys[slot] == key { return id }
            slot = (slot + 1) & mask
        }
    }

    /// The id of a key, added with the next id when new.
    mutating func insert(_ key: UInt64) -> Int32 {
        var slot = Int(truncatingIfNeeded: key) & mask
        while ids[slot] >= 0 {
            if keys[slot] == key { return ids[slot] }
            slot = (slot + 1) & mask
        }
        let id = Int32(count)
        keys[slot] = key
        ids[slot] = id
        count += 1
        if 2 * count > keys.count { grow() }
        return id
    }

    /// The table of the keys whose ids `keep` accepts, with new ids in the old order, and
    /// each old id's new id (-1 when dropped).
    func filtered(_ keep: (Int32) -> Bool) -> (table: FeatureTable, ids: [Int32]) {
        var byId = [UInt64](repeating: 0, count: count)
        for slot in ids.indices where ids[slot] >= 0 { byId[Int(ids[slot])] = keys[slot] }
        let kept = (0..<count).map { keep(Int32($0)) }
        // Sized for the keys kept, not for all (dropping the features seen once leaves a
        // quarter of them: a table sized for all would be four times emptier, and so would
        // a saved model's).
        var table = FeatureTable(capacity: kept.reduce(0) { $0 + ($1 ? 1 : 0) })
        var mapping = [Int32](repeating: -1, count: count)
        for id in byId.indices where kept[id] { mapping[id] = table.insert(byId[id]) }
        return (table, mapping)
    }

    /// A table of stored slots (as ``keys`` and ``ids`` give them), checked by the caller:
    /// a power-of-two size, ids 0..<count each once.
    init(keys: [UInt64], ids: [Int32], count: Int) {
        self.keys = keys
        self.ids = ids
        mask = keys.count - 1
        self.count = count
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldIds = ids
        keys = [UInt64](repeating: 0, count: 2 * oldKeys.count)
        ids = [Int32](repeating: -1, count: 2 * oldKeys.count)
        mask = keys.count - 1
        for index in oldKeys.indices where oldIds[index] >= 0 {
            var slot = Int(truncatingIfNeeded: oldKeys[index]) & mask
            while ids[slot] >= 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            ids[slot] = oldIds[index]
        }
    }
}
