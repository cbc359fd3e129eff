import ParlanceText
import Testing
@testable import ParlanceGrammar

struct TemplateParserTests {
    static let english = TemplateParser(language: try! Language("en"))

    /// Every construct of the template language, with hassil's examples, as S-expressions.
    @Test(arguments: [
        ("turn on the light", #""turn on the light""#),
        ("  turn   on\tthe  light ", #""turn on the light""#),  // whitespace collapsed and trimmed
        ("(red|green|blue)", #"alt("red", "green", "blue")"#),
        ("turn(s|ed|ing)", #"seq("turn", alt("s", "ed", "ing"))"#),
        ("[the]", #"opt("the")"#),
        ("[this|that]", #"opt(alt("this", "that"))"#),
        ("light[s]", #"seq("light", opt("s"))"#),
        ("turn on [the] {name}", #"seq("turn on ", opt("the"), " ", {name})"#),
        ("{list_name:slot_name}", "{list_name:slot_name}"),
        ("<rule_name>", "<rule_name>"),
        ("<how much>", "<how much>"),  // zh-cn has a rule name with a space
        ("(patience; you must have) my young Padawan", #"seq(perm("patience", " you must have"), " my young Padawan")"#),
        ("is [the] light (on; in <area>)", #"seq("is ", opt("the"), " light ", perm("on", seq(" in ", <area>)))"#),
        ("a|b", #"alt("a", "b")"#),  // the whole template is a group
        ("a;b", #"perm("a", "b")"#),
        ("(小时|钟头|个|)", #"alt("小时", "钟头", "个", seq())"#),  // an empty branch makes it skippable
        ("a (b c) d", #""a b c d""#),  // a plain group is spliced in
        ("((a|b))", #"alt("a", "b")"#),
        (#"\(not a group\) \{x\} \[y\] \<z\> a\|b \\"#, #""(not a group) {x} [y] <z> a|b \\""#),
        ("[<the>| <my>] <timer>", #"seq(opt(alt(<the>, seq(" ", <my>))), " ", <timer>)"#),
        ("<name>[を]<turn_off>", #"seq(<name>, opt("を"), <turn_off>)"#),
        ("[am ]öffnen", #"seq(opt("am "), "öffnen")"#),
        ("PM2.5 (25|2.5|2,5) 1/2 Joe's 50%", #"seq("PM2.5 ", alt("25", "2.5", "2,5"), " 1/2 Joe's 50%")"#),  // punctuation is text
        ("it’s", #""it's""#),  // hassil's apostrophe fold
        ("{1..100:percent}", "{1..100:percent}"),
    ])
    func parses(_ template: String, _ structure: String) throws {
        let expression = try Self.english.parse(template)
        #expect(expression.structure == structure)
        // The description is template syntax that parses back to the same tree.
        #expect(try Self.english.parse(expression.description).structure == structure, "\(expression.description)")
    }

    @Test func literalFormsKeepOriginalTextAndNormalize() throws {
        guard case .literal(let literal) = try Self.english.parse("Turn  ON the LIGHT’s") else { Issue.record("not a literal"); return }
        #expect(literal.original == "Turn  ON the LIGHT’s")
        #expect(literal.text == "Turn ON the LIGHT's")
        #expect(literal.normalized == "turn on the light's")
        let japanese = TemplateParser(language: try Language("ja"))
        guard case .literal(let kana) = try japanese.parse("ライト") else { Issue.record("not a literal"); return }
        #expect(kana.original == "ライト" && kana.normalized == "らいと")
    }

    @Test func referencesKnowTheirSlotsAndOffsets() throws {
        let expression = try Self.english.parse("set {brightness_level:brightness} in <area> to {1..10,2:count}")
        let lists = expression.listReferences
        #expect(lists.map(\.listName) == ["brightness_level", "1..10,2"])
        #expect(lists.map(\.slotName) == ["brightness", "count"])
        #expect(lists.map(\.offset) == [4, 47])
        #expect(lists[1].inlineRange == InlineRange(lowerBound: 1, upperBound: 10, step: 2))
        #expect(expression.ruleReferences.map(\.offset) == [37])
        #expect(expression.literalCount == 3)
    }

    @Test func permutationsExpandAsHassilMatchesThem() throws {
        let normalizer = Self.english.normalizer
        let fan = try Self.english.parse("(on;<in_here>)").expandingPermutations(normalizer: normalizer)
        #expect(fan.structure == #"alt(seq(" on ", <in_here>, " "), seq(" ", <in_here>, " on "))"#)
        let optional = try Self.english.parse("([a];b)").expandingPermutations(normalizer: normalizer)
        #expect(optional.structure == #"alt(seq(" ", opt("a"), " b "), seq(" b ", opt("a"), " "))"#)
        // Permutations inside other groups expand too.
        let nested = try Self.english.parse("brightness [(<in_here>;to {brightness})]").expandingPermutations(normalizer: normalizer)
        #expect(nested.structure == #"seq("brightness ", opt(alt(seq(" ", <in_here>, " to ", {brightness}, " "), seq(" to ", {brightness}, " ", <in_here>, " "))))"#)
        let three = try Self.english.parse("(a;b;c)").expandingPermutations(normalizer: normalizer)
        guard case .alternative(let orders) = three else { Issue.record("not an alternative"); return }
        #expect(orders.count == 6)
    }

    /// Malformed templates: the reason, where (column = offset + 1 without a file), and what was expected.
    @Test(arguments: [
        ("turn (on [the] {name}", "unclosed '(' opened at column 6", 21, "')' before the end of the template"),
        ("turn on [the {name}", "unclosed '[' opened at column 9", 19, "']' before the end of the template"),
        ("turn on {name", "unclosed '{' opened at column 9", 13, "'}' before the end of the template"),
        ("turn on <name", "unclosed '<' opened at column 9", 13, "'>' before the end of the template"),
        ("turn on) the light", "unexpected ')': nothing is open", 7, "text, or '\\)' for a literal ')'"),
        ("(on]", "']' does not close the '(' opened at column 1", 3, "')'"),
        ("turn () on", "empty group '()'", 5, "at least one item between '(' and ')'"),
        ("turn [] on", "empty optional '[]'", 5, "at least one item between '[' and ']'"),
        ("turn (|) on", "empty alternative: every branch is empty", 5, "at least one non-empty branch; write [a] for an optional"),
        ("(a;;b)", "empty permutation item", 3, "an item between the ';' separators"),
        ("turn on (a;b;c;d;e;f;g;h)", "a permutation of 8 items (8! orders)", 8,
         "at most 7 items (7! orders); split the permutation, or write fixed parts in sequence"),
        ("a;b;c;d;e;f;g;h;i", "a permutation of 9 items (9! orders)", 0,
         "at most 7 items (7! orders); split the permutation, or write fixed parts in sequence"),
        ("(a|b;c)", "'|' and ';' mixed in one group", 4, "either '|' or ';'; wrap the alternative in its own parentheses: ((a|b);c)"),
        ("turn on {}", "empty list or slot name", 8, "a name without template syntax or spaces at its ends, as in {list}, {list:slot} or <rule>"),
        ("turn on {name:}", "empty list or slot name", 8, "a name without template syntax or spaces at its ends, as in {list}, {list:slot} or <rule>"),
        ("turn on < name>", "invalid rule name ' name'", 8, "a name without template syntax or spaces at its ends, as in {list}, {list:slot} or <rule>"),
        ("turn on {name:@slot}", "capture 'name:@slot' is not supported", 8, "{list} or {list:slot}"),
        ("turn on \\", "'\\' at the end of the template", 8, "a character after '\\'"),
        ("   ", "empty template", 0, "some text, a list or a rule"),
    ])
    func rejects(_ template: String, _ message: String, _ offset: Int, _ expected: String) {
        #expect {
            try Self.english.parse(template)
        } throws: { error in
            guard let error = error as? TemplateSyntaxError else { return false }
            #expect(error.message { $0 + 1 } == message)
            #expect(error.offset == offset)
            #expect(error.expected == expected)
            return true
        }
    }

    @Test func isTemplateFollowsHassil() {
        #expect(TemplateParser.isTemplate("(closed|shut)"))
        #expect(TemplateParser.isTemplate("a|b"))
        #expect(!TemplateParser.isTemplate("Joe's 50% 1/2"))
    }
}
