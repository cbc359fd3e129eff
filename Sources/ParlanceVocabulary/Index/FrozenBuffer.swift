/// A fixed-size array allocated once while compiling an index and never written after.
///
/// The search loops read the index through raw pointers: no bounds checks, no
/// reference counting per access, no copy-on-write checks. Owning the memory in a
/// final class keeps that safe: the buffer lives as long as the index that holds it,
/// and nothing can write to it once it is built, so sharing it between threads is sound.
final class FrozenBuffer<Element>: @unchecked Sendable {
    /// The first element (a valid pointer even when empty).
    let base: UnsafeMutablePointer<Element>
    /// The number of elements.
    let count: Int

    init(_ elements: [Element]) {
        count = elements.count
        base = .allocate(capacity: Swift.max(count, 1))
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: count) }
        }
    }

    /// A copy of `elements`.
    init(copying elements: UnsafeBufferPointer<Element>) {
        count = elements.count
        base = .allocate(capacity: Swift.max(count, 1))
        if let address = elements.baseAddress { base.initialize(from: address, count: count) }
    }

    /// Takes ownership of `count` initialized elements at `base` (allocated with
    /// `UnsafeMutablePointer.allocate`, capacity at least 1).
    init(adopting base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    /// Bytes held.
    var byteCount: Int { count * MemoryLayout<Element>.stride }

    /// The elements as a buffer (for code off the hot path).
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
