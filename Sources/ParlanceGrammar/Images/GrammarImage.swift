import ParlanceText

/// Writes the image of a compiled grammar (see ``CompiledGrammar/image(inputs:)``): an
/// ``ImageWriter`` that writes each distinct string once.
///
/// A string is written as its number, in order of first appearance, followed the first
/// time by its bytes. File paths, list and slot names and literal text repeat throughout a
/// grammar: written once, they are read once, and the strings read share one storage
/// wherever they appear, as the loaded ones mostly do.
///
/// Each type's `write(to:)` (in the `+Image` files beside this one) writes its stored
/// properties in order; its `init(from:)` reads them back in the same order.
struct GrammarImageWriter {
    var writer: ImageWriter
    private var stringIDs: [ExactString: Int32] = [:]

    init(inputs: ImageDigest) {
        writer = ImageWriter(kind: CompiledGrammar.imageKind, version: CompiledGrammar.imageVersion, inputs: inputs)
    }

    mutating func append<T: BitwiseCopyable>(_ value: T) { writer.append(value) }

    mutating func append(_ value: Int) { writer.append(value) }

    mutating func append(_ value: Bool) { writer.append(value) }

    mutating func append<T: BitwiseCopyable>(contentsOf elements: [T]) { writer.append(contentsOf: elements) }

    /// Appends a string: its number, then its bytes if it is new.
    mutating func append(_ string: String) {
        let key = ExactString(string: string)
        if let id = stringIDs[key] {
            writer.append(id)
            return
        }
        let id = Int32(stringIDs.count)
        stringIDs[key] = id
        writer.append(id)
        writer.append(string)
    }

    mutating func append(_ string: String?) {
        append(string != nil)
        if let string { append(string) }
    }

    mutating func append(_ strings: [String]) {
        append(strings.count)
        for string in strings { append(string) }
    }

    mutating func append(_ strings: [String]?) {
        append(strings != nil)
        if let strings { append(strings) }
    }

    /// Appends a dictionary: its count, then each key and value in the order of the keys
    /// (a dictionary's own order differs between processes, and equal grammars must give
    /// equal images).
    mutating func append<Value>(_ dictionary: [String: Value], _ writeValue: (Value, inout GrammarImageWriter) -> Void) {
        append(dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            append(key)
            writeValue(value, &self)
        }
    }

    /// The image.
    func finished() -> [UInt8] { writer.finished() }
}

/// A string compared by its UTF-8 bytes: `String`'s equality is canonical equivalence, under
/// which "é" and "e\u{301}" are one string, and an image gives back the bytes it was given.
private struct ExactString: Hashable {
    let string: String

    static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Reads the image of a compiled grammar: an ``ImageReader`` with the strings read so far
/// (see ``GrammarImageWriter``), and checks that name what is wrong.
///
/// Everything read is checked where a bad value would fail later: enumeration tags, counts,
/// indices into tables, nesting. Past the payload's digest, a bad value means a bug or a
/// forged file; either way reading throws ``ImageError`` (`.damaged`) and never traps.
struct GrammarImageReader: ~Copyable {
    var reader: ImageReader
    /// The image's size: no count can exceed it (every element takes a byte at least).
    let byteCount: Int
    private var strings: [String] = []
    /// The readers of numbers in words by language tag, shared by the ranges of one
    /// language as compiling shares them.
    var numberReaders: [String: DeferredNumberReader] = [:]

    /// The deepest nesting read (of an expression, of a value): far deeper than any
    /// template or YAML value is written, shallow enough that the recursive walks over a
    /// tree (hashing, descriptions, freeing it) cannot exhaust a thread's stack.
    static let nestingLimit = 256

    init(_ reader: consuming ImageReader, byteCount: Int) {
        self.reader = reader
        self.byteCount = byteCount
    }

    /// An error naming what is wrong.
    func damaged(_ message: String) -> ImageError { ImageError(.damaged, source: reader.source, message) }

    mutating func read<T: BitwiseCopyable>(_ type: T.Type) throws(ImageError) -> T { try reader.read(type) }

    mutating func readInt() throws(ImageError) -> Int { try reader.readInt() }

    mutating func readBool() throws(ImageError) -> Bool { try reader.readBool() }

    mutating func readArray<T: BitwiseCopyable>(of type: T.Type) throws(ImageError) -> [T] { try reader.readArray(of: type) }

    /// Reads a number written as an `Int` that must fit an `Int32`.
    mutating func readInt32() throws(ImageError) -> Int32 {
        let value = try reader.readInt()
        guard let result = Int32(exactly: value) else { throw damaged("\(value) where a 32-bit number was written") }
        return result
    }

    /// Reads a count of elements that follow.
    mutating func readCount() throws(ImageError) -> Int { try reader.readCount(atMost: byteCount) }

    /// Reads an `Int32` that indexes a table of `count` entries (`what` names it, for the message).
    mutating func readIndex(below count: Int, _ what: @autoclosure () -> String) throws(ImageError) -> Int {
        let index = Int(try reader.read(Int32.self))
        guard index >= 0, index < count else { throw damaged("\(what()) \(index) is outside 0..<\(count)") }
        return index
    }

    /// Reads a string: a known one by its number, or a new one (its number is the next).
    mutating func readString() throws(ImageError) -> String {
        let id = Int(try reader.read(Int32.self))
        if id >= 0, id < strings.count { return strings[id] }
        guard id == strings.count else { throw damaged("string number \(id), \(strings.count) strings read so far") }
        let string = try reader.readString()
        strings.append(string)
        return string
    }

    mutating func readOptionalString() throws(ImageError) -> String? {
        try readBool() ? try readString() : nil
    }

    mutating func readStrings() throws(ImageError) -> [String] {
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(min(count, 1024))  // the count is not trusted yet
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    mutating func readOptionalStrings() throws(ImageError) -> [String]? {
        try readBool() ? try readStrings() : nil
    }

    /// Reads a dictionary written by ``GrammarImageWriter/append(_:_:)``; a key read twice
    /// is damage (the dictionary would silently lose a value).
    mutating func readDictionary<Value>(
        _ what: String, _ readValue: (inout GrammarImageReader) throws(ImageError) -> Value
    ) throws(ImageError) -> [String: Value] {
        let count = try readCount()
        // Most are empty (a block's slots, a value's context): no storage then.
        var dictionary: [String: Value] = count == 0 ? [:] : Dictionary(minimumCapacity: min(count, 1024))  // not trusted yet
        for _ in 0..<count {
            let key = try readString()
            let value = try readValue(&self)
            guard dictionary.updateValue(value, forKey: key) == nil else { throw damaged("\(what): the key '\(key)' twice") }
        }
        return dictionary
    }

    /// Throws unless every byte was read.
    func finish() throws(ImageError) { try reader.finish() }
}
