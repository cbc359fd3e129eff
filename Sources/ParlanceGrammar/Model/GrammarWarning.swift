/// Something odd in a corpus file that upstream's test suite reads without failing (an
/// empty `sentences: []`, a key nothing reads), or a file left out so the rest can load:
/// reported with its place, never fatal.
///
/// ```swift
/// let tests = try TestCorpusLoader.load(corpus: corpus, language: "hi")
/// tests.warnings.first?.description
/// // "tests/hi/climate_HassClimateGetTemperature.yaml:3:5: test without sentences, left out (at tests[0])"
/// ```
public struct GrammarWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where: file, line and column; the file alone when there is no better place.
    public let location: SourceLocation?
    /// The key path of the odd value in its file, e.g. `tests[0]`.
    public let keyPath: String?
    /// What is odd and what was done about it.
    public let message: String

    public init(location: SourceLocation?, keyPath: String? = nil, message: String) {
        self.location = location
        self.keyPath = keyPath
        self.message = message
    }

    /// An error that cost only its own file: the error's place and text, and the consequence.
    public init(skipping error: GrammarError) {
        self.init(location: error.location, keyPath: nil, message: "file left out: " + Self.text(of: error))
    }

    public var description: String {
        var result = location.map { "\($0): " } ?? ""
        result += message
        if let keyPath { result += " (at \(keyPath))" }
        return result
    }

    /// An error's description without its location (the warning carries it).
    private static func text(of error: GrammarError) -> String {
        var result = error.message
        if let text = error.text { result += " in \"\(text)\"" }
        if let keyPath = error.keyPath { result += " (at \(keyPath))" }
        if let expected = error.expected { result += "; expected \(expected)" }
        return result
    }
}
