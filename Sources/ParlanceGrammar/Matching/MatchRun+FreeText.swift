/// Where the main simulation pushes a wildcard's threads under a beam or a budget (``MatchOptions``).
enum FreeTextPushing {
    /// At each end, from the best sources open there (``FreeTextSources``).
    case whereItEnds
    /// At each of its ends, when the wildcard starts.
    case whereItStarts
}

/// Free text whose end is decided where it ends, not where it starts: the main simulation's
/// wildcards under a beam or a position budget (``MatchRun/freeTextWidth``), so that
/// matching stays linear in the utterance's length.
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
        /// at q with `wildcardScalars` less q, in `order`. Lexicographic as
        /// ``MatchRun/Score/isBetter(than:in:)``.
        @inline(__always)
        func key(in order: RankingOrder) -> (Int, Int, Int, Int, Int, Int) {
            thread.score.key(in: order, shift: Int(start))
        }
    }

    /// Per target state (by index): its sources, best first (rank, then stamp). Kept longer
    /// than the targets between simulations (``removeAll()``), so their buffers are reused.
    private(set) var sources: [[Source]] = []
    /// Per target: the automaton state, its row of free-text ends, the furthest end of its
    /// sources, the position it was last served at, and the next position it is due at.
    private(set) var states: [Int32] = []
    private(set) var rows: [Int] = []
    private(set) var lastEnds: [Int32] = []
    /// Per target: whether two of its sources ever made the same capture (see ``add(_:to:width:firstEnd:at:)``).
    private var twinned: [Bool] = []
    private var served: [Int32] = []
    private var nextDue: [Int32] = []
    private var targets: [Int32: Int32] = [:]
    /// Targets due at each position (from the simulation's start): a list through `nodes`.
    private var due: [Int32] = []
    private var nodes: [(target: Int32, next: Int32)] = []

    var isEmpty: Bool { states.isEmpty }
    /// The order sources are ranked in: the simulation's (``MatchRun/order``).
    var order: RankingOrder = .hassil

    /// Forgets every target, keeping the buffers for the next simulation (most simulations
    /// of a grammar with wildcards open a few targets: their arrays are not made anew).
    mutating func removeAll() {
        guard !states.isEmpty || !due.isEmpty else { return }
        for target in states.indices { sources[target].removeAll(keepingCapacity: true) }
        states.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        lastEnds.removeAll(keepingCapacity: true)
        twinned.removeAll(keepingCapacity: true)
        served.removeAll(keepingCapacity: true)
        nextDue.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        due.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    /// The target index of `state` (whose row of free-text ends is `row`), made on first use
    /// for a simulation of `positions` positions.
    mutating func target(_ state: Int32, row: Int, positions: Int) -> Int {
        if let known = targets[state] { return Int(known) }
        if due.isEmpty { due.append(contentsOf: repeatElement(-1, count: positions)) }
        targets[state] = Int32(states.count)
        states.append(state)
        rows.append(row)
        lastEnds.append(-1)
        twinned.append(false)
        served.append(-1)
        nextDue.append(-1)
        if sources.count < states.count { sources.append([]) }
        return states.count - 1
    }

    /// Adds `source` to `target`, due first at `firstEnd` (offset from the simulation's start
    /// in `at`). A source that `width` earlier ones outrank at every end it may take (each
    /// ranks above it and stays open as long) is dropped: the beam would cut all its threads.
    /// One that `width` later ones outrank so is dropped as they arrive.
    mutating func add(_ source: Source, to target: Int, width: Int, firstEnd: Int, at offset: Int) {
        let key = source.key(in: order)
        var list = sources[target]
        sources[target] = []  // uniquely referenced while changed
        defer { sources[target] = list }
        // Earlier sources with an equal key arrived first: they rank above. Sources that
        // make the same capture make one thread (the arena hash-conses captures, and the
        // threads merge), so they count once.
        let index = list.firstIndex { key < $0.key(in: order) } ?? list.count
        var above = 0
        // Until two sources of the target make the same capture, each counts without a
        // look back (lists are long where there is no beam: ``MatchRun/freeTextWidth``).
        let twins = twinned[target]
        for (offset, earlier) in list[..<index].enumerated() where earlier.lastEnd >= source.lastEnd {
            if earlier.capturesAlike(source) { return }
            if twins, list[..<offset].contains(where: { $0.capturesAlike(earlier) && $0.lastEnd >= source.lastEnd }) { continue }
            above += 1
            if above >= width { return }
        }
        let twin = list.contains { $0.capturesAlike(source) }
        if twin { twinned[target] = true }
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

extension FreeTextSources {
    /// The next source of each due target, best first across targets: how free text is
    /// pushed at a position where the targets offer more than the position's budget
    /// (``MatchRun/positionBudget``). Each target's sources are in rank order (key, then
    /// arrival), and the keys of one position compare across targets (the end's share of
    /// the score is the same for all), so a heap of the targets' heads yields them in the
    /// order the budget keeps them.
    struct Heads {
        /// (target, offset in its sources), best on top.
        private var heap: [(target: Int, offset: Int)] = []
        /// New threads made per target so far (each target stops at its width).
        private var made: [Int: Int] = [:]

        init(targets: [Int], in sources: FreeTextSources) {
            heap = targets.filter { !sources.sources[$0].isEmpty }.map { ($0, 0) }
            var node = heap.count / 2 - 1
            while node >= 0 {
                siftDown(node, in: sources)
                node -= 1
            }
        }

        /// Takes the best head: its target and offset.
        mutating func popBest(in sources: FreeTextSources) -> (Int, Int)? {
            guard let top = heap.first else { return nil }
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            if !heap.isEmpty { siftDown(0, in: sources) }
            return (top.target, top.offset)
        }

        /// Counts a new thread made by `target`.
        mutating func count(_ target: Int) { made[target, default: 0] += 1 }

        /// Puts `target`'s source after `offset` in, unless it has none or made `width` threads.
        mutating func advance(_ target: Int, from offset: Int, width: Int, in sources: FreeTextSources) {
            guard offset + 1 < sources.sources[target].count, made[target, default: 0] < width else { return }
            heap.append((target, offset + 1))
            var node = heap.count - 1
            while node > 0 {
                let parent = (node - 1) / 2
                guard ranksFirst(heap[node], heap[parent], in: sources) else { break }
                heap.swapAt(node, parent)
                node = parent
            }
        }

        private func ranksFirst(_ a: (target: Int, offset: Int), _ b: (target: Int, offset: Int), in sources: FreeTextSources) -> Bool {
            let (x, y) = (sources.sources[a.target][a.offset], sources.sources[b.target][b.offset])
            let (p, q) = (x.key(in: sources.order), y.key(in: sources.order))
            if p < q { return true }
            if q < p { return false }
            return x.stamp < y.stamp
        }

        private mutating func siftDown(_ start: Int, in sources: FreeTextSources) {
            var node = start
            while true {
                let (left, right) = (2 * node + 1, 2 * node + 2)
                var best = node
                if left < heap.count, ranksFirst(heap[left], heap[best], in: sources) { best = left }
                if right < heap.count, ranksFirst(heap[right], heap[best], in: sources) { best = right }
                guard best != node else { return }
                heap.swapAt(node, best)
                node = best
            }
        }
    }
}
