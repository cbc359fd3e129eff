#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Compiled images: the byte form in which an expensive compiled structure (a vocabulary
/// index, a compiled grammar) is saved and read back instead of being built again.
///
/// An image is a header and a payload. The header names the kind of structure, the
/// format version, the byte order, and the ``ImageDigest`` of everything the structure
/// was built from (its inputs, the options, the ICU version); the payload's own digest
/// follows, so that a truncated or damaged file is refused rather than read. A reader asks
/// for an image by the digest of its current inputs: an image of other inputs is stale,
/// never wrong.
///
/// Values are written in native byte order (the header's byte-order mark refuses an image
/// from a machine of the other order), arrays as a count and their bytes, 8-byte aligned,
/// so that reading one is a copy. The images are a cache, not an interchange format: what
/// the payload means is defined by the structure's own `image` and `init(image:)` code,
/// and a change there bumps its format version.
///
/// This module only makes and checks bytes; the files are the engine's business (the
/// stages stay free of I/O).

/// A 128-bit digest of bytes, strings and numbers: two independently seeded 64-bit lanes,
/// each mixing 8 bytes at a time (bulk bytes first through four xxHash64 lanes) and
/// finished with MurmurHash3's fmix64. Fast (several gigabytes a second), stable across
/// runs and processes (unlike `Hasher`), and not cryptographic: it tells inputs apart and
/// catches damage, it does not resist forgery.
package struct ImageDigest: Hashable, Sendable, CustomStringConvertible {
    private var low: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var high: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var length: UInt64 = 0

    package init() {}

    /// The digest as it is stored in a header.
    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
        length = .max
    }

    /// The two finished lanes.
    package var words: (UInt64, UInt64) {
        if length == .max { return (low, high) }
        return (ImageDigest.fmix(low ^ length), ImageDigest.fmix(high ^ (length &* 0x9E37_79B9_7F4A_7C15)))
    }

    package var description: String {
        let (a, b) = words
        return hex(a) + hex(b)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        low = ((low ^ word) &* 0xFF51_AFD7_ED55_8CCD)
        low = (low << 31) | (low >> 33)
        high = ((high ^ word) &* 0xC4CE_B9FE_1A85_EC53)
        high = (high << 27) | (high >> 37)
        high = high &+ low
    }

    @inline(__always)
    private static func fmix(_ value: UInt64) -> UInt64 {
        var key = value
        key ^= key >> 33
        key &*= 0xFF51_AFD7_ED55_8CCD
        key ^= key >> 33
        key &*= 0xC4CE_B9FE_1A85_EC53
        key ^= key >> 33
        return key
    }

    /// One round of xxHash64 (Collet 2012): four of them run side by side over bulk bytes.
    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        let sum = accumulator &+ input &* 0xC2B2_AE3D_27D4_EB4F
        return ((sum << 31) | (sum >> 33)) &* 0x9E37_79B1_85EB_CA87
    }

    /// Mixes in `bytes`: 32 bytes a step in four independent lanes (images are tens of
    /// megabytes, and a single chain of multiplies would take most of their load time).
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        if count >= 32 {
            var a = low, b = high, c = low ^ 0x6A09_E667_F3BC_C908, d = high ^ 0xBB67_AE85_84CA_A73B
            while offset + 32 <= count {
                a = ImageDigest.round(a, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                b = ImageDigest.round(b, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                c = ImageDigest.round(c, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                d = ImageDigest.round(d, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            mix(a)
            mix(b)
            mix(c)
            mix(d)
        }
        while offset + 8 <= count {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail |= UInt64(bytes[index]) << UInt64((index - offset) * 8) }
            mix(tail ^ 0x8000_0000_0000_0000)
        }
        length &+= UInt64(count)
    }

    /// Mixes in a number.
    package mutating func combine(_ value: Int) {
        mix(UInt64(bitPattern: Int64(value)))
        length &+= 8
    }

    /// Mixes in a string: its length, then its UTF-8 bytes (so "ab","c" and "a","bc" differ).
    package mutating func combine(_ string: String) {
        var copy = string
        copy.withUTF8 { bytes in
            combine(bytes.count)
            combine(UnsafeRawBufferPointer(bytes))
        }
    }

    /// Mixes in another digest (of a part of the inputs, computed once).
    package mutating func combine(_ other: ImageDigest) {
        let (a, b) = other.words
        mix(a)
        mix(b)
        length &+= 16
    }

    /// Mixes in an optional string (nil differs from "").
    package mutating func combine(_ string: String?) {
        if let string {
            combine(1)
            combine(string)
        } else {
            combine(0)
        }
    }

    /// Mixes in what every image depends on besides its inputs: the ICU version, whose
    /// normalization and word breaking shape every key, and the build of the program
    /// (on Linux the size and modification time of /proc/self/exe), so that an image is
    /// never read by a program built from other code, whatever the format versions say.
    package mutating func combineEnvironment() {
        combineICUVersion()
        combine(ImageDigest.buildIdentity)
    }

    /// Mixes in the ICU version alone: for images that outlive the program that wrote them
    /// (a saved model, whose format version stands for the code), where the normalization
    /// and word breaking that shaped their keys must still be the same.
    package mutating func combineICUVersion() {
        combine("ICU " + ICU.version)
    }

    /// The running program's size and modification time, or "" where /proc is missing.
    private static let buildIdentity: String = {
        #if os(Linux)
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "" }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        #else
        return ""
        #endif
    }()
}

/// An image that cannot be read: stale (built from other inputs), from another format
/// version, or damaged. Reading falls back to building; the message says why.
package struct ImageError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        /// Built from other inputs: expected, after the inputs changed.
        case stale
        /// Another format version or byte order.
        case unsupported
        /// Truncated or damaged.
        case damaged
    }

    package let kind: Kind
    package let source: String
    package let message: String

    package init(_ kind: Kind, source: String, _ message: String) {
        self.kind = kind
        self.source = source
        self.message = message
    }

    package var description: String { "\(source): \(message)" }
}

