/// One row of the banded edit-distance table and what the next row needs.
///
/// Row `depth` holds the distances between the first `depth` labels of the trie path and
/// the query prefixes of length `depth - 2 ... depth + 2` (lane t ↔ query prefix
/// `depth - 2 + t`; lanes 5-7 are always dead). Distances above 2 never matter, so the
/// band of five cells is the whole table that can still match (Ukkonen's cut-off).
struct OSAState<Label: TrieLabel> {
    var row: SIMD8<Label>
    /// Row `depth - 1`, for the transposition term.
    var previousRow: SIMD8<Label>
    /// The label that led to this row, for the transposition term.
    var previousLabel: Label
    var depth: Int32
}

/// Optimal-string-alignment distance (Levenshtein plus adjacent transposition, each
/// costing one edit; Damerau 1964, restricted form) to a query, as a trie automaton, with
/// a cap per query position.
///
/// The caps implement the forward-backward pigeonhole of Mihov & Schulz (2004, "Fast
/// approximate search in large dictionaries", Computational Linguistics 30(4)): a cell of
/// column j (query prefix of length j) dies when its distance exceeds `cap(j)`. With
/// cap 0 below a split point the walk follows only paths that match the first part of
/// the query exactly, so it stays narrow exactly where the trie is wide. See
/// ``FuzzySearchPlan`` for the caps a search uses and why they lose no match.
///
/// A row step is a handful of SIMD operations on eight lanes (five used): the band
/// recurrence of Ukkonen (1985) with the transposition term of Lowrance & Wagner (1975).
///
/// The automaton reads three buffers, each padded by ``padding`` entries on both sides
/// so that the eight-lane loads never leave them:
/// - `query[padding + j]`: the query label at position j (``TrieLabel/padding`` outside);
/// - `limits[padding + j]`: `cap(j) + 1` for columns `0...m`, 0 outside (so the cell dies);
/// - `finals[padding + j]`: nonzero where a match may end (column m for a lookup; the
///   unit ends for a span search).
struct CappedOSAAutomaton<Label: TrieLabel>: TrieAutomaton {
    typealias State = OSAState<Label>

    /// Entries of padding on each side of the buffers.
    static var padding: Int { 16 }
    /// The value of a dead cell: above every cap, and far from overflow.
    @inline(__always) static var dead: Label { 0x40 }

    let query: UnsafePointer<Label>
    let limits: UnsafePointer<Label>
    let finals: UnsafePointer<Label>

    @inline(__always)
    private func load(_ pointer: UnsafePointer<Label>, _ offset: Int) -> SIMD8<Label> {
        UnsafeRawPointer(pointer + (CappedOSAAutomaton.padding + offset)).loadUnaligned(as: SIMD8<Label>.self)
    }

    @inline(__always)
    private static func shiftUp(_ vector: SIMD8<Label>, by lanes: Int) -> SIMD8<Label> {
        let dead = CappedOSAAutomaton.dead
        if lanes == 1 {
            return SIMD8(dead, vector[0], vector[1], vector[2], vector[3], vector[4], vector[5], vector[6])
        }
        return SIMD8(dead, dead, vector[0], vector[1], vector[2], vector[3], vector[4], vector[5])
    }

    var start: State {
        let dead = CappedOSAAutomaton.dead
        // Row 0: the empty path against query prefixes of length t - 2 (deletions).
        var row = SIMD8<Label>(dead, dead, 0, 1, 2, dead, dead, dead)
        row.replace(with: dead, where: row .>= load(limits, -2))
        return State(row: row, previousRow: SIMD8(repeating: dead), previousLabel: .wildcard, depth: 0)
    }

