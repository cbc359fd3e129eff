/// One symbol on a trie edge: a dense alphabet code or a Unicode scalar value.
///
/// An index over fewer than 65,534 distinct characters (every realistic vocabulary: the
/// 1M-entry benchmark holds 1,249) stores ``UInt16`` codes from its ``Alphabet``, halving
/// the key pool and the edge labels. Codes are dense and one per scalar, so edit distance
/// over codes is edit distance over scalars: no surrogate pairs, nothing merged. Larger
/// alphabets keep scalar values as ``UInt32``. The search code is generic over both.
///
/// Two values are reserved and never occur in a trie:
/// - ``wildcard`` matches no query label; stepping an automaton with it gives the state
///   shared by every child whose label the automaton does not expect.
/// - ``padding`` fills the query buffers outside the query and matches no trie label.
protocol TrieLabel: FixedWidthInteger, UnsignedInteger, SIMDScalar, Sendable, Hashable, Codable, BitwiseCopyable {
    static var wildcard: Self { get }
    static var padding: Self { get }
}

extension UInt16: TrieLabel {
    @inline(__always) static var wildcard: UInt16 { 0xFFFF }
    @inline(__always) static var padding: UInt16 { 0xFFFE }
}

extension UInt32: TrieLabel {
    @inline(__always) static var wildcard: UInt32 { 0xFFFF_FFFF }
    @inline(__always) static var padding: UInt32 { 0xFFFF_FFFE }
}

/// The dense code of every scalar that occurs in the keys of an index.
///
/// Codes run from 1 in ascending scalar order, so sorting by code sorts by scalar.
/// Code 0 stands for any scalar that no key holds: such a query character never matches.
/// Lookup is two loads through a page table (256 scalars a page), about 10 KB for a
/// vocabulary of 1,000 distinct characters.
struct Alphabet: Sendable {
    /// The largest number of distinct scalars that ``UInt16`` codes can represent.
    static let capacity = Int(UInt16.padding) - 1

    let pageOfBlock: FrozenBuffer<UInt16>
    let codes: FrozenBuffer<UInt16>
    /// The scalar of each code (index 0 unused).
    let scalars: [UInt32]

    /// - Precondition: `sortedScalars` is sorted, distinct, and holds at most ``capacity`` values.
    init(sortedScalars: [UInt32]) {
        precondition(sortedScalars.count <= Alphabet.capacity)
        var pageOfBlock = [UInt16](repeating: 0, count: 0x110000 >> 8)
        var codes = [UInt16](repeating: 0, count: 256)  // page 0: all unknown
        for (index, scalar) in sortedScalars.enumerated() {
            let block = Int(scalar >> 8)
            if pageOfBlock[block] == 0 {
                pageOfBlock[block] = UInt16(codes.count >> 8)
                codes.append(contentsOf: repeatElement(0, count: 256))
            }
            codes[Int(pageOfBlock[block]) << 8 | Int(scalar & 0xFF)] = UInt16(index + 1)
        }
        self.pageOfBlock = FrozenBuffer(pageOfBlock)
        self.codes = FrozenBuffer(codes)
        self.scalars = [0] + sortedScalars
    }

    /// The code of `scalar`, or 0 when no key holds it.
    @inline(__always)
    func code(_ scalar: UInt32) -> UInt16 {
        guard scalar < 0x110000 else { return 0 }
        return codes[Int(pageOfBlock[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
    }

    var byteCount: Int { pageOfBlock.byteCount + codes.byteCount + scalars.count * 4 }

    /// The tables as raw pointers (valid while the alphabet lives).
    var encoder: LabelEncoder { LabelEncoder(pageOfBlock: pageOfBlock.base, codes: codes.base) }
}

/// Scalars to labels without reference counting: alphabet codes through raw pointers to an
/// alphabet's tables, or scalar values when there is no alphabet.
struct LabelEncoder {
    let pageOfBlock: UnsafePointer<UInt16>?
    let codes: UnsafePointer<UInt16>?

    init(pageOfBlock: UnsafePointer<UInt16>?, codes: UnsafePointer<UInt16>?) {
        self.pageOfBlock = pageOfBlock
        self.codes = codes
    }

    @inline(__always)
    func label<Label: TrieLabel>(_ scalar: UInt32, as: Label.Type) -> Label {
        guard let pageOfBlock, let codes else { return Label(truncatingIfNeeded: scalar) }
        guard scalar < 0x110000 else { return 0 }
        return Label(truncatingIfNeeded: codes[Int(pageOfBlock[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)])
    }
}
