/// The positions `depth` labels below the root of a ``RadixTrie``, findable by one edit.
///
/// A walk whose automaton may spend one edit from its first label on (the backward walk
/// of a two-edit span search, see ``SpanBand``) spends most of its time finding the few
/// positions a few labels down whose path is within one edit of the query's first
/// labels: at every node on the way the edit may go to any child. This index finds them
/// directly, by deletion neighbourhoods (Mor & Fraenkel 1982; SymSpell, FastSS): every
/// position with path S (`depth` labels) is stored under S and under S with one label
/// deleted. OSA(S, Q) ≤ 1 for a query prefix Q of `depth - 1`, `depth` or `depth + 1`
/// labels implies that S and Q share such a variant:
/// - Q = S: S itself; Q = S plus one label: S = Q with label i deleted;
/// - Q = S minus one label: Q = S with label i deleted;
/// - a substitution at i: both with label i deleted; a swap of i and i + 1: S without
///   label i equals Q without label i + 1.
/// So the probes are the `depth`-label variants Q[0..<depth+1] minus label i (i ≤ depth,
/// which includes Q[0..<depth]) against the stored paths, and the `depth - 1`-label
/// variants Q[0..<depth] minus label i (which includes Q[0..<depth-1]) against the stored
/// deletions. The candidates are a superset (two deletions far apart make two edits); the
/// walk steps its automaton along each candidate's path, which drops the rest.
///
/// Variants are stored by a 64-bit hash: a bucket (low bits) of entries with a check (high
/// bits) and the position. A collision only adds a candidate, which the automaton drops.
struct TrieNeighbourhood<Label: TrieLabel>: Sendable {
    /// The positions' depth in labels.
    let depth: Int
    /// Per position: the node whose edge it lies on, how many labels of that edge it has
    /// consumed (1...edge length), and its path (`depth` labels each).
    let pointNodes: FrozenBuffer<UInt32>
    let pointConsumed: FrozenBuffer<UInt8>
    let pointLabels: FrozenBuffer<Label>
    /// Bucket b holds entries `bucketStarts[b] ..< bucketStarts[b + 1]`.
    let bucketStarts: FrozenBuffer<UInt32>
    let entryChecks: FrozenBuffer<UInt32>
    let entryPoints: FrozenBuffer<UInt32>

    var byteCount: Int {
        pointNodes.byteCount + pointConsumed.byteCount + pointLabels.byteCount + bucketStarts.byteCount
            + entryChecks.byteCount + entryPoints.byteCount
    }

    /// The hash of `labels[0..<count]` without the label at `skipping` (pass `count` or
    /// more to skip none). The length is part of the hash.
    @inline(__always)
    static func hash(_ labels: UnsafePointer<Label>, count: Int, skipping: Int) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 &+ UInt64(count - (skipping < count ? 1 : 0))
        for index in 0..<count where index != skipping {
            hash = (hash ^ UInt64(labels[index])) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        return hash
    }

