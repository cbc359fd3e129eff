import ParlanceText

/// Parses sentence templates of the Home Assistant intents template language into
/// ``Expression`` values.
///
/// ```swift
/// let parser = TemplateParser(language: try Language("en"))
/// try parser.parse("(turn|switch) on [the] {name}")
/// try parser.parse("<turn> [all] [the] fan[s] (on;<in_here>)")  // permutation
/// try parser.parse("set (")  // throws: unclosed '(' opened at column 5
/// ```
///
/// The syntax, as hassil reads it:
/// - `(a|b)` alternative, `[a]` optional (`[a|b]` optional alternative), `(a;b)` permutation;
///   `|` and `;` at the top level make the whole template an alternative or permutation;
/// - `{list}`, `{list:slot}`, `{from..to[,step]:slot}` slot lists; `<rule>` expansion rules;
/// - everything else is literal text; `\` makes the next character literal (`\(`, `\{`, `\\`).
///   Whitespace runs collapse to one space; leading and trailing whitespace of the whole
///   template is dropped.
///
/// Stricter than hassil where hassil silently builds something unintended: an unclosed or
/// stray delimiter, `()`, `[]`, an alternative whose branches are all empty, an empty
/// permutation item, `|` mixed with `;` in one group (hassil turns the alternative into a
/// sequence there), and an empty or malformed list, slot or rule name are errors. A single
/// empty branch beside others (`(a|b|)`) is accepted, as hassil does: it makes the group
/// skippable.
public struct TemplateParser: Sendable {
    /// The normalizer applied to literal text.
    public let normalizer: Normalizer

    /// The most items a permutation `(a;b;…)` may have. It is matched as every order of
    /// its items (as hassil does): 7 items are 5,040 orders, compiled in well under a
    /// second; the Home Assistant corpus and the built-in grammars use at most 5.
    public static let maximumPermutationItems = 7

    /// The most groups and optionals open inside one another. The parser and every pass
    /// over an expression recurse once per level, so `((((…` 100,000 deep would overflow the
    /// stack; the corpora nest at most 6 deep.
    public static let maximumNesting = 32

    public init(normalizer: Normalizer) { self.normalizer = normalizer }

    public init(language: Language) { self.normalizer = Normalizer(language: language) }

    /// Parses a template.
    ///
    /// - Throws: ``TemplateSyntaxError``, with the offending position as an offset in
    ///   Unicode scalars from the template's first character.
    public func parse(_ template: String) throws(TemplateSyntaxError) -> Expression {
        var state = ParseState(scalars: Array(template.unicodeScalars), normalizer: normalizer)
        return try state.parseTemplate()
    }

    /// True when `text` holds template syntax. A slot value written as a plain string is a
    /// template only then (hassil's `is_template`); otherwise it is literal text as is.
    public static func isTemplate(_ text: String) -> Bool {
        text.unicodeScalars.contains { "(){}<>[]|".unicodeScalars.contains($0) }
    }
}

