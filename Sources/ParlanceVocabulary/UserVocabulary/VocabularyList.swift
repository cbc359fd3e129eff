import Foundation

/// A plain list of vocabulary strings: UTF-8 text, one entry a line, most important first.
///
/// ```text
/// Morning Flow
/// Sunset Stretch
///
/// ディープリラクゼーション
/// ```
///
/// Lines are trimmed of surrounding white space; blank lines are skipped; `\r\n` line ends
/// and a leading byte-order mark are accepted. Duplicates are kept here and dropped when the
/// list becomes a set (``UserVocabulary/setVocabularyStrings(_:of:)``).
public enum VocabularyList {
    /// Reads a list file in fixed-size chunks, so memory stays at the entries plus one chunk.
    ///
    /// - Throws: ``VocabularyLoadError`` when the file cannot be read, or with the 1-based
    ///   line number when a line is not UTF-8.
    /// - Complexity: O(n) in the file's size.
    public static func load(contentsOf path: String) throws(VocabularyLoadError) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            throw VocabularyLoadError(file: path, problem: .unreadable, expected: "a readable file", found: reason)
        }
        defer { try? handle.close() }
        var reader = LineReader(file: path)
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                throw VocabularyLoadError(file: path, problem: .unreadable, expected: "a readable file", found: FileBytes.reason(error))
            }
            guard let chunk, !chunk.isEmpty else { break }
            // Data's closure API rethrows untyped errors; carry the typed one out in a Result.
            let consumed = chunk.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                Result { () throws(VocabularyLoadError) in try reader.consume(buffer.assumingMemoryBound(to: UInt8.self)) }
            }
            try consumed.get()
        }
        try reader.finish()
        return reader.entries
    }

    /// Decodes a list held in memory; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws(VocabularyLoadError) -> [String] {
        var reader = LineReader(file: file)
        try bytes.withUnsafeBufferPointer { buffer throws(VocabularyLoadError) in try reader.consume(buffer) }
        try reader.finish()
        return reader.entries
    }
}

/// Splits chunks of bytes into lines, carrying a partial last line to the next chunk.
private struct LineReader {
    let file: String
    var entries: [String] = []
    var line = 0
    var pending: [UInt8] = []
    var atStart = true

    init(file: String) { self.file = file }

    mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(VocabularyLoadError) {
        var start = 0
        if atStart {
            atStart = false
            // A byte-order mark is an encoding signature, not part of the first entry.
            if chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { start = 3 }
        }
        var index = start
        while index < chunk.count {
            guard chunk[index] == UInt8(ascii: "\n") else { index += 1; continue }
            if pending.isEmpty {
                try emit(UnsafeBufferPointer(rebasing: chunk[start..<index]))
            } else {
                pending.append(contentsOf: chunk[start..<index])
                try emitPending()
            }
            index += 1
            start = index
        }
        pending.append(contentsOf: chunk[start..<chunk.count])
    }

    mutating func finish() throws(VocabularyLoadError) {
        if !pending.isEmpty { try emitPending() }
    }

    private mutating func emitPending() throws(VocabularyLoadError) {
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        try bytes.withUnsafeBufferPointer { buffer throws(VocabularyLoadError) in try emit(buffer) }
    }

    private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws(VocabularyLoadError) {
        line += 1
        var count = bytes.count
        if count > 0, bytes[count - 1] == UInt8(ascii: "\r") { count -= 1 }
        let content = UnsafeBufferPointer(rebasing: bytes[0..<count])
        guard let text = String(validating: content, as: UTF8.self) else {
            throw VocabularyLoadError(file: file, line: line, problem: .invalidUTF8, expected: "UTF-8 text",
                                      found: "bytes that are not UTF-8 at byte \(Self.firstInvalidByte(content) + 1) of the line")
        }
        let entry = Self.trimmed(text)
        if !entry.isEmpty { entries.append(entry) }
    }

    /// The 0-based offset of the first byte that breaks UTF-8 decoding.
    private static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }

    /// The string without white space at either end; most lines have none, so check first.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.first, let last = text.last else { return text }
        if !first.isWhitespace && !last.isWhitespace { return text }
        var slice = Substring(text)
        while let character = slice.first, character.isWhitespace { slice.removeFirst() }
        while let character = slice.last, character.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
