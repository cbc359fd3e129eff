import Foundation
import ParlanceText
import Testing
@testable import ParlanceGrammar

struct GrammarLoaderTests {
    static let loader = IntentsFileLoader(language: try! Language("en"))

    /// A _common.yaml; `rules` go into expansion_rules from line 17 on.
    static func common(rules: String = "") -> String {
        """
        language: en
        lists:
          color:
            values:
              - red
              - in: "(closed|shut)"
                out: closed
          brightness:
            range: {type: percentage, from: 0, to: 100}
          temperature:
            range: {type: temperature, from: 5, to: 30, step: 1, fractions: halves}
          search_query:
            wildcard: true
        expansion_rules:
          the: "(the|my)"
          brightness: "{brightness}[%| percent]"
        \(rules)
        skip_words:
          - please
        """
    }

    static func file(_ body: String, path: String = "sentences/en/light_HassTurnOn.yaml") throws -> IntentsFile {
        try loader.parse(yaml: body, path: path)
    }

    static func grammar(_ body: String, common: String = GrammarLoaderTests.common()) throws -> LanguageGrammar {
        try GrammarLoader.assemble(language: "en", common: loader.parse(yaml: common, path: "sentences/en/_common.yaml"),
                                   files: [file(body)])
    }

    /// Runs `body`, which must throw a ``GrammarError``, and returns it.
    static func error(_ body: () throws -> Void) -> GrammarError? {
        do {
            try body()
            return nil
        } catch {
            return error as? GrammarError
        }
    }

    @Test func readsTheDataModel() throws {
        let grammar = try Self.grammar("""
            language: en
            intents:
              HassLightSet:
                data:
                  - sentences:
                      - "set [<the>] {name} to <brightness>"
                    slots:
                      domain: light
                    requires_context:
                      domain: [light, switch]
                      area:
                        slot: true
                    excludes_context:
                      device_class: door
                    expansion_rules:
                      to: "(to|at)"
                    lists:
                      level:
                        values: [low, high]
                    metadata: {source: test}
                    response: brightness
                    required_keywords: [set]
            """)
        let data = try #require(grammar.intent(named: "HassLightSet")?.data.first)
        #expect(data.slots == ["domain": "light"])
        #expect(data.requiresContext["domain"] == ContextConstraint(values: ["light", "switch"]))
        #expect(data.requiresContext["area"] == ContextConstraint(values: nil, fillsSlot: true))
        #expect(data.excludesContext["device_class"] == ContextConstraint(values: ["door"]))
        #expect(data.expansionRules["to"]?.expression.structure == #"alt("to", "at")"#)
        #expect(data.metadata == ["source": "test"] && data.response == "brightness" && data.requiredKeywords == ["set"])
        #expect(data.location == SourceLocation(file: "sentences/en/light_HassTurnOn.yaml", line: 5, column: 9))
        #expect(grammar.lists(for: data)["level"] != nil && grammar.lists["level"] == nil)
        #expect(grammar.expansionRules(for: data)["to"] != nil)
        #expect(grammar.skipWords == ["please"])
        #expect(grammar.lists["name"]?.kind == .external)

        guard case .values(let colors) = grammar.lists["color"]?.kind else { Issue.record("no values"); return }
        #expect(colors[0].output == "red" && colors[0].input.expression.structure == #""red""#)
        #expect(colors[1].output == "closed" && colors[1].input.expression.structure == #"alt("closed", "shut")"#)
        guard case .range(let temperature) = grammar.lists["temperature"]?.kind else { Issue.record("no range"); return }
        #expect(temperature.unit == .temperature && temperature.fractions == .halves)
        #expect(temperature.numbers.prefix(3) == [5, 5.5, 6])
        #expect(grammar.lists["search_query"]?.isWildcard == true)
    }

