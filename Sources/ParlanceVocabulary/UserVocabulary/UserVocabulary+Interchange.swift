import Foundation
import ParlanceText

/// A user vocabulary read from a file, with what the reader skipped.
public struct LoadedUserVocabulary: Sendable, Hashable {
    /// The vocabulary, one set per type named in the file.
    public var vocabulary: UserVocabulary
    /// Entries discarded (empty, too long) and keys ignored.
    public var warnings: [VocabularyWarning]

    /// A result from values.
    public init(vocabulary: UserVocabulary, warnings: [VocabularyWarning]) {
        self.vocabulary = vocabulary
        self.warnings = warnings
    }
}

/// The interchange file, `UserVocabulary.json`: a dictionary from vocabulary type name to
/// that type's ordered set, each entry a string or an object with `phrase` and optional
/// `identifier` and `pronunciation`.
///
/// ```json
/// {
///   "contactName" : ["Ada Lovelace", { "identifier" : "c-42", "phrase" : "Celestra", "pronunciation" : "seh-lest-ra" }],
///   "workoutActivityName" : ["Morning Flow"]
/// }
/// ```
///
/// Type names are ``VocabularyStringType`` raw values (SiriKit's `INVocabularyStringType…`
/// spelling is accepted too). A type with an empty array is a registered, empty set.
extension UserVocabulary {
    /// The conventional name of the interchange file.
    public static let interchangeFileName = "UserVocabulary.json"

    enum InterchangeKey {
        static let identifier = "identifier"
        static let phrase = "phrase"
        static let pronunciation = "pronunciation"
        static let all: Set<String> = [identifier, phrase, pronunciation]
    }

    /// Reads an interchange file. See ``decode(interchangeJSON:file:app:user:)``.
    public static func load(interchangeFile path: String, app: String, user: String = "") throws(VocabularyLoadError) -> LoadedUserVocabulary {
        try decode(interchangeJSON: Array(FileBytes.read(path)), file: path, app: app, user: user)
    }

    /// Decodes the bytes of an interchange file; `file` names it in errors and warnings.
    ///
    /// - Throws: ``VocabularyLoadError`` for JSON that does not parse, a value of the wrong
    ///   type (key path like `contactName[3].phrase`), a missing `phrase`, or a type name
    ///   that is not a vocabulary type (the error lists the valid names).
    public static func decode(interchangeJSON bytes: [UInt8], file: String, app: String, user: String = "") throws(VocabularyLoadError) -> LoadedUserVocabulary {
        let root = try parseJSON(bytes, file: file)
        let node = DocumentNode(file: file, value: root)
        let dictionary = try node.dictionary()
        var vocabulary = UserVocabulary(app: app, user: user)
        var warnings: [VocabularyWarning] = []
        var typeNames: [VocabularyStringType: String] = [:]
        for name in dictionary.keys.sorted() {
            let member = DocumentNode(file: file, keyPath: node.path(name), value: dictionary[name]!)
            let type: VocabularyStringType
            do {
                type = try VocabularyStringType(name: name)
            } catch {
                throw member.invalid(expected: "one of " + VocabularyStringType.allCases.map(\.rawValue).joined(separator: ", "),
                                     found: "unknown vocabulary type '\(name)'")
            }
            if let other = typeNames[type] {
                throw member.invalid(expected: "each vocabulary type once", found: "'\(name)' repeats '\(other)'")
            }
            typeNames[type] = name
            let entries = try member.array().map { entry throws(VocabularyLoadError) in try speakableString(entry, warnings: &warnings) }
            warnings += vocabulary.setVocabulary(entries, of: type).map { warning in
                var located = warning
                located.file = file
                return located
            }
        }
        return LoadedUserVocabulary(vocabulary: vocabulary, warnings: warnings)
    }

    private static func speakableString(_ node: DocumentNode, warnings: inout [VocabularyWarning]) throws(VocabularyLoadError) -> SpeakableString {
        if let phrase = node.value as? String { return SpeakableString(spokenPhrase: phrase) }
        guard let members = node.value as? [String: Any] else {
            throw node.mismatch(expected: "a string or a dictionary with \"phrase\"")
        }
        warnings += node.unknownKeys(in: members, known: InterchangeKey.all)
        return SpeakableString(
            vocabularyIdentifier: try node.optional(InterchangeKey.identifier, in: members)?.string(),
            spokenPhrase: try node.required(InterchangeKey.phrase, in: members, expected: "a string").string(),
            pronunciationHint: try node.optional(InterchangeKey.pronunciation, in: members)?.string())
    }

    private static func parseJSON(_ bytes: [UInt8], file: String) throws(VocabularyLoadError) -> Any {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let reason = FileBytes.reason(error)
            throw VocabularyLoadError(file: file, line: line(of: reason, in: bytes), problem: .malformed,
                                      expected: "JSON", found: reason)
        }
        // Foundation keeps one value of a repeated key and says nothing: a second
        // "contactName" list would silently replace the first.
        if let duplicate = DuplicateJSONKey.first(in: bytes) {
            throw VocabularyLoadError(file: file, keyPath: duplicate.keyPath, line: duplicate.line, problem: .invalidValue,
                                      expected: "each key once in an object (merge the two)", found: duplicate.message)
        }
        return root
    }

    /// The line of a JSON syntax error, from the character offset Foundation reports.
    private static func line(of reason: String, in bytes: [UInt8]) -> Int? {
        guard let range = reason.range(of: "character ") else { return nil }
        let digits = reason[range.upperBound...].prefix(while: \.isNumber)
        guard let offset = Int(digits) else { return nil }
        return bytes.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// The interchange file's bytes: pretty-printed JSON, types sorted by name, entries in
    /// order; an entry without identifier and pronunciation is written as a plain string.
    public func interchangeJSON() -> [UInt8] {
        var document: [String: [InterchangeEntry]] = [:]
        for type in types {
            document[type.rawValue] = speakableStrings(of: type).map(InterchangeEntry.init)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and string-keyed dictionaries always encode.
        return Array(try! encoder.encode(document)) + [UInt8(ascii: "\n")]
    }

    /// Writes ``interchangeJSON()`` to `path`, atomically (a reader sees the old file or the new one).
    public func writeInterchangeFile(to path: String) throws(VocabularyLoadError) {
        do {
            try Data(interchangeJSON()).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw VocabularyLoadError(file: path, problem: .unreadable, expected: "a writable path", found: FileBytes.reason(error))
        }
    }
}

private struct InterchangeEntry: Encodable {
    let item: SpeakableString

    init(_ item: SpeakableString) { self.item = item }

    enum CodingKeys: String, CodingKey { case identifier, phrase, pronunciation }

    func encode(to encoder: any Encoder) throws {
        if item.vocabularyIdentifier == nil && item.pronunciationHint == nil {
            var container = encoder.singleValueContainer()
            try container.encode(item.spokenPhrase)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(item.vocabularyIdentifier, forKey: .identifier)
            try container.encode(item.spokenPhrase, forKey: .phrase)
            try container.encodeIfPresent(item.pronunciationHint, forKey: .pronunciation)
        }
    }
}
