/// An open-addressing hash table from 64-bit keys to indices, for the matcher's
/// deduplication: threads by (position, state, captures), captures by content.
///
/// The standard `Dictionary` hashes with SipHash, seeded per process, which is most of the
/// cost of a lookup this small; keys here are plain integers the matcher made itself, so an
/// unseeded integer finalizer spreads them well enough.
/// Linear probing; the table doubles when half full. An empty table holds no storage until
/// its first insertion, so tables kept for reuse cost nothing until used.
struct ProbeTable {
    private var keys: [UInt64]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    /// The value that marks an empty slot.
    private static let empty: Int32 = -1

    /// An empty table, with no storage.
    init() {
        keys = []
        values = []
        mask = 0
    }

    /// An empty table with room for `capacity` entries before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: ProbeTable.empty, count: size)
        mask = size - 1
    }

    /// MurmurHash3's 64-bit finalizer: every bit of the key reaches the low bits the mask
    /// keeps. (A single multiply leaves the low bits depending on the key's low bits only,
    /// and the matcher's keys pack position, start or number in their high bits: captures
    /// and threads that differed only there all landed in one probe chain.)
    @inline(__always)
    static func hash(_ key: UInt64) -> Int {
        var h = key
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h)
    }

    /// The value stored under `key` for which `matches` holds, if any.
    ///
    /// `matches` decides equality where keys are fingerprints of larger values: it is asked
    /// about each value stored under an equal key.
    @inline(__always)
    func find(_ key: UInt64, matches: (Int32) -> Bool) -> Int32? {
        guard count > 0 else { return nil }
        var slot = ProbeTable.hash(key) & mask
        while values[slot] != ProbeTable.empty {
            if keys[slot] == key, matches(values[slot]) { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` under `key` (beside any value already there).
    @inline(__always)
    mutating func insert(_ key: UInt64, _ value: Int32) {
        if keys.isEmpty { self = ProbeTable(capacity: 32) }
        var slot = ProbeTable.hash(key) & mask
        while values[slot] != ProbeTable.empty { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        guard count > 0 else { return }
        values.withUnsafeMutableBufferPointer { $0.update(repeating: ProbeTable.empty) }
        count = 0
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: ProbeTable.empty, count: oldKeys.count * 2)
        mask = keys.count - 1
        for index in oldKeys.indices where oldValues[index] != ProbeTable.empty {
            var slot = ProbeTable.hash(oldKeys[index]) & mask
            while values[slot] != ProbeTable.empty { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            values[slot] = oldValues[index]
        }
    }
}
