import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// Compiled grammars written to their image and read back (``CompiledGrammar/image(inputs:)``,
/// ``CompiledGrammar/init(image:source:inputs:)``): the grammar read must match every test
/// sentence exactly as the one compiled (every hypothesis, slot, span, edit, ranking and
/// confidence, clean, with a typo and with corrections always on), and its own image must
/// be the same bytes (nothing lost on the way). Damaged and stale images are refused with
/// the kind of error the caller acts on, and no damage crashes.
struct CompiledGrammarImageTests {
    static let inputs: ImageDigest = {
        var digest = ImageDigest()
        digest.combine("CompiledGrammarImageTests")
        digest.combineEnvironment()
        return digest
    }()

    /// The built-in grammars (Corpora/grammars), one language at a time, with the utterances
    /// of Corpora/tests/<language>, and values found for their wildcards on some.
    @Test(arguments: ["en", "de", "es", "fr", "ja", "zh-Hans"])
    func builtInGrammar(_ language: String) throws {
        let (compiled, utterances) = try ImageCheck.builtIn(language)
        let read = try ImageCheck.roundTrip(compiled)
        #expect(utterances.count > 50)
        var check = ImageCheck(compiled: compiled, read: read, lists: .empty, readLists: .empty)
        for (index, utterance) in utterances.enumerated() {
            check.compare(utterance, explaining: index % 8 == 0, findingWildcards: index % 4 == 0)
        }
        check.report("\(language) built in")
    }

