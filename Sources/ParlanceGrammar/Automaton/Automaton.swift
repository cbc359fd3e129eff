/// A deterministic automaton over the symbols of a grammar: template words (pieces of
/// normalized text) and slots (a list reference filling a slot), with word boundaries as
/// conditions on transitions.
///
/// Every template of a language is one path family in it: alternatives and optionals are
/// branches, shared prefixes are shared states, and a state reached by the same symbols
/// in several templates is one state (subset construction over the templates' union,
/// Rabin & Scott 1959). Matching an utterance walks it once for all intents; a slot
/// transition consumes whatever its list matches there, so list values never multiply
/// the states.
///
/// Each transition has two targets: one taken when the input is at a word boundary and
/// one taken inside a word. A template word preceded by whitespace reaches its target
/// only at a boundary; a word glued to what precedes it (`light[s]`, `{area}zimmer`) is
/// reachable either way.
///
/// Built by ``AutomatonBuilder``; matched by ``MatchRun``.
struct Automaton: Sendable {
    /// A state's transitions and accepts, as ranges of the flat tables.
    struct State: Sendable {
        var pieceStart: Int32
        var pieceEnd: Int32
        var slotStart: Int32
        var slotEnd: Int32
        var acceptStart: Int32
        var acceptEnd: Int32
    }

    /// A transition on a symbol (a piece id or a slot id, by table).
    struct Transition: Sendable {
        var symbol: Int32
        /// The target when the input is at a word boundary; -1 for none.
        var atBoundary: Int32
        /// The target when it is not; -1 for none.
        var inside: Int32
        /// The target inside a word by paths whose template writes no whitespace since the
        /// previous step (a subset of ``inside``): the only way on from free text that ended
        /// inside a word (`{name}timer` reads "pizzatimer"; `{item} à` does not read the "a"
        /// of "la"). -1 for none.
        var glued: Int32

        @inline(__always)
        func target(atBoundary isBoundary: Bool) -> Int32 { isBoundary ? atBoundary : inside }
    }

    /// An accepted path: what it accepts (a template or a slot value, by the owner's
    /// numbering), and whether the input must be at a boundary there.
    struct Accept: Sendable, Hashable {
        var id: Int32
        var needsBoundary: Bool
    }

    let states: [State]
    /// Piece transitions, each state's sorted by symbol.
    let pieces: [Transition]
    /// Slot transitions.
    let slots: [Transition]
    let accepts: [Accept]
    /// Per state: whether a piece transition of it goes on inside a word after free text
    /// (``Transition/glued``). Free text entering a state without one ends only at word
    /// edges, so the matcher looks for its ends there alone (derived, not stored in images).
    let gluesText: [Bool]

    init(states: [State], pieces: [Transition], slots: [Transition], accepts: [Accept]) {
        self.states = states
        self.pieces = pieces
        self.slots = slots
        self.accepts = accepts
        gluesText = states.map { state in
            pieces[Int(state.pieceStart)..<Int(state.pieceEnd)].contains { $0.glued >= 0 }
        }
    }

    /// The start state.
    static let start: Int32 = 0

    /// The piece transitions of `state`.
    @inline(__always)
    func pieceTransitions(_ state: Int32) -> ArraySlice<Transition> {
        let entry = states[Int(state)]
        return pieces[Int(entry.pieceStart)..<Int(entry.pieceEnd)]
    }

    /// The transition of `state` on piece `symbol`, by binary search.
    @inline(__always)
    func pieceTransition(_ state: Int32, _ symbol: Int32) -> Transition? {
        let entry = states[Int(state)]
        var low = Int(entry.pieceStart)
        var high = Int(entry.pieceEnd)
        while low < high {
            let middle = (low + high) >> 1
            let candidate = pieces[middle].symbol
            if candidate == symbol { return pieces[middle] }
            if candidate < symbol { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The slot transitions of `state`.
    @inline(__always)
    func slotTransitions(_ state: Int32) -> ArraySlice<Transition> {
        let entry = states[Int(state)]
        return slots[Int(entry.slotStart)..<Int(entry.slotEnd)]
    }

    /// The indices in ``slots`` of the slot transitions of `state` (a range rather than a
    /// slice: the matcher's inner loop asks once per thread, and a slice costs a retain).
    @inline(__always)
    func slotRange(_ state: Int32) -> Range<Int> {
        let entry = states[Int(state)]
        return Int(entry.slotStart)..<Int(entry.slotEnd)
    }

    /// The indices in ``accepts`` of the accepts of `state`.
    @inline(__always)
    func acceptRange(_ state: Int32) -> Range<Int> {
        let entry = states[Int(state)]
        return Int(entry.acceptStart)..<Int(entry.acceptEnd)
    }

    /// The accepts of `state`.
    @inline(__always)
    func accepts(_ state: Int32) -> ArraySlice<Accept> {
        let entry = states[Int(state)]
        return accepts[Int(entry.acceptStart)..<Int(entry.acceptEnd)]
    }

    /// The number of transitions of every kind.
    var transitionCount: Int { pieces.count + slots.count }
}
