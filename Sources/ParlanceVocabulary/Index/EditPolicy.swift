/// How many edits a fuzzy match may take, by the length of the key looked up.
///
/// An edit is an insertion, a deletion, a substitution or a swap of two adjacent
/// characters (optimal string alignment distance), counted in Unicode scalars of the
/// normalized key; the space between two words counts as a character.
///
/// ```swift
/// let policy = EditPolicy.default          // .scaled(exactUpTo: 3, oneEditUpTo: 7)
/// policy.maxEdits(forKeyLength: 3)         // 0: "tom" must be exact
/// policy.maxEdits(forKeyLength: 5)         // 1: "sarah" ~ "sara"
/// policy.maxEdits(forKeyLength: 15)        // 2: "sparkle sparkly" ~ "sparkel sparkl"
/// ```
///
/// Distances above 2 are never searched (Lucene caps its fuzzy queries at 2 as well): past
/// that, short names match almost anything and the candidate sets stop being useful.
public enum EditPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The same budget for every length; values outside 0...2 are clamped into it.
    case fixed(Int)
    /// Exact up to `exactUpTo` characters, one edit up to `oneEditUpTo`, two beyond.
    case scaled(exactUpTo: Int, oneEditUpTo: Int)

    /// `.scaled(exactUpTo: 3, oneEditUpTo: 7)`.
    public static let `default` = EditPolicy.scaled(exactUpTo: 3, oneEditUpTo: 7)

    /// The largest distance this policy ever allows.
    public static let maximumEdits = 2

    /// The edit budget for a key of `length` scalars.
    @inline(__always)
    public func maxEdits(forKeyLength length: Int) -> Int {
        switch self {
        case .fixed(let edits):
            return Swift.min(Swift.max(edits, 0), EditPolicy.maximumEdits)
        case .scaled(let exactUpTo, let oneEditUpTo):
            if length <= exactUpTo { return 0 }
            return length <= oneEditUpTo ? 1 : 2
        }
    }

    /// The shortest key length that gets at least `edits` edits, or nil if none does.
    func shortestLength(withEdits edits: Int) -> Int? {
        switch self {
        case .fixed:
            return maxEdits(forKeyLength: 0) >= edits ? 0 : nil
        case .scaled(let exactUpTo, let oneEditUpTo):
            switch edits {
            case ...0: return 0
            case 1: return Swift.max(exactUpTo + 1, 0)
            case 2: return Swift.max(oneEditUpTo + 1, exactUpTo + 1, 0)
            default: return nil
            }
        }
    }

    public var description: String {
        switch self {
        case .fixed(let edits): "fixed(\(edits))"
        case .scaled(let exactUpTo, let oneEditUpTo): "scaled(exactUpTo: \(exactUpTo), oneEditUpTo: \(oneEditUpTo))"
        }
    }
}

/// How many matches a lookup returns, as SymSpell's `Verbosity` has it.
public enum LookupVerbosity: Sendable, Hashable {
    /// The single best match (the first of ``closest``).
    case top
    /// The matches at the smallest distance found: exact ones if any, else those one edit
    /// away, else two. Stops searching as soon as a distance gives results.
    case closest
    /// Every match within the budget, nearest first.
    case all
}
