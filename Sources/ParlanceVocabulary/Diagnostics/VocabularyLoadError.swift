/// Why a vocabulary file could not be loaded: which file, where in it, what was expected
/// and what was found.
///
/// ```text
/// en.lproj/AppIntentVocabulary.plist: ParameterVocabularies[0].ParameterVocabulary[3].VocabularyItemSynonyms[0].VocabularyItemPhrase: expected a string, found an integer (42)
/// contacts.txt:17: bytes that are not UTF-8 at byte 5 of the line; expected UTF-8 text
/// ```
///
/// Property-list and JSON problems carry a ``keyPath`` in the file's own key names, with
/// array positions in brackets; problems in text files carry a ``line``.
public struct VocabularyLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Problem: Sendable, Hashable {
        /// The file could not be read at all (missing, a directory, no permission).
        case unreadable
        /// The bytes are not a document of the expected format (property list, JSON).
        case malformed
        /// A value has the wrong type, e.g. a number where a string belongs.
        case wrongType
        /// A required key is missing from a dictionary.
        case missingKey
        /// A value has the right type but is not allowed, e.g. an unknown vocabulary type name.
        case invalidValue
        /// A text file contains bytes that are not UTF-8.
        case invalidUTF8
    }

    /// The file, as the caller named it.
    public var file: String
    /// Where in the document, e.g. `ParameterVocabularies[0].ParameterNames[1]`; empty for
    /// the document as a whole and for text files.
    public var keyPath: String
    /// The 1-based line, for text files and for syntax errors that report one.
    public var line: Int?
    /// What kind of problem it is.
    public var problem: Problem
    /// What belongs there, e.g. "a string", "an array", "a dictionary", "UTF-8 text".
    public var expected: String
    /// What is there instead, e.g. "an integer (42)", or the reader's own explanation.
    public var found: String

    /// An error at `keyPath` (or `line`) of `file`.
    public init(file: String, keyPath: String = "", line: Int? = nil, problem: Problem, expected: String, found: String) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.problem = problem
        self.expected = expected
        self.found = found
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if !keyPath.isEmpty { location += ": \(keyPath)" }
        return "\(location): \(reason)"
    }

    /// What is wrong and what was expected, without the location: for reports that show
    /// the file and key path in their own columns, e.g. `not a binary property list
    /// (object 7 refers to object 4,096 but there are 12 objects)`.
    public var reason: String {
        switch problem {
        case .unreadable: return "cannot read the file (\(found)); expected \(expected)"
        case .malformed: return "not \(expected) (\(found))"
        case .wrongType: return "expected \(expected), found \(found)"
        case .missingKey: return "missing required key; expected \(expected)"
        case .invalidValue: return "\(found); expected \(expected)"
        case .invalidUTF8: return "\(found); expected \(expected)"
        }
    }
}
