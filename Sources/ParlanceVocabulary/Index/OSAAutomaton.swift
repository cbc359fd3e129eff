/// One row of the banded edit-distance table and what the next row needs.
///
/// Row `depth` holds the distances between the first `depth` labels of the trie path and
/// the query prefixes of length `depth - 2 ... depth + 2` (lane t ↔ column
/// `depth - 2 + t`). Distances above 2 never matter, so this band of five cells is all of
/// the table that can still match (Ukkonen's cut-off). A dead cell holds
/// ``CappedOSAAutomaton/dead``.
///
/// Plain scalar lanes on purpose: the standard library's generic SIMD operations
/// (`replacing`, `pointwiseMin`, `any`) compile to lane-by-lane loops with bounds checks,
/// three times slower than this straight-line code.
struct OSAState<Label: TrieLabel> {
    var c0: UInt8, c1: UInt8, c2: UInt8, c3: UInt8, c4: UInt8
    /// Row `depth - 1`, for the transposition term.
    var p0: UInt8, p1: UInt8, p2: UInt8, p3: UInt8, p4: UInt8
    /// The label that led to this row, for the transposition term.
    var previousLabel: Label
    var depth: Int32

    /// The cell of lane `lane` (0...4).
    @inline(__always)
    subscript(lane: Int) -> UInt8 {
        switch lane {
        case 0: c0
        case 1: c1
        case 2: c2
        case 3: c3
        default: c4
        }
    }

    /// The cell of lane `lane` of the row above.
    @inline(__always)
    func previous(_ lane: Int) -> UInt8 {
        switch lane {
        case 0: p0
        case 1: p1
        case 2: p2
        case 3: p3
        default: p4
        }
    }
}

/// Optimal-string-alignment distance (Levenshtein plus adjacent transposition, each
/// costing one edit; Damerau 1964, in its restricted form) to a query, as a trie
/// automaton, with a cap per query column.
///
/// The caps implement the forward-backward pigeonhole of Mihov & Schulz (2004, "Fast
/// approximate search in large dictionaries", Computational Linguistics 30(4)): a cell of
/// column j (query prefix of length j) dies when its distance exceeds `cap(j)`. With
/// cap 0 below a split point the walk follows only paths that match the first part of
/// the query exactly, so it stays narrow exactly where the trie is wide. See
/// ``FuzzySearchPlan`` for the caps a search uses and why they lose no match.
///
/// A row step is the band recurrence of Ukkonen (1985, "Algorithms for approximate string
/// matching") with the transposition term of Lowrance & Wagner (1975), about fifty
/// branch-free scalar operations.
///
/// The automaton reads three buffers, each padded by ``padding`` entries on both sides so
/// that reads around the band never leave them:
/// - `query[padding + j]`: the query label at position j (``TrieLabel/padding`` outside);
/// - `limits[padding + j]`: `cap(j) + 1` for columns `0...m`, 0 outside (the cell dies);
/// - `finals[padding + j]`: nonzero where a match may end (column m for a lookup; the
///   unit ends for a span search).
struct CappedOSAAutomaton<Label: TrieLabel>: TrieAutomaton {
    typealias State = OSAState<Label>

    /// Entries of padding on each side of the buffers.
    static var padding: Int { 16 }
    /// The value of a dead cell: above every cap, and far from overflow.
    @inline(__always) static var dead: UInt8 { 0x40 }

    let query: UnsafePointer<Label>
    let limits: UnsafePointer<UInt8>
    let finals: UnsafePointer<UInt8>

    @inline(__always)
    private static func capped(_ value: UInt8, _ limit: UInt8) -> UInt8 { value < limit ? value : dead }

    var start: State {
        let dead = CappedOSAAutomaton.dead
        // Row 0: the empty path against query prefixes of length 0, 1, 2 (deletions).
        let limit = limits + (CappedOSAAutomaton.padding)
        let c2 = CappedOSAAutomaton.capped(0, limit[0])
        let c3 = CappedOSAAutomaton.capped(c2 &+ 1, limit[1])
        let c4 = CappedOSAAutomaton.capped(c3 &+ 1, limit[2])
        return State(c0: dead, c1: dead, c2: c2, c3: c3, c4: c4, p0: dead, p1: dead, p2: dead, p3: dead, p4: dead,
                     previousLabel: .wildcard, depth: 0)
    }

