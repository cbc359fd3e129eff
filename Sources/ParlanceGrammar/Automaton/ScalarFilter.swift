/// A set of scalars that may begin something (a list's values, a trie's keys), kept as a
/// filter: it may say yes to a scalar it was never given, never no to one it was. ASCII
/// scalars have a bit each; the others share 128 bits by their low seven bits.
///
/// The matcher asks a list at every position a path could fill one, and most lists cannot
/// start at most positions: "kitchen" at the "t" of "turn". Asking the filter first (one
/// load and a mask) spares the list's walk, and the cached "nothing here" it would leave.
struct ScalarFilter: Sendable {
    private var ascii: (UInt64, UInt64)
    private var other: (UInt64, UInt64)

    /// Says no to every scalar.
    static let none = ScalarFilter(ascii: (0, 0), other: (0, 0))
    /// Says yes to every scalar.
    static let any = ScalarFilter(ascii: (.max, .max), other: (.max, .max))

    private init(ascii: (UInt64, UInt64), other: (UInt64, UInt64)) {
        self.ascii = ascii
        self.other = other
    }

    /// Adds `scalar`.
    mutating func insert(_ scalar: UInt32) {
        let bit = UInt64(1) << UInt64(scalar & 63)
        if scalar < 128 {
            if scalar < 64 { ascii.0 |= bit } else { ascii.1 |= bit }
        } else {
            if scalar & 64 == 0 { other.0 |= bit } else { other.1 |= bit }
        }
    }

    /// Adds every scalar outside ASCII (digits of other scripts: "٣", "３").
    mutating func insertEveryNonASCII() {
        other = (.max, .max)
    }

    /// Adds every scalar of `filter`.
    mutating func formUnion(_ filter: ScalarFilter) {
        ascii = (ascii.0 | filter.ascii.0, ascii.1 | filter.ascii.1)
        other = (other.0 | filter.other.0, other.1 | filter.other.1)
    }

    /// False only when `scalar` was never added.
    @inline(__always)
    func mayContain(_ scalar: UInt32) -> Bool {
        let bit = UInt64(1) << UInt64(scalar & 63)
        let word = scalar < 128 ? (scalar < 64 ? ascii.0 : ascii.1) : (scalar & 64 == 0 ? other.0 : other.1)
        return word & bit != 0
    }
}

extension KeyTrie {
    /// The scalars a key's first letter may be: the root's labels, and past a leading
    /// boundary mark (a key that must start at a word edge), the labels after it.
    var firstScalars: ScalarFilter {
        var filter = ScalarFilter.none
        var pending: [Int32] = [0]
        while let node = pending.popLast() {
            let entry = nodes[Int(node)]
            for child in Int(entry.firstChild)..<Int(entry.firstChild + entry.childCount) {
                if labels[child] == KeyTrie.boundary { pending.append(Int32(child)) } else { filter.insert(labels[child]) }
            }
        }
        return filter
    }
}
