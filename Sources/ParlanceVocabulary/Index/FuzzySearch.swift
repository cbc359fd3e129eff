/// An item found by a search, before it becomes a ``VocabularyMatch``.
struct Hit {
    var item: UInt32
    var variant: UInt16
    var edits: UInt8
    /// Edits between the query and the phrase as written (``WrittenDistance``), capped at 255.
    var written: UInt8 = 0
}

/// How a fuzzy lookup splits its work, and why it finds every key within the budget.
///
/// The query q (m labels) is cut at a split point s (1 ≤ s ≤ m). Take an optimal
/// alignment of q with a key e as a path through the edit table, and sort its edits:
/// - F: edits that end in a column j < s (on q[0..<s-1], or insertions before column s);
/// - M: the one step that crosses from column s-1 or lower to s or higher (consuming
///   q[s-1], or a transposition over the split);
/// - B: edits that start in a column j ≥ s (on q[s...], or insertions from column s on).
/// F + M + B = d(q, e) ≤ k. Two walks cover every case:
/// - forward: the trie of keys, caps 0 on columns j < s, k after. It finds every key
///   with F = 0 (M and B are free to use the whole budget).
/// - backward: the trie of reversed keys with the reversed query, caps ⌊k/2⌋ on the
///   reversed columns j' ≤ m - s (original columns j ≥ s), k after. It finds every key
///   with B ≤ ⌊k/2⌋.
/// If F ≥ 1 then B ≤ k - 1, which is ≤ ⌊k/2⌋ for k ≤ 2: the backward walk finds it.
/// A transposition over the split is M; an insertion at the split column belongs to B
/// only, so no edit is counted twice (this is where a naive "cap 1 on each half" split
/// loses keys: two insertions at the split would count against both halves).
///
/// The forward walk is an exact descent for s - 1 labels, then a fuzzy walk in a narrow
/// subtree. The backward walk may spend one edit at the root of the reversed trie,
/// where the jump tables apply (Mihov & Schulz 2004, section 5, split the budget the same
/// way, for deterministic automata over both halves).
///
/// Iterative deepening for `.closest`: exact (a hash probe), then k = 1, then k = 2, each
/// round complete, so a round's distances are exact: they are ≤ k by the caps, and ≥ k
/// because the previous round found nothing (no verification needed). `.all` verifies
/// the keys the walks report at distance 2 (a cap may have hidden a cheaper alignment).
enum FuzzySearchPlan {
    /// The split point for a query of `length` labels and a budget of `edits`.
    @inline(__always)
    static func split(length: Int, edits: Int) -> Int {
        Swift.max(1, Swift.min(length, (length + 1) / 2))
    }
}

/// Collects keys accepted by a lookup walk, with the distance in the final column.
struct LookupSink<Label: TrieLabel>: TrieWalkSink {
    let table: ScratchTable
    let column: Int

    @inline(__always)
    mutating func accept(key: UInt32, state: OSAState<Label>) {
        let lane = column - Int(state.depth) + 2
        table.insertMinimum(UInt64(key), UInt32(state[lane]))
    }
}

/// ``LookupSink`` for walks with ``BitParallelOSAAutomaton``.
struct BitLookupSink: TrieWalkSink {
    let table: ScratchTable
    let column: Int

    @inline(__always)
    mutating func accept(key: UInt32, state: BitOSAState) {
        if let distance = state.distance(atColumn: column) { table.insertMinimum(UInt64(key), UInt32(distance)) }
    }
}

/// Per-searcher buffers and the search passes, for one label width. Not thread-safe: one
/// per thread (``VocabularySearcher``), reused for every query without allocating.
final class SearchScratch<Label: TrieLabel> {
    typealias Automaton = CappedOSAAutomaton<Label>
    /// The index searched (``bind(_:)``), and raw views of its structures.
    private(set) var core: IndexCore<Label>
    private(set) var forward: RadixTrieView<Label>
    private(set) var backward: RadixTrieView<Label>
    private(set) var encoder: LabelEncoder
    private(set) var keys: KeyTableView<Label>

