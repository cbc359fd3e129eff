/// One row of the edit-distance table as bit sets: bit j of `r0`, `r1`, `r2` is set when
/// the distance between the labels walked so far and the query prefix of length j is at
/// most 0, 1, 2 (and that cell is alive under its column's cap), so `r0 ⊆ r1 ⊆ r2`; `p0`
/// and `p1` hold the row above, and `previousMatches` the query columns the last label
/// matched, both for the transposition term.
struct BitOSAState {
    var r0: UInt64, r1: UInt64, r2: UInt64
    var p0: UInt64, p1: UInt64
    var previousMatches: UInt64

    /// The distance at `column`, or nil when its cell is dead.
    @inline(__always)
    func distance(atColumn column: Int) -> Int? {
        guard column >= 0, column < 64, r2 & UInt64(1) << UInt64(column) != 0 else { return nil }
        return Int(distance(ofLiveColumn: column))
    }

    /// The distance at `column` (0…63), a column whose cell is alive (its bit set in `r2`).
    @inline(__always)
    func distance(ofLiveColumn column: Int) -> UInt8 {
        let bit = UInt64(1) << UInt64(column)
        return r0 & bit != 0 ? 0 : (r1 & bit != 0 ? 1 : 2)
    }
}

/// A walk's caps and finals, one bit per column (0…62): the columns whose cap is at
/// least 0, 1, 2, and those where a match may end.
struct ColumnMasks {
    var caps: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var finals: UInt64 = 0

    /// The masks of ``CappedOSAAutomaton``'s buffers for columns 0…`columns`:
    /// `limits[padding + j]` is `cap(j) + 1`, `finals[padding + j]` nonzero at a final column.
    init(columns: Int, limits: UnsafePointer<UInt8>, finals: UnsafePointer<UInt8>, padding: Int) {
        for column in 0...columns {
            let bit = UInt64(1) << UInt64(column)
            let limit = limits[padding + column]
            if limit > 0 { caps.0 |= bit }
            if limit > 1 { caps.1 |= bit }
            if limit > 2 { caps.2 |= bit }
            if finals[padding + column] != 0 { self.finals |= bit }
        }
    }

    init() {}
}

/// The automaton of ``CappedOSAAutomaton`` (optimal-string-alignment distance up to 2 with
/// a cap per query column) for queries of at most ``maximumColumns`` columns, one bit per
/// column: the nondeterministic automaton of Wu & Manber (1992, "Fast text searching
/// allowing errors", CACM 35(10)) simulated by rows, as Baeza-Yates & Navarro (1999,
/// "Faster approximate string matching", Algorithmica 23) do, with the transposition
/// term of Hyyrö (2003) and the caps as one mask per distance (``ColumnMasks``).
///
/// A step is some twenty word operations for the whole row, against fifty byte operations
/// for the five-cell band, and the questions the walk asks at each node (a match? any
/// edit affordable? an exact run?) are a mask and a test each. It answers every question
/// exactly as ``CappedOSAAutomaton`` does with the same query, caps and finals, so a walk
/// follows the same paths and finds the same keys (`BitParallelAutomatonTests`).
///
/// The query's labels are read through `matches`, a table from label to the bit set of
/// the columns it matches (bit j: the query's label j - 1), which the caller fills for
/// the query's labels before the walk and clears after (``fill(_:query:columns:lastLabel:set:)``).
struct BitParallelOSAAutomaton<Label: TrieLabel>: TrieAutomaton {
    typealias State = BitOSAState

    /// The most columns (query prefixes 0…m): bits 0…62, so that a shift by two of a live
    /// cell never leaves the word before its mask drops it.
    static var maximumColumns: Int { 63 }

    /// The query, padded as ``CappedOSAAutomaton``'s: `query[padding + j]` is label j.
    let query: UnsafePointer<Label>
    /// The match table, indexed by label; entry `lastLabel` (every larger label, the
    /// wildcard among them) is zero.
    let matches: UnsafePointer<UInt64>
    let lastLabel: Int
    /// Columns whose cap is at least 0, 1, 2, and the final columns.
    let caps0: UInt64, caps1: UInt64, caps2: UInt64
    let finalColumns: UInt64
    /// The column of the empty prefix: 0, or the query's start in a longer text whose
    /// labels the match table holds (`query`, the masks and the table then count columns
    /// from the text's start, and the masks have no bits below this column).
    let firstColumn: Int

    private static var padding: Int { CappedOSAAutomaton<Label>.padding }

    init(query: UnsafePointer<Label>, masks: ColumnMasks, matches: UnsafePointer<UInt64>, lastLabel: Int, firstColumn: Int = 0) {
        self.query = query
        self.matches = matches
        self.lastLabel = lastLabel
        (caps0, caps1, caps2) = masks.caps
        finalColumns = masks.finals
        self.firstColumn = firstColumn
    }

    /// Sets the match table's entries for the labels of `query`'s columns 1…`columns`
    /// (`set` true), or clears them (false). Labels no key holds (0) and padding are left out.
    static func fill(_ matches: UnsafeMutablePointer<UInt64>, query: UnsafePointer<Label>, columns: Int, lastLabel: Int, set: Bool) {
        guard columns > 0 else { return }
        for column in 1...columns {
            let label = Int(query[padding + column - 1])
            guard label != 0, label < lastLabel else { continue }
            matches[label] = set ? matches[label] | UInt64(1) << UInt64(column) : 0
        }
    }

