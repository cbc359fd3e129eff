import Foundation

/// Apple's binary property list format (`bplist00`), read without trusting the file.
///
/// The layout, from CoreFoundation's `CFBinaryPList.c`:
///
/// ```text
/// "bplist00"                 8-byte header
/// objects                    each a marker byte (type in the high nibble, a size or
///                            count in the low one) and its payload
/// offset table               one big-endian offset per object, `offsetSize` bytes each
/// trailer                    the last 32 bytes: 6 unused, offsetSize, referenceSize,
///                            object count, top object, offset table offset (8 bytes each)
/// ```
///
/// Containers hold object references (indexes into the offset table) of `referenceSize`
/// bytes. A count of 15 in the marker means the real count follows as an integer object.
///
/// Every offset, count and reference is checked against the file before it is used, the
/// walk refuses cycles and nesting deeper than ``maximumDepth``, and shared objects may
/// not expand into more than ``valueBudget(forFileOf:)`` values; a damaged file is an error
/// that says which object is wrong, how, and under which key path, never a crash.
enum BinaryPropertyList {
    static let header: [UInt8] = Array("bplist00".utf8)
    static let trailerSize = 32
    /// Deeper than any real property list; deep enough that the recursive walk stays far
    /// from the end of a thread's stack.
    static let maximumDepth = 512

    /// How many values a file may expand to. Without shared containers a file holds at
    /// most one value per reference byte; a damaged file that shares containers at every
    /// level would otherwise expand exponentially.
    static func valueBudget(forFileOf size: Int) -> Int { max(size * 8, 1 << 16) }

    /// Reads a whole binary property list.
    ///
    /// - Throws: ``VocabularyLoadError`` (`.malformed`, expected "a binary property list")
    ///   with the key path of the damaged value when the walk had reached one, e.g.
    ///   `object 7 refers to object 4,096 but there are 12 objects`.
    /// - Complexity: O(n) in the number of values, at most ``valueBudget(forFileOf:)``.
    static func read(_ bytes: [UInt8], file: String) throws(VocabularyLoadError) -> PropertyListValue {
        do {
            var reader = try Reader(bytes: bytes)
            return try reader.value(reader.topObject)
        } catch {
            throw VocabularyLoadError(file: file, keyPath: error.keyPath, problem: .malformed,
                                      expected: "a binary property list", found: error.reason)
        }
    }

    /// What is wrong, and where the walk was.
    struct Failure: Error {
        var reason: String
        var keyPath = ""
    }

    /// One step of a key path.
    enum PathStep {
        case key(String)
        case index(Int)
    }

    /// The trailer's fields, checked, and the walk's state.
    struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        /// Where the offset table starts: every object lies in `header.count..<objectAreaEnd`.
        let objectAreaEnd: Int
        /// Objects on the path from the top object to the one being read, to refuse cycles.
        var onPath: [Bool]
        var path: [PathStep] = []
        var valuesLeft: Int