    /// A small grammar that uses every field the model has: all kinds of values, context
    /// rules, a data block's own lists and rules, slot-combination fields, ranges in other
    /// languages and above the spelled limit, escapes, block scalars, and two spellings of
    /// one character that Swift's string equality takes for one.
    @Test func everyField() throws {
        let loader = IntentsFileLoader(language: try Language("en"))
        let common = try loader.parse(yaml: """
            language: en
            settings:
              ignore_whitespace: false
              filter_with_regex: false
            lists:
              color:
                values:
                  - red
                  - in: "(closed|shut)"
                    out: closed
                  - in: "café"
                    out: {kind: precomposed, weight: 0.5, tags: [a, 1, true, null, 2.25, {nested: [x]}]}
                    context: {domain: light, level: 3}
                    metadata: {source: common}
                  - in: "cafe\\u0301"
                    out: decomposed
              amount:
                range: {type: number, from: 1, to: 5000, multiplier: 0.01}
              temperature:
                range: {type: temperature, from: 5, to: 30, fractions: halves, digits: false}
              zahl:
                range: {from: 1990, to: 2010, step: 2, fractions: tenths, words_language: de}
              anything:
                wildcard: true
            expansion_rules:
              the: "(the|my)"
              escaped: "\\"quoted\\" text"
              block: |
                long
                rule
            skip_words:
              - please
              - kindly
            """, path: "sentences/en/_common.yaml")
        let intents = try loader.parse(yaml: #"""
            language: en
            intents:
              SetIt:
                data:
                  - sentences:
                      - "set [<the>] {color} to {amount} (percent|%)"
                      - "set <the> ({temperature} degrees;{zahl})"
                      - "(set;put) {anything} at {1..10,3:count}"
                      - "say <escaped> and <block>"
                    slots: {domain: light, flags: [1, 2.5, false, null], nested: {a: {b: c}}}
                    requires_context:
                      area:
                        slot: true
                      device_class: [door, gate]
                    excludes_context:
                      domain: lock
                    metadata: {priority: 2}
                    response: done
                    required_keywords: [set, say, put]
                  - sentences:
                      - "pick {local} [<local_rule>]"
                    lists:
                      local:
                        values: [one, two]
                    expansion_rules:
                      local_rule: "now|later"
                    inferred_domain: light
                    name_domains: [light, switch]
            """#, path: "sentences/en/set.yaml")
        let combination = try loader.parse(yaml: """
            language: en
            data:
              - sentences:
                  - "dim {color}"
                inferred_domain: light
            """, path: "sentences/en/SetIt/color.yaml", slotCombination: SlotCombination(intent: "SetIt", combination: "color"))
        let grammar = try GrammarLoader.assemble(language: "en", common: common, files: [intents, combination])
        let compiled = try CompiledGrammar(grammar)
        let read = try ImageCheck.roundTrip(compiled)

        let (original, copy) = (compiled.grammar, read.grammar)
        #expect(copy.language == original.language)
        #expect(copy.intents == original.intents)
        #expect(copy.lists == original.lists)
        #expect(copy.expansionRules == original.expansionRules)
        #expect(copy.skipWords == original.skipWords)
        #expect(copy.settings == original.settings)
        #expect(copy.files == original.files)
        // Template equality leaves out positions and references' offsets, and String
        // equality is canonical equivalence: compare those as bytes and numbers.
        #expect(ImageCheck.templates(of: copy).map(ImageCheck.exact) == ImageCheck.templates(of: original).map(ImageCheck.exact))
        #expect(ImageCheck.templates(of: original).contains { !$0.positions.isEmpty })
        #expect(ImageCheck.templates(of: original).contains { $0.positions.isEmpty })
        let blocks = copy.intents.flatMap { $0.data }
        #expect(blocks.contains { $0.slotCombination == "color" && $0.nameDomains == nil })
        #expect(blocks.contains { $0.nameDomains == ["light", "switch"] && $0.inferredDomain == "light" })
        guard case .values(let values) = copy.lists["color"]?.kind else {
            Issue.record("no list 'color'")
            return
        }
        #expect(values.map { Array($0.input.text.utf8) }.contains(Array("cafe\u{301}".utf8)))
        #expect(values.map { Array($0.input.text.utf8) }.contains(Array("caf\u{E9}".utf8)))
        // The reader of numbers above the spelled limit is made again, when first needed.
        let readers = read.lists.compactMap { list -> DeferredNumberReader? in
            if case .range(let rangeList) = list.kind { return rangeList.spelled.deferredReader }
            return nil
        }
        #expect(readers.map { $0.tag } == ["en", "de"])

        var check = ImageCheck(compiled: compiled, read: read, lists: .empty, readLists: .empty)
        for sentence in ["set the café to 20 percent", "set my cafe\u{301} to 4000 %", "set the closed to two thousand five hundred percent",
                         "please set the red to 3 %", "set the twenty degrees zweitausendzwei", "set my 1994,5 twenty point five degrees",
                         "put hello there at 7", "say \"quoted\" text and long rule", "pick two later", "pick one", "dim shut", "set the cafe to 12 precent"] {
            check.compare(sentence, context: ["area": "Kitchen", "device_class": "door"], explaining: true, findingWildcards: true)
            check.compare(sentence, explaining: true)
        }
        check.report("every field")
        #expect(check.matched > 5)
    }

    /// The statistics of a grammar read are those of the grammar compiled, but for the
    /// table bytes: they count arrays' capacity, which a copy does not over-allocate.
    @Test func statistics() throws {
        let compiled = MatcherTests.compiled
        let read = try ImageCheck.roundTrip(compiled)
        let (a, b) = (compiled.statistics, read.statistics)
        #expect((a.templates, a.states, a.transitions, a.words, a.lists) == (b.templates, b.states, b.transitions, b.words, b.lists))
    }

    // MARK: Refused images

    @Test func staleImage() throws {
        let image = MatcherTests.compiled.image(inputs: Self.inputs)
        var other = Self.inputs
        other.combine("another file")
        #expect(ImageCheck.errorKind(image, inputs: other) == .stale)
    }

    @Test func otherVersion() throws {
        var image = MatcherTests.compiled.image(inputs: Self.inputs)
        image[12] &+= 1  // the format version, after the magic and the kind
        #expect(ImageCheck.errorKind(image) == .unsupported)
    }

    @Test func truncatedImage() throws {
        let image = MatcherTests.compiled.image(inputs: Self.inputs)
        for length in [0, 10, 63, 64, 65, image.count / 2, image.count - 1] {
            #expect(ImageCheck.errorKind(Array(image.prefix(length))) == .damaged, "\(length) of \(image.count) bytes")
        }
        #expect(ImageCheck.errorKind(image + [0]) == .damaged)
    }

    @Test func flippedByte() throws {
        let image = MatcherTests.compiled.image(inputs: Self.inputs)
        for position in [70, image.count / 3, image.count - 1] {
            var damaged = image
            damaged[position] ^= 0x10
            #expect(ImageCheck.errorKind(damaged) == .damaged, "byte \(position)")
        }
    }

    /// Damage the payload's digest does not catch (a bug, a forged file): every byte of a
    /// small grammar's image changed in turn, the digest made to agree. Reading must refuse
    /// the image as damaged or read a grammar that matches without trapping; never crash.
    @Test func damageBehindTheDigest() throws {
        let compiled = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences:
                      - "(turn|switch) on [<the>] {name} [to {level}]"
                    requires_context: {domain: light}
                    slots: {domain: light}
                  - sentences:
                      - "play {search_query} in {room}"
                    lists:
                      room:
                        values: [kitchen, {in: "living room", out: living}]
            """, common: """
            language: en
            lists:
              level:
                range: {from: 0, to: 12}
              search_query:
                wildcard: true
            expansion_rules:
              the: "(the|my)"
            skip_words:
              - please
            """))
        let image = compiled.image(inputs: Self.inputs)
        var refused = 0, accepted = 0
        for position in 64..<image.count {
            for change: UInt8 in [0xFF, 0x01] {
                var damaged = image
                damaged[position] ^= change
                ImageCheck.fixPayloadDigest(&damaged)
                do {
                    let read = try CompiledGrammar(image: damaged, source: "damaged", inputs: Self.inputs)
                    accepted += 1
                    for sentence in ["turn on the kitchen light to ten", "please switch on my kichen light", "play jazz in the living room"] {
                        _ = read.match(sentence, lists: read.prepare(["name": [ExternalValue(text: "Kitchen Light")]]),
                                       options: MatchOptions(fuzziness: .always))
                    }
                    _ = read.explain("turn on the kichen", options: MatchOptions(fuzziness: .always))
                } catch {
                    #expect(error.kind == .damaged, "byte \(position) ^ \(change): \(error)")
                    refused += 1
                }
            }
        }
        print("damage behind the digest, \(image.count - 64) bytes × 2: \(refused) refused, \(accepted) read")
        #expect(refused > accepted)
    }
}

