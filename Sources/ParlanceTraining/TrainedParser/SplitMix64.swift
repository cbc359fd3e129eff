/// SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator, the same on every
/// platform, for reproducible training samples and training.
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    package mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// FNV-1a of a string's UTF-8, to derive one seed per name.
    package static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// `count` of a group's indices (all when nil or more than there are), drawn from
    /// `seed` and the group's name: a seeded Fisher–Yates shuffle, then the first `count`,
    /// in their original order.
    package static func draw(_ indices: [Int], count: Int?, seed: UInt64, group: String) -> [Int] {
        guard let count, count < indices.count else { return indices }
        var indices = indices
        var generator = SplitMix64(seed: seed ^ fnv1a(group))
        for i in stride(from: indices.count - 1, to: 0, by: -1) { indices.swapAt(i, generator.next(below: i + 1)) }
        return Array(indices.prefix(max(0, count))).sorted()
    }
}
