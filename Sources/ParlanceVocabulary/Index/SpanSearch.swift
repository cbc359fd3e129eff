/// An item found inside an utterance, before it becomes a ``VocabularySpan``.
struct SpanHit {
    var item: UInt32
    var variant: UInt16
    var edits: UInt8
    /// The span's units: `start ..< end`.
    var start: UInt16
    var end: UInt16
}

/// Which span lengths a fuzzy span search covers with which budget and split.
///
/// Spans are cut into bands of lengths [1], [2, 3], [4, 7], [8, ∞) (intersected with the
/// lengths the policy gives `edits` edits). A band's walks use caps that are correct for
/// its shortest span: the forward walk from a unit start matches `split - 1` labels
/// exactly, the backward walk from a unit end allows ⌊edits/2⌋ edits on its last
/// `tail + 1` columns, and `split + tail` ≤ the shortest length keeps the two capped
/// regions of every span in the band apart, which is all ``FuzzySearchPlan``'s argument
/// needs. Between them (the gap, in longer spans) the backward walk keeps ⌊edits/2⌋ too:
/// a span the forward walk misses has an edit in its first `split - 1` labels, so the
/// rest of it has at most `edits - 1`; the full budget is needed only in the last `split`
/// columns before a span start, and is given only there.
struct SpanBand {
    var edits: Int
    var shortest: Int
    var longest: Int
    /// Whether the exact anchor is the start of the span (forward walks match the first
    /// labels exactly, backward walks allow ⌊edits/2⌋ near the end) or its end. Measured on
    /// the benchmark both cost the same; the start it is.
    static var anchorsForward: Bool { true }

    /// The forward walk's exact region ends before column `split`. Balanced for two edits;
    /// one further for one edit, where the exact walk is the cheap one (measured: 15% less
    /// work than balanced on ten-word utterances over 100,000 entries). A one-edit band
    /// followed by a two-edit band takes at least that band's split (``bands(for:)``):
    /// then its forward walks match as many labels exactly as the two-edit band's, allow
    /// 1 where those allow 2, and ride on them (`findSpans`).
    var split: Int
    var tail: Int { shortest - split }

    init(edits: Int, shortest: Int, longest: Int) {
        self.edits = edits
        self.shortest = shortest
        self.longest = longest
        split = Swift.min(shortest, Swift.max(1, (shortest + 1) / 2 + (edits == 1 ? 1 : 0)))
    }

    static func bands(for policy: EditPolicy) -> [SpanBand] {
        var bands: [SpanBand] = []
        let cuts = [(1, 1), (2, 3), (4, 7), (8, Int.max)]
        for edits in 1...EditPolicy.maximumEdits {
            guard let shortest = policy.shortestLength(withEdits: edits) else { continue }
            let longest = edits < EditPolicy.maximumEdits
                ? (policy.shortestLength(withEdits: edits + 1).map { $0 - 1 } ?? Int.max) : Int.max
            for (low, high) in cuts {
                let band = SpanBand(edits: edits, shortest: Swift.max(low, shortest, 1), longest: Swift.min(high, longest))
                if band.shortest <= band.longest { bands.append(band) }
            }
        }
        if let twoEdits = bands.first(where: { $0.edits == 2 }) {
            for index in bands.indices where bands[index].edits == 1 {
                bands[index].split = Swift.min(bands[index].shortest, Swift.max(bands[index].split, twoEdits.split))
            }
        }
        return bands
    }
}

/// Records the spans a walk accepts, one per final column alive in the row: the
/// column's unit gives the span's other end.
struct SpanRecorder {
    let table: ScratchTable
    /// Per stream position, the unit that ends (forward) or starts (backward) there, plus one.
    let unitAt: UnsafePointer<Int32>
    let origin: Int
    let forward: Bool
    /// The start unit (forward) or the last unit (backward) of every span of this walk.
    let fixedUnit: Int

    @inline(__always)
    func record(key: UInt32, column: Int, distance: UInt8) {
        let other = Int(unitAt[forward ? origin + column : origin - column]) - 1
        let start = forward ? fixedUnit : other
        let end = forward ? other + 1 : fixedUnit + 1
        table.insertMinimum(UInt64(key) << 32 | UInt64(start) << 16 | UInt64(end), UInt32(distance))
    }
}

/// Collects the spans a walk with ``CappedOSAAutomaton`` accepts.
struct SpanSink<Label: TrieLabel>: TrieWalkSink {
    let recorder: SpanRecorder
    let finals: UnsafePointer<UInt8>

