import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// Template text as the automaton sees it, and subset construction on small automata.
struct AutomatonTests {
    static func text(_ language: String) throws -> MatchText { MatchText(tokenizer: try Tokenizer(language: Language(language))) }

    static func piece(_ text: String) -> MatchText.Item { .piece(text.unicodeScalars.map(\.value)) }

    @Test func whitespaceIsABoundaryOtherGapsAreNothing() throws {
        let english = try Self.text("en")
        #expect(english.items(" on ") == [.boundary, Self.piece("on"), .boundary])
        #expect(english.items("turn  on") == [Self.piece("turn"), .boundary, Self.piece("on")])
        // Punctuation alone may be spelled where an utterance keeps it ("1.15"), or left out.
        #expect(english.items("%") == [.optionalPiece([0x25])])
        #expect(english.items(".") == [.optionalPiece([0x2E])])
        #expect(english.items("'") == [])
        // A unit sign after a space: a boundary, then the sign, spelled or left out.
        #expect(english.items(" %") == [.boundary, .optionalPiece([0x25])])
        #expect(english.items("° C") == [.optionalPiece([0xB0]), .boundary, Self.piece("c")])
        // An elision ends in a boundary, as an utterance's apostrophe is one.
        let french = try Self.text("fr")
        #expect(french.items("d'") == [Self.piece("d"), .boundary])
        #expect(french.items("l'entrée") == [Self.piece("lentree")])
        #expect(english.items("Joe's") == [Self.piece("joes")])
        #expect(english.items("1/2") == [Self.piece("12")])
        let german = try Self.text("de")
        #expect(german.items("CO-Sensor") == [Self.piece("cosensor")])
        #expect(german.items("Küche") == [Self.piece("küche")])
        #expect(french.items("Lumière ") == [Self.piece("lumiere"), .boundary])
    }

    @Test func unspacedScriptsAreOnePieceAndKanaFolds() throws {
        let japanese = try Self.text("ja")
        #expect(japanese.items("電気をつけて") == [Self.piece("電気をつけて")])
        #expect(japanese.items("ヨガ") == [Self.piece("よが")])
        let chinese = try Self.text("zh-cn")
        #expect(chinese.items("打开 客厅") == [Self.piece("打开"), .boundary, Self.piece("客厅")])
    }

    @Test func keysMarkInnerBoundariesOnly() throws {
        let english = try Self.text("en")
        #expect(english.key(" Kitchen  Light ") == "kitchen light".unicodeScalars.map(\.value))
        #expect(english.key("Trader Joe's") == english.key("Trader Joes"))
    }

    /// Walks an automaton along pieces (all at word boundaries) and returns what it accepts.
    static func accepts(_ automaton: Automaton, _ pieces: [Int32], boundary: Bool = true) -> [Int32] {
        var state = Automaton.start
        for piece in pieces {
            guard let transition = automaton.pieceTransition(state, piece) else { return [] }
            state = transition.target(atBoundary: boundary)
            guard state >= 0 else { return [] }
        }
        return automaton.accepts(state).map(\.id)
    }

    @Test func subsetConstructionMergesSharedPrefixes() throws {
        // 0: turn on [the] light    1: turn on (the|a) fan    2: turn (on|off)
        let turn: Int32 = 0, on: Int32 = 1, the: Int32 = 2, light: Int32 = 3, fan: Int32 = 4, a: Int32 = 5, off: Int32 = 6
        var builder = AutomatonBuilder()
        func chain(_ from: Int32, _ pieces: [Int32], _ builder: inout AutomatonBuilder) -> Int32 {
            var state = from
            for piece in pieces {
                let next = builder.addState()
                builder.add(.piece(piece, next), from: state)
                state = next
            }
            return state
        }
        let first = chain(AutomatonBuilder.start, [turn, on], &builder)
        let optional = chain(first, [the], &builder)
        builder.add(.epsilon(optional), from: first)
        builder.add(.accept(0), from: chain(optional, [light], &builder))
        let second = chain(AutomatonBuilder.start, [turn, on], &builder)
        let join = builder.addState()
        builder.add(.epsilon(join), from: chain(second, [the], &builder))
        builder.add(.epsilon(join), from: chain(second, [a], &builder))
        builder.add(.accept(1), from: chain(join, [fan], &builder))
        let third = chain(AutomatonBuilder.start, [turn], &builder)
        let both = builder.addState()
        builder.add(.epsilon(both), from: chain(third, [on], &builder))
        builder.add(.epsilon(both), from: chain(third, [off], &builder))
        builder.add(.accept(2), from: both)

        let automaton = try builder.determinized(stateLimit: 100)
        #expect(Self.accepts(automaton, [turn, on]) == [2])
        #expect(Self.accepts(automaton, [turn, off]) == [2])
        #expect(Self.accepts(automaton, [turn, on, light]) == [0])
        #expect(Self.accepts(automaton, [turn, on, the, light]) == [0])
        #expect(Self.accepts(automaton, [turn, on, a, fan]) == [1])
        #expect(Self.accepts(automaton, [turn, on, fan]) == [])
        // One state after "turn", one after "turn on": the three templates share them.
        #expect(automaton.pieceTransitions(Automaton.start).count == 1)
        #expect(automaton.states.count == 8)  // start, turn, turn on, turn off, the, a, light, fan
    }