/// The same for the Home Assistant corpus in ../shared: every language, every test sentence
/// with its context and the fixtures' lists.
@Suite(SharedData.required)
struct CompiledGrammarImageCorpusTests {
    @Test(arguments: ["en", "de", "es", "fr", "ja", "zh-cn"])
    func corpus(_ language: String) throws {
        let corpus = try SharedData.url("corpora/home-assistant-intents")
        let grammar = try GrammarLoader.load(corpus: corpus, language: language)
        let tests = try TestCorpusLoader.load(corpus: corpus, language: language)
        let compiled = try CompiledGrammar(grammar)
        let read = try ImageCheck.roundTrip(compiled)
        let fixtures = tests.fixtures.slotLists(language: compiled.language)
        var check = ImageCheck(compiled: compiled, read: read, lists: compiled.prepare(fixtures), readLists: read.prepare(fixtures))
        var index = 0
        for testCase in tests.files.filter({ $0.slotCombination == nil }).flatMap(\.cases) {
            for sentence in testCase.sentences {
                check.compare(sentence, context: testCase.context, typo: index % 3 == 0, explaining: index % 16 == 0)
                index += 1
            }
        }
        #expect(index > 0)
        check.report("\(language) Home Assistant")
    }
}

/// Compares a compiled grammar with the one read from its image, utterance by utterance.
struct ImageCheck {
    let compiled: CompiledGrammar
    let read: CompiledGrammar
    let lists: ExternalLists
    let readLists: ExternalLists
    private(set) var compared = 0
    private(set) var matched = 0
    private(set) var typos = 0
    private(set) var differences: [String] = []

    init(compiled: CompiledGrammar, read: CompiledGrammar, lists: ExternalLists, readLists: ExternalLists) {
        self.compiled = compiled
        self.read = read
        self.lists = lists
        self.readLists = readLists
    }

    /// Writes `compiled`'s image, reads it, and requires the grammar read to write the same
    /// bytes again.
    static func roundTrip(_ compiled: CompiledGrammar, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CompiledGrammar {
        let image = compiled.image(inputs: CompiledGrammarImageTests.inputs)
        let read = try CompiledGrammar(image: image, source: "test image", inputs: CompiledGrammarImageTests.inputs)
        let again = read.image(inputs: CompiledGrammarImageTests.inputs)
        // The payload first: a payload of another length differs in the header too.
        let common = min(again.count, image.count)
        let firstDifference = (64..<max(64, common)).first { again[$0] != image[$0] } ?? (0..<min(64, common)).first { again[$0] != image[$0] }
            ?? (again.count == image.count ? nil : common)
        #expect(firstDifference == nil, "the image of the grammar read differs from the image it was read from, from byte \(firstDifference ?? 0)",
                sourceLocation: sourceLocation)
        return read
    }