    @inline(__always)
    func step(_ state: State, _ label: Label) -> State {
        let depth = Int(state.depth)
        let dead = CappedOSAAutomaton.dead
        // New lane t is column j = depth - 1 + t: q[t] = query[j - 2], q[t + 1] = query[j - 1].
        let q = query + (CappedOSAAutomaton.padding + depth - 3)
        let limit = limits + (CappedOSAAutomaton.padding + depth - 1)
        let e0 = label == q[0], e1 = label == q[1], e2 = label == q[2], e3 = label == q[3], e4 = label == q[4], e5 = label == q[5]
        let previous = state.previousLabel
        let f1 = previous == q[1], f2 = previous == q[2], f3 = previous == q[3], f4 = previous == q[4], f5 = previous == q[5]

        // Each lane: substitution or match from the same lane of the old row, insertion (a
        // label the query lacks) from the next lane, transposition from the same lane two
        // rows up, deletion (a query label the path lacks) from the previous new lane.
        @inline(__always) func cell(_ diagonal: UInt8, _ matches: Bool, _ inserted: UInt8, _ swapped: Bool,
                                    _ above: UInt8, _ left: UInt8, _ limit: UInt8) -> UInt8 {
            var value = matches ? diagonal : diagonal &+ 1
            value = Swift.min(value, inserted &+ 1)
            if swapped { value = Swift.min(value, above &+ 1) }
            value = Swift.min(value, left &+ 1)
            return value < limit ? value : dead
        }
        let n0 = cell(state.c0, e1, state.c1, e0 && f1, state.p0, dead, limit[0])
        let n1 = cell(state.c1, e2, state.c2, e1 && f2, state.p1, n0, limit[1])
        let n2 = cell(state.c2, e3, state.c3, e2 && f3, state.p2, n1, limit[2])
        let n3 = cell(state.c3, e4, state.c4, e3 && f4, state.p3, n2, limit[3])
        let n4 = cell(state.c4, e5, dead, e4 && f5, state.p4, n3, limit[4])
        return State(c0: n0, c1: n1, c2: n2, c3: n3, c4: n4,
                     p0: state.c0, p1: state.c1, p2: state.c2, p3: state.c3, p4: state.c4,
                     previousLabel: label, depth: state.depth &+ 1)
    }

    @inline(__always)
    private static func minimum(_ state: State) -> UInt8 {
        Swift.min(Swift.min(Swift.min(state.c0, state.c1), Swift.min(state.c2, state.c3)), state.c4)
    }

    @inline(__always)
    func canMatch(_ state: State) -> Bool {
        if CappedOSAAutomaton.minimum(state) < CappedOSAAutomaton.dead { return true }
        return hasPendingTransposition(state)
    }

    /// Whether a transposition from the row above could still complete in the next row,
    /// though every cell of this row is dead.
    @inline(__always)
    private func hasPendingTransposition(_ state: State) -> Bool {
        let depth = Int(state.depth)
        let q = query + (CappedOSAAutomaton.padding + depth - 2)
        let limit = limits + (CappedOSAAutomaton.padding + depth - 1)
        for lane in 0..<5 where state.previous(lane) &+ 1 < limit[lane] && q[lane] == state.previousLabel {
            return true
        }
        return false
    }

    @inline(__always)
    func isMatch(_ state: State) -> Bool {
        let final = finals + (CappedOSAAutomaton.padding + Int(state.depth) - 2)
        let dead = CappedOSAAutomaton.dead
        return (state.c0 < dead && final[0] != 0) || (state.c1 < dead && final[1] != 0) || (state.c2 < dead && final[2] != 0)
            || (state.c3 < dead && final[3] != 0) || (state.c4 < dead && final[4] != 0)
    }

    /// The distance at `column`, or nil if its cell is dead or outside the band.
    @inline(__always)
    func distance(_ state: State, column: Int) -> Int? {
        let lane = column - Int(state.depth) + 2
        guard lane >= 0, lane < 5 else { return nil }
        let value = state[lane]
        return value < CappedOSAAutomaton.dead ? Int(value) : nil
    }

