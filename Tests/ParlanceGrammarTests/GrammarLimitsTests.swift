import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// Hostile grammars from the user's side: each is refused with its place, in a fraction of
/// a second, by `parlance grammar check` (issue 41: an alias bomb took 29 s before its error).
struct GrammarLimitsTests {
    /// A YAML "billion laughs": nine aliases of nine aliases, eight levels deep (9^8 nodes).
    static let aliasBomb: String = {
        var lines = ["language: en", "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            lines.append("x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("lists:\n  bomb:\n    values: *a8")
        return lines.joined(separator: "\n") + "\n"
    }()

    static func check(_ files: [String: String]) throws -> (status: Int32, stdout: String, stderr: String, seconds: Double) {
        let root = try GrammarCommandTests.corpus(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let started = ContinuousClock.now
        let result = try ParlanceExecutable.run(["grammar", "check", root.path])
        let elapsed = ContinuousClock.now - started
        return (result.status, result.stdout, result.stderr, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    @Test func anAliasBombIsRefusedBeforeItIsExpanded() throws {
        let result = try Self.check(["_common.yaml": Self.aliasBomb])
        #expect(result.status == 2)
        #expect(result.stderr == """
            sentences/en/_common.yaml:8:10: more than 1000000 nodes once its aliases are expanded; \
            expected at most 1000000 nodes (an alias counts as the nodes it stands for)

            """)
        #expect(result.seconds < 2)
    }

    @Test func yamlNestedTooDeepIsRefused() throws {
        // libyaml itself stops at 1,000 levels; the composer recurses once per level.
        let deep = "language: en\nlists: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        let result = try Self.check(["_common.yaml": deep])
        #expect(result.status == 2)
        #expect(result.stderr == "sentences/en/_common.yaml:2:71: lists and mappings nested more than 64 deep; expected at most 64 levels\n")
    }

    @Test func aTooLargeYAMLFileIsRefused() throws {
        let huge = "language: en\n# " + String(repeating: "x", count: 9 << 20) + "\n"
        let result = try Self.check(["_common.yaml": huge])
        #expect(result.status == 2)
        #expect(result.stderr == "sentences/en/_common.yaml:1:1: a YAML file of 9437200 bytes; expected at most 8388608 bytes\n")
    }

    @Test func templatesNestedTooDeepAreRefused() throws {
        let template = String(repeating: "(", count: 40) + "on" + String(repeating: ")", count: 40)
        let result = try Self.check(["light_HassTurnOn.yaml": """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences:
                      - "turn \(template)"
            """])
        #expect(result.status == 2)
        #expect(result.stderr == """
            sentences/en/light_HassTurnOn.yaml:6:51: groups nested more than 32 deep in "turn \(template)" \
            (at intents.HassTurnOn.data[0].sentences[0]); expected at most 32 levels of ( ) and [ ]

            """)
    }

    @Test func rulesThatMultiplyAreRefused() throws {
        // r24 is r0 written 2^24 times: 16 million copies without a bound.
        var rules = ["  r0: \"a|b\""]
        for level in 1...24 { rules.append("  r\(level): \"<r\(level - 1)> <r\(level - 1)>\"") }
        let result = try Self.check([
            "_common.yaml": "language: en\nexpansion_rules:\n" + rules.joined(separator: "\n") + "\n",
            "light_HassTurnOn.yaml": """
                language: en
                intents:
                  HassTurnOn:
                    data:
                      - sentences:
                          - "turn <r24> on"
                """,
        ])
        #expect(result.status == 2)
        #expect(result.stderr == """
            sentences/en/light_HassTurnOn.yaml:6:14: the templates of 'en' expand to more than 1000000 automaton states here \
            in "turn <r24> on"; expected rules and permutations that do not multiply (a rule used twice in a rule used twice …, \
            permutations inside permutations)

            """)
    }

    /// A path counts its skip words in a byte: 300 of them crashed `grammar match` with
    /// "Swift runtime failure: arithmetic overflow". The count now stops at 255.
    @Test func hundredsOfSkipWordsAreReadNotACrash() throws {
        let root = try GrammarCommandTests.corpus([
            "_common.yaml": "language: en\nlists:\n  message:\n    wildcard: true\nskip_words: [uh]\n",
            "notes.yaml": "language: en\nintents:\n  Note:\n    data:\n      - sentences: [\"note {message}\"]\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let utterance = "note " + Array(repeating: "uh", count: 300).joined(separator: " ") + " buy milk"
        let result = try ParlanceExecutable.run(["grammar", "match", "--grammar", root.path, "-l", "en", "--limit", "1", utterance])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Note  confidence") == true)
        #expect(lines.contains("  message  \"buy milk\"  wildcard  905..<913  \"buy milk\""))
        #expect(lines.last?.contains("skipped 255, template #0") == true)
    }
}
