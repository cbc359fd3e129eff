import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// The phrases a grammar says one thing with: alternatives of plain text, and the inputs of
/// one list output.
struct ParaphraseGroupsTests {
    @Test func alternativesAndListOutputsAreGroups() throws {
        let grammar = try GrammarLoaderTests.grammar("""
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences:
                      - "(turn|switch|flip) on [<the>] {name} [to <brightness>]"
                      - "(light up|illuminate|{name} on|) [<the>] {color} {name}"
                      - "(make|set) it (bright|brighter) (now|)"
            """)
        let groups = ParaphraseGroups(grammar).groups
        #expect(groups.contains(["turn", "switch", "flip"]))
        // The rule <the> of _common.yaml.
        #expect(groups.contains(["the", "my"]))
        // A branch with a list, and the empty branch, are left out; the plain branches stay.
        #expect(groups.contains(["light up", "illuminate"]))
        #expect(groups.contains(["make", "set"]))
        // One phrase and nothing is no group.
        #expect(!groups.contains { $0.contains("now") })
        // The inputs of the list value `closed`: "(closed|shut)"; red has no output of its own to share.
        #expect(groups.contains(["closed", "shut"]))
        // Each group once, however often it is said.
        #expect(Set(groups.map { $0.sorted() }).count == groups.count)
    }

    /// A data block's lists and rules are read, and only blocks the caller keeps.
    @Test func onlyTheBlocksKept() throws {
        let grammar = try GrammarLoaderTests.grammar("""
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences:
                      - "(kindle|ignite) {fire}"
                    lists:
                      fire:
                        values: [{in: "hearth", out: fireplace}, {in: "fireplace", out: fireplace}]
                  - sentences:
                      - "(douse|quench) {name}"
                    metadata: {app: com.example.fire}
            """)
        let groups = ParaphraseGroups(grammar) { $0.metadata["app"] == nil }.groups
        #expect(groups.contains(["kindle", "ignite"]))
        #expect(groups.contains(["hearth", "fireplace"]))
        #expect(!groups.contains(["douse", "quench"]))
    }

    /// The built-in grammars give every language groups.
    @Test(arguments: ["en", "de", "es", "fr", "ja", "zh-Hans"])
    func theBuiltInGrammarsHaveGroups(language: String) throws {
        let grammars = SharedData.packageRoot.appendingPathComponent("Corpora/grammars")
        let grammar = try GrammarLoader.load(corpus: grammars, language: language, externalLists: [])
        #expect(ParaphraseGroups(grammar).groups.count > 50)
    }
}
