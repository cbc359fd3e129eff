import Testing
@testable import ParlanceText

struct CompiledImageTests {
    private func inputs(_ text: String) -> ImageDigest {
        var digest = ImageDigest()
        digest.combine(text)
        digest.combineEnvironment()
        return digest
    }

    private func sample() -> [UInt8] {
        var writer = ImageWriter(kind: "TEST", version: 3, inputs: inputs("vocabulary v1"))
        writer.append(UInt16(7))
        writer.append(contentsOf: [UInt32](0..<1000))
        writer.append("Straße 東京")
        writer.append(nil as String?)
        writer.append(["a", "", "ディープ"])
        writer.append(-42)
        writer.append(true)
        return writer.finished()
    }

    @Test func readsBackWhatWasWritten() throws {
        let image = sample()
        try image.withUnsafeBytes { bytes in
            var reader = try ImageReader(bytes, source: "sample", kind: "TEST", version: 3, inputs: inputs("vocabulary v1"))
            #expect(try reader.read(UInt16.self) == 7)
            #expect(try reader.readArray(of: UInt32.self) == [UInt32](0..<1000))
            #expect(try reader.readString() == "Straße 東京")
            #expect(try reader.readOptionalString() == nil)
            #expect(try reader.readStrings() == ["a", "", "ディープ"])
            #expect(try reader.readInt() == -42)
            #expect(try reader.readBool())
            try reader.finish()
        }
    }

    private func failure(_ image: [UInt8], kind: String = "TEST", version: UInt32 = 3, inputs digest: ImageDigest? = nil) -> ImageError? {
        image.withUnsafeBytes { bytes -> ImageError? in
            do {
                var reader = try ImageReader(bytes, source: "sample", kind: kind, version: version, inputs: digest ?? inputs("vocabulary v1"))
                _ = try reader.read(UInt16.self)
                return nil
            } catch {
                return error as? ImageError
            }
        }
    }

    @Test func refusesStaleOtherAndDamagedImages() {
        let image = sample()
        #expect(failure(image, inputs: inputs("vocabulary v2"))?.kind == .stale)
        #expect(failure(image, version: 4)?.kind == .unsupported)
        #expect(failure(image, kind: "GRMR")?.kind == .unsupported)
        #expect(failure(Array(image.dropLast(3)))?.kind == .damaged)
        #expect(failure(Array(image.prefix(20)))?.kind == .damaged)
        #expect(failure([])?.kind == .damaged)
        // Every single flipped bit of the payload is caught by its digest.
        for position in stride(from: 64, to: image.count, by: 97) {
            var damaged = image
            damaged[position] ^= 0x10
            #expect(failure(damaged)?.kind == .damaged, "byte \(position)")
        }
    }

    @Test func readingPastTheEndIsAnErrorNotACrash() throws {
        var writer = ImageWriter(kind: "TEST", version: 1, inputs: ImageDigest())
        writer.append(UInt8(1))
        writer.append(Int64(1 << 40))  // a count far larger than the image
        let image = writer.finished()
        try image.withUnsafeBytes { bytes in
            var reader = try ImageReader(bytes, source: "short", kind: "TEST", version: 1, inputs: ImageDigest())
            #expect(try reader.readBool())
            #expect(throws: ImageError.self) { try reader.readArray(of: UInt32.self) }
        }
    }

    @Test func digestsTellInputsApart() {
        var a = ImageDigest(), b = ImageDigest()
        a.combine("ab"); a.combine("c")
        b.combine("a"); b.combine("bc")
        #expect(a != b)
        var c = ImageDigest(), d = ImageDigest()
        c.combine("same"); d.combine("same")
        #expect(c == d)
        #expect(c.description.count == 32)
    }
}