    /// The query's labels, forwards and reversed, padded on both sides.
    let query = ScratchBuffer<Label>(capacity: 128)
    let reversed = ScratchBuffer<Label>(capacity: 128)
    let forwardLimits = ScratchBuffer<UInt8>(capacity: 128)
    let backwardLimits = ScratchBuffer<UInt8>(capacity: 128)
    let uniformLimits = ScratchBuffer<UInt8>(capacity: 128)
    let finals = ScratchBuffer<UInt8>(capacity: 128)
    /// Span search: a second walk's finals, while it is merged into another.
    let otherFinals = ScratchBuffer<UInt8>(capacity: 128)
    /// Span search: the bands of the last policy (computed once per policy, not per call).
    var spanBands: [SpanBand] = []
    var spanBandsPolicy: EditPolicy?
    /// The number of labels in the query (the count of `query` is unused).
    @inline(__always) var length: Int { query.count }

    /// Keys found (key number → edits).
    let candidates = ScratchTable(capacity: 256)
    /// Items found (item → index in `hits`).
    let itemSlots = ScratchTable(capacity: 256)
    /// One hit per item.
    let hits = ScratchBuffer<Hit>(capacity: 64)
    /// Prefix enumeration's frontier: a binary min-heap of (rank << 32 | index << 1 | is posting).
    let frontier = ScratchBuffer<UInt64>(capacity: 64)
    /// Span search: the utterance's labels forwards and reversed (padded), which unit
    /// starts or ends at each position (unit + 1, or 0), and one hit per span and item.
    let stream = ScratchBuffer<Label>(capacity: 256)
    let reversedStream = ScratchBuffer<Label>(capacity: 256)
    let startUnitAt = ScratchBuffer<Int32>(capacity: 128)
    let endUnitAt = ScratchBuffer<Int32>(capacity: 128)
    /// Span search: the same as bits, for the bit walks' finals: a unit ends at stream
    /// position p (bit p of `unitEndBits`), or starts at position `count - p` (bit p of
    /// `reversedUnitStartBits`: in the reversed stream's order).
    let unitEndBits = ScratchBuffer<UInt64>(capacity: 4)
    let reversedUnitStartBits = ScratchBuffer<UInt64>(capacity: 4)
    let spanHits = ScratchBuffer<SpanHit>(capacity: 64)
    /// Lookups and span search: the columns of the walk's query each label matches,
    /// indexed by alphabet code, one entry past the last code (always zero, for the
    /// wildcard and padding); nil without an alphabet (``BitParallelOSAAutomaton``).
    /// Zero outside a walk, as far as ``zeroedMatchColumns``.
    private(set) var matchColumns: ScratchBuffer<UInt64>?
    private var zeroedMatchColumns = 0

    init(core: IndexCore<Label>) {
        self.core = core
        (forward, backward, encoder, keys) = Self.views(of: core)
        bindMatchColumns()
    }

    /// Points the scratch at `core`'s structures: scratch belongs to a search, not to an
    /// index, so that a thousand users' small indexes share a few scratches instead of
    /// holding one each (``EnginePool``).
    func bind(_ core: IndexCore<Label>) {
        guard core !== self.core else { return }
        self.core = core
        (forward, backward, encoder, keys) = Self.views(of: core)
        bindMatchColumns()
    }

    /// Raw views of `core`'s structures (valid while it lives).
    private static func views(of core: IndexCore<Label>)
        -> (RadixTrieView<Label>, RadixTrieView<Label>, LabelEncoder, KeyTableView<Label>) {
        (RadixTrieView(core.forward, pool: core.pool.base), RadixTrieView(core.backward, pool: core.pool.base),
         core.alphabet?.encoder ?? .scalarValues, KeyTableView(core))
    }

