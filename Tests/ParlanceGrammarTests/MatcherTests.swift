import ParlanceText
import Testing
@testable import ParlanceGrammar

/// The matcher from the user's side, on a small English grammar: what matches, the slots
/// with their spans (marked inline: `⟦…⟧` in an utterance is the expected span), kinds,
/// edits, context rules and ranking.
struct MatcherTests {
    static let grammar = try! GrammarLoaderTests.grammar("""
        language: en
        intents:
          HassTurnOn:
            data:
              - sentences:
                  - "(turn|switch) on [<the>] {name}"
                requires_context:
                  domain: light
                slots:
                  domain: light
              - sentences:
                  - "(turn|switch) on [<the>] {area} lights"
                  - "(turn|switch) on [<the>] lights"
                slots:
                  domain: light
              - sentences:
                  - "(turn|switch) on [<the>] lights"
                requires_context:
                  area:
                    slot: true
                slots:
                  domain: light
          HassLightSet:
            data:
              - sentences:
                  - "set [<the>] {name} [brightness] to <brightness>"
                  - "set [<the>] {name} to {color}"
          HassClimateSetTemperature:
            data:
              - sentences:
                  - "set [<the>] temperature to {temperature} degrees"
          HassMediaSearchAndPlay:
            data:
              - sentences:
                  - "play {search_query}"
                  - "play {search_query} in [<the>] {area}"
          HassNevermind:
            data:
              - sentences:
                  - "never mind"
                excludes_context:
                  domain: lock
        """)
    static let compiled = try! CompiledGrammar(grammar)
    static let home = compiled.prepare([
        "name": [
            ExternalValue(text: "Kitchen Light", context: ["domain": "light"]),
            ExternalValue(text: "Kitchen", context: ["domain": "switch"]),
            ExternalValue(text: "Porch Lamp", output: "light.porch", context: ["domain": "light"]),
        ],
        "area": [ExternalValue(text: "Kitchen"), ExternalValue(text: "Living Room")],
    ])