    @inline(__always)
    mutating func accept(key: UInt32, state: OSAState<Label>) {
        let padding = CappedOSAAutomaton<Label>.padding
        for lane in 0..<5 {
            let column = Int(state.depth) - 2 + lane
            let value = state[lane]
            guard column > 0, value < CappedOSAAutomaton<Label>.dead, finals[padding + column] != 0 else { continue }
            recorder.record(key: key, column: column, distance: value)
        }
    }
}

/// Collects the spans a walk with ``BitParallelOSAAutomaton`` accepts.
struct BitSpanSink: TrieWalkSink {
    let recorder: SpanRecorder
    let finalColumns: UInt64
    /// The automaton's ``BitParallelOSAAutomaton/firstColumn``: the walk's column 0.
    let firstColumn: Int

    @inline(__always)
    mutating func accept(key: UInt32, state: BitOSAState) {
        // (Column 0, the empty span, is no span.)
        var live = state.r2 & finalColumns & ~(1 << UInt64(firstColumn))
        while live != 0 {
            let column = live.trailingZeroBitCount
            recorder.record(key: key, column: column - firstColumn, distance: state.distance(ofLiveColumn: column))
            live &= live &- 1
        }
    }
}

extension SearchScratch {
    /// Finds every span of the utterance whose units match a key within the policy's
    /// budget for the span's length, into `spanHits` (one per span and item).
    ///
    /// - `stream`: the utterance's key (units' normalized forms and separators, as
    ///   ``KeyNormalization`` joins them); `unitStarts`/`unitEnds`: each unit's range in it
    ///   (-1 for units that normalize to nothing).
    ///
    /// One pass over the units: an exact descent from every unit start for the spans too
    /// short for an edit, then per band a forward walk from every unit start and a backward
    /// walk from every unit end, where one walk serves several bands when their caps allow
    /// (see the loop below).
    ///
    /// Adds to the hits of the previous call unless `resetting`: an utterance with a ß is
    /// searched as two streams (ß folded to "ss" and kept), as a query with one has two keys,
    /// and the best hit per span and item wins.
    func findSpans(stream scalars: UnsafeBufferPointer<UInt32>, unitStarts: UnsafeBufferPointer<Int32>,
                   unitEnds: UnsafeBufferPointer<Int32>, policy: EditPolicy, resetting: Bool = true,
                   edges: UnsafeBufferPointer<UInt8>? = nil) {
        let count = scalars.count
        let units = unitStarts.count
        if resetting {
            spanHits.count = 0
            itemSlots.removeAll()
        }
        candidates.removeAll()
        guard count > 0, units > 0, units < Int(UInt16.max) else { return }
        // Which units a span may start at and end at: every unit that has text, unless
        // `edges` narrows them (bit 0: may start, bit 1: may end).
        @inline(__always) func mayStart(_ unit: Int) -> Bool { unitStarts[unit] >= 0 && (edges.map { $0[unit] & 1 != 0 } ?? true) }
        @inline(__always) func mayEnd(_ unit: Int) -> Bool { unitStarts[unit] >= 0 && (edges.map { $0[unit] & 2 != 0 } ?? true) }

        // The stream, forwards and reversed, padded; which unit starts or ends where.
        let size = count + 2 * padding + 8
        stream.reserve(size)
        reversedStream.reserve(size)
        startUnitAt.reserve(count + 1)
        endUnitAt.reserve(count + 1)
        // (Through local pointers: a store through a buffer's subscript reloads the buffer's
        // base, which a byte store might have changed, so loops of them never vectorize.)
        let forwardLabels = stream.base, reversedLabels = reversedStream.base
        forwardLabels.update(repeating: Label.padding, count: size)
        reversedLabels.update(repeating: Label.padding, count: size)
        for index in 0..<count {
            let label = encoder.label(scalars[index], as: Label.self)
            forwardLabels[padding + index] = label
            reversedLabels[padding + count - 1 - index] = label
        }
        startUnitAt.base.update(repeating: 0, count: count + 1)
        endUnitAt.base.update(repeating: 0, count: count + 1)
        for unit in 0..<units {
            if mayStart(unit) { startUnitAt[Int(unitStarts[unit])] = Int32(unit + 1) }
            if mayEnd(unit) { endUnitAt[Int(unitEnds[unit])] = Int32(unit + 1) }
        }
        // (Two words of slack: a walk reads the 64 bits from its origin on.)
        let edgeWords = (count + 1) / 64 + 2
        unitEndBits.reserve(edgeWords)
        reversedUnitStartBits.reserve(edgeWords)
        let endBits = unitEndBits.base, reversedStartBits = reversedUnitStartBits.base
        endBits.update(repeating: 0, count: edgeWords)
        reversedStartBits.update(repeating: 0, count: edgeWords)
        for unit in 0..<units {
            if mayEnd(unit) {
                let end = Int(unitEnds[unit])
                endBits[end >> 6] |= 1 << UInt64(end & 63)
            }
            if mayStart(unit) {
                let reversedStart = count - Int(unitStarts[unit])
                reversedStartBits[reversedStart >> 6] |= 1 << UInt64(reversedStart & 63)
            }
        }
        /// The 64 bits of `bits` from bit `first` on.
        @inline(__always) func word(_ bits: UnsafeMutablePointer<UInt64>, from first: Int) -> UInt64 {
            let shift = UInt64(first & 63), low = bits[first >> 6]
            return shift == 0 ? low : low >> shift | bits[(first >> 6) + 1] << (64 - shift)
        }

        // The exact spans too short for any edit: a forward walk finds the others exactly
        // (its caps are never below 0, so the exact alignment is never cut).
        let exactLength = Swift.min((policy.shortestLength(withEdits: 1) ?? Int.max) - 1, core.maxKeyLength)
        for unit in 0..<units where mayStart(unit) && exactLength > 0 {
            exactSpans(from: unit, at: Int(unitStarts[unit]), streamLength: count, longest: exactLength)
        }
        let longestSpan = core.maxKeyLength + EditPolicy.maximumEdits
        forwardLimits.reserve(size)
        backwardLimits.reserve(size)
        finals.reserve(size)
        otherFinals.reserve(size)

        // Walks whose window fits a word run on bits (``BitParallelOSAAutomaton``): their
        // caps and finals are masks. The match table holds where each label occurs in 63
        // columns of one direction's stream from `table.base` on (a short utterance's whole
        // stream), and serves every walk whose columns lie in them: such a walk counts its
        // columns from the table's base, its masks shifted there (columns past a walk's
        // window are outside its caps, so their bits in the table never count). The walks
        // of each direction run from the nearest origin to the farthest, and a walk outside
        // the table refills it from its own origin.
        let bitColumns = matchColumns == nil ? 0 : BitParallelOSAAutomaton<Label>.maximumColumns
        var table: (forward: Bool, base: Int, columns: Int)?
        func clearTable() {
            guard let (forward, base, columns) = table, let matches = matchColumns else { return }
            BitParallelOSAAutomaton<Label>.fill(matches.base, query: (forward ? stream.base : reversedStream.base) + base,
                                                columns: columns, lastLabel: matches.count - 1, set: false)
            table = nil
        }

        /// Fills `limits` and `finals` (or, for a window that fits a word, `masks`) for the
        /// walk of `band` from `unit` in `direction`; returns its window (how many columns it
        /// may read), or 0 when no span of the band ends in it.
        func prepare(_ band: SpanBand, _ direction: Bool, _ unit: Int, _ limits: ScratchBuffer<UInt8>,
                     _ finals: ScratchBuffer<UInt8>, _ masks: inout ColumnMasks) -> Int {
            // The walk's origin and how far it may read.
            let origin = Int(direction ? unitStarts[unit] : unitEnds[unit])
            let available = direction ? count - origin : origin
            let window = Swift.min(available, band.longest, longestSpan)
            guard window >= band.shortest else { return 0 }
            let unitAt = (direction ? endUnitAt : startUnitAt).base
            let exactWalk = direction == SpanBand.anchorsForward
            if window < bitColumns {
                // Column j is final where a unit ends at origin + j (forwards) or starts at
                // origin - j (backwards), for the band's lengths.
                let columns: UInt64 = 1 << UInt64(window + 1) &- 1
                let edges = direction ? word(endBits, from: origin) : word(reversedStartBits, from: count - origin)
                masks.finals = edges & columns & ~(1 << UInt64(band.shortest) &- 1)
                guard masks.finals != 0 else { return 0 }
                if exactWalk {
                    let split = Swift.min(band.split, window + 1)
                    let budget = columns & ~(1 << UInt64(split) &- 1)
                    masks.caps = (columns, band.edits >= 1 ? budget : 0, band.edits >= 2 ? budget : 0)
                } else {
                    // The full budget past the tail, on the last `split` columns up to a
                    // final one (a final column's bit smeared `split - 1` columns down);
                    // ⌊edits/2⌋ elsewhere (as the buffers' loop below).
                    var near = masks.finals
                    for shift in 1..<Swift.max(band.split, 1) { near |= masks.finals >> UInt64(shift) }
                    let full = near & columns & ~(1 << UInt64(band.tail + 1) &- 1)
                    let half = band.edits / 2
                    masks.caps = (columns, (half >= 1 ? columns : 0) | (band.edits >= 1 ? full : 0),
                                  (half >= 2 ? columns : 0) | (band.edits >= 2 ? full : 0))
                }
                return window
            }
            let limits = limits.base, finals = finals.base
            limits.update(repeating: 0, count: window + 2 * padding + 8)
            finals.update(repeating: 0, count: window + 2 * padding + 8)
            var anyFinal = false
            for column in band.shortest...window {
                let position = direction ? origin + column : origin - column
                if unitAt[position] != 0 {
                    finals[padding + column] = 1
                    anyFinal = true
                }
            }
            guard anyFinal else { return 0 }
            if exactWalk {
                // The exact walk: the first `split - 1` labels of every span exactly.
                let split = Swift.min(band.split, window + 1)
                (limits + padding).update(repeating: 1, count: split)
                (limits + padding + split).update(repeating: UInt8(band.edits + 1), count: window + 1 - split)
            } else {
                // The other walk: a span of length m needs the full budget only in its
                // last `split` columns (the exact walk's region, where the edits that walk
                // missed lie); elsewhere ⌊edits/2⌋ is enough for the rest of the span. So
                // the full budget only where a span's far end (a final column) is near.
                var nextFinal = Int.max
                for column in stride(from: window, through: 0, by: -1) {
                    if finals[padding + column] != 0 { nextFinal = column }
                    let full = column > band.tail && nextFinal - column < band.split
                    limits[padding + column] = UInt8((full ? band.edits : band.edits / 2) + 1)
                }
            }
            return window
        }

        func walk(_ direction: Bool, _ unit: Int, limits: ScratchBuffer<UInt8>, finals: ScratchBuffer<UInt8>, masks: ColumnMasks,
                  window: Int, minimumKeyLength: Int, band: Int) {
            #if PARLANCE_WALK_STATISTICS
            let before = walkStatistics.total
            defer { walkStatistics.byPass[Swift.min(band * 2 + (direction ? 0 : 1), 15)] += walkStatistics.total - before }
            #endif
            let origin = Int(direction ? unitStarts[unit] : unitEnds[unit])
            let recorder = SpanRecorder(table: candidates, unitAt: (direction ? endUnitAt : startUnitAt).base,
                                        origin: origin, forward: direction, fixedUnit: unit)
            let query = direction ? stream.base + origin : reversedStream.base + (count - origin)
            let trie = direction ? forward : backward
            let minimumKeyLength = Swift.min(minimumKeyLength, 255)
            func bitWalk(_ matches: ScratchBuffer<UInt64>, _ masks: ColumnMasks, columns: Int) {
                // The walk's origin in its direction's stream.
                let start = direction ? origin : count - origin
                let labels = direction ? stream.base : reversedStream.base
                if let table, table.forward != direction || start < table.base || start - table.base + columns >= bitColumns {
                    clearTable()
                }
                if table == nil {
                    let columns = Swift.min(count - start, bitColumns - 1)
                    BitParallelOSAAutomaton<Label>.fill(matches.base, query: labels + start, columns: columns, lastLabel: matches.count - 1, set: true)
                    table = (direction, start, columns)
                }
                let base = table?.base ?? start
                let offset = UInt64(start - base)
                var shifted = masks
                shifted.caps = (masks.caps.0 << offset, masks.caps.1 << offset, masks.caps.2 << offset)
                shifted.finals = masks.finals << offset
                let automaton = BitParallelOSAAutomaton<Label>(query: labels + base, masks: shifted, matches: matches.base,
                                                               lastLabel: matches.count - 1, firstColumn: Int(offset))
                var walk = TrieWalk(trie: trie, automaton: automaton,
                                    sink: BitSpanSink(recorder: recorder, finalColumns: shifted.finals, firstColumn: Int(offset)),
                                    jumpFanOut: core.jumpFanOut, minimumKeyLength: minimumKeyLength)
                walk.run()
            }
            func bandWalk(minimumKeyLength: Int) {
                let automaton = Automaton(query: query, limits: limits.base, finals: finals.base)
                var walk = TrieWalk(trie: trie, automaton: automaton, sink: SpanSink<Label>(recorder: recorder, finals: finals.base),
                                    jumpFanOut: core.jumpFanOut, minimumKeyLength: minimumKeyLength)
                walk.run()
            }
            guard let matches = matchColumns else { return bandWalk(minimumKeyLength: minimumKeyLength) }
            if window < bitColumns { return bitWalk(matches, masks, columns: window) }
            // A window past a word (long keys, a long utterance): the spans of up to 62
            // columns on bits, the caps read from the buffers (the finals beyond only raise
            // them, and caps only prune); then the longer ones with the band automaton,
            // where only keys of at least 61 labels can match.
            let head = ColumnMasks(columns: bitColumns - 1, limits: limits.base, finals: finals.base, padding: padding)
            if head.finals != 0 { bitWalk(matches, head, columns: bitColumns - 1) }
            (finals.base + padding).update(repeating: 0, count: bitColumns)
            bandWalk(minimumKeyLength: Swift.min(Swift.max(minimumKeyLength, bitColumns - EditPolicy.maximumEdits), 255))
        }

        if spanBandsPolicy != policy {
            spanBands = SpanBand.bands(for: policy)
            spanBandsPolicy = policy
        }
        let bands = spanBands
        // The open walk's caps and a further band's, while deciding whether it folds in
        // (buffers for windows past a word, masks for the others).
        var (openLimits, bandLimits) = (backwardLimits, forwardLimits)
        var (openFinals, bandFinals) = (finals, otherFinals)
        var openMasks = ColumnMasks(), bandMasks = ColumnMasks()
        // From each unit, per direction, the bands' walks in turn, widest budget first. A band
        // whose caps are nowhere above those of the walk before it is folded into that walk:
        // its finals join the walk's, which finds every span the band's own walk would
        // (caps only prune; a distance a cap overestimates is verified in
        // `collectSpanHits`). So the one-edit band's walks ride on the two-edit band's
        // wherever both have spans to find: backwards (caps 0 or 1 under 1 everywhere) and
        // forwards (the first `split - 1` labels exact in both, then 1 under 2).
        for pass in 0..<2 {
            let direction = pass == 0 ? SpanBand.anchorsForward : !SpanBand.anchorsForward
            // (Nearest origin first in the direction's stream: backward walks from the last unit.)
            for step in 0..<units {
                let unit = direction ? step : units - 1 - step
                guard direction ? mayStart(unit) : mayEnd(unit) else { continue }
                var open = -1, openWindow = 0, openShortest = 0
                for bandNumber in stride(from: bands.count - 1, through: 0, by: -1) {
                    let band = bands[bandNumber]
                    if open < 0 {
                        openWindow = prepare(band, direction, unit, openLimits, openFinals, &openMasks)
                        if openWindow > 0 { open = bandNumber; openShortest = band.shortest - band.edits }
                        continue
                    }
                    let window = prepare(band, direction, unit, bandLimits, bandFinals, &bandMasks)
                    guard window > 0 else { continue }
                    // (Both walks' caps in the same form: else the band walks on its own.)
                    var dominated = window <= openWindow && (window < bitColumns) == (openWindow < bitColumns)
                    if dominated, openWindow < bitColumns {
                        dominated = bandMasks.caps.1 & ~openMasks.caps.1 == 0 && bandMasks.caps.2 & ~openMasks.caps.2 == 0
                    } else if dominated {
                        let band = bandLimits.base + padding, open = openLimits.base + padding
                        for column in 0...window where band[column] > open[column] {
                            dominated = false
                            break
                        }
                    }
                    if dominated {
                        if openWindow < bitColumns {
                            openMasks.finals |= bandMasks.finals
                        } else {
                            let other = bandFinals.base + padding, merged = openFinals.base + padding
                            for column in 0...window where other[column] != 0 { merged[column] = 1 }
                        }
                        openShortest = Swift.min(openShortest, band.shortest - band.edits)
                    } else {
                        walk(direction, unit, limits: openLimits, finals: openFinals, masks: openMasks, window: openWindow,
                             minimumKeyLength: openShortest, band: open)
                        // This band's walk becomes the open one.
                        swap(&openLimits, &bandLimits)
                        swap(&openFinals, &bandFinals)
                        swap(&openMasks, &bandMasks)
                        openWindow = window
                        open = bandNumber
                        openShortest = band.shortest - band.edits
                    }
                }
                if open >= 0 {
                    walk(direction, unit, limits: openLimits, finals: openFinals, masks: openMasks, window: openWindow,
                         minimumKeyLength: openShortest, band: open)
                }
            }
        }
        clearTable()
        collectSpanHits(policy: policy, unitStarts: unitStarts, unitEnds: unitEnds)
    }