    /// The match table sized for the core's alphabet: one entry per code and one past.
    private func bindMatchColumns() {
        guard let alphabet = core.alphabet else { return }
        let needed = alphabet.scalars.count + 1
        let table = matchColumns ?? ScratchBuffer<UInt64>(capacity: needed)
        if needed > zeroedMatchColumns {
            table.reserve(needed)
            table.base.update(repeating: 0, count: needed)
            zeroedMatchColumns = needed
        }
        table.count = needed
        matchColumns = table
    }

    deinit {
        for buffer in [query, reversed] { buffer.deallocate() }
        for buffer in [forwardLimits, backwardLimits, uniformLimits, finals, otherFinals] { buffer.deallocate() }
        candidates.deallocate()
        itemSlots.deallocate()
        hits.deallocate()
        frontier.deallocate()
        stream.deallocate()
        reversedStream.deallocate()
        startUnitAt.deallocate()
        endUnitAt.deallocate()
        unitEndBits.deallocate()
        reversedUnitStartBits.deallocate()
        spanHits.deallocate()
        matchColumns?.deallocate()
    }

    var padding: Int { Automaton.padding }

    /// Sets the query to the labels of `scalars` (a normalized key).
    func setQuery(_ scalars: UnsafeBufferPointer<UInt32>) {
        reserveQuery(scalars.count)
        let labels = query.base + padding
        for index in 0..<scalars.count { labels[index] = encoder.label(scalars[index], as: Label.self) }
        finishQuery()
    }

    /// Sets the query to `count` labels.
    func setQuery(labels: UnsafePointer<Label>, count: Int) {
        reserveQuery(count)
        (query.base + padding).update(from: labels, count: count)
        finishQuery()
    }

    /// Makes the buffers ready for a query of `count` labels, all padding.
    private func reserveQuery(_ count: Int) {
        query.count = count
        let size = count + 2 * padding + 8
        query.reserve(size)
        reversed.reserve(size)
        forwardLimits.reserve(size)
        backwardLimits.reserve(size)
        uniformLimits.reserve(size)
        finals.reserve(size)
        // (Through the base pointers: see `findSpans`.)
        query.base.update(repeating: Label.padding, count: size)
        reversed.base.update(repeating: Label.padding, count: size)
        finals.base.update(repeating: 0, count: size)
    }

    /// Mirrors the query into `reversed` and marks its end as the one final column.
    private func finishQuery() {
        let count = length
        let forward = query.base + padding, backward = reversed.base + padding
        for index in 0..<count { backward[count - 1 - index] = forward[index] }
        finals[padding + count] = 1
    }

    /// Fills `limits` with cap + 1 per column: `low` for columns below `split`, `high` from there.
    func setLimits(_ limits: ScratchBuffer<UInt8>, split: Int, low: Int, high: Int) {
        let size = length + 2 * padding + 8
        let base = limits.base
        base.update(repeating: 0, count: size)
        let lowColumns = Swift.min(Swift.max(split, 0), length + 1)
        (base + padding).update(repeating: UInt8(low + 1), count: lowColumns)
        (base + padding + lowColumns).update(repeating: UInt8(high + 1), count: length + 1 - lowColumns)
    }

    // MARK: Lookup

    /// Finds the keys within `budget` edits of the query into `candidates`.
    func search(budget: Int, verbosity: LookupVerbosity) {
        candidates.removeAll()
        guard length > 0 else { return }
        if let key = keys.exactKey(query.base + padding, count: length) {
            candidates.insertMinimum(UInt64(key), 0)
        }
        guard budget > 0 else { return }
        if verbosity == .all {
            runPasses(edits: budget)
            verifyCandidates(budget: budget, above: 1)
        } else if candidates.isEmpty {
            for edits in 1...budget {
                runPasses(edits: edits)
                if !candidates.isEmpty { break }
            }
        }
    }

