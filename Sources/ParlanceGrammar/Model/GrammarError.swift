/// A grammar that cannot be loaded: where, the offending text, what is wrong and what was
/// expected.
///
/// ```
/// sentences/en/light_HassTurnOn.yaml:12:34: unclosed '(' opened at column 20 in "turn (on [the] {name}"; expected ')' before the end of the template
/// sentences/en/light_HassTurnOn.yaml:14:21: unknown list 'nmae' in "turn on {nmae}"; expected one of the lists of sentences/en/_common.yaml, lists/ or this data block (did you mean 'name'?)
/// ```
public struct GrammarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// The file cannot be read.
        case unreadable
        /// The file is not valid YAML.
        case invalidYAML
        /// The YAML does not have the structure of an intents, test or fixture file.
        case invalidStructure
        /// A template does not parse.
        case templateSyntax(TemplateSyntaxError.Reason)
        /// A template references a list that no file defines.
        case unknownList(String)
        /// A template references an expansion rule that no file defines.
        case unknownRule(String)
        /// Expansion rules that reference each other in a cycle (names in cycle order,
        /// the first repeated at the end).
        case cyclicRules([String])
        /// The language folder has no `_common.yaml`.
        case missingCommonFile
        /// The language folder does not exist.
        case missingLanguage(String)
        /// A file declares a different language than the folder it is in.
        case languageMismatch(expected: String, found: String)
    }

    /// What kind of problem.
    public let kind: Kind
    /// Where: file, line and column; the file alone when there is no better place.
    public let location: SourceLocation?
    /// The key path of the offending value in its file, e.g. `intents.HassTurnOn.data[0].sentences[3]`.
    public let keyPath: String?
    /// The offending text (a template, a value), if any.
    public let text: String?
    /// What is wrong.
    public let message: String
    /// What was expected instead.
    public let expected: String?

    public init(_ kind: Kind, location: SourceLocation?, keyPath: String? = nil, text: String? = nil, message: String,
                expected: String? = nil) {
        self.kind = kind
        self.location = location
        self.keyPath = keyPath
        self.text = text
        self.message = message
        self.expected = expected
    }

    public var description: String {
        var result = location.map { "\($0): " } ?? ""
        result += message
        if let text { result += " in \"\(text)\"" }
        if let keyPath { result += " (at \(keyPath))" }
        if let expected { result += "; expected \(expected)" }
        return result
    }
}