        init(bytes: [UInt8]) throws(Failure) {
            self.bytes = bytes
            let minimum = BinaryPropertyList.header.count + 1 + BinaryPropertyList.trailerSize
            guard bytes.count >= minimum else {
                throw Failure(reason: "the file is \(grouped(bytes.count)) bytes, too short for a header, an object and the 32-byte trailer")
            }
            guard bytes.starts(with: BinaryPropertyList.header) else {
                throw Failure(reason: "the header is not bplist00")
            }
            let trailer = bytes.count - BinaryPropertyList.trailerSize
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let objects = Self.unsigned(bytes, at: trailer + 8, size: 8)
            let top = Self.unsigned(bytes, at: trailer + 16, size: 8)
            let tableOffset = Self.unsigned(bytes, at: trailer + 24, size: 8)
            guard [1, 2, 4, 8].contains(offsetSize) else {
                throw Failure(reason: "the trailer gives an offset size of \(offsetSize) bytes; expected 1, 2, 4 or 8")
            }
            guard [1, 2, 4, 8].contains(referenceSize) else {
                throw Failure(reason: "the trailer gives an object reference size of \(referenceSize) bytes; expected 1, 2, 4 or 8")
            }
            let firstObject = UInt64(BinaryPropertyList.header.count)
            guard tableOffset > firstObject, tableOffset <= UInt64(trailer) else {
                throw Failure(reason: "the trailer puts the offset table at byte \(grouped(tableOffset)); expected between byte 9 and the trailer at byte \(grouped(trailer))")
            }
            let tableRoom = (UInt64(trailer) - tableOffset) / UInt64(offsetSize)
            guard objects >= 1, objects <= tableRoom else {
                throw Failure(reason: "the trailer counts \(grouped(objects)) objects but the offset table has room for \(grouped(tableRoom))")
            }
            guard top < objects else {
                throw Failure(reason: "the trailer names object \(grouped(top)) as the top object but there are \(grouped(objects)) objects")
            }
            objectCount = Int(objects)
            topObject = Int(top)
            objectAreaEnd = Int(tableOffset)
            onPath = Array(repeating: false, count: objectCount)
            valuesLeft = BinaryPropertyList.valueBudget(forFileOf: bytes.count)
        }

        /// A big-endian unsigned integer; the caller has checked that the bytes exist.
        static func unsigned(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
            bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
        }

        func fail(_ reason: String) -> Failure {
            Failure(reason: reason, keyPath: BinaryPropertyList.render(path))
        }

        /// The byte where `object` starts, from the offset table.
        func offset(of object: Int) throws(Failure) -> Int {
            let offset = Self.unsigned(bytes, at: objectAreaEnd + object * offsetSize, size: offsetSize)
            guard offset >= UInt64(BinaryPropertyList.header.count), offset < UInt64(objectAreaEnd) else {
                throw fail("object \(grouped(object)) starts at byte \(grouped(offset)), outside the objects (bytes 8 to \(grouped(objectAreaEnd - 1)))")
            }
            return Int(offset)
        }

