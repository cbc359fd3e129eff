/// Something a loader skipped or changed rather than failing: an empty phrase, a string too
/// long for SiriKit, an unknown key. Loaders collect these in their results; the library
/// never prints them.
public struct VocabularyWarning: Sendable, Hashable, CustomStringConvertible {
    /// The file, when the warning came from one.
    public var file: String?
    /// Where in the document, e.g. `ParameterVocabularies[0].ParameterVocabulary[2]`.
    public var keyPath: String?
    /// The 1-based line, for text files.
    public var line: Int?
    /// What happened, e.g. "empty phrase skipped".
    public var message: String

    /// A warning, located as precisely as known.
    public init(file: String? = nil, keyPath: String? = nil, line: Int? = nil, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.message = message
    }

    public var description: String {
        var location = ""
        if let file { location = file }
        if let line { location += ":\(line)" }
        if let keyPath, !keyPath.isEmpty { location += location.isEmpty ? keyPath : ": \(keyPath)" }
        return location.isEmpty ? message : "\(location): \(message)"
    }
}