    /// Matches `utterance` on both grammars, by default and with corrections always; with
    /// `typo`, again with a typo in a slot value of the best hypothesis (or, without one,
    /// in a word); with `explaining`, the explanations too; with `findingWildcards`, again
    /// with the best hypothesis's wildcard slots offered as found values of every wildcard
    /// list.
    mutating func compare(_ utterance: String, context: [String: DataValue] = [:], typo: Bool = true, explaining: Bool = false,
                          findingWildcards: Bool = false) {
        let options = MatchOptions(preferredSlot: "name", limit: 16)
        var always = options
        always.fuzziness = .always
        let result = compareMatches(utterance, context: context, options: options)
        compareMatches(utterance, context: context, options: always)
        if result?.best != nil { matched += 1 }
        if explaining {
            compareExplanations(utterance, context: context, options: options)
        }
        if typo, let best = result?.best {
            let typo = Typo.inject(into: utterance, hypothesis: best)?.sentence ?? ImageCheck.misspelled(utterance)
            typos += 1
            compareMatches(typo, context: context, options: options)
            compareMatches(typo, context: context, options: always)
            if explaining { compareExplanations(typo, context: context, options: always) }
        }
        if findingWildcards, let best = result?.best {
            let names = compiled.grammar.lists.values.filter(\.isWildcard).map(\.name).sorted()
            var found = FoundValues()
            for slot in best.slots where slot.kind == .wildcard {
                for name in names {
                    found.append(FoundValues.Value(list: name, span: slot.span!, output: .string("found \(name)"), text: slot.text,
                                                   edits: 0, group: found.values.count % 2))
                }
            }
            if let first = names.first { found.closedLists = [first] }
            compareMatches(utterance, context: context, options: options, found: found)
        }
    }

    /// A misspelling of a word of five letters or more (the first), for sentences whose best
    /// hypothesis has no value to misspell: two letters swapped.
    static func misspelled(_ utterance: String) -> String {
        var words = utterance.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let index = words.firstIndex(where: { $0.count >= 5 && $0.allSatisfy(\.isLetter) }) else { return utterance + "s" }
        var letters = Array(words[index])
        letters.swapAt(1, 2)
        words[index] = String(letters)
        return words.joined(separator: " ")
    }

    @discardableResult
    private mutating func compareMatches(_ utterance: String, context: [String: DataValue], options: MatchOptions,
                                         found: FoundValues = FoundValues()) -> MatchResult? {
        compared += 1
        let expected = compiled.match(utterance, lists: lists, found: found, context: context, options: options)
        let got = read.match(utterance, lists: readLists, found: found, context: context, options: options)
        let (a, b) = (expected.hypotheses.map(HypothesisSnapshot.init), got.hypotheses.map(HypothesisSnapshot.init))
        if a != b {
            differences.append("\"\(utterance)\" (\(options.fuzziness)\(found.isEmpty ? "" : ", found values")):\n"
                + "      compiled \(a)\n      read     \(b)")
        }
        return expected
    }

    private mutating func compareExplanations(_ utterance: String, context: [String: DataValue], options: MatchOptions) {
        let expected = compiled.explain(utterance, lists: lists, context: context, options: options).description
        let got = read.explain(utterance, lists: readLists, context: context, options: options).description
        if expected != got { differences.append("explain \"\(utterance)\":\n\(expected)\n  ---- read:\n\(got)") }
    }

    /// Prints the counts; records the first differences.
    func report(_ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        print("\(what): \(compared) matchings compared (\(matched) utterances matched, \(typos) with a typo), \(differences.count) differences")
        for difference in differences.prefix(5) { Issue.record("\(what): \(difference)", sourceLocation: sourceLocation) }
        #expect(differences.isEmpty, "\(what): \(differences.count) differences", sourceLocation: sourceLocation)
    }

    /// The utterances of `Corpora/tests/<language>/*.yaml`.
    /// A built-in grammar (Corpora/grammars) compiled, with the utterances of
    /// Corpora/tests/<language>.
    static func builtIn(_ language: String) throws -> (compiled: CompiledGrammar, utterances: [String]) {
        let corpora = SharedData.packageRoot.appendingPathComponent("Corpora")
        let grammar = try GrammarLoader.load(corpus: corpora.appendingPathComponent("grammars"), language: language, externalLists: [])
        return (try CompiledGrammar(grammar), try utterances(in: corpora.appendingPathComponent("tests").appendingPathComponent(language)))
    }