    /// Every key of up to `longest` labels that equals the units from `unit` on, exactly: a
    /// plain descent.
    private func exactSpans(from unit: Int, at start: Int, streamLength: Int, longest: Int) {
        var node = forward.nodes[0]
        var position = start
        let limit = Swift.min(streamLength, start + longest)
        while position < limit {
            let child = forward.child(of: node, labeled: stream[padding + position])
            guard child >= 0 else { return }
            let edge = forward.nodes[child]
            var offset = 0
            while offset < edge.edgeLength {
                guard position < limit, forward.label(of: edge, at: offset) == stream[padding + position] else { return }
                offset += 1
                position += 1
            }
            let end = Int(endUnitAt[position])
            if end != 0, edge.key != RadixTrie<Label>.noKey {
                candidates.insertMinimum(UInt64(edge.key) << 32 | UInt64(unit) << 16 | UInt64(end), 0)
            }
            node = edge
        }
    }

    /// Whether `a` (`m` labels) and `b` (`n` labels) are at most one edit apart: an
    /// insertion, a deletion, a substitution or a swap of two adjacent labels.
    static func withinOneEdit(_ a: UnsafePointer<Label>, _ m: Int, _ b: UnsafePointer<Label>, _ n: Int) -> Bool {
        guard abs(m - n) <= 1 else { return false }
        var i = 0
        let shorter = Swift.min(m, n)
        while i < shorter, a[i] == b[i] { i += 1 }
        if i == shorter { return true }
        /// Whether `a` from `x` on equals `b` from `y` on.
        func equalTails(_ x: Int, _ y: Int) -> Bool {
            guard m - x == n - y else { return false }
            var x = x, y = y
            while x < m {
                if a[x] != b[y] { return false }
                x += 1
                y += 1
            }
            return true
        }
        if m > n { return equalTails(i + 1, i) }
        if n > m { return equalTails(i, i + 1) }
        if equalTails(i + 1, i + 1) { return true }
        return i + 1 < m && a[i] == b[i + 1] && a[i + 1] == b[i] && equalTails(i + 2, i + 2)
    }

