/// A place in a grammar file: the file, a 1-based line and a 1-based column counted in
/// Unicode scalars (as libyaml counts them).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path, relative to the corpus root when loaded from a corpus.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and compilers use.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A sentence template or rule body as read from a file: its text, the parsed expression,
/// and where it stands.
public struct Template: Sendable, Hashable, CustomStringConvertible {
    /// The template as written (after YAML unquoting).
    public let text: String
    /// The parsed template.
    public let expression: Expression
    /// Where the template's first character stands.
    public let location: SourceLocation
    /// Where each scalar of ``text`` stands, when the YAML source maps one to one
    /// (single-line scalars); empty otherwise.
    let positions: [SourcePosition]

    public init(text: String, expression: Expression, location: SourceLocation) {
        self.init(text: text, expression: expression, location: location, positions: [])
    }

    init(text: String, expression: Expression, location: SourceLocation, positions: [SourcePosition]) {
        self.text = text
        self.expression = expression
        self.location = location
        self.positions = positions
    }

    /// Where the scalar at `offset` in ``text`` stands in the file; the template's start
    /// when the source does not map one to one.
    public func location(at offset: Int) -> SourceLocation {
        if positions.isEmpty { return location }
        let position = positions[min(max(offset, 0), positions.count - 1)]
        return SourceLocation(file: location.file, line: Int(position.line), column: Int(position.column))
    }

    public var description: String { text }

    public static func == (lhs: Template, rhs: Template) -> Bool {
        lhs.text == rhs.text && lhs.expression == rhs.expression && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(location)
    }
}

/// A line and column in a file (1-based), compact for per-character tables.
struct SourcePosition: Sendable, Hashable {
    var line: Int32
    var column: Int32
}
