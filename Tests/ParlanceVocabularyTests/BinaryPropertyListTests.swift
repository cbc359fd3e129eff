import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceVocabulary

/// Binary property lists are read by Parlance's own reader, which checks every offset,
/// count and reference: a damaged file is an error naming the object and the key path,
/// never a crash (Foundation's reader on Linux crashed on a 5-byte change, issue 41).
@Suite struct BinaryPropertyListTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let sampleApps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpora/apps")

    static func fixture(_ language: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent("ExciteYoga-\(language).binary.plist")))
    }

    // MARK: Real files

    /// Python's plistlib wrote these from the sample app's XML files: both forms load alike.
    @Test(arguments: ["en", "ja"])
    func aBinaryVocabularyReadsLikeItsXMLOriginal(_ language: String) throws {
        let xmlFile = Self.sampleApps.appendingPathComponent("ExciteYoga/\(language).lproj/AppIntentVocabulary.plist").path
        let xml = try AppVocabulary(contentsOf: xmlFile, language: language)
        let binary = try AppVocabulary(propertyList: Self.fixture(language), file: "\(language).binary.plist", language: language)
        #expect(!binary.items.isEmpty)
        #expect(binary.parameterVocabularies == xml.parameterVocabularies)
        #expect(binary.intentPhrases == xml.intentPhrases)
        #expect(binary.warnings.map(\.message) == xml.warnings.map(\.message))
    }

    /// Every value type: short integers unsigned, 8-byte ones signed, 16-byte ones, both real sizes, the long count.
    @Test func readsEveryValueType() throws {
        let keys = ["t", "f", "i", "n", "h", "r", "s", "d", "t0", "long", "u"]
        let file = Self.assemble([
            Self.dictionaryObject(keys: Array(1...11), values: Array(12...22)),
        ] + keys.map(Self.ascii) + [
            [0x09],
            [0x08],
            [0x11, 0xFF, 0xFE],  // 2-byte integers are unsigned
            [0x13] + Self.bigEndian(UInt64(bitPattern: -5), size: 8),
            [0x14] + Self.bigEndian(0, size: 8) + Self.bigEndian(UInt64(Int64.max), size: 8),
            [0x23] + Self.bigEndian(1.5.bitPattern, size: 8),
            [0x22] + Self.bigEndian(UInt64(Float(0.25).bitPattern), size: 4),
            [0x42, 0x00, 0x01],
            [0x33] + Self.bigEndian(86_400.0.bitPattern, size: 8),
            [0x5F, 0x10, 20] + Array(repeating: UInt8(ascii: "x"), count: 20),
            [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00],  // "é😀": 3 UTF-16 code units, big-endian
        ])
        let value = try BinaryPropertyList.read(file, file: "types.plist")
        #expect(value == .dictionary([
            "t": .boolean(true), "f": .boolean(false), "i": .integer(65_534), "n": .integer(-5), "h": .integer(Int(Int64.max)),
            "r": .real(1.5), "s": .real(0.25), "d": .data([0, 1]), "t0": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
            "long": .string(String(repeating: "x", count: 20)), "u": .string("é😀"),
        ]))
    }

    /// Foundation's own binary writer, and the sample app whose Info.plist is binary.
    @Test func readsWhatFoundationWrites() throws {
        let info = try PropertyListFile.read(Self.sampleApps.appendingPathComponent("BillPay/Info.plist").path)
        #expect((info as? [String: Any])?["CFBundleIdentifier"] as? String == "com.example.billpay")
        let written = try PropertyListSerialization.data(fromPropertyList: ["k": [1, 2.5, "v", true, Data([7])] as [Any]], format: .binary, options: 0)
        let value = try BinaryPropertyList.read(Array(written), file: "written.plist")
        #expect(value == .dictionary(["k": .array([.integer(1), .real(2.5), .string("v"), .boolean(true), .data([7])])]))
    }

    /// A well-formed binary file with a value of the wrong type gets the same error as XML.
    @Test func wrongTypesInBinaryFilesNameTheKeyPath() throws {
        let file = Self.assemble([
            Self.dictionaryObject(keys: [1], values: [2]), Self.ascii("ParameterVocabularies"), Self.arrayObject([3]),
            Self.dictionaryObject(keys: [4, 5], values: [6, 7]), Self.ascii("ParameterNames"), Self.ascii("ParameterVocabulary"),
            Self.arrayObject([8]), Self.arrayObject([]), [0x10, 42],
        ])
        let error = #expect(throws: VocabularyLoadError.self) { try AppVocabulary(propertyList: file, file: "types.plist") }
        #expect(error?.description == "types.plist: ParameterVocabularies[0].ParameterNames[0]: expected a string, found an integer (42)")
    }

    // MARK: Damaged files

    func damage(_ bytes: [UInt8], file: String = "Foo/en.lproj/AppIntentVocabulary.plist") -> VocabularyLoadError? {
        #expect(throws: VocabularyLoadError.self) { try AppVocabulary(propertyList: bytes, file: file) }
    }

    @Test func theHandAssembledFileIsValid() throws {
        #expect(try BinaryPropertyList.read(Self.small(), file: "small.plist") == .dictionary(["a": .array([.integer(1), .string("x")])]))
    }

    /// A one-byte change Foundation's reader crashed on (SIGSEGV): a one-member
    /// dictionary's marker 0xD1 turned into 0xC1, a set, which property lists do not hold.
    @Test func theOneByteChangeThatCrashedFoundation() throws {
        var bytes = try Self.fixture("en")
        #expect(bytes[753] == 0xD1)
        bytes[753] = 0xC1
        let error = damage(bytes)
        #expect(error?.keyPath == "ParameterVocabularies[0].ParameterVocabulary[3].VocabularyItemSynonyms[0]")
        #expect(error?.found == "object 51 at byte 753 has marker 0xC1, which is no property list value; expected a boolean, integer, real, date, data, string, array or dictionary")
    }

    @Test func aReferenceOutOfRange() throws {
        let error = try #require(damage(Self.small(array: Self.arrayObject([3, 200]))))
        #expect(error.problem == .malformed)
        #expect(error.file == "Foo/en.lproj/AppIntentVocabulary.plist")
        #expect(error.keyPath == "a")
        #expect(error.description == "Foo/en.lproj/AppIntentVocabulary.plist: a: not a binary property list (object 2 refers to object 200 but there are 5 objects)")
    }

    @Test func aWideReferenceOutOfRangeIsGrouped() throws {
        let file = Self.assemble([Self.arrayObject([1, 4096], referenceSize: 2), [0x09]], referenceSize: 2)
        #expect(damage(file)?.found == "object 0 refers to object 4,096 but there are 2 objects")
    }

    @Test func anOffsetOutOfRange() throws {
        let error = damage(Self.small(offsets: [3: 200]))
        #expect(error?.keyPath == "a[0]")
        #expect(error?.found == "object 3 starts at byte 200, outside the objects (bytes 8 to 19)")
        // Pointing into the header is as wrong as pointing past the end.
        #expect(damage(Self.small(offsets: [0: 2]))?.found.hasPrefix("object 0 starts at byte 2,") == true)
    }

    @Test func aCycle() throws {
        let error = damage(Self.small(array: Self.arrayObject([3, 2])))
        #expect(error?.keyPath == "a[1]")
        #expect(error?.found.hasPrefix("object 2 at byte ") == true)
        #expect(error?.found.hasSuffix("contains itself (a cycle of references)") == true)
        // Through the top object too.
        #expect(damage(Self.small(array: Self.arrayObject([0])))?.found.contains("object 0 at byte 8 contains itself") == true)
    }

    @Test func hugeCounts() throws {
        // An array claiming 2^63 - 1 elements through the long-count form.
        let array = [0xAF, 0x13] + Self.bigEndian(UInt64(Int64.max), size: 8)
        #expect(damage(Self.small(array: array))?.found.contains("claims a count of 9,223,372,036,854,775,807, more than the file holds") == true)
        // Data claiming 4 GiB, a string claiming 14 characters it does not have.
        #expect(damage(Self.small(array: [0x4F, 0x12, 0xFF, 0xFF, 0xFF, 0xFF]))?.found.contains("claims a count of 4,294,967,295") == true)
        let strings = Self.assemble([Self.arrayObject([1]), [0x5E, 0x41]])
        #expect(damage(strings)?.found.contains("claims 14 ASCII characters, more than the 1 bytes left before the offset table") == true)
        // A long count whose integer is not an integer.
        #expect(damage(Self.small(array: [0xAF, 0x51, 0x41]))?.found.contains("long count without the integer marker") == true)
    }

    @Test func damagedTrailers() throws {
        let valid = Self.small()
        #expect(damage(Array(valid.dropLast(5)))?.found.hasPrefix("the trailer") == true)
        #expect(damage(Array(valid.prefix(30)))?.found == "the file is 30 bytes, too short for a header, an object and the 32-byte trailer")
        let wrongOffsetSize = Self.assemble([[0x09]], offsetSize: 3)
        #expect(damage(wrongOffsetSize)?.found == "the trailer gives an offset size of 3 bytes; expected 1, 2, 4 or 8")
        let wrongReferenceSize = Self.assemble([[0x09]], referenceSize: 0)
        #expect(damage(wrongReferenceSize)?.found == "the trailer gives an object reference size of 0 bytes; expected 1, 2, 4 or 8")
        #expect(damage(Self.assemble([[0x09]], objectCount: 1 << 62))?.found == "the trailer counts 4,611,686,018,427,387,904 objects but the offset table has room for 1")
        #expect(damage(Self.assemble([[0x09]], objectCount: 0))?.found == "the trailer counts 0 objects but the offset table has room for 1")
        #expect(damage(Self.assemble([[0x09]], top: 1))?.found == "the trailer names object 1 as the top object but there are 1 objects")
        #expect(damage(Self.assemble([[0x09]], tableOffset: .max))?.found.hasPrefix("the trailer puts the offset table at byte 18,446,744,073,709,551,615") == true)
    }

    @Test func nestingDeeperThanTheLimit() throws {
        // 600 arrays, each holding the next: far from a cycle, too deep to walk.
        let depth = 600
        let objects = (0..<depth).map { Self.arrayObject($0 + 1 < depth ? [$0 + 1] : [], referenceSize: 2) }
        let error = damage(Self.assemble(objects, offsetSize: 2, referenceSize: 2))
        #expect(error?.found == "containers nest deeper than 512 levels")
        #expect(error?.keyPath.hasPrefix("[0][0][0]") == true)
    }

    /// Shared containers may repeat, but not expand exponentially.
    @Test func sharedContainersCannotExpandWithoutBound() throws {
        let levels = 60
        let objects = (0..<levels).map { Self.arrayObject($0 + 1 < levels ? [$0 + 1, $0 + 1] : []) }
        #expect(damage(Self.assemble(objects))?.found.hasPrefix("the objects expand to more than 65,536 values") == true)
        // A little sharing is fine.
        let shared = Self.assemble([Self.arrayObject([1, 1, 1]), Self.arrayObject([2]), [0x09]])
        #expect(try BinaryPropertyList.read(shared, file: "shared.plist") == .array(Array(repeating: .array([.boolean(true)]), count: 3)))
    }

    @Test func badValues() throws {
        func found(_ object: [UInt8]) -> String? { damage(Self.small(array: object))?.found }
        #expect(found([0x00])?.contains("has marker 0x0, which is no property list value") == true)  // null
        #expect(found([0x80, 0x01])?.contains("has marker 0x80") == true)  // UID (keyed archives)
        #expect(found([0x15, 0x00])?.contains("is an integer of 32 bytes; expected 1, 2, 4, 8 or 16") == true)
        #expect(found([0x14] + Self.bigEndian(1, size: 8) + Self.bigEndian(0, size: 8))?.contains("too large for 64 bits") == true)
        #expect(found([0x21, 0x00, 0x00])?.contains("is a real of 2 bytes; expected 4 or 8") == true)
        #expect(found([0x51, 0xE9])?.contains("is an ASCII string with byte 0xE9") == true)
        #expect(found([0x61, 0xD8, 0x3D])?.contains("unpaired surrogate") == true)
        let numberKey = Self.assemble([Self.dictionaryObject(keys: [1], values: [1]), [0x10, 0x01]])
        #expect(damage(numberKey)?.found == "object 0 at byte 8 has key 0, object 1, which is not a string")
        let twice = Self.assemble([Self.dictionaryObject(keys: [1, 1], values: [2, 2]), Self.ascii("k"), [0x09]])
        #expect(damage(twice)?.found == "object 0 at byte 8 has the key \"k\" twice")
    }

    @Test func notAPropertyListAtAll() throws {
        let zip = damage([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00])
        #expect(zip?.description == "Foo/en.lproj/AppIntentVocabulary.plist: not a property list: expected XML starting with <?xml or <plist, or a binary plist starting with bplist00 (starts with bytes 50 4B 03 04 14 00)")
        #expect(damage([])?.found == "the file is empty")
        #expect(damage(Array("{ a = b; }".utf8))?.found == "starts with \"{ a = b;\"")
        #expect(damage(Array("bplist15".utf8) + Array(repeating: 0, count: 40))?.description.contains("not a binary property list of version bplist00 (version \"bplist15\")") == true)
    }

    /// XML stays with Foundation, which does not crash on it (checked with 40,000 random
    /// edits of the sample files) but whose plain message said only "The data is not in
    /// the correct format": the error carries its own explanation and line.
    @Test func xmlSyntaxErrorsKeepFoundationsReasonAndLine() throws {
        let xml = "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>ParameterVocabularies</key>\n<array>\n</dict></plist>"
        let error = try #require(damage(Array(xml.utf8), file: "x.plist"))
        #expect(error.line == 6)
        #expect(error.description == "x.plist:6: not an XML property list (Close tag on line 6 does not match open tag array)")
    }

    @Test func xmlNestedTooDeeplyIsAnError() throws {
        let depth = 100_000
        let xml = "<?xml version=\"1.0\"?><plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(damage(Array(xml.utf8))?.found.contains("Too many nested arrays or dictionaries") == true)
    }

    // MARK: Random damage

    /// Thousands of random edits of real binary vocabularies: each either loads or throws a
    /// located error. The test's real assertion is that the process is still running.
    @Test(arguments: ["en", "ja"])
    func randomMutationsLoadOrThrow(_ language: String) throws {
        let original = try Self.fixture(language)
        var random = SeededGenerator(seed: language == "en" ? 41 : 4_141)
        var loaded = 0, failed = 0
        for _ in 0..<10_000 {
            var bytes = original
            for _ in 0..<(1 + random.next(below: 5)) { Self.mutate(&bytes, with: &random) }
            do {
                _ = try AppVocabulary(propertyList: bytes, file: "mutated.plist", language: language)
                loaded += 1
            } catch {
                #expect(error.file == "mutated.plist")
                #expect(!error.found.isEmpty)
                failed += 1
            }
        }
        // Both outcomes occur: edits inside strings keep the file valid, most others do not.
        #expect(loaded > 0 && failed > 0, "\(loaded) loaded, \(failed) failed")
    }

    /// The same for the XML originals, which Foundation reads.
    @Test(arguments: ["en", "ja"])
    func randomXMLMutationsLoadOrThrow(_ language: String) throws {
        let file = Self.sampleApps.appendingPathComponent("ExciteYoga/\(language).lproj/AppIntentVocabulary.plist")
        let original = Array(try Data(contentsOf: file))
        var random = SeededGenerator(seed: language == "en" ? 1_041 : 2_041)
        for _ in 0..<1_000 {
            var bytes = original
            for _ in 0..<(1 + random.next(below: 5)) { Self.mutate(&bytes, with: &random) }
            do {
                _ = try AppVocabulary(propertyList: bytes, file: "mutated.plist", language: language)
            } catch {
                #expect(error.file == "mutated.plist")
            }
        }
    }

    /// One random edit: flip a bit, replace a byte (often with a boundary value), insert or delete one.
    static func mutate(_ bytes: inout [UInt8], with random: inout SeededGenerator) {
        let interesting: [UInt8] = [0x00, 0x01, 0x0F, 0x10, 0x7F, 0x80, 0xFF, 0xAF, 0xDF, 0x5F, 0x13, 0x33]
        let position = random.next(below: max(bytes.count, 1))
        switch random.next(below: 5) {
        case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << UInt8(random.next(below: 8))
        case 1 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case 2 where !bytes.isEmpty: bytes[position] = interesting[random.next(below: interesting.count)]
        case 3: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        default: if !bytes.isEmpty { bytes.remove(at: position) }
        }
    }
}