    @inline(__always)
    func step(_ state: State, _ label: Label) -> State {
        let depth = Int(state.depth)
        let dead = CappedOSAAutomaton.dead
        let one = SIMD8<Label>(repeating: 1)
        let labels = SIMD8<Label>(repeating: label)
        // Lane t of the new row is column j = depth - 1 + t.
        let before = load(query, depth - 3)  // query[j - 2]
        let here = load(query, depth - 2)  // query[j - 1]
        let limit = load(limits, depth - 1)
        let row = state.row
        // Substitution or match: cell (depth, j - 1), the same lane of the old row.
        var next = row &+ one
        next.replace(with: row, where: here .== labels)
        // Insertion (a label the query lacks): cell (depth, j), the next lane of the old row.
        let inserted = SIMD8<Label>(row[1], row[2], row[3], row[4], row[5], row[6], row[7], dead) &+ one
        next = pointwiseMin(next, inserted)
        // Transposition: cell (depth - 1, j - 2), the same lane two rows up.
        let swapped = (before .== labels) .& (here .== SIMD8<Label>(repeating: state.previousLabel))
        next = pointwiseMin(next, (state.previousRow &+ one).replacing(with: dead, where: .!swapped))
        // Deletion (a query label the path lacks): the previous lane of the new row. Chains
        // longer than two cost more than any cap, so two doubling rounds are enough.
        next = pointwiseMin(next, CappedOSAAutomaton.shiftUp(next, by: 1) &+ one)
        next = pointwiseMin(next, CappedOSAAutomaton.shiftUp(next, by: 2) &+ one &+ one)
        next.replace(with: dead, where: next .>= limit)
        return State(row: next, previousRow: row, previousLabel: label, depth: state.depth + 1)
    }

    @inline(__always)
    func canMatch(_ state: State) -> Bool {
        if any(state.row .< CappedOSAAutomaton.dead) { return true }
        return hasPendingTransposition(state)
    }

    /// Whether a transposition from the row above could still complete in the next row,
    /// though every cell of this row is dead.
    @inline(__always)
    private func hasPendingTransposition(_ state: State) -> Bool {
        let depth = Int(state.depth)
        let affordable = (state.previousRow &+ 1) .< load(limits, depth - 1)
        let swappable = load(query, depth - 2) .== SIMD8<Label>(repeating: state.previousLabel)
        return any(affordable .& swappable)
    }

    @inline(__always)
    func isMatch(_ state: State) -> Bool {
        any((state.row .< CappedOSAAutomaton.dead) .& (load(finals, Int(state.depth) - 2) .!= 0))
    }

    /// The distance in lane `lane` (column `depth - 2 + lane`), or nil if dead.
    @inline(__always)
    func distance(_ state: State, column: Int) -> Int? {
        let lane = column - Int(state.depth) + 2
        guard lane >= 0, lane < 5 else { return nil }
        let value = state.row[lane]
        return value < CappedOSAAutomaton.dead ? Int(value) : nil
    }

    @inline(__always)
    func acceptsAnyLabel(_ state: State) -> Bool {
        let depth = Int(state.depth)
        // A substitution from lane t lands in lane t of the next row (column depth - 1 + t),
        // an insertion in lane t - 1 (column depth - 2 + t).
        let limit = pointwiseMax(load(limits, depth - 1), load(limits, depth - 2))
        return any((state.row &+ 1) .< limit)
    }

    @inline(__always)
    func expectedLabels(_ state: State) -> ExpectedLabels<Label> {
        let depth = Int(state.depth)
        let dead = CappedOSAAutomaton.dead
        var labels = ExpectedLabels<Label>()
        let row = state.row
        let here = load(query, depth - 2)
        // A match: lane t (column depth - 2 + t) reads query[depth - 2 + t].
        let alive = row .< dead
        // The first half of a transposition, when the cell two rows down can afford it.
        let swapStarts = (row &+ 1) .< load(limits, depth)
        let ahead = load(query, depth - 1)
        // The second half of a transposition begun in the row above.
        let swapEnds = ((state.previousRow &+ 1) .< load(limits, depth - 1))
            .& (here .== SIMD8<Label>(repeating: state.previousLabel))
        let behind = load(query, depth - 3)
        for lane in 0..<5 {
            if alive[lane] { labels.insert(here[lane]) }
            if swapStarts[lane] { labels.insert(ahead[lane]) }
            if swapEnds[lane] { labels.insert(behind[lane]) }
        }
        return labels
    }
}
