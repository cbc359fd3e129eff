/// An open-addressing hash table from 64-bit keys to 32-bit values that is cleared in time
/// proportional to what it holds, so a searcher reuses it for every query without
/// allocating (it grows, rarely, when a query needs more room than any before).
final class ScratchTable {
    private var keys: UnsafeMutablePointer<UInt64>  // stored key + 1; 0 is empty
    private(set) var values: UnsafeMutablePointer<UInt32>
    /// The occupied slots, in insertion order.
    private(set) var occupied: UnsafeMutablePointer<Int32>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        var size = 16
        while size < capacity { size <<= 1 }
        self.capacity = size
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        values = .allocate(capacity: size)
        values.initialize(repeating: 0, count: size)
        occupied = .allocate(capacity: size / 2 + 1)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
        occupied.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The slot of `key`, inserting it with `value` if absent; `inserted` tells which.
    @inline(__always)
    func slot(for key: UInt64, insertingValue value: UInt32) -> (slot: Int, inserted: Bool) {
        if (count + 1) * 2 > capacity { grow() }
        let stored = key &+ 1
        var slot = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
        while true {
            let current = keys[slot]
            if current == stored { return (slot, false) }
            if current == 0 {
                keys[slot] = stored
                values[slot] = value
                occupied[count] = Int32(slot)
                count += 1
                return (slot, true)
            }
            slot = (slot + 1) & (capacity - 1)
        }
    }

    /// Stores `value` for `key`, or the smaller of it and the stored value.
    @inline(__always)
    func insertMinimum(_ key: UInt64, _ value: UInt32) {
        let (slot, inserted) = slot(for: key, insertingValue: value)
        if !inserted, value < values[slot] { values[slot] = value }
    }

    /// The key stored in slot `slot`.
    @inline(__always)
    func key(inSlot slot: Int) -> UInt64 { keys[slot] &- 1 }

    /// The slot of the `index`-th key inserted.
    @inline(__always)
    func slot(ofEntry index: Int) -> Int { Int(occupied[index]) }

    func removeAll() {
        for index in 0..<count { keys[Int(occupied[index])] = 0 }
        count = 0
    }

    private func grow() {
        let oldKeys = keys, oldValues = values, oldCapacity = capacity, oldCount = count
        let oldOccupied = occupied
        capacity *= 2
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
        occupied = .allocate(capacity: capacity / 2 + 1)
        count = 0
        for index in 0..<oldCount {
            let slot = Int(oldOccupied[index])
            _ = self.slot(for: oldKeys[slot] &- 1, insertingValue: oldValues[slot])
        }
        _ = oldCapacity
        oldKeys.deallocate()
        oldValues.deallocate()
        oldOccupied.deallocate()
    }
}

/// A growable buffer of trivial values that keeps its memory between queries.
struct ScratchBuffer<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `needed` elements; the contents are not kept.
    @inline(__always)
    mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        base.deallocate()
        while capacity < needed { capacity *= 2 }
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}