/// A template that does not parse: where, what is wrong, and what was expected.
public struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// A delimiter opened at `openedAt` is never closed.
        case unclosed(Character, openedAt: Int)
        /// A closing delimiter that closes nothing, or the wrong one (`(a]`).
        case unexpectedCloser(Character, open: Character?, openedAt: Int?)
        /// `()`: a group with nothing in it.
        case emptyGroup
        /// `[]`: an optional with nothing in it.
        case emptyOptional
        /// `(|)`: every branch of an alternative is empty.
        case emptyAlternative
        /// `(a;)`: an empty item in a permutation.
        case emptyPermutationItem
        /// `(a;b;c;d;e;f;g;h)`: a permutation of more items than
        /// ``TemplateParser/maximumPermutationItems`` (it is matched as every order of its
        /// items: n! of them).
        case tooManyPermutationItems(Int)
        /// Groups and optionals nested deeper than ``TemplateParser/maximumNesting``.
        case nestedTooDeep
        /// `(a|b;c)`: `|` and `;` in the same group.
        case mixedSeparators
        /// `{}` or `<>`, or `{:slot}` / `{list:}`.
        case emptyName(Character)
        /// A list, slot or rule name holding whitespace or template syntax.
        case invalidName(String, Character)
        /// `{list:@slot}`: hassil's response captures, not supported.
        case capture(String)
        /// A `\` at the very end.
        case danglingEscape
        /// A template that is empty or only whitespace.
        case emptyTemplate
    }

    /// What is wrong.
    public let reason: Reason
    /// Where, in Unicode scalars from the template's first character.
    public let offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The problem, with positions given as columns by `column` (a template offset to the
    /// column a reader should look at).
    public func message(column: (Int) -> Int) -> String {
        switch reason {
        case .unclosed(let open, let openedAt):
            "unclosed '\(open)' opened at column \(column(openedAt))"
        case .unexpectedCloser(let closer, let open?, let openedAt?):
            "'\(closer)' does not close the '\(open)' opened at column \(column(openedAt))"
        case .unexpectedCloser(let closer, _, _):
            "unexpected '\(closer)': nothing is open"
        case .emptyGroup:
            "empty group '()'"
        case .emptyOptional:
            "empty optional '[]'"
        case .emptyAlternative:
            "empty alternative: every branch is empty"
        case .emptyPermutationItem:
            "empty permutation item"
        case .tooManyPermutationItems(let count):
            "a permutation of \(count) items (\(count)! orders)"
        case .nestedTooDeep:
            "groups nested more than \(TemplateParser.maximumNesting) deep"
        case .mixedSeparators:
            "'|' and ';' mixed in one group"
        case .emptyName(let open):
            "empty \(open == "<" ? "rule" : "list or slot") name"
        case .invalidName(let name, let open):
            "invalid \(open == "<" ? "rule" : "list") name '\(name)'"
        case .capture(let name):
            "capture '\(name)' is not supported"
        case .danglingEscape:
            "'\\' at the end of the template"
        case .emptyTemplate:
            "empty template"
        }
    }

    /// What the parser expected instead.
    public var expected: String {
        switch reason {
        case .unclosed(let open, _):
            "'\(TemplateSyntax.closer(of: open))' before the end of the template"
        case .unexpectedCloser(_, let open?, _):
            "'\(TemplateSyntax.closer(of: open))'"
        case .unexpectedCloser(let closer, _, _):
            "text, or '\\\(closer)' for a literal '\(closer)'"
        case .emptyGroup:
            "at least one item between '(' and ')'"
        case .emptyOptional:
            "at least one item between '[' and ']'"
        case .emptyAlternative:
            "at least one non-empty branch; write [a] for an optional"
        case .emptyPermutationItem:
            "an item between the ';' separators"
        case .tooManyPermutationItems:
            "at most \(TemplateParser.maximumPermutationItems) items (\(TemplateParser.maximumPermutationItems)! orders); split the permutation, or write fixed parts in sequence"
        case .nestedTooDeep:
            "at most \(TemplateParser.maximumNesting) levels of ( ) and [ ]"
        case .mixedSeparators:
            "either '|' or ';'; wrap the alternative in its own parentheses: ((a|b);c)"
        case .emptyName, .invalidName:
            "a name without template syntax or spaces at its ends, as in {list}, {list:slot} or <rule>"
        case .capture:
            "{list} or {list:slot}"
        case .danglingEscape:
            "a character after '\\'"
        case .emptyTemplate:
            "some text, a list or a rule"
        }
    }

    public var description: String {
        "\(message { $0 + 1 }) at column \(offset + 1); expected \(expected)"
    }
}

enum TemplateSyntax {
    static func closer(of open: Character) -> Character {
        switch open {
        case "(": ")"
        case "[": "]"
        case "{": "}"
        default: ">"
        }
    }

    static let closers: Set<Unicode.Scalar> = [")", "]", "}", ">"]
}

/// The state of one parse: a cursor over the template's scalars.
private struct ParseState {
    let scalars: [Unicode.Scalar]
    let normalizer: Normalizer
    var position = 0
    /// Groups and optionals open at the cursor.
    var nesting = 0

    init(scalars: [Unicode.Scalar], normalizer: Normalizer) {
        self.scalars = scalars
        self.normalizer = normalizer
    }

    /// One group's content as read: its branches and the separator between them.
    struct GroupContent {
        var branches: [[Expression]] = [[]]
        var separator: Unicode.Scalar?
        var separatorOffset = 0
        var firstEmptyBranchOffset: Int?
    }

