import Testing
@testable import ParlanceVocabulary

/// An index's alphabet: every scalar a key holds has its code, in scalar order, whether its
/// block of 256 has a page of codes or is searched; every other scalar is 0.
struct AlphabetTests {
    /// Latin letters (one block, paged), a few kanji scattered over blocks (searched), a
    /// Cyrillic block with exactly the paging minimum, and the last scalar of Unicode.
    static let scalars: [UInt32] = {
        let latin = (UInt32(0x61)...0x7A).map { $0 } + (UInt32(0xE0)...0xFF).map { $0 }  // 26 + 32
        let kanji: [UInt32] = [0x4E00, 0x4E8C, 0x5C71, 0x7530, 0x9F8D]
        let cyrillic = (UInt32(0x0410)..<0x0410 + UInt32(Alphabet.pagedBlockMinimum)).map { $0 }
        return (latin + kanji + cyrillic + [0x10FFFF]).sorted()
    }()

    @Test func everyScalarOfTheKeysHasItsPlaceAsCode() {
        let alphabet = Alphabet(sortedScalars: Self.scalars)
        for (place, scalar) in Self.scalars.enumerated() {
            #expect(alphabet.code(scalar) == UInt16(place + 1), "U+\(String(scalar, radix: 16))")
            #expect(alphabet.scalars[place + 1] == scalar)
        }
    }

    @Test func scalarsNoKeyHoldsAreZero() {
        let alphabet = Alphabet(sortedScalars: Self.scalars)
        let held = Set(Self.scalars)
        // Around every held scalar (in paged, searched and empty blocks), and past the end.
        for scalar in Self.scalars.flatMap({ [$0 &- 1, $0 + 1, $0 &+ 256] }) + [0, 0x20, 0x4E01, 0x10FFFE, 0x110000, .max]
        where !held.contains(scalar) {
            #expect(alphabet.code(scalar) == 0, "U+\(String(scalar, radix: 16))")
        }
    }

    @Test func onlyBlocksWithEnoughScalarsGetAPage() {
        let alphabet = Alphabet(sortedScalars: Self.scalars)
        // Pages: the zeros, Latin-1's block, Cyrillic's; the kanji and U+10FFFF are searched.
        #expect(alphabet.codes.count == 3 * 256)
        #expect(alphabet.pageOfBlock.count == 0x10FF + 1)
        #expect(alphabet.pageOfBlock[0x4E] == Alphabet.searchedBlock)
        #expect(alphabet.pageOfBlock[0x04] != Alphabet.searchedBlock)
        #expect(alphabet.pageOfBlock[0x05] == 0)
    }

    @Test func anEmptyAlphabetCodesNothing() {
        let alphabet = Alphabet(sortedScalars: [])
        for scalar: UInt32 in [0, 0x61, 0x4E00, 0x10FFFF] { #expect(alphabet.code(scalar) == 0) }
    }
}
