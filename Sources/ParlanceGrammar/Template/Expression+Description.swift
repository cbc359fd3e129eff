extension Expression: CustomStringConvertible {
    /// The expression in template syntax; parsing it gives the same expression back.
    ///
    /// Literal text is written as hassil matches it (``Literal/text``), with template syntax
    /// escaped: `turn on [the] {name}`, `\(quoted\)`.
    public var description: String {
        switch self {
        case .literal(let literal):
            return Expression.escape(literal.text)
        case .sequence(let items):
            return items.map(\.nestedDescription).joined()
        case .alternative(let branches):
            return branches.map(\.nestedDescription).joined(separator: "|")
        case .optional(let item):
            return "[\(item.description)]"
        case .permutation(let items):
            return items.map(\.nestedDescription).joined(separator: ";")
        case .list(let reference):
            return reference.description
        case .rule(let reference):
            return reference.description
        }
    }

    /// The description of a branch or item, parenthesized where `|` or `;` would otherwise
    /// join the enclosing group.
    private var nestedDescription: String {
        switch self {
        case .alternative, .permutation: "(\(description))"
        default: description
        }
    }

    /// The tree as an S-expression, for tests and `explain` output:
    /// `seq("turn on ", opt("the"), " ", {name})`.
    ///
    /// `seq(…)` sequence, `alt(…)` alternative, `opt(…)` optional, `perm(…)` permutation,
    /// quoted literals (their ``Literal/text``), `{list}`, `{list:slot}` and `<rule>`.
    public var structure: String {
        switch self {
        case .literal(let literal):
            var quoted = "\""
            for character in literal.text {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            return quoted + "\""
        case .sequence(let items):
            return "seq(\(items.map(\.structure).joined(separator: ", ")))"
        case .alternative(let branches):
            return "alt(\(branches.map(\.structure).joined(separator: ", ")))"
        case .optional(let item):
            return "opt(\(item.structure))"
        case .permutation(let items):
            return "perm(\(items.map(\.structure).joined(separator: ", ")))"
        case .list(let reference):
            return reference.description
        case .rule(let reference):
            return reference.description
        }
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "()[]{}<>|;\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