    /// The forward and the backward walk for a budget of `edits` (see ``FuzzySearchPlan``).
    func runPasses(edits: Int) {
        let split = FuzzySearchPlan.split(length: length, edits: edits)
        setLimits(forwardLimits, split: split, low: 0, high: edits)
        // Reversed columns j' ≤ m - s are original columns j ≥ s.
        setLimits(backwardLimits, split: length - split + 1, low: edits / 2, high: edits)
        // Keys shorter than m - k cannot match.
        let shortest = Swift.min(Swift.max(length - edits, 0), 255)
        if let matches = matchColumns, length < BitParallelOSAAutomaton<Label>.maximumColumns {
            // One bit per column (see ``BitParallelOSAAutomaton``), each walk with its query in the table.
            func walk(_ trie: RadixTrieView<Label>, _ labels: UnsafePointer<Label>, _ limits: ScratchBuffer<UInt8>) {
                BitParallelOSAAutomaton<Label>.fill(matches.base, query: labels, columns: length, lastLabel: matches.count - 1, set: true)
                let masks = ColumnMasks(columns: length, limits: limits.base, finals: finals.base, padding: padding)
                let automaton = BitParallelOSAAutomaton<Label>(query: labels, masks: masks, matches: matches.base, lastLabel: matches.count - 1)
                var walk = TrieWalk(trie: trie, automaton: automaton, sink: BitLookupSink(table: candidates, column: length),
                                    jumpFanOut: core.jumpFanOut, minimumKeyLength: shortest)
                walk.run()
                BitParallelOSAAutomaton<Label>.fill(matches.base, query: labels, columns: length, lastLabel: matches.count - 1, set: false)
            }
            walk(forward, query.base, forwardLimits)
            walk(backward, reversed.base, backwardLimits)
            return
        }
        let sink = LookupSink<Label>(table: candidates, column: length)
        var forwardWalk = TrieWalk(
            trie: forward,
            automaton: Automaton(query: query.base, limits: forwardLimits.base, finals: finals.base),
            sink: sink, jumpFanOut: core.jumpFanOut, minimumKeyLength: shortest)
        forwardWalk.run()
        var backwardWalk = TrieWalk(
            trie: backward,
            automaton: Automaton(query: reversed.base, limits: backwardLimits.base, finals: finals.base),
            sink: sink, jumpFanOut: core.jumpFanOut, minimumKeyLength: shortest)
        backwardWalk.run()
    }

    /// Replaces the distance of every candidate reported above `above` edits by its true
    /// distance (a cap can hide a cheaper alignment from one walk).
    func verifyCandidates(budget: Int, above: Int) {
        setLimits(uniformLimits, split: 0, low: budget, high: budget)
        for entry in 0..<candidates.count {
            let slot = candidates.slot(ofEntry: entry)
            guard Int(candidates.values[slot]) > above else { continue }
            let key = Int(candidates.key(inSlot: slot))
            if let distance = distance(toKey: key, limits: uniformLimits.base) {
                candidates.values[slot] = UInt32(distance)
            }
        }
    }

    /// The optimal-string-alignment distance between the query and key `key`, if within
    /// the caps in `limits` (uniform caps give the true distance up to the cap).
    func distance(toKey key: Int, limits: UnsafePointer<UInt8>) -> Int? {
        let automaton = Automaton(query: query.base, limits: limits, finals: finals.base)
        var state = automaton.start
        let start = Int(keys.keyStarts[key]), end = Int(keys.keyStarts[key + 1])
        for position in start..<end {
            state = automaton.step(state, keys.pool[position])
            guard automaton.canMatch(state) else { return nil }
        }
        return automaton.distance(state, column: length)
    }

    /// Forgets the hits of the previous query.
    func clearHits() {
        hits.count = 0
        itemSlots.removeAll()
    }

