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
///
/// **Lookup.** A page table of 256-scalar blocks, up to the block of the largest scalar:
/// a block where keys hold at least ``pagedBlockMinimum`` scalars gets a page of codes (two
/// loads); a block holding none answers 0 from the shared page of zeros; a block holding a
/// few is searched for in ``scalars`` (a binary search). A page costs 512 bytes, so pages go
/// only where they cost at most 16 bytes a scalar: Latin text is paged, and a user's 1,000
/// names with a few hundred kanji scattered over eighty blocks cost 8 KB, not 50 KB. A
/// large vocabulary pages nearly every block it uses.
struct Alphabet: Sendable {
    /// The largest number of distinct scalars that ``UInt16`` codes can represent.
    static let capacity = Int(UInt16.padding) - 1
    /// The fewest scalars a block holds to get a page of its own.
    static let pagedBlockMinimum = 32
    /// The page number of a block whose scalars are searched for.
    static let searchedBlock = UInt16.max

    /// Per block of 256 scalars up to the largest: the page of its codes, or
    /// ``searchedBlock``.
    let pageOfBlock: FrozenBuffer<UInt16>
    /// Pages of 256 codes; page 0 all zeros.
    let codes: FrozenBuffer<UInt16>
    /// The scalar of each code (index 0 unused, 0).
    let scalars: FrozenBuffer<UInt32>

    /// - Precondition: `sortedScalars` is sorted, distinct, and holds at most ``capacity`` values.
    init(sortedScalars: [UInt32]) {
        precondition(sortedScalars.count <= Alphabet.capacity)
        var pageOfBlock = [UInt16](repeating: 0, count: Int((sortedScalars.last ?? 0) >> 8) + 1)
        var codes = [UInt16](repeating: 0, count: 256)  // page 0: all unknown
        var start = 0
        while start < sortedScalars.count {
            let block = Int(sortedScalars[start] >> 8)
            var end = start + 1
            while end < sortedScalars.count, Int(sortedScalars[end] >> 8) == block { end += 1 }
            if end - start >= Self.pagedBlockMinimum {
                pageOfBlock[block] = UInt16(codes.count >> 8)
                codes.append(contentsOf: repeatElement(0, count: 256))
                for index in start..<end { codes[Int(pageOfBlock[block]) << 8 | Int(sortedScalars[index] & 0xFF)] = UInt16(index + 1) }
            } else {
                pageOfBlock[block] = Self.searchedBlock
            }
            start = end
        }
        self.init(pageOfBlock: FrozenBuffer(pageOfBlock), codes: FrozenBuffer(codes), scalars: FrozenBuffer([0] + sortedScalars))
    }

    init(pageOfBlock: FrozenBuffer<UInt16>, codes: FrozenBuffer<UInt16>, scalars: FrozenBuffer<UInt32>) {
        self.pageOfBlock = pageOfBlock
        self.codes = codes
        self.scalars = scalars
    }

    /// The code of `scalar`, or 0 when no key holds it.
    @inline(__always)
    func code(_ scalar: UInt32) -> UInt16 {
        encoder.label(scalar, as: UInt16.self)
    }

    var byteCount: Int { pageOfBlock.byteCount + codes.byteCount + scalars.byteCount }

    /// The tables as raw pointers (valid while the alphabet lives).
    var encoder: LabelEncoder {
        LabelEncoder(pageOfBlock: pageOfBlock.base, blockCount: pageOfBlock.count, codes: codes.base,
                     scalars: scalars.base, scalarCount: scalars.count)
    }
}

/// Scalars to labels without reference counting: alphabet codes through raw pointers to an
/// alphabet's tables, or scalar values when there is no alphabet.
struct LabelEncoder {
    let pageOfBlock: UnsafePointer<UInt16>?
    let blockCount: Int
    let codes: UnsafePointer<UInt16>?
    let scalars: UnsafePointer<UInt32>?
    let scalarCount: Int

    init(pageOfBlock: UnsafePointer<UInt16>?, blockCount: Int, codes: UnsafePointer<UInt16>?, scalars: UnsafePointer<UInt32>?, scalarCount: Int) {
        self.pageOfBlock = pageOfBlock
        self.blockCount = blockCount
        self.codes = codes
        self.scalars = scalars
        self.scalarCount = scalarCount
    }

    /// Scalar values as labels (an index without an alphabet).
    static var scalarValues: LabelEncoder { LabelEncoder(pageOfBlock: nil, blockCount: 0, codes: nil, scalars: nil, scalarCount: 0) }

    @inline(__always)
    func label<Label: TrieLabel>(_ scalar: UInt32, as: Label.Type) -> Label {
        guard let pageOfBlock, let codes, let scalars else { return Label(truncatingIfNeeded: scalar) }
        let block = Int(scalar >> 8)
        guard block < blockCount else { return 0 }
        let page = pageOfBlock[block]
        if page != Alphabet.searchedBlock { return Label(truncatingIfNeeded: codes[Int(page) << 8 | Int(scalar & 0xFF)]) }
        // A block of few scalars: the code is the scalar's place among all (index 0 unused).
        var (low, high) = (1, scalarCount)
        while low < high {
            let middle = (low + high) >> 1
            if scalars[middle] < scalar { low = middle + 1 } else { high = middle }
        }
        return low < scalarCount && scalars[low] == scalar ? Label(truncatingIfNeeded: low) : 0
    }
}
