/// Builds an ``Automaton``: first a nondeterministic automaton with empty moves, the way
/// templates compose (Thompson 1968), then the deterministic one by subset construction.
///
/// ```swift
/// var builder = AutomatonBuilder()
/// let end = builder.addState()
/// builder.add(.piece(turn, end), from: AutomatonBuilder.start)
/// builder.add(.accept(0), from: end)
/// let automaton = try builder.determinized(stateLimit: 1_000_000)
/// ```
struct AutomatonBuilder: Sendable {
    /// An edge of the nondeterministic automaton.
    enum Edge: Sendable, Hashable {
        /// Move without input.
        case epsilon(Int32)
        /// Move without input, only where the input is at a word boundary.
        case boundary(Int32)
        /// Consume a piece (by id).
        case piece(Int32, Int32)
        /// Consume whatever a slot (by id) matches.
        case slot(Int32, Int32)
        /// Accept (a template or value id).
        case accept(Int32)
    }

    /// The start state.
    static let start: Int32 = 0

    private(set) var edges: [[Edge]] = [[]]
    /// States entered by a slot (and the start), where a boundary is not required: hassil
    /// keeps a list value's word start state, so whitespace right after a value (or at the
    /// start) may be absent ("Partymodusszene" for `<name> <szene>`).
    private(set) var afterSlot: [Bool] = [true]

    init() {}

    /// The number of states so far.
    var stateCount: Int { edges.count }

    /// A new state without edges.
    mutating func addState() -> Int32 {
        edges.append([])
        afterSlot.append(false)
        return Int32(edges.count - 1)
    }

    mutating func add(_ edge: Edge, from state: Int32) {
        edges[Int(state)].append(edge)
        if case .slot(_, let target) = edge { afterSlot[Int(target)] = true }
    }

    /// The deterministic automaton: one state per set of states reachable by the same
    /// symbols (under the same boundary conditions).
    ///
    /// Subset construction (Rabin & Scott 1959) over flat buffers reused from kernel to
    /// kernel: each kernel's moves are packed into 64-bit words (symbol table, symbol,
    /// target, whether a boundary was needed) and sorted, so a symbol's target sets come
    /// out sorted and grouped; target sets are interned in an open-addressing table over
    /// one pool of state numbers. No allocation per kernel: a language's grammar has
    /// tens of thousands of them.
    ///
    /// - Throws: ``AutomatonTooLarge`` when more than `stateLimit` states would be needed.
    /// - Complexity: O(Σ closure sizes of the subsets built, times log of their moves);
    ///   linear in practice for template grammars, whose alternatives rejoin quickly.
    func determinized(stateLimit: Int) throws(AutomatonTooLarge) -> Automaton {
        // The edges in one array (CSR), so the closure walk reads no nested arrays.
        var edgeStarts = [Int32](repeating: 0, count: edges.count + 1)
        var flatEdges: [Edge] = []
        flatEdges.reserveCapacity(edges.reduce(0) { $0 + $1.count })
        for (state, stateEdges) in edges.enumerated() {
            flatEdges.append(contentsOf: stateEdges)
            edgeStarts[state + 1] = Int32(flatEdges.count)
        }
        var kernels = KernelSet()
        _ = kernels.intern([AutomatonBuilder.start][...])
        var states: [Automaton.State] = []
        var pieces: [Automaton.Transition] = []
        var slots: [Automaton.Transition] = []
        var accepts: [Automaton.Accept] = []
        // visited[8 * state + 4 * spaced + 2 * lenient + flag] == generation: the closure of
        // the current kernel holds the state, reached from a slot (lenient) or not, needing a
        // boundary or not, past template whitespace a slot waived (spaced) or not.
        var visited = [Int32](repeating: -1, count: edges.count * 8)
        var stack: [(state: Int32, needsBoundary: Bool, lenient: Bool, spaced: Bool)] = []
        // Moves as sortable words: bit 63 slot (else piece), 62...32 symbol, 31...2 target,
        // bit 1 past waived whitespace, bit 0 reached needing a boundary.
        var moves: [UInt64] = []
        var accepted: [UInt64] = []  // id << 1 | needs a boundary
        var anywhere: [Int32] = [], atBoundary: [Int32] = [], glued: [Int32] = []
        var kernel: [Int32] = []

        func id(of targets: [Int32]) throws(AutomatonTooLarge) -> Int32 {
            if let known = kernels.find(targets[...]) { return known }
            guard kernels.count < stateLimit else { throw AutomatonTooLarge(limit: stateLimit) }
            return kernels.intern(targets[...])
        }

        var index = 0
        while index < kernels.count {
            let generation = Int32(index)
            kernels.copy(index, into: &kernel)
            index += 1
            moves.removeAll(keepingCapacity: true)
            accepted.removeAll(keepingCapacity: true)
            for state in kernel {
                let lenient = afterSlot[Int(state)]
                stack.append((state, false, lenient, false))
                visited[Int(state) * 8 + (lenient ? 2 : 0)] = generation
            }
            while let (state, needsBoundary, lenient, spaced) = stack.popLast() {
                for position in Int(edgeStarts[Int(state)])..<Int(edgeStarts[Int(state) + 1]) {
                    let flags = UInt64(spaced ? 2 : 0) | (needsBoundary ? 1 : 0)
                    switch flatEdges[position] {
                    case .epsilon(let target), .boundary(let target):
                        var flag = needsBoundary
                        var waived = spaced
                        if case .boundary = flatEdges[position] {
                            if lenient { waived = true } else { flag = true }
                        }
                        let slot = Int(target) * 8 + (waived ? 4 : 0) + (lenient ? 2 : 0) + (flag ? 1 : 0)
                        if visited[slot] != generation {
                            visited[slot] = generation
                            stack.append((target, flag, lenient, waived))
                        }
                    case .piece(let symbol, let target):
                        moves.append(UInt64(UInt32(symbol)) << 32 | UInt64(UInt32(target)) << 2 | flags)
                    case .slot(let symbol, let target):
                        moves.append(1 << 63 | UInt64(UInt32(symbol)) << 32 | UInt64(UInt32(target)) << 2 | flags)
                    case .accept(let value):
                        accepted.append(UInt64(UInt32(value)) << 1 | (needsBoundary ? 1 : 0))
                    }
                }
            }
            var state = Automaton.State(pieceStart: Int32(pieces.count), pieceEnd: 0, slotStart: Int32(slots.count), slotEnd: 0,
                                        acceptStart: Int32(accepts.count), acceptEnd: 0)
            moves.sort()
            var group = 0
            while group < moves.count {
                let key = moves[group] >> 32
                var end = group
                anywhere.removeAll(keepingCapacity: true)
                atBoundary.removeAll(keepingCapacity: true)
                glued.removeAll(keepingCapacity: true)
                while end < moves.count, moves[end] >> 32 == key {
                    let target = Int32(truncatingIfNeeded: (moves[end] >> 2) & 0x3FFF_FFFF)
                    // Sorted by target: equal targets are adjacent.
                    if atBoundary.last != target { atBoundary.append(target) }
                    if moves[end] & 1 == 0, anywhere.last != target { anywhere.append(target) }
                    if moves[end] & 3 == 0, glued.last != target { glued.append(target) }
                    end += 1
                }
                let symbol = Int32(truncatingIfNeeded: key & 0x7FFF_FFFF)
                let transition = Automaton.Transition(symbol: symbol, atBoundary: atBoundary.isEmpty ? -1 : try id(of: atBoundary),
                                                      inside: anywhere.isEmpty ? -1 : try id(of: anywhere),
                                                      glued: glued.isEmpty ? -1 : try id(of: glued))
                if key >> 31 == 0 { pieces.append(transition) } else { slots.append(transition) }
                group = end
            }
            accepted.sort()
            var position = 0
            while position < accepted.count {
                let value = accepted[position] >> 1
                // A boundary is needed only if every path to the accept needed one.
                var needsBoundary = true
                while position < accepted.count, accepted[position] >> 1 == value {
                    needsBoundary = needsBoundary && accepted[position] & 1 == 1
                    position += 1
                }
                accepts.append(Automaton.Accept(id: Int32(truncatingIfNeeded: value), needsBoundary: needsBoundary))
            }
            state.pieceEnd = Int32(pieces.count)
            state.slotEnd = Int32(slots.count)
            state.acceptEnd = Int32(accepts.count)
            states.append(state)
        }
        return Automaton(states: states, pieces: pieces, slots: slots, accepts: accepts)
    }
}