    /// Verifies the candidates a cap may have overestimated and turns them into hits.
    private func collectSpanHits(policy: EditPolicy, unitStarts: UnsafeBufferPointer<Int32>,
                                 unitEnds: UnsafeBufferPointer<Int32>) {
        for entry in 0..<candidates.count {
            let slot = candidates.slot(ofEntry: entry)
            let packed = candidates.key(inSlot: slot)
            let key = Int(packed >> 32), start = Int((packed >> 16) & 0xFFFF), end = Int(packed & 0xFFFF)
            var edits = Int(candidates.values[slot])
            let from = Int(unitStarts[start]), to = Int(unitEnds[end - 1])
            let budget = policy.maxEdits(forKeyLength: to - from)
            if edits > 1 {
                // A walk's value is the cost of an alignment, so the distance is at most 2;
                // a cap may have cut a cheaper one. An exact span was reported as such (by
                // the descent, or by a forward walk, whose caps never cut the exact
                // alignment), so the question is whether it is 1.
                let keyStart = Int(keys.keyStarts[key])
                if Self.withinOneEdit(stream.base + padding + from, to - from, keys.pool + keyStart,
                                      Int(keys.keyStarts[key + 1]) - keyStart) {
                    edits = 1
                }
            }
            guard edits <= budget else { continue }
            for posting in Int(keys.keyPostingStarts[key])..<Int(keys.keyPostingStarts[key + 1]) {
                let hit = SpanHit(item: keys.postingItems[posting], variant: keys.postingVariants[posting], edits: UInt8(edits),
                                  start: UInt16(start), end: UInt16(end))
                let identity = UInt64(hit.item) << 32 | UInt64(start) << 16 | UInt64(end)
                let (itemSlot, inserted) = itemSlots.slot(for: identity, insertingValue: UInt32(spanHits.count))
                if inserted {
                    spanHits.append(hit)
                } else {
                    let index = Int(itemSlots.values[itemSlot])
                    let current = spanHits[index]
                    if (hit.edits, hit.variant) < (current.edits, current.variant) { spanHits[index] = hit }
                }
            }
        }
    }
}
