/// Training data or a saved model that cannot be read: the file, the line and column or
/// the key path where known, the offending text, what is wrong and what was expected.
///
/// ```
/// data/nlu.yml:7:9: the annotation '[Berlin' does not close (at nlu[0].examples); expected '[value](entity)' or '[value]{"entity": …}'
/// dataset.json: unknown entity 'citty' (at intents.getWeather.utterances[2].data[1].entity); expected one of the entities: city, snips/datetime
/// weather.model: format version 3, this Parlance reads version 2; expected a model saved by this version (train it again)
/// ```
public struct TrainingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or folder).
    public let path: String
    /// The line (1-based), when known.
    public let line: Int?
    /// The column (1-based, in Unicode scalars), when known.
    public let column: Int?
    /// The key path of the offending value, e.g. `intents.turnOn.utterances[2].data[1]`.
    public let keyPath: String?
    /// The offending text, if any.
    public let text: String?
    /// What is wrong.
    public let message: String
    /// What was expected instead.
    public let expected: String?

    /// An error about `path`.
    public init(path: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, text: String? = nil, message: String,
                expected: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.text = text
        self.message = message
        self.expected = expected
    }

    public var description: String {
        var result = path
        if let line {
            result += ":\(line)"
            if let column { result += ":\(column)" }
        }
        result += ": \(message)"
        if let text { result += " in \"\(text)\"" }
        if let keyPath { result += " (at \(keyPath))" }
        if let expected { result += "; expected \(expected)" }
        return result
    }
}