    static func utterances(in folder: URL) throws -> [String] {
        var utterances: [String] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        for name in names {
            let document = try YAMLDocument.read(folder.appendingPathComponent(name), path: name)
            for (key, value) in try document.mapping(document.root, what: "the file") where key == "tests" {
                for test in try document.sequence(value, what: "tests") {
                    for (field, text) in try document.mapping(test, what: "a test") where field == "utterance" {
                        utterances.append(try document.string(text, what: "utterance"))
                    }
                }
            }
        }
        return utterances
    }

    /// The error kind reading `image` throws; nil when it reads.
    static func errorKind(_ image: [UInt8], inputs: ImageDigest = CompiledGrammarImageTests.inputs) -> ImageError.Kind? {
        do {
            _ = try CompiledGrammar(image: image, source: "test image", inputs: inputs)
            return nil
        } catch {
            return error.kind
        }
    }

    /// Rewrites the header's payload digest (bytes 48..<64, see `CompiledImage.swift`) to
    /// agree with the payload: damage the digest would otherwise catch.
    static func fixPayloadDigest(_ image: inout [UInt8]) {
        var digest = ImageDigest()
        image.withUnsafeBytes { digest.combine(UnsafeRawBufferPointer(rebasing: $0[64...])) }
        let (low, high) = digest.words
        withUnsafeBytes(of: low) { image.replaceSubrange(48..<56, with: $0) }
        withUnsafeBytes(of: high) { image.replaceSubrange(56..<64, with: $0) }
    }

    /// Every template of a grammar: sentences, rules and list values, the data blocks' own
    /// included, in a fixed order.
    static func templates(of grammar: LanguageGrammar) -> [Template] {
        func fromLists(_ lists: [String: SlotList]) -> [Template] {
            lists.sorted { $0.key < $1.key }.flatMap { _, list -> [Template] in
                if case .values(let values) = list.kind { return values.map(\.input) }
                return []
            }
        }
        var templates: [Template] = []
        for block in grammar.intents.flatMap(\.data) {
            templates += block.sentences
            templates += block.expansionRules.sorted { $0.key < $1.key }.map(\.value)
            templates += fromLists(block.lists)
        }
        return templates + grammar.expansionRules.sorted { $0.key < $1.key }.map(\.value) + fromLists(grammar.lists)
    }

    /// What equality of templates leaves out: the text's bytes, the positions, every
    /// reference's offset and the literals' bytes.
    static func exact(_ template: Template) -> String {
        var parts: [String] = [template.text.utf8.map { String($0) }.joined(separator: ","), "\(template.positions)"]
        template.expression.visit { node in
            switch node {
            case .list(let reference): parts.append("{\(reference.listName):\(reference.slotName)@\(reference.offset) \(String(describing: reference.inlineRange))}")
            case .rule(let reference): parts.append("<\(reference.ruleName)@\(reference.offset)>")
            case .literal(let literal):
                parts.append([literal.original, literal.text, literal.normalized].map { $0.utf8.map { String($0) }.joined(separator: ",") }.joined(separator: "|"))
            default: parts.append("\(node)")
            }
        }
        return parts.joined(separator: " ")
    }
}

/// Everything a hypothesis says, comparable: the template with its positions, the ranking
/// key, the exact confidence.
struct HypothesisSnapshot: Equatable, CustomStringConvertible {
    let intent: String
    let slots: [SlotMatch]
    let context: [String: DataValue]
    let metadata: [String: DataValue]
    let response: String
    let template: Template
    let positions: [SourcePosition]
    let ranking: RankingKey
    let confidence: Double
    let isNearTie: Bool

    init(_ hypothesis: Hypothesis) {
        intent = hypothesis.intent
        slots = hypothesis.slots
        context = hypothesis.context
        metadata = hypothesis.metadata
        response = hypothesis.response
        template = hypothesis.template
        positions = hypothesis.template.positions
        ranking = hypothesis.ranking
        confidence = hypothesis.confidence
        isNearTie = hypothesis.isNearTie
    }

    var description: String { "\(intent) \(slots) via \"\(template.text)\" (\(ranking), confidence \(confidence))" }
}