    /// The utterance without its marks, and the marked spans in Unicode scalars.
    static func marked(_ text: String) -> (String, [Range<Int>]) {
        var plain = String.UnicodeScalarView()
        var spans: [Range<Int>] = []
        var start = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "⟦": start = plain.count
            case "⟧": spans.append(start..<plain.count)
            default: plain.append(scalar)
            }
        }
        return (String(plain), spans)
    }

    static func match(_ marked: String, context: [String: DataValue] = [:], options: MatchOptions = MatchOptions())
        -> (MatchResult, [Range<Int>]) {
        let (utterance, spans) = Self.marked(marked)
        return (compiled.match(utterance, lists: home, context: context, options: options), spans)
    }

    @Test func aNameWithItsSpanAndTheBlocksFixedSlot() throws {
        let (result, spans) = Self.match("Turn on the ⟦Kitchen Light⟧, please!")
        let best = try #require(result.best)
        #expect(best.intent == "HassTurnOn")
        let name = try #require(best.slot("name"))
        #expect(name.value == "Kitchen Light")
        #expect(name.text == "Kitchen Light")
        #expect(name.span == spans[0])
        #expect(name.kind == .exact && name.edits == 0)
        #expect(best.slot("domain") == SlotMatch(name: "domain", value: "light", kind: .fixed))
        #expect(best.context["domain"] == "light")
        #expect(best.ranking.skippedWords == 1)
        #expect(best.template.text == "(turn|switch) on [<the>] {name}")
    }

    @Test func contextRulesFilterValuesAndBlocks() throws {
        // "Kitchen" is a switch: the block requires a light, so only the area reading is left.
        let (result, spans) = Self.match("switch on ⟦kitchen⟧ lights")
        let best = try #require(result.best)
        #expect(best.slotValues == ["area": "Kitchen", "domain": "light"])
        #expect(best.slot("area")?.span == spans[0])
        #expect(!result.hypotheses.contains { $0.slot("name")?.value == "Kitchen" })
        // Without an area in the context, "turn on the lights" needs the domain-only template.
        #expect(Self.match("turn on the lights").0.best?.slotValues == ["domain": "light"])
        // With one, the block that copies it into a slot ranks first (it requires more).
        let inRoom = try #require(Self.match("turn on the lights", context: ["area": "Living Room"]).0.best)
        #expect(inRoom.slotValues == ["area": "Living Room", "domain": "light"])
        #expect(inRoom.slot("area")?.kind == .context)
        // excludes_context.
        #expect(Self.match("never mind", context: ["domain": "lock"]).0.best == nil)
        #expect(Self.match("never mind").0.best?.intent == "HassNevermind")
    }

    @Test func outputsOfExternalValuesAndValueLists() throws {
        let (result, _) = Self.match("set the porch lamp to red")
        #expect(result.best?.slotValues == ["name": "light.porch", "color": "red"])
        #expect(result.best?.slot("name")?.listValue == "Porch Lamp")
        let closed = try #require(Self.match("set the porch lamp to shut").0.best?.slot("color"))
        #expect(closed.value == "closed" && closed.listValue == "(closed|shut)")
    }

    /// Lists prepared by another grammar, whose lists stand in another order, are still
    /// found by name (the matcher looks lists up by the index of the grammar that prepared
    /// them first), and a list no one supplied matches nothing.
    @Test func externalListsPreparedByAnotherGrammarAreFoundByName() throws {
        let other = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              Find:
                data:
                  - sentences: ["find {floor} then {area} then {name}"]
            """))
        // The premise: the two grammars number their lists differently.
        #expect(other.lists.map(\.name).firstIndex(of: "name") != Self.compiled.lists.map(\.name).firstIndex(of: "name"), "\(other.lists.map(\.name)) \(Self.compiled.lists.map(\.name))")
        let lists = other.prepare(["name": [ExternalValue(text: "Porch Lamp", output: "light.porch", context: ["domain": "light"])],
                                   "area": [ExternalValue(text: "Living Room")]])
        let result = Self.compiled.match("turn on the porch lamp", lists: lists)
        #expect(result.best?.slotValues["name"] == "light.porch")
        #expect(Self.compiled.match("turn on the living room lights", lists: lists).best?.slotValues["area"] == "Living Room")
        let noAreas = Self.compiled.prepare(["name": [ExternalValue(text: "Porch Lamp")]])
        #expect(Self.compiled.match("turn on the living room lights", lists: noAreas).best?.slotValues["area"] == nil)
    }

    @Test func numbersInDigitsAndWords() throws {
        for utterance in ["set porch lamp brightness to ⟦50⟧%", "set porch lamp brightness to ⟦50⟧ percent",
                          "set porch lamp brightness to ⟦fifty⟧ percent"] {
            let (result, spans) = Self.match(utterance)
            let brightness = try #require(result.best?.slot("brightness"), "\(utterance)")
            #expect(brightness.value == 50 && brightness.kind == .number && brightness.span == spans[0], "\(utterance)")
        }
        let (result, spans) = Self.match("set temperature to ⟦21.5⟧ degrees")
        #expect(result.best?.slot("temperature")?.value == 21.5)
        #expect(result.best?.slot("temperature")?.span == spans[0])
        // Outside the range, or a fraction the range lacks: no match.
        #expect(Self.match("set temperature to 40 degrees").0.best == nil)
        #expect(Self.match("set temperature to 21.3 degrees").0.best == nil)
        #expect(Self.match("set porch lamp brightness to 150%").0.best == nil)
    }

    @Test func numbersInWordsAboveTheSpelledLimit() throws {
        // Above the spelled limit a number reader reads the utterance: through the grammar's
        // own tokenization when the reader is the grammar's language, through its own where
        // an apostrophe was read as a space or the range reads another language's words.
        let grammar = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              SendMoney:
                data:
                  - sentences: ["send {amount} dollars to {contact}"]
              Remind:
                data:
                  - sentences: ["remind me in {jahr}"]
            lists:
              amount:
                range: {from: 1, to: 100000}
              jahr:
                range: {from: 1990, to: 2100, words_language: de}
              contact:
                wildcard: true
            """))
        let cases: [(String, String, DataValue)] = [
            ("send ⟦two thousand five hundred⟧ dollars to Ben", "amount", 2500),
            ("send ⟦Twelve Thousand⟧ dollars to Ben's brother", "amount", 12000),
            ("send ⟦forty-two thousand⟧ dollars to Ben", "amount", 42000),
            ("send ⟦999⟧ dollars to Ben", "amount", 999),
            ("remind me in ⟦zweitausendzwei⟧", "jahr", 2002),
        ]
        for (marked, slot, value) in cases {
            let (utterance, spans) = Self.marked(marked)
            let found = try #require(grammar.match(utterance).best?.slot(slot), "\(utterance)")
            #expect(found.value == value && found.span == spans[0], "\(utterance): \(found)")
        }
        #expect(grammar.match("send two thousand five hundred dollars").best == nil)
    }

    @Test func unitSignsAreReadWhereATemplateSpellsThem() throws {
        // hassil matches `%` and `°` as text: "50%" is the volume, which spells the sign,
        // not the temperature, which does not, whatever the templates' order.
        let grammar = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              SetTemperature:
                data:
                  - sentences: ["set [the] heat to {degrees}[ degrees]"]
              SetVolume:
                data:
                  - sentences: ["set [the] heat to {level}[ ]%"]
              Note:
                data:
                  - sentences: ["note {jotting}"]
            lists:
              degrees:
                range: {from: 0, to: 100}
              level:
                range: {from: 0, to: 100}
              jotting:
                wildcard: true
            """))
        for utterance in ["set the heat to 50%", "set the heat to 50 %", "set the heat to 50％"] {
            let best = try #require(grammar.match(utterance).best, "\(utterance)")
            #expect(best.intent == "SetVolume" && best.slot("level")?.value == 50, "\(utterance): \(best.intent)")
            #expect(best.ranking.literalScalars == grammar.match("set the heat to 50").best?.ranking.literalScalars.advanced(by: 1))
        }
        // Without the sign, both read it; the first template stands.
        #expect(grammar.match("set the heat to 50").best?.intent == "SetTemperature")
        // A sign no template spells is passed over at the cost of an unexplained character…
        let degrees = try #require(grammar.match("set the heat to 21° degrees").best)
        #expect(degrees.intent == "SetTemperature" && degrees.slot("degrees")?.value == 21 && degrees.ranking.wildcardScalars == 1)
        // …and free text takes it in rather than leaving it out.
        let (marked, spans) = Self.marked("note ⟦sales up 50%⟧")
        let note = try #require(grammar.match(marked).best?.slot("jotting"))
        #expect(note.value == "sales up 50%" && note.span == spans[0])
    }

    @Test func wildcardsTakeTheShortestSpanThatLetsTheRestMatch() throws {
        let (result, spans) = Self.match("play ⟦the beatles in the kitchen⟧ in the ⟦living room⟧")
        let best = try #require(result.best)
        #expect(best.slot("search_query")?.span == spans[0])
        #expect(best.slot("search_query")?.kind == .wildcard)
        #expect(best.slot("area")?.value == "Living Room" && best.slot("area")?.span == spans[1])
        #expect(best.ranking.wildcards == 1)
        // A wildcard takes text as said, punctuation at word ends removed.
        #expect(Self.match("play Jazz, Blues!").0.best?.slot("search_query")?.value == "Jazz Blues")
    }

    @Test func typosInNamesAndTemplateWords() throws {
        let (result, spans) = Self.match("turn on the ⟦kitchn lihgt⟧")
        let name = try #require(result.best?.slot("name"))
        #expect(name.value == "Kitchen Light" && name.kind == .fuzzy && name.edits == 2 && name.span == spans[0])
        #expect(result.best?.ranking.valueEdits == 2)
        // A template word of four or more letters absorbs one edit; shorter ones none.
        #expect(Self.match("swtich on the kitchen light").0.best?.ranking.wordEdits == 1)
        #expect(Self.match("turn no the kitchen light").0.best == nil)
        // Off: no corrections.
        #expect(Self.match("turn on the kitchn light", options: MatchOptions(fuzziness: .off)).0.best == nil)
        // A misspelled area beats a wildcard that would swallow it.
        let area = try #require(Self.match("play jazz in the kitchn").0.best?.slot("area"))
        #expect(area.value == "Kitchen" && area.kind == .fuzzy)
    }

    @Test func exactBeatsCorrectedAndAmbiguityIsReported() throws {
        let always = MatchOptions(fuzziness: .always, limit: 20)
        let (result, _) = Self.match("turn on the kitchen light", options: always)
        #expect(result.best?.slot("name")?.kind == .exact)
        #expect(result.hypotheses.dropFirst().allSatisfy { $0.ranking >= result.best!.ranking })
        #expect(result.best!.confidence > result.hypotheses.last!.confidence || result.hypotheses.count == 1)
        // "turn on the kitchen lights": the area reading; the name "Kitchen Light" would need an edit.
        #expect(Self.match("turn on the kitchen lights", options: always).0.best?.slotValues == ["area": "Kitchen", "domain": "light"])
        // The preferred slot: a name wins over an area of the same words.
        let named = try Self.grammarWithNameAndArea()
        let plain = named.match("kitchen", lists: named.prepare(["name": [ExternalValue(text: "Kitchen")], "area": [ExternalValue(text: "Kitchen")]]))
        #expect(plain.isAmbiguous)
        #expect(plain.best?.isNearTie == true)
        let preferred = named.match("kitchen", lists: named.prepare(["name": [ExternalValue(text: "Kitchen")], "area": [ExternalValue(text: "Kitchen")]]),
                                    options: MatchOptions(preferredSlot: "name"))
        #expect(preferred.best?.intent == "ByName")
        #expect(!preferred.isAmbiguous)
    }

    /// Found values of different groups never fill one reading ("send Anna's file to Ben"
    /// must not take a contact of one app and a file of another); values of no group go
    /// with any.
    @Test func foundValuesOfDifferentGroupsStayApart() throws {
        let compiled = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              ShareFile:
                data:
                  - sentences: ["send {file} to {contact}"]
            lists:
              file:
                wildcard: true
              contact:
                wildcard: true
            """))
        func found(fileGroup: Int, contactGroup: Int) -> FoundValues {
            var found = FoundValues(closedLists: ["file", "contact"])
            found.append(.init(list: "file", span: 5..<12, output: "f1", text: "minutes", edits: 0, group: fileGroup))
            found.append(.init(list: "contact", span: 16..<19, output: "c1", text: "ben", edits: 0, group: contactGroup))
            return found
        }
        let utterance = "send minutes to Ben"
        #expect(compiled.match(utterance, found: found(fileGroup: 0, contactGroup: 0)).best?.slot("contact")?.value == "c1")
        #expect(compiled.match(utterance, found: found(fileGroup: 0, contactGroup: -1)).best?.slot("file")?.value == "f1")
        #expect(compiled.match(utterance, found: found(fileGroup: 0, contactGroup: 1)).best == nil)
    }

    /// `closesEveryWildcardList` closes every wildcard list, a data block's own ones too:
    /// only values found fill them, as when every list is named in `closedLists`.
    @Test func closingEveryWildcardListLeavesNoFreeText() throws {
        let compiled = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              SendMessage:
                data:
                  - sentences: ["tell {contact} {message}"]
              AddNote:
                data:
                  - sentences: ["note {note}"]
                    lists:
                      note:
                        wildcard: true
            lists:
              contact:
                wildcard: true
              message:
                wildcard: true
            """))
        var closed = FoundValues()
        closed.closesEveryWildcardList = true
        #expect(!closed.isEmpty)
        var named = FoundValues(closedLists: ["contact", "message", "note"])
        for found in [FoundValues(), closed, named] {
            // Free text everywhere unless closed.
            let open = found == FoundValues()
            #expect((compiled.match("note buy milk", found: found).best != nil) == open)
            #expect((compiled.match("tell Ben I am late", found: found).best != nil) == open)
        }
        closed.append(.init(list: "contact", span: 5..<8, output: "c1", text: "ben", edits: 0))
        closed.append(.init(list: "message", span: 9..<18, output: "m1", text: "i am late", edits: 0))
        named.values = closed.values
        #expect(compiled.match("tell Ben I am late", found: closed).best?.slot("message")?.value == "m1")
        #expect(compiled.match("tell Ben I am late", found: named).best?.slot("message")?.value == "m1")
    }

    /// Money and messages: a number range and two wildcards.
    static let money = """
        language: en
        intents:
          SendMoney:
            data:
              - sentences: ["send {amount} dollars to {contact}", "pay {contact} {amount} dollars"]
          SendMessage:
            data:
              - sentences: ["tell {contact} [that] {message}"]
        lists:
          amount:
            range: {from: 1, to: 1000}
          contact:
            wildcard: true
          message:
            wildcard: true
        """

    /// A grammar keeps what depends on the utterance alone (template words, corrections,
    /// numbers at each position) for its next matching of the same utterance, as the
    /// engine's reads ask it with other found values and options: every answer must be the
    /// one a grammar that never saw the utterance gives.
    @Test func matchingAnUtteranceAgainReusesOnlyWhatTheUtteranceDecides() throws {
        let yaml = Self.money
        let reused = try CompiledGrammar(GrammarLoaderTests.grammar(yaml))
        func found(_ contact: String, span: Range<Int>, edits: Int, closed: Bool) -> FoundValues {
            var found = FoundValues(closedLists: closed ? ["contact", "message"] : [])
            found.append(.init(list: "contact", span: span, output: .string(contact), text: contact, edits: edits, group: 0))
            return found
        }
        let asks: [(String, FoundValues, MatchOptions)] = [
            ("send twenty five dollars to Ben", found("Ben", span: 28..<31, edits: 0, closed: true), MatchOptions(fuzziness: .off)),
            ("send twenty five dollars to Ben", found("Bea", span: 28..<31, edits: 1, closed: false), MatchOptions()),
            ("send twenty five dollrs to Ben", FoundValues(), MatchOptions(fuzziness: .always)),
            ("send twenty five dollars to Ben", FoundValues(), MatchOptions(fuzziness: .always)),
            ("tell Ben that three hundred dollars is fine", found("Ben", span: 5..<8, edits: 0, closed: false), MatchOptions()),
            ("send twenty five dollars to Ben", found("Ben", span: 28..<31, edits: 0, closed: true), MatchOptions(fuzziness: .off)),
        ]
        func summary(_ result: MatchResult) -> [String] {
            result.hypotheses.map { h in "\(h.intent) " + h.slots.map { "\($0.name)=\($0.value) \($0.span.map { "\($0)" } ?? "-") \($0.edits)" }.joined(separator: ", ") }
        }
        for (utterance, values, options) in asks {
            let fresh = try CompiledGrammar(GrammarLoaderTests.grammar(yaml))
            let expected = summary(fresh.match(utterance, found: values, options: options))
            #expect(!expected.isEmpty, "\(utterance)")
            #expect(summary(reused.match(utterance, found: values, options: options)) == expected, "\(utterance)")
        }
    }

    /// A word's corrections are kept by its scalars across utterances (``CorrectionMemo``):
    /// the same misspelled word at another place of another utterance, in another word's
    /// length (another budget), and after the memo was emptied for holding too many words,
    /// every answer is the one a grammar that never corrected a word gives.
    @Test func correctionsOfAWordAreTheSameWhereverItStands() throws {
        let yaml = Self.money
        let reused = try CompiledGrammar(GrammarLoaderTests.grammar(yaml))
        let always = MatchOptions(fuzziness: .always)
        func summary(_ result: MatchResult) -> [String] {
            result.hypotheses.map { h in "\(h.intent) " + h.slots.map { "\($0.name)=\($0.value) \($0.span.map { "\($0)" } ?? "-") \($0.edits)" }.joined(separator: ", ") }
        }
        func check(_ utterances: [String]) throws {
            for utterance in utterances {
                let fresh = try CompiledGrammar(GrammarLoaderTests.grammar(yaml))
                let expected = summary(fresh.match(utterance, options: always))
                #expect(summary(reused.match(utterance, options: always)) == expected, "\(utterance)")
            }
        }
        let utterances = ["send twenty five dollrs to Ben", "pay Ben fourty dollrs", "sned fifty dollrs to Ben",
                          "tell Ben that dollrs are fine", "send ten dollrsdollrs to Ben", "snd ten dollars to Ben"]
        try check(utterances)
        #expect(summary(reused.match("sned fifty dollrs to Ben", options: always)).first?.hasPrefix("SendMoney") == true)
        // More distinct words than the memo keeps: it is emptied and filled again.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for number in 0..<(CorrectionMemo.limit + 100) {
            let word = String([letters[number % 26], letters[(number / 26) % 26], letters[(number / 676) % 26], "x"])
            _ = reused.match("sendd \(word) dollrs", options: always)
        }
        try check(utterances.reversed())
    }

    /// The memo itself: a word is found with the budget it was kept with, not another, and
    /// not once the memo is emptied for holding ``CorrectionMemo/limit`` words.
    @Test func correctionMemoFindsAWordByItsScalarsAndBudget() {
        var memo = CorrectionMemo()
        func find(_ word: String, budget: Int) -> [CorrectionMemo.Correction]? {
            let scalars = word.unicodeScalars.map(\.value)
            return scalars.withUnsafeBufferPointer { buffer in memo.find(buffer, budget: budget).map { Array(memo.corrections[$0]) } }
        }
        func insert(_ word: String, budget: Int, _ found: [CorrectionMemo.Correction]) {
            let scalars = word.unicodeScalars.map(\.value)
            scalars.withUnsafeBufferPointer { memo.insert($0, budget: budget, found) }
        }
        #expect(find("dollrs", budget: 0) == nil)
        insert("dollrs", budget: 0, [(piece: 7, column: 6, edits: 1)])
        insert("dolrs", budget: 0, [])
        #expect(find("dollrs", budget: 0)?.map(\.piece) == [7])
        #expect(find("dollrs", budget: 1) == nil)
        #expect(find("dolrs", budget: 0)?.isEmpty == true)
        #expect(find("dollr", budget: 0) == nil)
        for number in 0..<CorrectionMemo.limit { insert("w\(number)", budget: 0, []) }
        #expect(find("dollrs", budget: 0) == nil)
        #expect(find("w\(CorrectionMemo.limit - 1)", budget: 0) != nil)
    }

    static func grammarWithNameAndArea() throws -> CompiledGrammar {
        try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              ByArea:
                data:
                  - sentences: ["{area}"]
              ByName:
                data:
                  - sentences: ["{name}"]
            """))
    }

    @Test func nothingMatchesEmptyOrForeignInput() {
        #expect(Self.compiled.match("").best == nil)
        #expect(Self.compiled.match("?!").best == nil)
        #expect(Self.compiled.match("turn on the kitchen light").best == nil)  // no lists given
        #expect(Self.compiled.match("バナナ", lists: Self.home).best == nil)
    }

    @Test func compileErrorsNameTheProblem() throws {
        let grammar = try GrammarLoaderTests.grammar("""
            language: en
            lists:
              nested:
                values:
                  - in: "a {nested}"
                    out: x
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on {nested}"]
            """)
        #expect {
            try CompiledGrammar(grammar)
        } throws: { error in
            (error as? GrammarError)?.message.contains("references the list itself") == true
        }
    }

    @Test func fixturesBecomeListsAsUpstreamBuildsThem() throws {
        let fixtures = try TestCorpusLoader.parseFixtures(yaml: """
            language: en
            floors:
              - {name: "Upstairs", id: "upstairs"}
            areas:
              - {name: "Kitchen", id: "kitchen", floor: "upstairs"}
            entities:
              - name: "Trader Joe[']s"
                id: "todo.trader_joes"
              - name: "Furnace"
                id: "sensor.furnace"
                attributes: {device_class: temperature}
            """, path: "_fixtures.yaml")
        let lists = fixtures.slotLists(language: try Language("en"))
        #expect(lists["name"]?.map(\.text) == ["Trader Joe's", "Trader Joes", "Furnace"])
        #expect(lists["name"]?.last?.context == ["domain": "sensor", "device_class": "temperature"])
        #expect(lists["area"] == [ExternalValue(text: "Kitchen")])
        #expect(lists["floor"] == [ExternalValue(text: "Upstairs")])
        #expect(try TemplateParser(language: Language("en")).parse("(a|b) [c] d").sampledTexts() == ["a c d", "a d", "b c d", "b d"])
    }

    /// Slot text collapses whitespace with a table of Unicode's White_Space, not the
    /// property lookup: it must agree with the property on every scalar.
    @Test func whitespaceOfSlotTextIsUnicodesWhiteSpace() {
        var disagreeing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isSpace != scalar.properties.isWhitespace { disagreeing.append(value) }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.map { String($0, radix: 16) })")
        // A no-break space and an ideographic space inside free text read as one space.
        #expect(Self.match("play Jazz\u{00A0}\u{3000}Blues").0.best?.slot("search_query")?.value == "Jazz Blues")
    }

    /// The matcher skips a list where no value begins with the scalar at hand
    /// (``CompiledGrammar/listStarts``): what it must still find, a value list whose values
    /// start with another list, digits of other scripts, names that start outside ASCII or
    /// in another script, and, where values are corrected, a typo in a name's first letter.
    @Test func listsStartWhereTheirValuesDo() throws {
        let grammar = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              HassStartTimer:
                data:
                  - sentences:
                      - "set a timer for {duration}"
                      - "{name} timer for {minutes} minutes"
            lists:
              minutes:
                range: {from: 1, to: 100}
              duration:
                values:
                  - in: "{minutes} minutes"
                    out: minutes
                  - in: "half an hour"
                    out: thirty
            """))
        let home = grammar.prepare(["name": [ExternalValue(text: "Éclair"), ExternalValue(text: "Ölofen"), ExternalValue(text: "東京")]])
        let options = MatchOptions(fuzziness: .off)
        #expect(grammar.match("set a timer for 5 minutes", lists: home, options: options).best?.slotValues["duration"] == "minutes")
        #expect(grammar.match("set a timer for half an hour", lists: home, options: options).best?.slotValues["duration"] == "thirty")
        for (utterance, name) in [("éclair timer for ٥ minutes", "Éclair"), ("Ölofen timer for ５ minutes", "Ölofen"), ("東京 timer for 5 minutes", "東京"), ("東京 timer for ५ minutes", "東京")] {
            let best = try #require(grammar.match(utterance, lists: home, options: options).best, "\(utterance)")
            #expect(best.slotValues["name"] == .string(name), "\(utterance)")
            #expect(best.slotValues["minutes"] == 5, "\(utterance)")
        }
        // A typo in the first letter: found where values are corrected, and only there.
        #expect(grammar.match("Ylofen timer for 5 minutes", lists: home).best?.slotValues["name"] == "Ölofen")
        #expect(grammar.match("Ylofen timer for 5 minutes", lists: home, options: options).best?.slotValues["name"] == nil)
    }
}