    var start: State {
        // Row 0: the empty path against the query prefixes (deletions), each alive only
        // under its cap and after the one before it.
        let r0 = caps0 & UInt64(1) << UInt64(firstColumn)
        let r1 = r0 | ((r0 << 1) & caps1)
        let r2 = r1 | ((r1 << 1) & caps2)
        return State(r0: r0, r1: r1, r2: r2, p0: 0, p1: 0, previousMatches: 0)
    }

    @inline(__always)
    private func matchColumns(_ label: Label) -> UInt64 {
        matches[Swift.min(Int(label), lastLabel)]
    }

    @inline(__always)
    func step(_ state: State, _ label: Label) -> State {
        let e = matchColumns(label)
        // A transposition into column j: the row two up at j - 2, this label is query
        // label j - 1 (bit j of e << 1) and the last one query label j.
        let swapped = (e << 1) & state.previousMatches
        // Distance 0: a match from the cell one column left in the row above.
        let n0 = (state.r0 << 1) & e & caps0
        // At most d: a match at d, or at d - 1 a substitution (the cell up-left), an
        // insertion (the cell above), a deletion (the new cell to the left) or a
        // transposition; then capped, a cell over its cap keeping what it had at d - 1.
        let one = ((state.r1 << 1) & e) | (state.r0 << 1) | state.r0 | (n0 << 1) | ((state.p0 << 2) & swapped)
        let n1 = (one & caps1) | n0
        let two = ((state.r2 << 1) & e) | (state.r1 << 1) | state.r1 | (n1 << 1) | ((state.p1 << 2) & swapped)
        let n2 = (two & caps2) | n1
        return State(r0: n0, r1: n1, r2: n2, p0: state.r0, p1: state.r1, previousMatches: e)
    }

    /// Columns where a transposition begun in the row above could complete in the next row
    /// (whatever the next label): the row above's cell two columns left affords one more
    /// edit there, and the last label was the column's query label.
    @inline(__always)
    private func pendingTranspositions(_ state: State) -> UInt64 {
        (((state.p0 << 2) & caps1) | ((state.p1 << 2) & caps2)) & state.previousMatches
    }

    @inline(__always)
    func canMatch(_ state: State) -> Bool {
        state.r2 != 0 || pendingTranspositions(state) != 0
    }

    @inline(__always)
    func isMatch(_ state: State) -> Bool { state.r2 & finalColumns != 0 }

    @inline(__always)
    func acceptsAnyLabel(_ state: State) -> Bool {
        // A cell that affords one more edit in its own column (an insertion) or the next
        // (a substitution).
        ((state.r0 | state.r0 << 1) & caps1) | ((state.r1 | state.r1 << 1) & caps2) != 0
    }

    @inline(__always)
    func expectedLabels(_ state: State) -> ExpectedLabels<Label> {
        let padding = BitParallelOSAAutomaton.padding
        var labels = ExpectedLabels<Label>()
        // A match from a live cell at column j: query label j.
        var live = state.r2
        while live != 0 {
            let column = live.trailingZeroBitCount
            labels.insert(query[padding + column])
            // The first half of a transposition, if the cell two rows down (column j + 2)
            // affords one more edit: query label j + 1.
            let bit = UInt64(1) << UInt64(column)
            if (state.r0 & bit != 0 && caps1 & (bit << 2) != 0) || (state.r1 & bit != 0 && caps2 & (bit << 2) != 0) {
                labels.insert(query[padding + column + 1])
            }
            live &= live &- 1
        }
        // The second half of a transposition begun in the row above, into column j: query
        // label j - 2.
        var pending = pendingTranspositions(state)
        while pending != 0 {
            let column = pending.trailingZeroBitCount
            labels.insert(query[padding + column - 2])
            pending &= pending &- 1
        }
        return labels
    }

    @inline(__always)
    func exactColumn(_ state: State) -> Int {
        let live = state.r2
        guard live != 0, live & (live &- 1) == 0 else { return -1 }
        let column = live.trailingZeroBitCount
        let value: UInt8 = state.r0 != 0 ? 0 : (state.r1 != 0 ? 1 : 2)
        guard staysExact(value: value, column: column) else { return -1 }
        // No transposition from the row above may land in the next row (whatever the labels,
        // as ``CappedOSAAutomaton/exactColumn(_:)`` asks).
        if ((state.p0 << 2) & caps1) | ((state.p1 << 2) & caps2) != 0 { return -1 }
        return column
    }

    @inline(__always)
    func exactValue(_ state: State, column: Int) -> UInt8 { UInt8(state.distance(atColumn: column) ?? 2) }

    @inline(__always)
    func staysExact(value: UInt8, column: Int) -> Bool {
        // The cap is `value` at `column` and the next (no substitution, insertion or
        // deletion affordable), and at most `value` two on (no deletion after a match).
        let atLeast = value == 0 ? caps0 : (value == 1 ? caps1 : caps2)
        let above = value == 0 ? caps1 : (value == 1 ? caps2 : 0)
        let exactly = atLeast & ~above
        return (exactly >> UInt64(column)) & 3 == 3 && (above >> UInt64(column + 2)) & 1 == 0
    }

    @inline(__always)
    func queryLabel(atColumn column: Int) -> Label { query[BitParallelOSAAutomaton.padding + column] }

    @inline(__always)
    func advanceExactly(_ state: State, column: Int, count: Int, last: Label) -> State {
        let value = exactValue(state, column: column)
        // The one cell moves `count` columns on; the row above held it one column back.
        let bit = UInt64(1) << UInt64(column + count), above = bit >> 1
        return State(r0: value == 0 ? bit : 0, r1: value <= 1 ? bit : 0, r2: bit,
                     p0: value == 0 ? above : 0, p1: value <= 1 ? above : 0, previousMatches: matchColumns(last))
    }
}
