/// A corpus or argument that cannot be evaluated: the path, the line where known, what is
/// wrong and what was expected.
///
/// ```
/// corpus/train_PlayMusic.json:12: invalid JSON (unexpected character '}'); expected a JSON object {"<Intent>": [queries]}
/// ```
public struct EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or folder.
    public let path: String
    /// The line (1-based), when known.
    public let line: Int?
    /// What is wrong.
    public let message: String
    /// What was expected instead.
    public let expected: String?

    /// An error about `path`.
    public init(path: String, line: Int? = nil, message: String, expected: String? = nil) {
        self.path = path
        self.line = line
        self.message = message
        self.expected = expected
    }

    public var description: String {
        var result = path
        if let line { result += ":\(line)" }
        result += ": \(message)"
        if let expected { result += "; expected \(expected)" }
        return result
    }
}