    /// Adds `candidates` to the hits, one per item (the key with the fewest edits wins,
    /// then the earlier phrase), keeping those within `budget`.
    func collectHits(budget: Int) {
        for entry in 0..<candidates.count {
            let slot = candidates.slot(ofEntry: entry)
            let edits = candidates.values[slot]
            guard edits <= UInt32(budget) else { continue }
            let key = Int(candidates.key(inSlot: slot))
            for posting in Int(keys.keyPostingStarts[key])..<Int(keys.keyPostingStarts[key + 1]) {
                addHit(Hit(item: keys.postingItems[posting], variant: keys.postingVariants[posting], edits: UInt8(edits)))
            }
        }
    }

    @inline(__always)
    func addHit(_ hit: Hit) {
        let (slot, inserted) = itemSlots.slot(for: UInt64(hit.item), insertingValue: UInt32(hits.count))
        if inserted {
            hits.append(hit)
        } else {
            let index = Int(itemSlots.values[slot])
            let current = hits[index]
            if (hit.edits, hit.variant) < (current.edits, current.variant) { hits[index] = hit }
        }
    }

    // MARK: Prefix

    /// Collects the best `limit` items with a key that starts with the query into `hits`.
    ///
    /// Best first: the frontier holds nodes under their subtree's best rank and postings
    /// under their own, so postings leave it in rank order, and the walk stops at the
    /// `limit`-th distinct item. An item reached again (another phrase, or its ß key) keeps
    /// its first, best ranked, posting.
    func collectPrefixHits(limit: Int) {
        guard limit > 0 else { return }
        var node = 0
        var matched = 0
        // Descend along the query; it may end inside an edge.
        while matched < length {
            let current = forward.nodes[node]
            let child = forward.child(of: current, labeled: query[padding + matched])
            guard child >= 0 else { return }
            let edge = forward.nodes[child]
            var offset = 0
            while offset < edge.edgeLength, matched < length {
                if forward.label(of: edge, at: offset) != query[padding + matched] { return }
                offset += 1
                matched += 1
            }
            node = child
        }
        frontier.count = 0
        pushFrontier(UInt64(keys.forwardSubtreeRanks[node]) << 32 | UInt64(node) << 1)
        while frontier.count > 0 {
            let entry = popFrontier()
            let index = Int((entry & 0xFFFF_FFFF) >> 1)
            if entry & 1 == 1 {
                let item = keys.postingItems[index]
                let (_, inserted) = itemSlots.slot(for: UInt64(item), insertingValue: UInt32(hits.count))
                guard inserted else { continue }
                hits.append(Hit(item: item, variant: keys.postingVariants[index], edits: 0))
                if hits.count == limit { return }
                continue
            }
            let current = forward.nodes[index]
            if current.key != RadixTrie<Label>.noKey {
                let key = Int(current.key)
                for posting in Int(keys.keyPostingStarts[key])..<Int(keys.keyPostingStarts[key + 1]) {
                    pushFrontier(UInt64(keys.postingRanks[posting]) << 32 | UInt64(posting) << 1 | 1)
                }
            }
            let first = Int(current.firstChild)
            for child in first..<(first + current.childCount) {
                pushFrontier(UInt64(keys.forwardSubtreeRanks[child]) << 32 | UInt64(child) << 1)
            }
        }
    }

    @inline(__always)
    private func pushFrontier(_ entry: UInt64) {
        frontier.append(entry)
        var position = frontier.count - 1
        while position > 0 {
            let parent = (position - 1) >> 1
            guard frontier[parent] > entry else { break }
            frontier[position] = frontier[parent]
            position = parent
        }
        frontier[position] = entry
    }

    @inline(__always)
    private func popFrontier() -> UInt64 {
        let top = frontier[0]
        frontier.count -= 1
        let count = frontier.count
        guard count > 0 else { return top }
        let last = frontier[count]
        var position = 0
        while true {
            var child = 2 * position + 1
            guard child < count else { break }
            if child + 1 < count, frontier[child + 1] < frontier[child] { child += 1 }
            guard frontier[child] < last else { break }
            frontier[position] = frontier[child]
            position = child
        }
        frontier[position] = last
        return top
    }
}