/// The header's fixed part: magic, kind, version, byte-order mark, the inputs' digest, the
/// payload's length and digest.
private enum ImageHeader {
    static let magic: [UInt8] = Array("PARLANCE".utf8)
    static let byteOrderMark: UInt32 = 0x0102_0304
    /// magic 8, kind 4, version 4, byte order 4, reserved 4, inputs 16, payload length 8,
    /// payload digest 16.
    static let size = 64
}

/// Writes an image: ``ImageHeader`` then values appended in the order the reader reads them.
package struct ImageWriter {
    private var bytes: [UInt8]
    private let kind: [UInt8]
    private let version: UInt32
    private let inputs: ImageDigest

    /// - Parameters:
    ///   - kind: four ASCII letters naming the structure ("VIDX").
    ///   - version: the structure's format version.
    ///   - inputs: the digest of what it was built from.
    package init(kind: String, version: UInt32, inputs: ImageDigest) {
        precondition(kind.utf8.count == 4, "an image kind has four ASCII letters")
        self.kind = Array(kind.utf8)
        self.version = version
        self.inputs = inputs
        bytes = [UInt8](repeating: 0, count: ImageHeader.size)
        bytes.reserveCapacity(1 << 16)
    }

    /// Appends a value's bytes.
    package mutating func append<T: BitwiseCopyable>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    package mutating func append(_ value: Int) { append(Int64(value)) }

    package mutating func append(_ value: Bool) { append(UInt8(value ? 1 : 0)) }

    /// Appends a count and the elements' bytes, starting at a multiple of 8.
    package mutating func append<T: BitwiseCopyable>(contentsOf elements: UnsafeBufferPointer<T>) {
        append(elements.count)
        while bytes.count % 8 != 0 { bytes.append(0) }
        bytes.append(contentsOf: UnsafeRawBufferPointer(elements))
    }

    package mutating func append<T: BitwiseCopyable>(contentsOf elements: [T]) {
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends a string as its UTF-8 bytes.
    package mutating func append(_ string: String) {
        var copy = string
        copy.withUTF8 { append(contentsOf: $0) }
    }

    package mutating func append(_ string: String?) {
        append(string != nil)
        if let string { append(string) }
    }

    package mutating func append(_ strings: [String]) {
        append(strings.count)
        for string in strings { append(string) }
    }

    /// The image: the header filled in.
    package func finished() -> [UInt8] {
        var result = bytes
        var payload = ImageDigest()
        result.withUnsafeBytes { payload.combine(UnsafeRawBufferPointer(rebasing: $0[ImageHeader.size...])) }
        let (inputLow, inputHigh) = inputs.words
        let (payloadLow, payloadHigh) = payload.words
        var header: [UInt8] = ImageHeader.magic + kind
        withUnsafeBytes(of: version) { header.append(contentsOf: $0) }
        withUnsafeBytes(of: ImageHeader.byteOrderMark) { header.append(contentsOf: $0) }
        header.append(contentsOf: [0, 0, 0, 0])
        for word in [inputLow, inputHigh, UInt64(result.count - ImageHeader.size), payloadLow, payloadHigh] {
            withUnsafeBytes(of: word) { header.append(contentsOf: $0) }
        }
        result.replaceSubrange(0..<ImageHeader.size, with: header)
        return result
    }
}

/// Reads an image written by ``ImageWriter``: the header is checked on creation, then
/// values are read in the order they were written. Every read is bounds-checked: a damaged
/// payload that passed the digest still ends in an ``ImageError``, never a crash.
package struct ImageReader: ~Copyable {
    private let bytes: UnsafeRawBufferPointer
    private var offset: Int
    /// Where the bytes came from, for messages.
    package let source: String

    /// Checks the header of `bytes` and positions the reader at the payload. The bytes
    /// must outlive the reader (use it inside `withUnsafeBytes`).
    ///
    /// - Throws: ``ImageError``: `.damaged` for a wrong magic, a short file or a payload
    ///   whose digest differs; `.unsupported` for another kind, version or byte order;
    ///   `.stale` when the image was built from inputs other than `inputs`.
    package init(_ bytes: UnsafeRawBufferPointer, source: String, kind: String, version: UInt32,
                 inputs: ImageDigest) throws(ImageError) {
        self.bytes = bytes
        self.source = source
        offset = 0
        guard bytes.count >= ImageHeader.size, Array(bytes[0..<8]) == ImageHeader.magic else {
            throw ImageError(.damaged, source: source, "not a Parlance image (expected the magic PARLANCE and a 64-byte header)")
        }
        let foundKind = String(decoding: bytes[8..<12], as: UTF8.self)
        guard foundKind == kind else {
            throw ImageError(.unsupported, source: source, "an image of '\(foundKind)', expected '\(kind)'")
        }
        let foundVersion = bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
        guard foundVersion == version else {
            throw ImageError(.unsupported, source: source, "format version \(foundVersion), this Parlance reads version \(version)")
        }
        guard bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self) == ImageHeader.byteOrderMark else {
            throw ImageError(.unsupported, source: source, "written on a machine of the other byte order")
        }
        let (low, high) = inputs.words
        guard bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == low,
              bytes.loadUnaligned(fromByteOffset: 32, as: UInt64.self) == high else {
            throw ImageError(.stale, source: source, "built from other inputs (expected digest \(inputs))")
        }
        let length = bytes.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
        guard length == UInt64(bytes.count - ImageHeader.size) else {
            throw ImageError(.damaged, source: source, "\(bytes.count - ImageHeader.size) payload bytes, the header says \(length)")
        }
        var payload = ImageDigest()
        payload.combine(UnsafeRawBufferPointer(rebasing: bytes[ImageHeader.size...]))
        let (payloadLow, payloadHigh) = payload.words
        guard bytes.loadUnaligned(fromByteOffset: 48, as: UInt64.self) == payloadLow,
              bytes.loadUnaligned(fromByteOffset: 56, as: UInt64.self) == payloadHigh else {
            throw ImageError(.damaged, source: source, "the payload's digest differs from the header's: the file is damaged")
        }
        offset = ImageHeader.size
    }

    /// True when every payload byte has been read.
    package var isAtEnd: Bool { offset == bytes.count }

    private func damaged(_ what: String) -> ImageError {
        ImageError(.damaged, source: source, "\(what) at byte \(offset) runs past the end (\(bytes.count) bytes)")
    }

    /// Reads a value.
    package mutating func read<T: BitwiseCopyable>(_ type: T.Type) throws(ImageError) -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw damaged("a \(T.self)") }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += size
        return value
    }

    package mutating func readInt() throws(ImageError) -> Int {
        let value = try read(Int64.self)
        guard let result = Int(exactly: value) else { throw ImageError(.damaged, source: source, "an integer out of range at byte \(offset)") }
        return result
    }

    /// Reads a count that must lie in `0...limit`.
    package mutating func readCount(atMost limit: Int = Int(Int32.max)) throws(ImageError) -> Int {
        let count = try readInt()
        guard count >= 0, count <= limit else {
            throw ImageError(.damaged, source: source, "a count of \(count) at byte \(offset), expected 0...\(limit)")
        }
        return count
    }

    package mutating func readBool() throws(ImageError) -> Bool {
        switch try read(UInt8.self) {
        case 0: return false
        case 1: return true
        case let other: throw ImageError(.damaged, source: source, "a flag of \(other) at byte \(offset), expected 0 or 1")
        }
    }

    /// Reads an array: hands `body` its element count and bytes (valid only inside).
    package mutating func withArray<T: BitwiseCopyable, R>(of type: T.Type,
                                                           _ body: (Int, UnsafeRawBufferPointer) -> R) throws(ImageError) -> R {
        let count = try readCount(atMost: bytes.count)
        while offset % 8 != 0 { offset += 1 }
        let size = count * MemoryLayout<T>.stride
        guard offset + size <= bytes.count else { throw damaged("\(count) elements of \(T.self)") }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + size)])
        offset += size
        return body(count, slice)
    }

    package mutating func readArray<T: BitwiseCopyable>(of type: T.Type) throws(ImageError) -> [T] {
        try withArray(of: T.self) { count, raw in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                if count > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw) }
                initialized = count
            }
        }
    }

    /// Reads a string; invalid UTF-8 is damage.
    package mutating func readString() throws(ImageError) -> String {
        let source = self.source, at = offset
        let string = try withArray(of: UInt8.self) { _, raw in String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) }
        guard let string else { throw ImageError(.damaged, source: source, "a string at byte \(at) that is not UTF-8") }
        return string
    }

    package mutating func readOptionalString() throws(ImageError) -> String? {
        try readBool() ? try readString() : nil
    }

    package mutating func readStrings() throws(ImageError) -> [String] {
        let count = try readCount(atMost: bytes.count)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    /// Throws unless every byte was read: what was read was not what was written.
    package func finish() throws(ImageError) {
        guard isAtEnd else {
            throw ImageError(.damaged, source: source, "\(bytes.count - offset) bytes left unread after the last field")
        }
    }
}
