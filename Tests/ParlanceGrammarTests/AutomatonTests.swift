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
        #expect(english.items("%") == [])
        #expect(english.items(" %") == [.boundary])
        #expect(english.items("Joe's") == [Self.piece("joes")])
        #expect(english.items("1/2") == [Self.piece("12")])
        let german = try Self.text("de")
        #expect(german.items("CO-Sensor") == [Self.piece("cosensor")])
        #expect(german.items("Küche") == [Self.piece("küche")])
        let french = try Self.text("fr")
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
}