    @Test func boundariesConditionTransitionsButNotAfterSlots() throws {
        // 0: "light s" (a boundary required between)   1: {list} s  (whitespace after a slot is optional)
        let light: Int32 = 0, s: Int32 = 1
        var builder = AutomatonBuilder()
        let afterLight = builder.addState(), gap = builder.addState(), end0 = builder.addState()
        builder.add(.piece(light, afterLight), from: AutomatonBuilder.start)
        builder.add(.boundary(gap), from: afterLight)
        builder.add(.piece(s, end0), from: gap)
        builder.add(.accept(0), from: end0)
        let afterSlot = builder.addState(), slotGap = builder.addState(), end1 = builder.addState()
        builder.add(.slot(0, afterSlot), from: AutomatonBuilder.start)
        builder.add(.boundary(slotGap), from: afterSlot)
        builder.add(.piece(s, end1), from: slotGap)
        builder.add(.accept(1), from: end1)
        let automaton = try builder.determinized(stateLimit: 100)
        #expect(Self.accepts(automaton, [light, s], boundary: true) == [0])
        let afterLightState = automaton.pieceTransition(Automaton.start, light)!.atBoundary
        #expect(automaton.pieceTransition(afterLightState, s)!.inside == -1)
        let slotState = automaton.slotTransitions(Automaton.start).first!.atBoundary
        #expect(automaton.pieceTransition(slotState, s)!.inside >= 0)
    }

    @Test func theStateLimitStopsSubsetConstruction() {
        var builder = AutomatonBuilder()
        var state = AutomatonBuilder.start
        for piece in 0..<10 {
            let next = builder.addState()
            builder.add(.piece(Int32(piece), next), from: state)
            state = next
        }
        #expect(throws: AutomatonTooLarge.self) { try builder.determinized(stateLimit: 5) }
    }

    /// Random nondeterministic automata with every kind of edge: the subset construction
    /// must build exactly the automaton of the plain one below (dictionaries and sets per
    /// kernel, the textbook form), state numbers included.
    @Test func subsetConstructionAgreesWithTheReference() throws {
        var generator = SeededGenerator(seed: 2026_11_21)
        for round in 0..<300 {
            var builder = AutomatonBuilder()
            let stateCount = Int.random(in: 1...40, using: &generator)
            for _ in 1..<stateCount { _ = builder.addState() }
            for _ in 0..<Int.random(in: 0...(stateCount * 3), using: &generator) {
                let from = Int32.random(in: 0..<Int32(stateCount), using: &generator)
                let target = Int32.random(in: 0..<Int32(stateCount), using: &generator)
                let symbol = Int32.random(in: 0..<5, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: builder.add(.epsilon(target), from: from)
                case 1: builder.add(.boundary(target), from: from)
                case 2: builder.add(.piece(symbol, target), from: from)
                case 3: builder.add(.slot(symbol, target), from: from)
                default: builder.add(.accept(symbol), from: from)
                }
            }
            let fast = try builder.determinized(stateLimit: 100_000)
            let slow = Self.referenceDeterminized(builder)
            #expect(Self.describe(fast) == Self.describe(slow), "round \(round)")
        }
    }

