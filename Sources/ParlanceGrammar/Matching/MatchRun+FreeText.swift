/// Where the main simulation pushes a wildcard's threads under a beam (``MatchOptions``).
enum FreeTextPushing {
    /// At each end, from the best sources open there (``FreeTextSources``).
    case whereItEnds
    /// At each of its ends, when the wildcard starts.
    case whereItStarts
}

/// Free text whose end is decided where it ends, not where it starts: the main simulation's
/// wildcards under a beam, so that matching stays linear in the utterance's length.
///
/// A thread entering a wildcard at position p may end it at every later word edge where the
/// path goes on: pushed eagerly, k threads entering wildcards at each of n positions make
/// k·n² threads, of which the beam keeps k per state and position (a 10,000-character
/// utterance against `{a} {b} {c}` took a minute and 3 GB). But the threads one wildcard
/// transition brings to its target state differ only by where the free text ends, and that
/// adds the same (q − p + taken) to every one's score at q: their order is the same at every
/// end q. So each is recorded once as a source, and at each end q only the best `width`
/// sources still open there are pushed, with the arrival stamp they would have had: the
/// beam at q would have cut every other one (it keeps `width` threads per state, better
/// scores first, earlier arrivals on ties), so the threads that survive are the same, in the
/// same order. Work per position is then bounded by the grammar, not by the utterance.
///
/// (Exact while free text stays under 32,768 scalars, where ``MatchRun/Score``'s
/// `wildcardScalars` wraps.)
struct FreeTextSources {
    /// A thread entering a wildcard: what it carries, and the ends it may take.
    struct Source {
        /// The thread before the wildcard, its score with the wildcard counted
        /// (`wildcardScalars` still without its text).
        var thread: MatchRun.Thread
        var symbol: Int32
        var value: Int32
        /// Where the free text starts; it ends at a word edge in `(start, lastEnd]`.
        var start: Int32
        var lastEnd: Int32
        /// Where its pushes stand in the order of arrival (``MatchRun``'s thread stamps).
        var stamp: Int64
        /// Sources added later that rank above it and stay open as long (see ``add(_:to:width:)``).
        var dominated: Int32 = 0

        /// Whether `other` makes the same capture at every end (its thread merges with this one's).
        func capturesAlike(_ other: Source) -> Bool {
            thread.captures == other.thread.captures && symbol == other.symbol && value == other.value && start == other.start
        }

        /// The part of the rank at any end q that depends on the source: the thread's score
        /// at q with `wildcardScalars` less q. Lexicographic as ``MatchRun/Score/isBetter(than:)``.
        var key: (UInt8, UInt8, Int, UInt8, Int16, UInt8) {
            let score = thread.score
            return (score.wordEdits, score.wildcards, Int(score.wildcardScalars) - Int(start), score.valueEdits, -score.literal, score.skipped)
        }
    }

    /// Per target state (by index): its sources, best first (rank, then stamp).
    private(set) var sources: [[Source]] = []
    /// Per target: the automaton state, its row of free-text ends, the furthest end of its
    /// sources, the position it was last served at, and the next position it is due at.
    private(set) var states: [Int32] = []
    private(set) var rows: [Int] = []
    private(set) var lastEnds: [Int32] = []
    private var served: [Int32] = []
    private var nextDue: [Int32] = []
    private var targets: [Int32: Int32] = [:]
    /// Targets due at each position (from the simulation's start): a list through `nodes`.
    private var due: [Int32] = []
    private var nodes: [(target: Int32, next: Int32)] = []

    var isEmpty: Bool { states.isEmpty }

    /// The target index of `state` (whose row of free-text ends is `row`), made on first use
    /// for a simulation of `positions` positions.
    mutating func target(_ state: Int32, row: Int, positions: Int) -> Int {
        if let known = targets[state] { return Int(known) }
        if due.isEmpty { due = Array(repeating: -1, count: positions) }
        targets[state] = Int32(states.count)
        states.append(state)
        rows.append(row)
        lastEnds.append(-1)
        served.append(-1)
        nextDue.append(-1)
        sources.append([])
        return states.count - 1
    }

    /// Adds `source` to `target`, due first at `firstEnd` (offset from the simulation's start
    /// in `at`). A source that `width` earlier ones outrank at every end it may take (each
    /// ranks above it and stays open as long) is dropped: the beam would cut all its threads.
    /// One that `width` later ones outrank so is dropped as they arrive.
    mutating func add(_ source: Source, to target: Int, width: Int, firstEnd: Int, at offset: Int) {
        let key = source.key
        var list = sources[target]
        sources[target] = []  // uniquely referenced while changed
        defer { sources[target] = list }
        // Earlier sources with an equal key arrived first: they rank above. Sources that
        // make the same capture make one thread (the arena hash-conses captures, and the
        // threads merge), so they count once.
        let index = list.firstIndex { key < $0.key } ?? list.count
        var above = 0
        for (offset, earlier) in list[..<index].enumerated() where earlier.lastEnd >= source.lastEnd {
            if earlier.capturesAlike(source) { return }
            guard !list[..<offset].contains(where: { $0.capturesAlike(earlier) && $0.lastEnd >= source.lastEnd }) else { continue }
            above += 1
            if above >= width { return }
        }
        let twin = list.contains { $0.capturesAlike(source) }
        list.insert(source, at: index)
        var kept = index + 1
        for later in (index + 1)..<list.count {
            var entry = list[later]
            if !twin, entry.lastEnd <= source.lastEnd { entry.dominated += 1 }
            if entry.dominated < width {
                list[kept] = entry
                kept += 1
            }
        }
        list.removeLast(list.count - kept)
        lastEnds[target] = max(lastEnds[target], source.lastEnd)
        schedule(target, at: firstEnd, offset: offset)
    }

    /// Makes `target` due at `position` unless it is due at or before it already.
    mutating func schedule(_ target: Int, at position: Int, offset: Int) {
        let pending = Int(nextDue[target])
        if pending > offset, pending <= position { return }
        nextDue[target] = Int32(position)
        nodes.append((Int32(target), due[position - offset]))
        due[position - offset] = Int32(nodes.count - 1)
    }

    /// The first of the targets due at `position` (`offset`: the simulation's start), -1
    /// when none; ``nextDue(after:)`` walks the rest.
    func firstDue(at position: Int, offset: Int) -> Int32 {
        due.isEmpty ? -1 : due[position - offset]
    }

    func target(ofNode node: Int32) -> Int { Int(nodes[Int(node)].target) }

    func nextDue(after node: Int32) -> Int32 { nodes[Int(node)].next }

    /// Marks `target` served at `position`: false when it already was (it was due twice).
    /// Sources whose free text cannot reach `position` are forgotten.
    mutating func serve(_ target: Int, at position: Int) -> Bool {
        guard served[target] != Int32(position) else { return false }
        served[target] = Int32(position)
        if nextDue[target] == Int32(position) { nextDue[target] = -1 }
        if sources[target].contains(where: { Int($0.lastEnd) < position }) {
            sources[target].removeAll { Int($0.lastEnd) < position }
        }
        return true
    }
}