// MARK: - Assembling binary property lists by hand

extension BinaryPropertyListTests {
    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// An ASCII string object; from 15 bytes on its length follows as a 1-byte integer.
    static func ascii(_ text: String) -> [UInt8] {
        let count = text.utf8.count
        precondition(count < 256)
        return (count < 15 ? [0x50 | UInt8(count)] : [0x5F, 0x10, UInt8(count)]) + Array(text.utf8)
    }

    static func arrayObject(_ elements: [Int], referenceSize: Int = 1) -> [UInt8] {
        precondition(elements.count < 15)
        return [0xA0 | UInt8(elements.count)] + elements.flatMap { bigEndian(UInt64($0), size: referenceSize) }
    }

    static func dictionaryObject(keys: [Int], values: [Int]) -> [UInt8] {
        precondition(keys.count < 15 && keys.count == values.count)
        return [0xD0 | UInt8(keys.count)] + (keys + values).map { UInt8($0) }
    }

    /// A binary property list of `objects` (object 0 first), with the trailer's fields
    /// overridable to damage it.
    static func assemble(_ objects: [[UInt8]], offsetSize: Int = 1, referenceSize: Int = 1, top: UInt64 = 0,
                         objectCount: UInt64? = nil, tableOffset: UInt64? = nil,
                         offsets override: [Int: UInt64] = [:]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        for (index, offset) in offsets.enumerated() { bytes += bigEndian(override[index] ?? offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(objectCount ?? UInt64(objects.count), size: 8)
        bytes += bigEndian(top, size: 8)
        bytes += bigEndian(tableOffset ?? table, size: 8)
        return bytes
    }

    /// `{"a": [1, "x"]}`: object 0 the dictionary, 1 its key, 2 the array, 3 and 4 its elements.
    static func small(array: [UInt8] = arrayObject([3, 4]), offsets: [Int: UInt64] = [:]) -> [UInt8] {
        assemble([dictionaryObject(keys: [1], values: [2]), ascii("a"), array, [0x10, 0x01], ascii("x")], offsets: offsets)
    }
}