    @inline(__always)
    func acceptsAnyLabel(_ state: State) -> Bool {
        // A substitution from lane t lands in lane t of the next row (column depth - 1 + t),
        // an insertion in lane t - 1 (column depth - 2 + t); caps only grow with the column
        // except past the query's end, so check both.
        let limit = limits + (CappedOSAAutomaton.padding + Int(state.depth) - 2)
        @inline(__always) func affords(_ value: UInt8, _ lane: Int) -> Bool {
            value &+ 1 < Swift.max(limit[lane], limit[lane + 1])
        }
        return affords(state.c0, 0) || affords(state.c1, 1) || affords(state.c2, 2) || affords(state.c3, 3)
            || affords(state.c4, 4)
    }

    /// See ``TrieAutomaton/exactColumn(_:)``: one live cell (value v, column j), caps
    /// `v` at columns j and j + 1 (no substitution or insertion) and at most `v` at j + 2
    /// (no deletion after the match), and no transposition from the row above. Then the
    /// next row has one live cell, at j + 1 with value v, if the label is query[j], and
    /// none otherwise: the walk can compare labels instead of stepping.
    @inline(__always)
    func exactColumn(_ state: State) -> Int {
        let dead = CappedOSAAutomaton.dead
        var lane = -1
        var live = 0
        if state.c0 < dead { lane = 0; live += 1 }
        if state.c1 < dead { lane = 1; live += 1 }
        if state.c2 < dead { lane = 2; live += 1 }
        if state.c3 < dead { lane = 3; live += 1 }
        if state.c4 < dead { lane = 4; live += 1 }
        guard live == 1 else { return -1 }
        let column = Int(state.depth) - 2 + lane
        guard staysExact(value: state[lane], column: column) else { return -1 }
        // A transposition lands in lane t of the next row (column depth - 1 + t) from lane t
        // of the row above.
        let limit = limits + (CappedOSAAutomaton.padding + Int(state.depth) - 1)
        if state.p0 &+ 1 < limit[0] || state.p1 &+ 1 < limit[1] || state.p2 &+ 1 < limit[2]
            || state.p3 &+ 1 < limit[3] || state.p4 &+ 1 < limit[4] { return -1 }
        return column
    }

    @inline(__always)
    func exactValue(_ state: State, column: Int) -> UInt8 { state[column - Int(state.depth) + 2] }

    @inline(__always)
    func staysExact(value: UInt8, column: Int) -> Bool {
        let limit = limits + (CappedOSAAutomaton.padding + column)
        let capped = value &+ 1
        return limit[0] == capped && limit[1] == capped && limit[2] <= capped
    }

    @inline(__always)
    func queryLabel(atColumn column: Int) -> Label { query[CappedOSAAutomaton.padding + column] }

    @inline(__always)
    func advanceExactly(_ state: State, column: Int, count: Int, last: Label) -> State {
        let dead = CappedOSAAutomaton.dead
        let lane = column - Int(state.depth) + 2
        let value = state[lane]
        // The cell keeps its lane (column and depth both grow by `count`); the row above held
        // the same cell one label earlier.
        @inline(__always) func cell(_ index: Int) -> UInt8 { index == lane ? value : dead }
        let a = cell(0), b = cell(1), c = cell(2), d = cell(3), e = cell(4)
        return State(c0: a, c1: b, c2: c, c3: d, c4: e, p0: a, p1: b, p2: c, p3: d, p4: e,
                     previousLabel: last, depth: state.depth &+ Int32(count))
    }

    @inline(__always)
    func expectedLabels(_ state: State) -> ExpectedLabels<Label> {
        let depth = Int(state.depth)
        let dead = CappedOSAAutomaton.dead
        var labels = ExpectedLabels<Label>()
        let here = query + (CappedOSAAutomaton.padding + depth - 2)  // lane t reads here[t]
        let limitTwoDown = limits + (CappedOSAAutomaton.padding + depth)
        let limitNext = limits + (CappedOSAAutomaton.padding + depth - 1)
        for lane in 0..<5 {
            let value = state[lane]
            if value < dead {
                // A match from this cell.
                labels.insert(here[lane])
                // The first half of a transposition, if the cell two rows down affords it.
                if value &+ 1 < limitTwoDown[lane] { labels.insert(here[lane + 1]) }
            }
            // The second half of a transposition begun in the row above.
            if state.previous(lane) &+ 1 < limitNext[lane], here[lane] == state.previousLabel {
                labels.insert(here[lane - 1])
            }
        }
        return labels
    }
}