    static func describe(_ automaton: Automaton) -> [String] {
        automaton.states.indices.map { state in
            let pieces = automaton.pieceTransitions(Int32(state)).map { "p\($0.symbol)→\($0.atBoundary)/\($0.inside)/\($0.glued)" }
            let slots = automaton.slotTransitions(Int32(state)).map { "s\($0.symbol)→\($0.atBoundary)/\($0.inside)/\($0.glued)" }
            let accepts = automaton.accepts(Int32(state)).map { "a\($0.id)\($0.needsBoundary ? "b" : "")" }
            return (pieces + slots + accepts).joined(separator: " ")
        }
    }

    /// A symbol's targets by what reaching them needed: a boundary; none, past template
    /// whitespace a slot waived; none at all.
    struct Targets {
        var atBoundary: [Int32] = []
        var anywhere: [Int32] = []
        var glued: [Int32] = []
    }

    /// The textbook subset construction (no state limit).
    static func referenceDeterminized(_ builder: AutomatonBuilder) -> Automaton {
        var ids: [[Int32]: Int32] = [[AutomatonBuilder.start]: 0]
        var kernels: [[Int32]] = [[AutomatonBuilder.start]]
        var states: [Automaton.State] = [], pieces: [Automaton.Transition] = [], slots: [Automaton.Transition] = []
        var accepts: [Automaton.Accept] = []
        func id(_ targets: [Int32]) -> Int32 {
            if let known = ids[targets] { return known }
            ids[targets] = Int32(kernels.count)
            kernels.append(targets)
            return Int32(kernels.count - 1)
        }
        func transition(_ symbol: Int32, _ targets: Targets) -> Automaton.Transition {
            let glued = Array(Set(targets.glued)).sorted()
            let anywhere = Array(Set(targets.glued + targets.anywhere)).sorted()
            let atBoundary = Array(Set(targets.glued + targets.anywhere + targets.atBoundary)).sorted()
            let boundaryTarget = atBoundary.isEmpty ? -1 : id(atBoundary)
            let insideTarget = anywhere.isEmpty ? -1 : id(anywhere)
            return Automaton.Transition(symbol: symbol, atBoundary: boundaryTarget, inside: insideTarget, glued: glued.isEmpty ? -1 : id(glued))
        }
        var index = 0
        while index < kernels.count {
            let kernel = kernels[index]
            index += 1
            var reached: Set<[Int32]> = []  // [state, needsBoundary, lenient, spaced]
            var stack: [(Int32, Bool, Bool, Bool)] = []
            for state in kernel {
                let lenient = builder.afterSlot[Int(state)]
                if reached.insert([state, 0, lenient ? 1 : 0, 0]).inserted { stack.append((state, false, lenient, false)) }
            }
            var pieceTargets: [Int32: Targets] = [:]
            var slotTargets: [Int32: Targets] = [:]
            var accepted: [Int32: Bool] = [:]
            func add(_ target: Int32, needsBoundary: Bool, spaced: Bool, to targets: inout Targets) {
                if needsBoundary { targets.atBoundary.append(target) } else if spaced { targets.anywhere.append(target) } else { targets.glued.append(target) }
            }
            while let (state, needsBoundary, lenient, spaced) = stack.popLast() {
                for edge in builder.edges[Int(state)] {
                    switch edge {
                    case .epsilon(let target), .boundary(let target):
                        var flag = needsBoundary
                        var waived = spaced
                        if case .boundary = edge { if lenient { waived = true } else { flag = true } }
                        if reached.insert([target, flag ? 1 : 0, lenient ? 1 : 0, waived ? 1 : 0]).inserted { stack.append((target, flag, lenient, waived)) }
                    case .piece(let symbol, let target):
                        add(target, needsBoundary: needsBoundary, spaced: spaced, to: &pieceTargets[symbol, default: Targets()])
                    case .slot(let symbol, let target):
                        add(target, needsBoundary: needsBoundary, spaced: spaced, to: &slotTargets[symbol, default: Targets()])
                    case .accept(let value):
                        accepted[value] = (accepted[value] ?? true) && needsBoundary
                    }
                }
            }
            var state = Automaton.State(pieceStart: Int32(pieces.count), pieceEnd: 0, slotStart: Int32(slots.count), slotEnd: 0,
                                        acceptStart: Int32(accepts.count), acceptEnd: 0)
            for (symbol, targets) in pieceTargets.sorted(by: { $0.key < $1.key }) { pieces.append(transition(symbol, targets)) }
            for (symbol, targets) in slotTargets.sorted(by: { $0.key < $1.key }) { slots.append(transition(symbol, targets)) }
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
}
