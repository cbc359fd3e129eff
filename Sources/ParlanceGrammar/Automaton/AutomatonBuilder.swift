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
    /// - Throws: ``AutomatonTooLarge`` when more than `stateLimit` states would be needed.
    /// - Complexity: O(Σ closure sizes of the subsets built); linear in practice for
    ///   template grammars, whose alternatives rejoin quickly.
    func determinized(stateLimit: Int) throws(AutomatonTooLarge) -> Automaton {
        var ids: [[Int32]: Int32] = [[AutomatonBuilder.start]: 0]
        var kernels: [[Int32]] = [[AutomatonBuilder.start]]
        var states: [Automaton.State] = []
        var pieces: [Automaton.Transition] = []
        var slots: [Automaton.Transition] = []
        var accepts: [Automaton.Accept] = []
        // visited[4 * state + 2 * lenient + flag] == generation: the closure of the current
        // kernel holds the state, reached from a slot (lenient) or not, needing a boundary or not.
        var visited = [Int32](repeating: -1, count: edges.count * 4)
        var stack: [(state: Int32, needsBoundary: Bool, lenient: Bool)] = []

        func id(of targets: [Int32]) throws(AutomatonTooLarge) -> Int32 {
            if let known = ids[targets] { return known }
            guard kernels.count < stateLimit else { throw AutomatonTooLarge(limit: stateLimit) }
            let new = Int32(kernels.count)
            ids[targets] = new
            kernels.append(targets)
            return new
        }

        var index = 0
        while index < kernels.count {
            let generation = Int32(index)
            let kernel = kernels[index]
            index += 1
            var pieceTargets: [Int32: (anywhere: [Int32], atBoundary: [Int32])] = [:]
            var slotTargets: [Int32: (anywhere: [Int32], atBoundary: [Int32])] = [:]
            var accepted: [Int32: Bool] = [:]  // id → needs a boundary
            for state in kernel {
                let lenient = afterSlot[Int(state)]
                stack.append((state, false, lenient))
                visited[Int(state) * 4 + (lenient ? 2 : 0)] = generation
            }
            while let (state, needsBoundary, lenient) = stack.popLast() {
                for edge in edges[Int(state)] {
                    switch edge {
                    case .epsilon(let target), .boundary(let target):
                        var flag = needsBoundary
                        if case .boundary = edge, !lenient { flag = true }
                        let slot = Int(target) * 4 + (lenient ? 2 : 0) + (flag ? 1 : 0)
                        if visited[slot] != generation {
                            visited[slot] = generation
                            stack.append((target, flag, lenient))
                        }
                    case .piece(let symbol, let target):
                        if needsBoundary { pieceTargets[symbol, default: ([], [])].atBoundary.append(target) }
                        else { pieceTargets[symbol, default: ([], [])].anywhere.append(target) }
                    case .slot(let symbol, let target):
                        if needsBoundary { slotTargets[symbol, default: ([], [])].atBoundary.append(target) }
                        else { slotTargets[symbol, default: ([], [])].anywhere.append(target) }
                    case .accept(let value):
                        accepted[value] = (accepted[value] ?? true) && needsBoundary
                    }
                }
            }
            var state = Automaton.State(pieceStart: Int32(pieces.count), pieceEnd: 0, slotStart: Int32(slots.count), slotEnd: 0,
                                        acceptStart: Int32(accepts.count), acceptEnd: 0)
            for (symbol, targets) in pieceTargets.sorted(by: { $0.key < $1.key }) {
                pieces.append(try transition(symbol, targets, id: id))
            }
            for (symbol, targets) in slotTargets.sorted(by: { $0.key < $1.key }) {
                slots.append(try transition(symbol, targets, id: id))
            }
            for (value, needsBoundary) in accepted.sorted(by: { $0.key < $1.key }) {
                accepts.append(Automaton.Accept(id: value, needsBoundary: needsBoundary))
            }
            state.pieceEnd = Int32(pieces.count)
            state.slotEnd = Int32(slots.count)
            state.acceptEnd = Int32(accepts.count)
            states.append(state)
        }
        return Automaton(states: states, pieces: pieces, slots: slots, accepts: accepts)
    }

    private func transition(_ symbol: Int32, _ targets: (anywhere: [Int32], atBoundary: [Int32]),
                            id: ([Int32]) throws(AutomatonTooLarge) -> Int32) throws(AutomatonTooLarge) -> Automaton.Transition {
        let anywhere = Array(Set(targets.anywhere)).sorted()
        let atBoundary = Array(Set(targets.anywhere + targets.atBoundary)).sorted()
        return Automaton.Transition(symbol: symbol, atBoundary: atBoundary.isEmpty ? -1 : try id(atBoundary),
                                    inside: anywhere.isEmpty ? -1 : try id(anywhere))
    }
}

/// Subset construction would exceed its state limit.
struct AutomatonTooLarge: Error, Sendable {
    let limit: Int
}
