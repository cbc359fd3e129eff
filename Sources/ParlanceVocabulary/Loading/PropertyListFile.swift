import Foundation

/// Reads property list files, XML or binary, for every loader in the package (vocabulary
/// files, Info.plist).
///
/// Binary files go to ``BinaryPropertyList``, which checks the file's structure as it
/// reads; XML files go to Foundation. Anything else is refused before either sees it, so
/// the error says what the file should have started with.
package enum PropertyListFile {
    /// What the first bytes make the file.
    enum Kind: Equatable {
        case binary
        case xml
        /// `bplist` with a version other than `00`.
        case unsupportedBinary(String)
        case unknown
    }

    /// Reads and parses `path`.
    package static func read(_ path: String) throws(VocabularyLoadError) -> Any {
        try parse(Array(FileBytes.read(path)), file: path)
    }

    /// Parses `bytes` into Foundation's property-list types (`[String: Any]`, `[Any]`,
    /// `String`, `Int`, `Double`, `Bool`, `Date`, `Data`); `file` names them in errors.
    ///
    /// - Throws: ``VocabularyLoadError`` (`.malformed`): for a binary file, which object
    ///   is damaged and how, with the key path that leads to it; for XML, Foundation's
    ///   complaint and its line when it gives one; otherwise what a property list starts with.
    package static func parse(_ bytes: [UInt8], file: String) throws(VocabularyLoadError) -> Any {
        switch kind(of: bytes) {
        case .binary:
            return try BinaryPropertyList.read(bytes, file: file).foundationValue
        case .xml:
            return try parseXML(bytes, file: file)
        case .unsupportedBinary(let version):
            throw VocabularyLoadError(file: file, problem: .malformed, expected: "a binary property list of version bplist00",
                                      found: "version \(DocumentNode.quoted(version))")
        case .unknown:
            throw VocabularyLoadError(file: file, problem: .malformed,
                                      expected: "a property list: expected XML starting with <?xml or <plist, or a binary plist starting with bplist00",
                                      found: describeStart(bytes))
        }
    }

    static func kind(of bytes: [UInt8]) -> Kind {
        if bytes.starts(with: BinaryPropertyList.header) { return .binary }
        if bytes.starts(with: Array("bplist".utf8)) {
            return .unsupportedBinary(String(decoding: bytes.prefix(8), as: UTF8.self))
        }
        // XML may open with a byte-order mark, white space, a declaration, a comment or a
        // DOCTYPE: any markup is handed to Foundation, which names what is wrong with it.
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let start = rest.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return start.first == UInt8(ascii: "<") ? .xml : .unknown
    }

    static func parseXML(_ bytes: [UInt8], file: String) throws(VocabularyLoadError) -> Any {
        do {
            return try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let reason = FileBytes.reason(error)
            throw VocabularyLoadError(file: file, line: line(in: reason), problem: .malformed,
                                      expected: "an XML property list", found: reason)
        }
    }

    /// The line Foundation's XML reader names in a syntax error ("... on line 3").
    static func line(in reason: String) -> Int? {
        guard let range = reason.range(of: "line ") else { return nil }
        return Int(reason[range.upperBound...].prefix(while: \.isNumber))
    }

    /// "starts with" the first few bytes, as text when they are printable and in hexadecimal otherwise.
    static func describeStart(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        let head = Array(bytes.prefix(8))
        if head.allSatisfy({ (0x20..<0x7F).contains($0) }) { return "starts with " + DocumentNode.quoted(String(decoding: head, as: UTF8.self)) }
        return "starts with bytes " + head.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(width - count, 0)) + self }
}