/// The kernels (sets of nondeterministic states) of a subset construction, numbered in
/// the order first met: sorted state lists in one pool, interned through an open-addressing
/// table keyed by their contents.
private struct KernelSet {
    private var pool: [Int32] = []
    private var starts: [Int32] = [0]
    private var table = [Int32](repeating: -1, count: 1024)

    var count: Int { starts.count - 1 }

    private func hash(_ states: ArraySlice<Int32>) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(states.count)
        for state in states {
            hash = (hash ^ UInt64(UInt32(bitPattern: state))) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return Int(truncatingIfNeeded: hash)
    }

    private func equals(_ kernel: Int32, _ states: ArraySlice<Int32>) -> Bool {
        let start = Int(starts[Int(kernel)]), end = Int(starts[Int(kernel) + 1])
        guard end - start == states.count else { return false }
        return pool[start..<end].elementsEqual(states)
    }

    func find(_ states: ArraySlice<Int32>) -> Int32? {
        let mask = table.count - 1
        var slot = hash(states) & mask
        while table[slot] >= 0 {
            if equals(table[slot], states) { return table[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds `states` (not yet present) and returns its number.
    mutating func intern(_ states: ArraySlice<Int32>) -> Int32 {
        if (count + 1) * 2 > table.count { grow() }
        let id = Int32(count)
        pool.append(contentsOf: states)
        starts.append(Int32(pool.count))
        let mask = table.count - 1
        var slot = hash(states) & mask
        while table[slot] >= 0 { slot = (slot + 1) & mask }
        table[slot] = id
        return id
    }

    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for kernel in 0..<count {
            var slot = hash(pool[Int(starts[kernel])..<Int(starts[kernel + 1])]) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(kernel)
        }
    }

    func copy(_ kernel: Int, into states: inout [Int32]) {
        states.removeAll(keepingCapacity: true)
        states.append(contentsOf: pool[Int(starts[kernel])..<Int(starts[kernel + 1])])
    }
}

/// Subset construction would exceed its state limit.
struct AutomatonTooLarge: Error, Sendable {
    let limit: Int
}
