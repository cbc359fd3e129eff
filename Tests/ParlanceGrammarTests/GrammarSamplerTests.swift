import Testing
@testable import ParlanceGrammar

/// What the learned readings are trained on: sentences drawn from a grammar's templates.
@Suite struct GrammarSamplerTests {
    static func grammar(extraTemplate: Bool) throws -> LanguageGrammar {
        try GrammarLoaderTests.grammar("""
            language: en
            intents:
              OrderCoffee:
                data:
                  - sentences:
                      - "(order|get|make) [me] a (coffee|latte|flat white|cappuccino) [please]"
                      - "i (want|need|would like) a (coffee|latte|tea) [(now|please)]"\(extraTemplate ? "\n          - \"(brew|pour) (me|us) (a|some) (coffee|tea|espresso)\"" : "")
              BookTable:
                data:
                  - sentences:
                      - "(book|reserve|get) [(me|us)] a table (for two|for four|tonight|tomorrow) [please]"
                      - "(is there|do you have) a (free|open) table (tonight|tomorrow|now)"
              PlayMusic:
                data:
                  - sentences:
                      - "(play|put on|start) [some] (jazz|rock|music|the radio) [(please|now)]"
            """)
    }

    static func draw(_ grammar: LanguageGrammar) -> [String: [String]] {
        var sampler = GrammarSampler(grammar)
        return Dictionary(grouping: sampler.sentences(perIntent: 12), by: \.intent).mapValues { $0.map(\.text) }
    }

    @Test func aTemplateAddedToOneIntentLeavesTheOthersDraws() throws {
        let before = Self.draw(try Self.grammar(extraTemplate: false))
        let after = Self.draw(try Self.grammar(extraTemplate: true))
        #expect(before["BookTable"]?.isEmpty == false)
        #expect(before["BookTable"] == after["BookTable"])
        #expect(before["PlayMusic"] == after["PlayMusic"])
        #expect(before["OrderCoffee"] != after["OrderCoffee"])
    }

    @Test func theDrawIsTheSameEveryTime() throws {
        let grammar = try Self.grammar(extraTemplate: true)
        #expect(Self.draw(grammar) == Self.draw(grammar))
    }
}
