import ParlanceText

// The flat tables of automata and tries in a compiled grammar's image: written raw, read
// with one copy each, then checked, since matching indexes them without checks of its own.

extension Automaton {
    func write(to image: inout GrammarImageWriter) {
        image.append(contentsOf: states)
        image.append(contentsOf: pieces)
        image.append(contentsOf: slots)
        // Accepts as two arrays: the struct's padding bytes are not the image's business,
        // and a flag read as a byte can be checked before it is a `Bool`.
        image.append(contentsOf: accepts.map(\.id))
        image.append(contentsOf: accepts.map { UInt8($0.needsBoundary ? 1 : 0) })
    }

    /// Reads an automaton and checks that every range and index in it stays inside its
    /// tables.
    ///
    /// - Parameters:
    ///   - pieceCount: the pieces its piece transitions may name.
    ///   - slotCount: the slot symbols its slot transitions may name.
    ///   - acceptCount: the ids it may accept (templates, or a list's values).
    ///   - what: the automaton, for messages.
    init(from image: inout GrammarImageReader, pieceCount: Int, slotCount: Int, acceptCount: Int, _ what: String) throws(ImageError) {
        let states = try image.readArray(of: State.self)
        let pieces = try image.readArray(of: Transition.self)
        let slots = try image.readArray(of: Transition.self)
        let ids = try image.readArray(of: Int32.self)
        let flags = try image.readArray(of: UInt8.self)
        // Matching starts in state 0.
        guard !states.isEmpty else { throw image.damaged("\(what) has no states") }
        guard flags.count == ids.count else { throw image.damaged("\(what) has \(ids.count) accepts and \(flags.count) boundary flags") }
        for (index, state) in states.enumerated() {
            guard state.pieceStart >= 0, state.pieceStart <= state.pieceEnd, Int(state.pieceEnd) <= pieces.count,
                  state.slotStart >= 0, state.slotStart <= state.slotEnd, Int(state.slotEnd) <= slots.count,
                  state.acceptStart >= 0, state.acceptStart <= state.acceptEnd, Int(state.acceptEnd) <= ids.count else {
                throw image.damaged("state \(index) of \(what) has transitions or accepts outside its tables")
            }
        }
        for (table, transitions, symbols) in [("piece", pieces, pieceCount), ("slot", slots, slotCount)] {
            for (index, transition) in transitions.enumerated() {
                guard transition.symbol >= 0, Int(transition.symbol) < symbols,
                      transition.atBoundary >= -1, Int(transition.atBoundary) < states.count,
                      transition.inside >= -1, Int(transition.inside) < states.count,
                      transition.glued >= -1, Int(transition.glued) < states.count else {
                    throw image.damaged("\(table) transition \(index) of \(what) names symbol \(transition.symbol) of \(symbols) "
                        + "or targets \(transition.atBoundary), \(transition.inside), \(transition.glued) of \(states.count) states")
                }
            }
        }
        for (index, id) in ids.enumerated() where id < 0 || Int(id) >= acceptCount || flags[index] > 1 {
            throw image.damaged("accept \(index) of \(what) is \(id) of \(acceptCount), with boundary flag \(flags[index])")
        }
        self.init(states: states, pieces: pieces, slots: slots,
                  accepts: zip(ids, flags).map { Accept(id: $0, needsBoundary: $1 == 1) })
    }
}

extension KeyTrie {
    /// The longest key a trie read from an image may have, in scalars: the walks recurse
    /// once per scalar (the fuzzy walk) or boundary mark, so a forged trie one long chain
    /// deep could exhaust a thread's stack. Template words, skip words and spelled numbers
    /// are tens of scalars; a trie with a longer key is refused as damaged (and compiled
    /// again by the caller).
    static let imageKeyLimit = 1024

    func write(to image: inout GrammarImageWriter) {
        image.append(contentsOf: nodes)
        image.append(contentsOf: labels)
        image.append(contentsOf: payloads)
        image.append(longestKey)
        image.append(contentsOf: budgetBelow)
    }

    /// Reads a trie and checks its layout: every node's children after it and inside the
    /// table (so walks end), its payloads inside theirs, no node deeper than the longest
    /// key (the fuzzy walk sizes its rows by it), payloads below `payloadLimit`.
    ///
    /// - Parameter what: the trie, for messages.
    init(from image: inout GrammarImageReader, payloadLimit: Int, _ what: String) throws(ImageError) {
        let nodes = try image.readArray(of: Node.self)
        let labels = try image.readArray(of: UInt32.self)
        let payloads = try image.readArray(of: Int32.self)
        let longestKey = try image.readInt()
        let budgetBelow = try image.readArray(of: UInt8.self)
        guard !nodes.isEmpty, labels.count == nodes.count, budgetBelow.isEmpty || budgetBelow.count == nodes.count else {
            throw image.damaged("\(what) has \(nodes.count) nodes, \(labels.count) labels and \(budgetBelow.count) budgets")
        }
        guard longestKey >= 0, longestKey < nodes.count, longestKey <= KeyTrie.imageKeyLimit else {
            throw image.damaged("\(what) has a longest key of \(longestKey) with \(nodes.count) nodes (at most \(KeyTrie.imageKeyLimit))")
        }
        // Children follow their parent (breadth-first), so a node's depth is known before
        // its children are reached; a node claimed by two parents (which no built trie
        // has) takes the deeper.
        var depths = [Int32](repeating: 0, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            let firstChild = Int(node.firstChild), childCount = Int(node.childCount)
            let payloadStart = Int(node.payloadStart), payloadCount = Int(node.payloadCount)
            guard childCount >= 0, childCount == 0 || (firstChild > index && firstChild + childCount <= nodes.count),
                  payloadStart >= 0, payloadCount >= 0, payloadStart + payloadCount <= payloads.count else {
                throw image.damaged("node \(index) of \(what) has children or payloads outside its tables")
            }
            guard childCount > 0 else { continue }
            let depth = depths[index] + 1
            guard depth <= longestKey else { throw image.damaged("\(what) is deeper than its longest key, \(longestKey)") }
            for child in firstChild..<(firstChild + childCount) { depths[child] = max(depths[child], depth) }
        }
        for (index, payload) in payloads.enumerated() where payload < 0 || Int(payload) >= payloadLimit {
            throw image.damaged("payload \(index) of \(what) is \(payload), of \(payloadLimit)")
        }
        self.init(nodes: nodes, labels: labels, payloads: payloads, longestKey: longestKey, budgetBelow: budgetBelow)
    }
}
