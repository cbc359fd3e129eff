import Foundation

/// A value from a parsed property list or JSON document, with the key path that leads to
/// it, so every type check can say exactly where it failed.
///
/// Foundation hands documents over as `Any`; this is the one place that looks at those
/// values' dynamic types.
struct DocumentNode {
    let file: String
    let keyPath: String
    let value: Any

    init(file: String, keyPath: String = "", value: Any) {
        self.file = file
        self.keyPath = keyPath
        self.value = value
    }

    /// The key path of a dictionary member: `Parent.Key`, or `Key` at the root.
    func path(_ key: String) -> String { keyPath.isEmpty ? key : "\(keyPath).\(key)" }

    /// The key path of an array element: `Parent[3]`.
    func path(_ index: Int) -> String { "\(keyPath)[\(index)]" }

    func dictionary() throws(VocabularyLoadError) -> [String: Any] {
        if let dictionary = value as? [String: Any] { return dictionary }
        throw mismatch(expected: "a dictionary")
    }

    func array() throws(VocabularyLoadError) -> [DocumentNode] {
        guard let array = value as? [Any] else { throw mismatch(expected: "an array") }
        return array.enumerated().map { DocumentNode(file: file, keyPath: path($0.offset), value: $0.element) }
    }

    func string() throws(VocabularyLoadError) -> String {
        if let string = value as? String { return string }
        throw mismatch(expected: "a string")
    }

    func strings() throws(VocabularyLoadError) -> [(node: DocumentNode, string: String)] {
        var result: [(node: DocumentNode, string: String)] = []
        for element in try array() { result.append((element, try element.string())) }
        return result
    }

    /// The member under `key`, or an error naming the missing key and what belongs there.
    func required(_ key: String, in dictionary: [String: Any], expected: String) throws(VocabularyLoadError) -> DocumentNode {
        guard let value = dictionary[key] else {
            throw VocabularyLoadError(file: file, keyPath: path(key), problem: .missingKey, expected: expected, found: "nothing")
        }
        return DocumentNode(file: file, keyPath: path(key), value: value)
    }

    /// The member under `key`; nil when it is absent (or JSON null).
    func optional(_ key: String, in dictionary: [String: Any]) -> DocumentNode? {
        guard let value = dictionary[key], !(value is NSNull) else { return nil }
        return DocumentNode(file: file, keyPath: path(key), value: value)
    }

    /// Warnings for keys the format does not define: they are ignored, but a misspelt key
    /// otherwise silently drops data.
    func unknownKeys(in dictionary: [String: Any], known: Set<String>) -> [VocabularyWarning] {
        dictionary.keys.filter { !known.contains($0) }.sorted().map { key in
            VocabularyWarning(file: file, keyPath: path(key),
                              message: "unknown key ignored; expected one of " + known.sorted().joined(separator: ", "))
        }
    }

    func mismatch(expected: String) -> VocabularyLoadError {
        VocabularyLoadError(file: file, keyPath: keyPath, problem: .wrongType, expected: expected, found: DocumentNode.describe(value))
    }

    func invalid(expected: String, found: String) -> VocabularyLoadError {
        VocabularyLoadError(file: file, keyPath: keyPath, problem: .invalidValue, expected: expected, found: found)
    }

    func warning(_ message: String) -> VocabularyWarning {
        VocabularyWarning(file: file, keyPath: keyPath, message: message)
    }

    /// "an integer (42)", "a string ("Yoga")", "an array of 3 elements", ...
    static func describe(_ value: Any) -> String {
        switch value {
        case let string as String: return "a string (\(quoted(string)))"
        case is [String: Any]: return "a dictionary"
        case let array as [Any]: return "an array of \(array.count) element\(array.count == 1 ? "" : "s")"
        case is NSNull: return "null"
        case let date as Date: return "a date (\(date))"
        case let data as Data: return "data (\(data.count) bytes)"
        case let bool as Bool where type(of: value) == Bool.self: return "a boolean (\(bool))"
        // The binary reader's plain values, before Foundation's bridged numbers.
        case let integer as Int where type(of: value) == Int.self: return "an integer (\(integer))"
        case let real as Double where type(of: value) == Double.self: return "a real number (\(real))"
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return "a boolean (\(number.boolValue))"
            case "f", "d": return "a real number (\(number.doubleValue))"
            default: return "an integer (\(number.int64Value))"
            }
        default: return "a value of type \(type(of: value))"
        }
    }

    /// A string quoted for a message, shortened when long.
    static func quoted(_ string: String) -> String {
        let shown = string.count > 60 ? String(string.prefix(57)) + "..." : string
        return "\"\(shown)\""
    }
}

/// Reading whole files, for the loaders.
enum FileBytes {
    static func read(_ path: String) throws(VocabularyLoadError) -> Data {
        // An empty file is read without Foundation: Data(contentsOf:) leaks the 4 KB buffer
        // it reads an empty regular file into (swift-foundation's readBytesFromFile; found
        // by LeakSanitizer through Fuzz/FuzzAppLoading, Fuzz/README.md "Leaks").
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? NSNumber)?.intValue == 0 {
            return Data()
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "\(error.localizedDescription)" : "no such file"
            throw VocabularyLoadError(file: path, problem: .unreadable, expected: "a readable file", found: reason)
        }
    }

    /// The reason Foundation gives for a parse failure, without its error-domain wrapping.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        let reason = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return shortened(reason)
    }

    /// A reader's message kept to a few lines: Foundation's JSON reader quotes an
    /// unrepresentable number whole (100,000 digits of it). The start says what is wrong,
    /// the end where ("around character 12").
    static func shortened(_ reason: String, limit: Int = 300) -> String {
        guard reason.count > limit else { return reason }
        let head = reason.prefix(limit / 2), tail = reason.suffix(limit / 4)
        return "\(head)… (\(reason.count - head.count - tail.count) characters left out) …\(tail)"
    }
}