    /// Indexes the positions at `depth` of `trie`, whose edges lie in `pool`.
    init(trie: RadixTrie<Label>, pool: UnsafeBufferPointer<Label>, depth: Int) {
        precondition(depth >= 1 && depth < 64)
        self.depth = depth
        let direction = trie.readsBackward ? -1 : 1
        let nodeCount = trie.nodeCount
        // Depth at the end of each node's edge (breadth-first order: parents come first).
        var ends = [Int32](repeating: 0, count: nodeCount)
        var nodes: [UInt32] = [], consumed: [UInt8] = [], labels: [Label] = []
        for parent in 0..<nodeCount {
            let node = trie.nodes[parent]
            let first = Int(node.firstChild)
            let parentEnd = Int(ends[parent])
            for child in first..<(first + node.childCount) {
                let edge = trie.nodes[child]
                ends[child] = Int32(parentEnd + edge.edgeLength)
                guard parentEnd < depth, parentEnd + edge.edgeLength >= depth else { continue }
                nodes.append(UInt32(child))
                consumed.append(UInt8(depth - parentEnd))
                // The edge is a stretch of a key through this node: its labels before the
                // edge are the node's path.
                let keyStart = Int(edge.edgeStart) - direction * parentEnd
                for offset in 0..<depth { labels.append(pool[keyStart + direction * offset]) }
            }
        }
        // Variants: each path, and each path minus one label (equal ones once).
        var hashes: [UInt64] = [], points: [UInt32] = []
        hashes.reserveCapacity(nodes.count * (depth + 1))
        labels.withUnsafeBufferPointer { labels in
            for point in 0..<nodes.count {
                let path = labels.baseAddress! + point * depth
                hashes.append(TrieNeighbourhood.hash(path, count: depth, skipping: depth))
                points.append(UInt32(point))
                for skipped in 0..<depth where skipped == 0 || path[skipped] != path[skipped - 1] {
                    hashes.append(TrieNeighbourhood.hash(path, count: depth, skipping: skipped))
                    points.append(UInt32(point))
                }
            }
        }
        var bucketCount = 16
        while bucketCount < hashes.count { bucketCount <<= 1 }
        let mask = UInt64(bucketCount - 1)
        var starts = [UInt32](repeating: 0, count: bucketCount + 1)
        for hash in hashes { starts[Int(hash & mask) + 1] += 1 }
        for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
        var cursor = Array(starts.dropLast())
        var checks = [UInt32](repeating: 0, count: hashes.count), entries = [UInt32](repeating: 0, count: hashes.count)
        for (hash, point) in zip(hashes, points) {
            let bucket = Int(hash & mask)
            checks[Int(cursor[bucket])] = UInt32(truncatingIfNeeded: hash >> 32)
            entries[Int(cursor[bucket])] = point
            cursor[bucket] += 1
        }
        pointNodes = FrozenBuffer(nodes)
        pointConsumed = FrozenBuffer(consumed)
        pointLabels = FrozenBuffer(labels)
        bucketStarts = FrozenBuffer(starts)
        entryChecks = FrozenBuffer(checks)
        entryPoints = FrozenBuffer(entries)
    }
}

extension TrieWalk {
    /// Walks the subtrees below the positions of `neighbourhood` that the automaton keeps
    /// alive, which is the whole walk's result when every alive position is among the
    /// candidates and nothing is accepted above them. The caller guarantees both:
    /// - the caps (cap + 1 in the automaton's limits) of columns 0...depth + 2 are at most
    ///   1, so an alive position at `depth` is within one edit (OSA) of the query's first
    ///   `depth - 1`, `depth` or `depth + 1` labels (columns `depth ± 2` would need two);
    /// - no final column lies in 0...depth + 1, so no node above `depth` is a match.
    ///
    /// `query` points at the query's first label (past the padding); `seen` is scratch
    /// for dropping candidates found by several probes.
    mutating func run(from neighbourhood: TrieNeighbourhood<Label>, query: UnsafePointer<Label>, seen: ScratchTable) {
        seen.removeAll()
        let depth = neighbourhood.depth
        let mask = UInt64(neighbourhood.bucketStarts.count - 2)
        // Probes: Q[0..<depth+1] minus label i (i ≤ depth), Q[0..<depth] minus label i.
        for round in 0..<2 {
            let count = depth + 1 - round
            for skipped in 0..<count {
                if skipped > 0, query[skipped] == query[skipped - 1] { continue }  // the same variant again
                let hash = TrieNeighbourhood<Label>.hash(query, count: count, skipping: skipped)
                let bucket = Int(hash & mask)
                let check = UInt32(truncatingIfNeeded: hash >> 32)
                #if PARLANCE_WALK_STATISTICS
                walkStatistics.lookups += 1
                #endif
                for entry in Int(neighbourhood.bucketStarts[bucket])..<Int(neighbourhood.bucketStarts[bucket + 1])
                where neighbourhood.entryChecks[entry] == check {
                    let point = Int(neighbourhood.entryPoints[entry])
                    guard seen.slot(for: UInt64(point), insertingValue: 0).inserted else { continue }
                    var state = automaton.start
                    var alive = true
                    #if PARLANCE_WALK_STATISTICS
                    walkStatistics.candidates += 1
                    #endif
                    let path = neighbourhood.pointLabels.base + point * depth
                    for offset in 0..<depth {
                        state = automaton.step(state, path[offset])
                        #if PARLANCE_WALK_STATISTICS
                        walkStatistics.steps += 1
                        #endif
                        if !automaton.canMatch(state) { alive = false; break }
                    }
                    if alive {
                        #if PARLANCE_WALK_STATISTICS
                        walkStatistics.alive += 1
                        #endif
                        followEdge(Int(neighbourhood.pointNodes[point]), from: Int(neighbourhood.pointConsumed[point]), state)
                    }
                }
            }
        }
    }
}