    mutating func parseTemplate() throws(TemplateSyntaxError) -> Expression {
        // hassil strips the template before parsing.
        var end = scalars.count
        while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
        while position < end, scalars[position].properties.isWhitespace { position += 1 }
        guard position < end else { throw TemplateSyntaxError(.emptyTemplate, at: 0) }
        let content = try parseGroupContent(open: nil, openedAt: 0, end: end)
        if content.separator == nil {
            return makeSequence(content.branches[0])
        }
        return try makeGroup(content, open: "(", openedAt: 0)
    }

    /// Reads items up to the closer of `open` (consumed), or up to `end` at the top level.
    mutating func parseGroupContent(open: Character?, openedAt: Int, end: Int) throws(TemplateSyntaxError) -> GroupContent {
        var content = GroupContent()
        var literal: [Unicode.Scalar] = []

        func flush(_ literal: inout [Unicode.Scalar], into content: inout GroupContent, normalizer: Normalizer) {
            guard !literal.isEmpty else { return }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: literal)
            ParseState.append(.literal(Literal(String(text), normalizer: normalizer)), to: &content.branches[content.branches.count - 1], normalizer: normalizer)
            literal.removeAll()
        }

        while true {
            guard position < end else {
                if let open { throw TemplateSyntaxError(.unclosed(open, openedAt: openedAt), at: end) }
                flush(&literal, into: &content, normalizer: normalizer)
                return content
            }
            let scalar = scalars[position]
            if let open, Character(scalar) == TemplateSyntax.closer(of: open) {
                flush(&literal, into: &content, normalizer: normalizer)
                position += 1
                return content
            }
            switch scalar {
            case ")", "]", "}", ">":
                throw TemplateSyntaxError(
                    .unexpectedCloser(Character(scalar), open: open, openedAt: open == nil ? nil : openedAt), at: position)
            case "|", ";":
                flush(&literal, into: &content, normalizer: normalizer)
                if let separator = content.separator, separator != scalar {
                    throw TemplateSyntaxError(.mixedSeparators, at: position)
                }
                if content.separator == nil { content.separatorOffset = position }
                content.separator = scalar
                if content.branches[content.branches.count - 1].isEmpty, content.firstEmptyBranchOffset == nil {
                    content.firstEmptyBranchOffset = position
                }
                content.branches.append([])
                position += 1
            case "(", "[":
                flush(&literal, into: &content, normalizer: normalizer)
                let openedAt = position
                let open = Character(scalar)
                guard nesting < TemplateParser.maximumNesting else { throw TemplateSyntaxError(.nestedTooDeep, at: openedAt) }
                position += 1
                nesting += 1
                let inner = try parseGroupContent(open: open, openedAt: openedAt, end: end)
                nesting -= 1
                let expression = try makeGroup(inner, open: open, openedAt: openedAt)
                ParseState.append(expression, to: &content.branches[content.branches.count - 1], normalizer: normalizer)
            case "{", "<":
                flush(&literal, into: &content, normalizer: normalizer)
                let expression = try parseReference(end: end)
                content.branches[content.branches.count - 1].append(expression)
            case "\\":
                guard position + 1 < end else { throw TemplateSyntaxError(.danglingEscape, at: position) }
                literal.append(scalars[position + 1])
                position += 2
            default:
                literal.append(scalar)
                position += 1
            }
        }
    }

    /// Builds the expression for a group or optional from its content.
    func makeGroup(_ content: GroupContent, open: Character, openedAt: Int) throws(TemplateSyntaxError) -> Expression {
        let isOptional = open == "["
        let inner: Expression
        switch content.separator {
        case nil:
            guard !content.branches[0].isEmpty else {
                throw TemplateSyntaxError(isOptional ? .emptyOptional : .emptyGroup, at: openedAt)
            }
            inner = makeSequence(content.branches[0])
        case "|":
            guard content.branches.contains(where: { !$0.isEmpty }) else {
                throw TemplateSyntaxError(.emptyAlternative, at: openedAt)
            }
            inner = .alternative(content.branches.map(makeSequence))
        default:
            if content.branches.contains(where: \.isEmpty) {
                throw TemplateSyntaxError(.emptyPermutationItem, at: content.firstEmptyBranchOffset ?? content.separatorOffset)
            }
            // Compiled as every order of its items: 9 items were 362,880 orders, a minute
            // and more than a gigabyte to compile.
            guard content.branches.count <= TemplateParser.maximumPermutationItems else {
                throw TemplateSyntaxError(.tooManyPermutationItems(content.branches.count), at: openedAt)
            }
            inner = .permutation(content.branches.map(makeSequence))
        }
        return isOptional ? .optional(inner) : inner
    }

    func makeSequence(_ items: [Expression]) -> Expression {
        items.count == 1 ? items[0] : .sequence(items)
    }

    /// Appends an item to a sequence under construction: a plain group's sequence is
    /// spliced in, and adjacent literals merge, so `a (b c) d` is the literal "a b c d".
    static func append(_ expression: Expression, to items: inout [Expression], normalizer: Normalizer) {
        if case .sequence(let inner) = expression {
            for item in inner { append(item, to: &items, normalizer: normalizer) }
            return
        }
        if case .literal(let next) = expression, case .literal(let previous)? = items.last {
            items[items.count - 1] = .literal(Literal(previous.original + next.original, normalizer: normalizer))
            return
        }
        items.append(expression)
    }

    /// Reads `{list}`, `{list:slot}`, `{from..to[,step]:slot}` or `<rule>` at the cursor.
    mutating func parseReference(end: Int) throws(TemplateSyntaxError) -> Expression {
        let openedAt = position
        let open = Character(scalars[position])
        let closer = TemplateSyntax.closer(of: open)
        position += 1
        let nameStart = position
        while position < end, Character(scalars[position]) != closer { position += 1 }
        guard position < end else { throw TemplateSyntaxError(.unclosed(open, openedAt: openedAt), at: end) }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[nameStart..<position])
        let text = String(name)
        position += 1

        if open == "<" {
            try ParseState.checkName(text, open: open, at: openedAt)
            return .rule(RuleReference(ruleName: text, offset: openedAt))
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let listName = parts[0]
        let slotName = parts.count > 1 ? parts[1] : nil
        if listName.hasPrefix("@") || (slotName?.hasPrefix("@") ?? false) {
            throw TemplateSyntaxError(.capture(text), at: openedAt)
        }
        if let slotName, let range = ParseState.inlineRange(listName) {
            try ParseState.checkName(slotName, open: open, at: openedAt)
            return .list(ListReference(listName: listName, slotName: slotName, inlineRange: range, offset: openedAt))
        }
        try ParseState.checkName(listName, open: open, at: openedAt)
        if let slotName { try ParseState.checkName(slotName, open: open, at: openedAt) }
        return .list(ListReference(listName: listName, slotName: slotName, offset: openedAt))
    }

    /// Names may hold spaces inside (`<how much>` in zh-cn) but no template syntax and no
    /// space at either end, which would only ever be a typo.
    static func checkName(_ name: String, open: Character, at offset: Int) throws(TemplateSyntaxError) {
        guard !name.isEmpty else { throw TemplateSyntaxError(.emptyName(open), at: offset) }
        let valid = name.unicodeScalars.allSatisfy { !"(){}[]<>|;\\@".unicodeScalars.contains($0) }
            && !name.first!.isWhitespace && !name.last!.isWhitespace
        guard valid else { throw TemplateSyntaxError(.invalidName(name, open), at: offset) }
    }

    /// `from..to` or `from..to,step` (hassil's inline range), nil for anything else.
    static func inlineRange(_ text: String) -> InlineRange? {
        let bounds = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let ends = bounds[0].components(separatedBy: "..")
        guard ends.count == 2, let lower = Int(ends[0]), let upper = Int(ends[1]), lower >= 0, upper >= lower,
              ends.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        var step = 1
        if bounds.count == 2 {
            guard let parsed = Int(bounds[1]), parsed > 0 else { return nil }
            step = parsed
        }
        return InlineRange(lowerBound: lower, upperBound: upper, step: step)
    }
}

extension Substring {
    /// Splits on a multi-character separator without Foundation.
    fileprivate func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