    @Test func templateErrorsPointIntoTheFile() throws {
        // Line 6: the quote is at column 13, so '(' is at column 19 and the end at 35.
        let error = try #require(Self.error {
            _ = try Self.file("""
                language: en
                intents:
                  HassTurnOn:
                    data:
                      - sentences:
                          - "turn (on [the] {name}"
                """)
        })
        #expect(error.kind == .templateSyntax(.unclosed("(", openedAt: 5)))
        #expect(error.location == SourceLocation(file: "sentences/en/light_HassTurnOn.yaml", line: 6, column: 35))
        #expect(error.message == "unclosed '(' opened at column 19")
        #expect(error.text == "turn (on [the] {name}")
        #expect(error.keyPath == "intents.HassTurnOn.data[0].sentences[0]")
        #expect(error.expected == "')' before the end of the template")
        #expect(error.description == #"sentences/en/light_HassTurnOn.yaml:6:35: unclosed '(' opened at column 19 in "turn (on [the] {name}" (at intents.HassTurnOn.data[0].sentences[0]); expected ')' before the end of the template"#)
    }

    @Test func columnsFollowYAMLQuoting() throws {
        // Single quotes double '' and double quotes escape: columns count source characters.
        let single = try #require(Self.error {
            _ = try Self.file("expansion_rules:\n  a: 'it''s (on'\n")
        })
        #expect(single.message == "unclosed '(' opened at column 13")
        let double = try #require(Self.error {
            _ = try Self.file("expansion_rules:\n  a: \"\\u00e9t\\\"e (on\"\n")
        })
        #expect(double.message == "unclosed '(' opened at column 18")
        let plain = try #require(Self.error {
            _ = try Self.file("expansion_rules:\n  a: ab )\n")
        })
        #expect(plain.location?.column == 9)
    }

    @Test func unknownListIsNamedWhereUsed() throws {
        let error = try #require(Self.error {
            _ = try Self.grammar("""
                language: en
                intents:
                  HassTurnOn:
                    data:
                      - sentences:
                          - "turn on {nmae}"
                """)
        })
        #expect(error.kind == .unknownList("nmae"))
        #expect(error.location == SourceLocation(file: "sentences/en/light_HassTurnOn.yaml", line: 6, column: 22))
        #expect(error.message == "unknown list 'nmae'")
        #expect(error.expected?.hasSuffix("(did you mean 'name'?)") == true)
    }

    /// An unknown rule costs only the sentences that expand it (hassil errs when matching
    /// reaches it, upstream's suite still loads the language): they are left out with a
    /// warning at the reference, naming the sentence.
    @Test func unknownRuleLeavesOutTheSentenceThatUsesIt() throws {
        let grammar = try Self.grammar("""
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences:
                      - "turn on <light>"
                      - "switch on {name}"
            """, common: Self.common(rules: "  light: \"[<teh>] light\""))
        #expect(grammar.intents.flatMap(\.data).flatMap(\.sentences).map(\.text) == ["switch on {name}"])
        let warning = try #require(grammar.warnings.first)
        #expect(warning.location == SourceLocation(file: "sentences/en/_common.yaml", line: 17, column: 12))
        #expect(warning.message == "sentence \"turn on <light>\" left out: unknown expansion rule 'teh' "
            + "(expanded from sentences/en/light_HassTurnOn.yaml:6:14); it can match nothing")
        // A context constraint's keys beyond value and slot: read by nothing, warned of.
        let context = try Self.grammar("""
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on {name}"]
                    requires_context:
                      area: {slot: true, note: satellite}
            """)
        #expect(context.intents.first?.data.first?.requiresContext["area"]?.fillsSlot == true)
        #expect(context.warnings.map(\.description)
            == ["sentences/en/light_HassTurnOn.yaml:7:36: unknown key 'note' in requires_context.area, ignored; expected 'value' or 'slot' (at intents.HassTurnOn.data[0].requires_context.area.note)"])
    }

    /// hassil expands rules in the scope of the sentence: a language rule may use a rule that
    /// only the data block defines.
    @Test func blockRulesAreVisibleToLanguageRules() throws {
        let grammar = try Self.grammar("""
            language: en
            intents:
              HassGetState:
                data:
                  - sentences: ["what is the <reading>"]
                    expansion_rules:
                      class: temperature
            """, common: Self.common(rules: "  reading: \"<class> [of <the> {name}]\""))
        #expect(grammar.templateCount == 1)
    }

    @Test func cyclesAreReportedWithTheirPath() throws {
        let used = try #require(Self.error {
            _ = try Self.grammar("""
                language: en
                intents:
                  HassTurnOn:
                    data:
                      - sentences: ["<a>"]
                """, common: Self.common(rules: "  a: \"x <b>\"\n  b: \"[<a>]\""))
        })
        #expect(used.kind == .cyclicRules(["a", "b", "a"]))
        #expect(used.message == "expansion rules form a cycle: <a> → <b> → <a>")
        #expect(used.location == SourceLocation(file: "sentences/en/_common.yaml", line: 18, column: 8))
        // A cycle no sentence reaches is still one.
        let unused = try #require(Self.error {
            _ = try Self.grammar("language: en\n", common: Self.common(rules: "  loop: \"<loop> again\""))
        })
        #expect(unused.kind == .cyclicRules(["loop", "loop"]))
    }

    @Test func structureErrorsNameTheKey() throws {
        let error = try #require(Self.error {
            _ = try Self.file("""
                language: en
                intents:
                  HassTurnOn:
                    data:
                      - sentence: ["turn on {name}"]
                """)
        })
        #expect(error.kind == .invalidStructure)
        #expect(error.keyPath == "intents.HassTurnOn.data[0].sentence")
        #expect(error.message == "unknown key 'sentence' in a data block")
        let range = try #require(Self.error { _ = try Self.file("lists:\n  x:\n    range: {from: 10, to: 1}\n") })
        #expect(range.message == "range from 10 to 1 is empty")
        let yaml = try #require(Self.error { _ = try Self.file("intents: [unclosed\n") })
        #expect(yaml.kind == .invalidYAML)
        #expect(yaml.location?.line == 2)
    }

    @Test func definitionsAreUniquePerLanguage() throws {
        let error = try #require(Self.error {
            _ = try Self.grammar("language: en\nexpansion_rules:\n  the: \"the\"\n")
        })
        #expect(error.message == "expansion rule 'the' is defined again (first at sentences/en/_common.yaml:15:9)")
        let mismatch = try #require(Self.error { _ = try Self.grammar("language: de\n") })
        #expect(mismatch.kind == .languageMismatch(expected: "en", found: "de"))
    }

    @Test func slotCombinationsAreConvertedAsUpstream() throws {
        let file = try Self.loader.parse(yaml: """
            language: en
            data:
              - sentences: ["<the> lights on"]
                inferred_domain: light
                response: lights_area
              - sentences: ["{name} on"]
                name_domains: [light, switch]
                response: name
            """, path: "sentences/en/HassTurnOn/domain_only.yaml",
            slotCombination: SlotCombination(intent: "HassTurnOn", combination: "domain_only"))
        let grammar = try GrammarLoader.assemble(
            language: "en", common: Self.loader.parse(yaml: Self.common(), path: "sentences/en/_common.yaml"), files: [file],
            contextAreaCombinations: [SlotCombination(intent: "HassTurnOn", combination: "domain_only")])
        let data = try #require(grammar.intent(named: "HassTurnOn")?.data)
        #expect(data[0].slots == ["domain": "light"])
        #expect(data[0].requiresContext["area"] == ContextConstraint(values: nil, fillsSlot: true))
        #expect(data[0].metadata == ["slot_combination": "domain_only"])
        #expect(data[1].requiresContext["domain"] == ContextConstraint(values: ["light", "switch"]))
        #expect(data[1].slots.isEmpty)
        let outside = try #require(Self.error { _ = try Self.file("language: en\ndata: []\n") })
        #expect(outside.message == "top-level 'data' outside a slot-combination file")
    }

    @Test func missingCommonFileAndLanguage() throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-grammar-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: corpus) }
        let folder = corpus.appendingPathComponent("sentences/xx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "language: xx\nintents: {}\n".write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)

        let missing = try #require(Self.error { _ = try GrammarLoader.load(corpus: corpus, language: "xx") })
        #expect(missing.kind == .missingCommonFile)
        #expect(missing.description == "sentences/xx has no _common.yaml; expected sentences/xx/_common.yaml with the language's lists, expansion rules and skip words")
        let unknown = try #require(Self.error { _ = try GrammarLoader.load(corpus: corpus, language: "yy") })
        #expect(unknown.kind == .missingLanguage("yy"))
        #expect(unknown.expected == "one of xx")

        try "language: xx\n".write(to: folder.appendingPathComponent("_common.yaml"), atomically: true, encoding: .utf8)
        #expect(try GrammarLoader.load(corpus: corpus, language: "xx").intents.isEmpty)
    }

    /// What upstream's suite reads without failing is a located warning, not an error: a
    /// test with `sentences: []` (hi, is, th and tr have them) and keys nothing reads.
    @Test func testFilesReadAsUpstreamReadsThem() throws {
        let file = try TestCorpusLoader.parseTests(yaml: """
            language: hi
            tests:
              - sentences: []
                intent:
                  name: HassClimateGetTemperature
              - sentences: ["turn on the fan"]
                intent:
                  name: HassTurnOn
                  slots: {name: Fan}
                note: written by hand
            """, path: "tests/hi/fan_HassTurnOn.yaml")
        #expect(file.cases.map(\.intent) == ["HassTurnOn"])
        #expect(file.warnings.map(\.description) == [
            "tests/hi/fan_HassTurnOn.yaml:3:5: test without sentences, nothing to check (at tests[0])",
            "tests/hi/fan_HassTurnOn.yaml:10:11: unknown key 'note' in a test, ignored (at tests[1].note)",
        ])
        let fixtures = try TestCorpusLoader.parseFixtures(yaml: """
            language: hi
            entities:
              - {name: Fan, id: fan.bedroom, device_class: fan}
            """, path: "tests/hi/_fixtures.yaml")
        #expect(fixtures.entities.map(\.name) == ["Fan"])
    }

    @Test func testFilesAndFixtures() throws {
        let tests = try TestCorpusLoader.parseTests(yaml: """
            language: en
            tests:
              - sentences: ["turn on the kitchen light", "kitchen light on"]
                intent:
                  name: HassTurnOn
                  slots: {name: Kitchen Light, brightness: 50, domain: [light, switch]}
                  context: {area: Kitchen}
                response: Turned on the light
            """, path: "tests/en/light_HassTurnOn.yaml")
        let testCase = try #require(tests.cases.first)
        #expect(testCase.intent == "HassTurnOn" && testCase.sentences.count == 2)
        #expect(testCase.slots == ["name": "Kitchen Light", "brightness": 50, "domain": ["light", "switch"]])
        #expect(testCase.context == ["area": "Kitchen"] && testCase.responses == ["Turned on the light"])

        let fixtures = try TestCorpusLoader.parseFixtures(yaml: """
            language: en
            floors: [{name: Upstairs, id: upstairs_id}]
            areas: [{name: Kitchen, id: kitchen_id, floor: upstairs_id}]
            entities:
              - name: Kitchen Light
                id: light.kitchen
                area: kitchen_id
                state: "on"
                attributes: {brightness: 255}
              - name: Front Door
                id: binary_sensor.front_door
                state: {in: closed, out: "off"}
            """, path: "tests/en/_fixtures.yaml")
        #expect(fixtures.floors == [FixtureFloor(id: "upstairs_id", name: "Upstairs")])
        #expect(fixtures.areas == [FixtureArea(id: "kitchen_id", name: "Kitchen", floor: "upstairs_id")])
        #expect(fixtures.entities[0].domain == "light" && fixtures.entities[0].state == FixtureState(spoken: "on", value: "on"))
        #expect(fixtures.entities[0].attributes == ["brightness": 255])
        #expect(fixtures.entities[1].domain == "binary_sensor" && fixtures.entities[1].state == FixtureState(spoken: "closed", value: "off"))
    }
}
