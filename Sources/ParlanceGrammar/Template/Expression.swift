import ParlanceText

/// A parsed sentence template of the Home Assistant intents template language.
///
/// ```swift
/// let parser = TemplateParser(language: try Language("en"))
/// let expression = try parser.parse("turn on [the] {name} (in|on) <area>")
/// // sequence: "turn on ", [the], " ", {name}, " ", (in|on), " ", <area>
/// ```
///
/// The cases follow hassil's model, in a form that compiles directly into an automaton:
/// - literal text, already normalized for matching (``Literal``);
/// - a sequence, matched left to right;
/// - an alternative `(a|b)`, of which exactly one branch matches; a branch may be empty
///   (`(a|b|)`), which makes the whole alternative skippable;
/// - an optional `[a]`, which is `(a|)`;
/// - a permutation `(a;b)`, matched in every order, each item set off by spaces;
/// - a reference to a slot list `{list}` or `{list:slot}`, resolved by the loader;
/// - a reference to an expansion rule `<rule>`, resolved by the loader.
///
/// Expressions are plain values: parsing resolves nothing, so a template parses the same
/// in every file; ``GrammarLoader`` checks every reference once everything is read.
public indirect enum Expression: Sendable, Hashable {
    /// Literal text.
    case literal(Literal)
    /// Expressions matched one after another. The empty sequence matches the empty string.
    case sequence([Expression])
    /// Exactly one of the branches matches. An empty branch (``Expression/empty``) matches nothing.
    case alternative([Expression])
    /// The expression or nothing: `[a]`, the same as `(a|)`.
    case optional(Expression)
    /// The items in every order, each set off by spaces: `(a;b)` (see ``expandingPermutations(normalizer:)``).
    case permutation([Expression])
    /// A slot list: `{list}` or `{list:slot}`.
    case list(ListReference)
    /// An expansion rule: `<rule>`.
    case rule(RuleReference)

    /// The expression that matches only the empty string.
    public static let empty = Expression.sequence([])

    /// True for the expression that matches only the empty string (an empty sequence).
    public var isEmpty: Bool {
        if case .sequence(let items) = self { return items.isEmpty }
        return false
    }

    /// The direct sub-expressions.
    public var children: [Expression] {
        switch self {
        case .literal, .list, .rule: []
        case .sequence(let items), .alternative(let items), .permutation(let items): items
        case .optional(let item): [item]
        }
    }

    /// Every list reference, depth first in template order (without following rules).
    public var listReferences: [ListReference] {
        var result: [ListReference] = []
        visit { if case .list(let reference) = $0 { result.append(reference) } }
        return result
    }

    /// Every rule reference, depth first in template order (without following rules).
    public var ruleReferences: [RuleReference] {
        var result: [RuleReference] = []
        visit { if case .rule(let reference) = $0 { result.append(reference) } }
        return result
    }

    /// Calls `body` on this expression and every sub-expression, depth first, parents first.
    public func visit(_ body: (Expression) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.visit(body) }
    }

    /// The number of literals (hassil's text chunk count, which ranks wildcard templates:
    /// more literal text first).
    public var literalCount: Int {
        var count = 0
        visit { if case .literal = $0 { count += 1 } }
        return count
    }
}

/// Literal template text, in three forms.
///
/// - ``original``: as written in the template, escapes removed (`\(` → `(`).
/// - ``text``: what hassil matches against: whitespace runs collapsed to one space and
///   the typographic apostrophe ’ as '. Case is kept (hassil compares case-insensitively),
///   and so is the Unicode form (hassil applies NFC; Swift compares strings by canonical
///   equivalence anyway, and ``normalized`` is NFKC).
/// - ``normalized``: ``text`` through the language's ``Normalizer`` (NFKC case folding
///   plus the language's folds), the form the matcher compares with tokenized input.
///
/// Whitespace is significant at the edges: `turn on [the] light` holds the literals
/// `"turn on "` and `" light"`, and the spaces tell word boundaries from the joined forms
/// of unspaced languages (`<name>[を]<turn_off>`) and of German compounds (`[Schlaf]zimmer`).
public struct Literal: Sendable, Hashable, CustomStringConvertible {
    /// The text as written, escapes removed.
    public let original: String
    /// The text as hassil matches it: whitespace collapsed, ’ → '.
    public let text: String
    /// The text normalized for matching with the language's ``Normalizer``.
    public let normalized: String

    public init(original: String, text: String, normalized: String) {
        self.original = original
        self.text = text
        self.normalized = normalized
    }

    /// A literal made from text as written, normalized with `normalizer`.
    public init(_ original: String, normalizer: Normalizer) {
        self.original = original
        self.text = Literal.hassilText(original)
        self.normalized = normalizer.normalize(text)
    }

    /// True when the literal holds only whitespace (a separator between items).
    public var isWhitespace: Bool { text.allSatisfy(\.isWhitespace) }

    public var description: String { text }

    /// hassil's `normalize_text`: whitespace runs become one space, ’ becomes '.
    static func hassilText(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var inWhitespace = false
        for character in text {
            if character.isWhitespace {
                if !inWhitespace { result.append(" ") }
                inWhitespace = true
            } else {
                result.append(character == "\u{2019}" ? "'" : character)
                inWhitespace = false
            }
        }
        return result
    }
}

/// A reference to a slot list: `{list}` fills the slot named like the list, `{list:slot}`
/// fills `slot`.
///
/// `{1..100:percent}` is an inline range (hassil's `from..to[,step]`): it needs no list
/// definition.
public struct ListReference: Sendable, Hashable, CustomStringConvertible {
    /// The list's name.
    public let listName: String
    /// The slot the matched value goes to.
    public let slotName: String
    /// For an inline range `{from..to[,step]:slot}`: the range; nil for named lists.
    public let inlineRange: InlineRange?
    /// Where the reference starts in its template, in Unicode scalars from the template's
    /// first character (for errors that point at a use).
    public let offset: Int

    public init(listName: String, slotName: String? = nil, inlineRange: InlineRange? = nil, offset: Int = 0) {
        self.listName = listName
        self.slotName = slotName ?? listName
        self.inlineRange = inlineRange
        self.offset = offset
    }

    public var description: String {
        slotName == listName ? "{\(listName)}" : "{\(listName):\(slotName)}"
    }

    /// References are equal when they name the same list and slot, wherever they stand.
    public static func == (lhs: ListReference, rhs: ListReference) -> Bool {
        lhs.listName == rhs.listName && lhs.slotName == rhs.slotName && lhs.inlineRange == rhs.inlineRange
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(listName)
        hasher.combine(slotName)
    }
}

/// An inline number range in a list reference: `{1..10:count}`, `{0..100,5:percent}`.
public struct InlineRange: Sendable, Hashable {
    /// The first number.
    public let lowerBound: Int
    /// The last number (inclusive).
    public let upperBound: Int
    /// The distance between numbers (positive).
    public let step: Int
}

/// A reference to an expansion rule: `<rule>`.
public struct RuleReference: Sendable, Hashable, CustomStringConvertible {
    /// The rule's name.
    public let ruleName: String
    /// Where the reference starts in its template, in Unicode scalars (see ``ListReference/offset``).
    public let offset: Int

    public init(ruleName: String, offset: Int = 0) {
        self.ruleName = ruleName
        self.offset = offset
    }

    public var description: String { "<\(ruleName)>" }

    /// References are equal when they name the same rule, wherever they stand.
    public static func == (lhs: RuleReference, rhs: RuleReference) -> Bool { lhs.ruleName == rhs.ruleName }

    public func hash(into hasher: inout Hasher) { hasher.combine(ruleName) }
}