        /// Checks that `count` items of `size` bytes from `start` lie inside the objects.
        func checkRoom(object: Int, at offset: Int, start: Int, count: Int, size: Int, what: String) throws(Failure) {
            guard start <= objectAreaEnd, count <= (objectAreaEnd - start) / size else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) claims \(grouped(count)) \(what), more than the \(grouped(max(objectAreaEnd - start, 0))) bytes left before the offset table")
            }
        }

        /// The count in a marker's low nibble, or the integer object after it when the
        /// nibble is 15; returns the count and where the payload starts.
        func count(object: Int, at offset: Int, nibble: Int) throws(Failure) -> (count: Int, payload: Int) {
            guard nibble == 0xF else { return (nibble, offset + 1) }
            let marker = offset + 1 < objectAreaEnd ? Int(bytes[offset + 1]) : nil
            guard let marker, marker >> 4 == 0x1, marker & 0xF <= 3 else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) has a long count without the integer marker (0x10 to 0x13) after it")
            }
            let size = 1 << (marker & 0xF)
            try checkRoom(object: object, at: offset, start: offset + 2, count: size, size: 1, what: "count bytes")
            let count = Self.unsigned(bytes, at: offset + 2, size: size)
            guard count <= UInt64(objectAreaEnd) else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) claims a count of \(grouped(count)), more than the file holds")
            }
            return (Int(count), offset + 2 + size)
        }

        /// The object a container refers to at `position`, checked against the object count.
        func reference(from object: Int, at position: Int) throws(Failure) -> Int {
            let target = Self.unsigned(bytes, at: position, size: referenceSize)
            guard target < UInt64(objectCount) else {
                throw fail("object \(grouped(object)) refers to object \(grouped(target)) but there are \(grouped(objectCount)) objects")
            }
            return Int(target)
        }

        /// Reads `object` and everything it contains.
        mutating func value(_ object: Int) throws(Failure) -> PropertyListValue {
            valuesLeft -= 1
            guard valuesLeft >= 0 else {
                throw fail("the objects expand to more than \(grouped(BinaryPropertyList.valueBudget(forFileOf: bytes.count))) values; shared containers nest too deeply")
            }
            let offset = try offset(of: object)
            let marker = Int(bytes[offset])
            let nibble = marker & 0xF
            switch marker >> 4 {
            case 0x0 where marker == 0x08: return .boolean(false)
            case 0x0 where marker == 0x09: return .boolean(true)
            case 0x1: return try integer(object, at: offset, nibble: nibble)
            case 0x2: return try real(object, at: offset, nibble: nibble)
            case 0x3 where marker == 0x33:
                try checkRoom(object: object, at: offset, start: offset + 1, count: 8, size: 1, what: "date bytes")
                return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: Self.unsigned(bytes, at: offset + 1, size: 8))))
            case 0x4:
                let (count, payload) = try count(object: object, at: offset, nibble: nibble)
                try checkRoom(object: object, at: offset, start: payload, count: count, size: 1, what: "data bytes")
                return .data(Array(bytes[payload..<payload + count]))
            case 0x5, 0x6: return try string(object, at: offset, nibble: nibble, utf16: marker >> 4 == 0x6)
            case 0xA: return try array(object, at: offset, nibble: nibble)
            case 0xD: return try dictionary(object, at: offset, nibble: nibble)
            default:
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) has marker 0x\(String(marker, radix: 16, uppercase: true)), which is no property list value; expected a boolean, integer, real, date, data, string, array or dictionary")
            }
        }

        /// 1, 2 and 4-byte integers are unsigned, 8-byte ones signed; 16-byte ones carry
        /// values above `Int64.max` (or sign-extended negatives), of which only those that
        /// fit in an `Int` are accepted.
        func integer(_ object: Int, at offset: Int, nibble: Int) throws(Failure) -> PropertyListValue {
            guard nibble <= 4 else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) is an integer of \(grouped(1 << min(nibble, 62))) bytes; expected 1, 2, 4, 8 or 16")
            }
            let size = 1 << nibble
            try checkRoom(object: object, at: offset, start: offset + 1, count: size, size: 1, what: "integer bytes")
            switch size {
            case 16:
                let high = Self.unsigned(bytes, at: offset + 1, size: 8)
                let low = Self.unsigned(bytes, at: offset + 9, size: 8)
                guard (high == 0 && low >> 63 == 0) || (high == .max && low >> 63 == 1) else {
                    throw fail("object \(grouped(object)) at byte \(grouped(offset)) is an integer too large for 64 bits")
                }
                return .integer(Int(Int64(bitPattern: low)))
            case 8: return .integer(Int(Int64(bitPattern: Self.unsigned(bytes, at: offset + 1, size: 8))))
            default: return .integer(Int(Self.unsigned(bytes, at: offset + 1, size: size)))
            }
        }

        func real(_ object: Int, at offset: Int, nibble: Int) throws(Failure) -> PropertyListValue {
            guard nibble == 2 || nibble == 3 else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) is a real of \(grouped(1 << min(nibble, 62))) bytes; expected 4 or 8")
            }
            let size = 1 << nibble
            try checkRoom(object: object, at: offset, start: offset + 1, count: size, size: 1, what: "real bytes")
            let bits = Self.unsigned(bytes, at: offset + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits))
        }

        /// ASCII strings count bytes, UTF-16 (big-endian) strings count code units.
        func string(_ object: Int, at offset: Int, nibble: Int, utf16: Bool) throws(Failure) -> PropertyListValue {
            let (count, payload) = try count(object: object, at: offset, nibble: nibble)
            try checkRoom(object: object, at: offset, start: payload, count: count, size: utf16 ? 2 : 1, what: utf16 ? "UTF-16 code units" : "ASCII characters")
            if !utf16 {
                let text = bytes[payload..<payload + count]
                if let bad = text.firstIndex(where: { $0 >= 0x80 }) {
                    throw fail("object \(grouped(object)) at byte \(grouped(offset)) is an ASCII string with byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at byte \(grouped(bad))")
                }
                return .string(String(decoding: text, as: UTF8.self))
            }
            let units = (0..<count).lazy.map { UInt16(self.bytes[payload + 2 * $0]) << 8 | UInt16(self.bytes[payload + 2 * $0 + 1]) }
            var scalars = String.UnicodeScalarView()
            let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF32.self, stoppingOnError: true) { scalars.append(Unicode.Scalar($0)!) }
            guard !failed else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) is a UTF-16 string with an unpaired surrogate")
            }
            return .string(String(scalars))
        }

        /// Marks `object` as on the path while `body` reads what it contains.
        mutating func descend<T>(into object: Int, at offset: Int, _ body: (inout Reader) throws(Failure) -> T) throws(Failure) -> T {
            guard !onPath[object] else {
                throw fail("object \(grouped(object)) at byte \(grouped(offset)) contains itself (a cycle of references)")
            }
            guard path.count < BinaryPropertyList.maximumDepth else {
                throw fail("containers nest deeper than \(BinaryPropertyList.maximumDepth) levels")
            }
            onPath[object] = true
            defer { onPath[object] = false }
            return try body(&self)
        }

        mutating func array(_ object: Int, at offset: Int, nibble: Int) throws(Failure) -> PropertyListValue {
            let (count, payload) = try count(object: object, at: offset, nibble: nibble)
            try checkRoom(object: object, at: offset, start: payload, count: count, size: referenceSize, what: "element references")
            return try descend(into: object, at: offset) { (reader: inout Reader) throws(Failure) -> PropertyListValue in
                var elements: [PropertyListValue] = []
                elements.reserveCapacity(count)
                for index in 0..<count {
                    let element = try reader.reference(from: object, at: payload + index * reader.referenceSize)
                    reader.path.append(.index(index))
                    elements.append(try reader.value(element))
                    reader.path.removeLast()
                }
                return .array(elements)
            }
        }

        /// A dictionary's `count` key references come first, then its `count` value references.
        mutating func dictionary(_ object: Int, at offset: Int, nibble: Int) throws(Failure) -> PropertyListValue {
            let (count, payload) = try count(object: object, at: offset, nibble: nibble)
            try checkRoom(object: object, at: offset, start: payload, count: count, size: 2 * referenceSize, what: "key and value reference pairs")
            return try descend(into: object, at: offset) { (reader: inout Reader) throws(Failure) -> PropertyListValue in
                var members: [String: PropertyListValue] = [:]
                members.reserveCapacity(count)
                for index in 0..<count {
                    let keyObject = try reader.reference(from: object, at: payload + index * reader.referenceSize)
                    let valueObject = try reader.reference(from: object, at: payload + (count + index) * reader.referenceSize)
                    guard case .string(let key) = try reader.value(keyObject) else {
                        throw reader.fail("object \(grouped(object)) at byte \(grouped(offset)) has key \(index), object \(grouped(keyObject)), which is not a string")
                    }
                    guard members[key] == nil else {
                        throw reader.fail("object \(grouped(object)) at byte \(grouped(offset)) has the key \(DocumentNode.quoted(key)) twice")
                    }
                    reader.path.append(.key(key))
                    members[key] = try reader.value(valueObject)
                    reader.path.removeLast()
                }
                return .dictionary(members)
            }
        }
    }

    /// `ParameterVocabularies[0].ParameterNames`, as ``DocumentNode`` spells key paths.
    static func render(_ path: [PathStep]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// `4096` as "4,096": the numbers in these messages can be large.
func grouped(_ number: some BinaryInteger) -> String {
    let digits = String(number.magnitude)
    var text = number < 0 ? "-" : ""
    for (position, digit) in digits.enumerated() {
        if position > 0 && (digits.count - position) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return text
}
