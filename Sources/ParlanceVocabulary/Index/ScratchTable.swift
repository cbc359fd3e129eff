/// Per-query scratch memory that a searcher reuses for every query.
///
/// These are handles to manually managed storage: copying one copies the handle, and the
/// owner frees it with `deallocate()`. The indirection is deliberate. Stored `var`s of a
/// class get a dynamic exclusivity check on every access (about 20 ns each, which was
/// most of an exact lookup); memory behind a pointer does not.

/// An open-addressing hash table from 64-bit keys to 32-bit values, cleared in time
/// proportional to what it holds; it grows, rarely, when a query needs more room than any
/// before.
struct ScratchTable {
    private struct Storage {
        var keys: UnsafeMutablePointer<UInt64>  // stored key + 1; 0 is empty
        var values: UnsafeMutablePointer<UInt32>
        var occupied: UnsafeMutablePointer<Int32>  // slots in insertion order
        var count: Int
        var capacity: Int
    }

    private let storage: UnsafeMutablePointer<Storage>

    init(capacity: Int = 256) {
        var size = 16
        while size < capacity { size <<= 1 }
        storage = .allocate(capacity: 1)
        storage.initialize(to: ScratchTable.makeStorage(capacity: size))
    }

    private static func makeStorage(capacity: Int) -> Storage {
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        let values = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
        return Storage(keys: keys, values: values, occupied: .allocate(capacity: capacity / 2 + 1), count: 0, capacity: capacity)
    }

    func deallocate() {
        storage.pointee.keys.deallocate()
        storage.pointee.values.deallocate()
        storage.pointee.occupied.deallocate()
        storage.deallocate()
    }

    var count: Int { storage.pointee.count }
    var isEmpty: Bool { storage.pointee.count == 0 }
    var values: UnsafeMutablePointer<UInt32> { storage.pointee.values }

    /// The slot of `key`, inserting it with `value` if absent; `inserted` tells which.
    @inline(__always)
    func slot(for key: UInt64, insertingValue value: UInt32) -> (slot: Int, inserted: Bool) {
        if (storage.pointee.count + 1) * 2 > storage.pointee.capacity { grow() }
        let table = storage.pointee
        let stored = key &+ 1
        let mask = table.capacity - 1
        var slot = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while true {
            let current = table.keys[slot]
            if current == stored { return (slot, false) }
            if current == 0 {
                table.keys[slot] = stored
                table.values[slot] = value
                table.occupied[table.count] = Int32(slot)
                storage.pointee.count = table.count + 1
                return (slot, true)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for `key`, or the smaller of it and the stored value.
    @inline(__always)
    func insertMinimum(_ key: UInt64, _ value: UInt32) {
        let (slot, inserted) = slot(for: key, insertingValue: value)
        if !inserted, value < storage.pointee.values[slot] { storage.pointee.values[slot] = value }
    }

    /// The key stored in slot `slot`.
    @inline(__always)
    func key(inSlot slot: Int) -> UInt64 { storage.pointee.keys[slot] &- 1 }

    /// The slot of the `index`-th key inserted.
    @inline(__always)
    func slot(ofEntry index: Int) -> Int { Int(storage.pointee.occupied[index]) }

    func removeAll() {
        let table = storage.pointee
        for index in 0..<table.count { table.keys[Int(table.occupied[index])] = 0 }
        storage.pointee.count = 0
    }

    private func grow() {
        let old = storage.pointee
        storage.pointee = ScratchTable.makeStorage(capacity: old.capacity * 2)
        for index in 0..<old.count {
            let slot = Int(old.occupied[index])
            _ = self.slot(for: old.keys[slot] &- 1, insertingValue: old.values[slot])
        }
        old.keys.deallocate()
        old.values.deallocate()
        old.occupied.deallocate()
    }
}

/// A growable buffer of trivial values.
struct ScratchBuffer<Element> {
    private struct Storage {
        var base: UnsafeMutablePointer<Element>
        var capacity: Int
        var count: Int
    }

    private let storage: UnsafeMutablePointer<Storage>

    init(capacity: Int) {
        let capacity = Swift.max(capacity, 1)
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(base: .allocate(capacity: capacity), capacity: capacity, count: 0))
    }

    func deallocate() {
        storage.pointee.base.deallocate()
        storage.deallocate()
    }

    @inline(__always) var base: UnsafeMutablePointer<Element> { storage.pointee.base }

    @inline(__always)
    var count: Int {
        get { storage.pointee.count }
        nonmutating set { storage.pointee.count = newValue }
    }

    /// Makes room for `needed` elements; the contents are not kept.
    @inline(__always)
    func reserve(_ needed: Int) {
        guard needed > storage.pointee.capacity else { return }
        var capacity = storage.pointee.capacity
        while capacity < needed { capacity *= 2 }
        storage.pointee.base.deallocate()
        storage.pointee.base = .allocate(capacity: capacity)
        storage.pointee.capacity = capacity
    }

    @inline(__always)
    func append(_ element: Element) {
        let buffer = storage.pointee
        if buffer.count == buffer.capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: buffer.capacity * 2)
            grown.moveInitialize(from: buffer.base, count: buffer.count)
            buffer.base.deallocate()
            storage.pointee.base = grown
            storage.pointee.capacity = buffer.capacity * 2
        }
        (storage.pointee.base + buffer.count).initialize(to: element)
        storage.pointee.count = buffer.count + 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage.pointee.base[index] }
        nonmutating set { storage.pointee.base[index] = newValue }
    }
}
