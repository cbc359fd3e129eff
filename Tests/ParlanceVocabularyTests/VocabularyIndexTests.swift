import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// The compiled index against the naive reference (``ReferenceSearch``): exhaustively on a
/// small alphabet, on seeded random multilingual keys, and through every public path.
struct VocabularyIndexTests {

    static let english = try! Tokenizer(language: Language("en"))

    /// The index configurations every agreement test runs: 16-bit codes with and without
    /// jump tables on every node, and scalar labels.
    static let configurations: [(name: String, scalarLabels: Bool, jumpFanOut: Int)] = [
        ("codes", false, 12), ("codes, jump tables everywhere", false, 2), ("scalars", true, 3),
    ]

    static func items(_ phrases: [String], source: VocabularySource = .user) -> [VocabularyItem] {
        phrases.enumerated().map { index, phrase in
            VocabularyItem(identifier: "\(index)", phrases: [phrase], type: .user(.contactName), source: source, priority: index)
        }
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Looks up normalized `query` through the searcher (no tokenization).
    static func lookup(_ searcher: VocabularySearcher, _ query: [UInt32], policy: EditPolicy, verbosity: LookupVerbosity,
                       limit: Int = .max) -> [VocabularyMatch] {
        let scalars = query.map { Unicode.Scalar($0)! }
        return scalars.withUnsafeBufferPointer {
            searcher.lookup(normalizedKey: $0, policy: policy, verbosity: verbosity, limit: limit)
        }
    }

    /// Requires the index and the reference to return the same matches in the same order.
    static func expectAgreement(_ index: VocabularyIndex, _ searcher: VocabularySearcher, entries: [ReferenceSearch.Entry],
                                query: [UInt32], policy: EditPolicy, verbosity: LookupVerbosity,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = lookup(searcher, query, policy: policy, verbosity: verbosity)
        let slow = ReferenceSearch.lookup(query, in: index, entries: entries, policy: policy, verbosity: verbosity, limit: .max)
        let description = String(String.UnicodeScalarView(query.map { Unicode.Scalar($0)! }))
        #expect(fast.map { "\($0.itemIndex):\($0.edits)" } == slow.map { "\($0.itemIndex):\($0.edits)" },
                "query \"\(description)\" \(policy) \(verbosity)", sourceLocation: sourceLocation)
    }

    // MARK: (b) Exhaustive

    /// Every key over {a, b, c} up to length 5 against every query up to length 6, for
    /// budgets 0, 1 and 2, all matches and closest ones.
    @Test(arguments: configurations.indices)
    func exhaustiveOnThreeLetters(_ configuration: Int) {
        let (_, scalarLabels, jumpFanOut) = Self.configurations[configuration]
        func strings(upTo length: Int) -> [String] {
            var all: [String] = [], level = [""]
            for _ in 1...length {
                level = level.flatMap { prefix in ["a", "b", "c"].map { prefix + $0 } }
                all += level
            }
            return all
        }
        let index = VocabularyIndex(items: Self.items(strings(upTo: 5)), tokenizer: Self.english,
                                    forceScalarLabels: scalarLabels, jumpFanOut: jumpFanOut)
        let searcher = index.makeSearcher()
        let entries = ReferenceSearch.entries(of: index)
        #expect(index.entryCount == 363 && index.keyCount == 363)
        for query in strings(upTo: 6).map(Self.scalars) {
            for edits in 0...2 {
                Self.expectAgreement(index, searcher, entries: entries, query: query, policy: .fixed(edits), verbosity: .all)
                Self.expectAgreement(index, searcher, entries: entries, query: query, policy: .fixed(edits), verbosity: .closest)
            }
        }
    }

    // MARK: (a) Seeded random

    /// Letters of several scripts (Latin, Han, kana, Hangul) and a space.
    static let alphabet: [UInt32] = scalars("abcdeéxyz漢字語文あいう한국 ")

    static func randomPhrase(_ generator: inout SeededGenerator) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...14, using: &generator) {
            view.append(Unicode.Scalar(alphabet.randomElement(using: &generator)!)!)
        }
        return String(view)
    }

    /// One random edit: substitution, insertion, deletion or transposition.
    static func randomEdit(_ key: [UInt32], _ generator: inout SeededGenerator) -> [UInt32] {
        var key = key
        let position = Int.random(in: 0...key.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0 where position < key.count: key[position] = alphabet.randomElement(using: &generator)!
        case 1: key.insert(alphabet.randomElement(using: &generator)!, at: position)
        case 2 where position < key.count: key.remove(at: position)
        default: if position + 1 < key.count { key.swapAt(position, position + 1) }
        }
        return key
    }

    @Test(arguments: configurations.indices)
    func seededRandomKeysAndEdits(_ configuration: Int) {
        let (_, scalarLabels, jumpFanOut) = Self.configurations[configuration]
        var generator = SeededGenerator(seed: 20_260_601 &+ UInt64(configuration))
        var phrases = (0..<400).map { _ in Self.randomPhrase(&generator) }
        // Near neighbours, so that queries have several matches at each distance.
        for _ in 0..<200 {
            let base = Self.scalars(phrases.randomElement(using: &generator)!)
            let edited = Self.randomEdit(base, &generator)
            phrases.append(String(String.UnicodeScalarView(edited.compactMap(Unicode.Scalar.init))))
        }
        let index = VocabularyIndex(items: Self.items(phrases), tokenizer: Self.english,
                                    forceScalarLabels: scalarLabels, jumpFanOut: jumpFanOut)
        let searcher = index.makeSearcher()
        let entries = ReferenceSearch.entries(of: index)
        for _ in 0..<600 {
            var query = entries.randomElement(using: &generator)!.key
            for _ in 0..<Int.random(in: 0...3, using: &generator) { query = Self.randomEdit(query, &generator) }
            guard !query.isEmpty else { continue }
            for edits in 0...2 {
                Self.expectAgreement(index, searcher, entries: entries, query: query, policy: .fixed(edits), verbosity: .all)
                Self.expectAgreement(index, searcher, entries: entries, query: query, policy: .fixed(edits), verbosity: .closest)
            }
        }
    }

    /// A transposition at every position of the query, around the split point above all,
    /// combined with a second edit anywhere (two insertions at the split included).
    @Test(arguments: configurations.indices)
    func transpositionsAndInsertionsAtEveryPosition(_ configuration: Int) {
        let (_, scalarLabels, jumpFanOut) = Self.configurations[configuration]
        var generator = SeededGenerator(seed: 77 &+ UInt64(configuration))
        let phrases = (0..<150).map { _ in Self.randomPhrase(&generator) }
        let index = VocabularyIndex(items: Self.items(phrases), tokenizer: Self.english,
                                    forceScalarLabels: scalarLabels, jumpFanOut: jumpFanOut)
        let searcher = index.makeSearcher()
        let entries = ReferenceSearch.entries(of: index)
        for entry in entries.prefix(60) {
            let key = entry.key
            for position in 0..<max(key.count - 1, 0) {
                var swapped = key
                swapped.swapAt(position, position + 1)
                let other = Self.randomEdit(swapped, &generator)
                var doubled = key
                doubled.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
                doubled.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
                for query in [swapped, other, doubled] {
                    Self.expectAgreement(index, searcher, entries: entries, query: query, policy: .fixed(2), verbosity: .all)
                    Self.expectAgreement(index, searcher, entries: entries, query: query, policy: .fixed(1), verbosity: .all)
                }
            }
        }
    }

    /// The pigeonhole split's worst cases, spelled out: two insertions at the split point,
    /// a transposition straddling it, and one edit in each half.
    @Test func splitPointCases() {
        let index = VocabularyIndex(items: Self.items(["abcdefgh", "abcd", "wxyz"]), tokenizer: Self.english)
        for (query, expected) in [("abcdXYefgh", 2), ("abcedfgh", 1), ("abdcefgh", 1), ("Xbcdefgh", 1), ("abcdefgX", 1),
                                  ("XbcdefgY", 2), ("abXYcd", 2), ("bacd", 1), ("acbd", 1), ("abdc", 1), ("XabcdefghY", 2)] {
            let matches = index.lookup(query, policy: .fixed(2), verbosity: .closest)
            #expect(matches.first?.edits == expected, "\(query)")
        }
    }

    /// The span search's check of a two-edit candidate (is it one edit?) against the full
    /// table, on every pair of strings of up to five letters over three.
    @Test func withinOneEditAgreesWithTheTable() {
        var strings: [[UInt16]] = [[]]
        var last: [[UInt16]] = [[]]
        for _ in 1...5 {
            last = last.flatMap { string in (1...3).map { string + [UInt16($0)] } }
            strings += last
        }
        var disagreements: [String] = []
        for a in strings {
            for b in strings {
                let expected = ReferenceSearch.distance(a.map(UInt32.init), b.map(UInt32.init)) <= 1
                let found = a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in
                        SearchScratch<UInt16>.withinOneEdit(a.baseAddress ?? UnsafePointer(bitPattern: 8)!, a.count,
                                                            b.baseAddress ?? UnsafePointer(bitPattern: 8)!, b.count)
                    }
                }
                if found != expected, disagreements.count < 10 { disagreements.append("\(a) \(b): \(found)") }
            }
        }
        #expect(strings.count == 364)
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    // MARK: (c) Ranking

    @Test func rankingByEditsPriorityAndSource() {
        let items = [
            VocabularyItem(identifier: "app-anna", phrases: ["Anna"], type: .parameter("Contact.name"), source: .app, priority: 0),
            VocabularyItem(identifier: "user-anna", phrases: ["Anna"], type: .user(.contactName), source: .user, priority: 0),
            VocabularyItem(identifier: "hanna", phrases: ["Hanna"], type: .user(.contactName), source: .user, priority: 0),
            VocabularyItem(identifier: "anne", phrases: ["Anne"], type: .user(.contactName), source: .user, priority: 2),
            VocabularyItem(identifier: "annie", phrases: ["Annie"], type: .user(.contactName), source: .user, priority: 1),
            VocabularyItem(identifier: "ana", phrases: ["Ana"], pronunciations: ["Anna"], type: .user(.contactName),
                           source: .user, priority: 5),
        ]
        let index = VocabularyIndex(items: items, tokenizer: Self.english)
        // Exact first: user before app at equal priority, then the pronunciation of a
        // lower-priority item.
        #expect(index.lookup("anna", policy: .fixed(2)).map(\.identifier) == ["user-anna", "app-anna", "ana"])
        let ana = index.lookup("anna", policy: .fixed(2))[2]
        #expect(ana.isPronunciation && ana.matchedText == "Anna")
        // All within two: edits first, then priority.
        let all = index.lookup("anna", policy: .fixed(2), verbosity: .all)
        #expect(all.map(\.identifier) == ["user-anna", "app-anna", "ana", "hanna", "anne", "annie"])
        #expect(all.map(\.edits) == [0, 0, 0, 1, 1, 2])
        #expect(index.lookup("anna", policy: .fixed(2), verbosity: .top).map(\.identifier) == ["user-anna"])
        #expect(index.lookup("anna", policy: .fixed(2), verbosity: .all, limit: 2).map(\.identifier) == ["user-anna", "app-anna"])
        // Matches of one item are merged: its phrase "Ana" (one edit) loses to its exact
        // pronunciation "Anna".
        #expect(all.filter { $0.identifier == "ana" }.count == 1)
    }

    @Test func policyScalesTheBudgetWithTheKeyLength() {
        let index = VocabularyIndex(items: Self.items(["tom", "sarah", "sparkle sparkly"]), tokenizer: Self.english)
        #expect(index.lookup("tim").isEmpty)  // 3 characters: exact only
        #expect(index.lookup("tom").map(\.matchedText) == ["tom"])
        #expect(index.lookup("sara").map(\.matchedText) == ["sarah"])
        #expect(index.lookup("sarha").map(\.edits) == [1])  // a transposition is one edit
        #expect(index.lookup("saar").isEmpty)  // 4 characters, two edits away
        #expect(index.lookup("Sparkel Sparkl").map(\.edits) == [2])
        #expect(index.lookup("saar", policy: .fixed(2)).map(\.matchedText) == ["sarah"])
        #expect(EditPolicy.fixed(7).maxEdits(forKeyLength: 1) == 2)
    }

    @Test func keysJoinUnspacedCharactersWithoutSpaces() throws {
        let japanese = try Tokenizer(language: Language("ja"))
        let item = VocabularyItem(phrases: ["ディープ リラクゼーション"], type: .parameter("Workout.name"), source: .app)
        let index = VocabularyIndex(items: [item], tokenizer: japanese)
        #expect(index.lookupExact("ディープリラクゼーション").count == 1)
        #expect(index.lookupExact("ディープ　リラクゼーション").count == 1)
        #expect(index.lookup("ディープリラクセーション").map(\.edits) == [1])
    }

    @Test func prefixLookup() {
        let index = VocabularyIndex(items: Self.items(["Sparkle Sparkly", "Spark", "Sparrow", "Ana"]), tokenizer: Self.english)
        #expect(index.lookupPrefix("spar").map(\.matchedText) == ["Sparkle Sparkly", "Spark", "Sparrow"])
        #expect(index.lookupPrefix("sparkle s").map(\.matchedText) == ["Sparkle Sparkly"])
        #expect(index.lookupPrefix("SPARK", limit: 1).map(\.matchedText) == ["Sparkle Sparkly"])
        #expect(index.lookupPrefix("x").isEmpty)
    }

    /// The bounded, best-first prefix walk against a scan of every entry: same items, same
    /// phrases, same order, for several limits, with tied priorities and both sources.
    @Test(arguments: configurations.indices)
    func prefixLookupAgreesWithTheReference(_ configuration: Int) {
        let (_, scalarLabels, jumpFanOut) = Self.configurations[configuration]
        var generator = SeededGenerator(seed: 4242 &+ UInt64(configuration))
        func word() -> String {
            String((0..<Int.random(in: 1...4, using: &generator)).map { _ in "abc".randomElement(using: &generator)! })
        }
        let items = (0..<300).map { number in
            VocabularyItem(identifier: "\(number)",
                           phrases: (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                               (0..<Int.random(in: 1...2, using: &generator)).map { _ in word() }.joined(separator: " ")
                           },
                           type: .user(.contactName), source: Bool.random(using: &generator) ? .user : .app,
                           priority: Int.random(in: 0..<20, using: &generator))
        }
        let index = VocabularyIndex(items: items, tokenizer: Self.english, forceScalarLabels: scalarLabels, jumpFanOut: jumpFanOut)
        let entries = ReferenceSearch.entries(of: index)
        for prefix in ["", "a", "b", "ab", "ca", "abc", "a b", "bb a", "cccc", "abca"] {
            var best: [Int: VocabularyMatch] = [:]
            for entry in entries where entry.key.starts(with: prefix.unicodeScalars.map(\.value)) {
                let item = items[entry.item]
                let match = VocabularyMatch(itemIndex: entry.item, identifier: item.identifier, type: item.type,
                                            source: item.source, priority: item.priority,
                                            matchedText: item.phrases[entry.variant], isPronunciation: false, edits: 0)
                if let current = best[entry.item], !match.ranks(before: current) { continue }
                best[entry.item] = match
            }
            let all = best.values.sorted { $0.ranks(before: $1) }
            for limit in [0, 1, 3, 10, 1000] {
                let fast = index.lookupPrefix(prefix, limit: limit).map { "\($0.itemIndex) \($0.matchedText)" }
                let slow = all.prefix(limit).map { "\($0.itemIndex) \($0.matchedText)" }
                #expect(fast == slow, "prefix \"\(prefix)\" limit \(limit)")
            }
        }
    }

    @Test func emptyAndUnknownQueries() {
        let index = VocabularyIndex(items: Self.items(["alpha", "beta"]), tokenizer: Self.english)
        #expect(index.lookup("").isEmpty)
        #expect(index.lookup("!!!").isEmpty)
        #expect(index.lookup("ωωωωω", policy: .fixed(2)).isEmpty)
        #expect(index.lookup("alphω", policy: .fixed(2)).map(\.matchedText) == ["alpha"])
        let empty = VocabularyIndex(items: [], tokenizer: Self.english)
        #expect(empty.lookup("alpha").isEmpty && empty.entryCount == 0 && empty.memoryFootprint > 0)
    }

    /// The written-form tie-breaker: "Television" and "Televisión" share a key; the one
    /// typed wins, whatever the priorities.
    @Test func writtenFormBreaksTiesBetweenEquallyNearKeys() {
        let index = VocabularyIndex(items: Self.items(["Televisión", "Television", "Taylor-Garcia", "Taylor Garcia"]),
                                    tokenizer: Self.english)
        #expect(index.lookup("Television").map(\.itemIndex) == [1, 0])
        #expect(index.lookup("Televisión").map(\.itemIndex) == [0, 1])
        #expect(index.lookup("Taylox Garcia", limit: 1).map(\.matchedText) == ["Taylor Garcia"])
        #expect(index.lookup("Taylox-Garcia", limit: 1).map(\.matchedText) == ["Taylor-Garcia"])
        let match = index.lookup("TELEVISION", limit: 1)[0]
        #expect(match.edits == 0 && match.writtenEdits == 9)
    }

    /// The bit-parallel written distance against the full table, on seeded random text
    /// around the 64-scalar word boundary.
    @Test func writtenDistanceAgreesWithTheReference() {
        var generator = SeededGenerator(seed: 4242)
        let written = WrittenDistance()
        defer { written.deallocate() }
        let letters = Self.scalars("abcAB é漢字ß.")
        func random(_ length: Int) -> [UInt32] { (0..<length).map { _ in letters.randomElement(using: &generator)! } }
        for _ in 0..<2000 {
            let query = random(Int.random(in: 0...70, using: &generator))
            var text = Int.random(in: 0..<3, using: &generator) == 0 ? random(Int.random(in: 0...70, using: &generator)) : query
            for _ in 0..<Int.random(in: 0...4, using: &generator) { text = Self.randomEdit(text, &generator) }
            let queryString = String(String.UnicodeScalarView(query.map { Unicode.Scalar($0)! }))
            let textString = String(String.UnicodeScalarView(text.map { Unicode.Scalar($0)! }))
            written.setQuery(queryString)
            #expect(written.distance(to: textString) == ReferenceSearch.distance(query, text), "\(queryString) / \(textString)")
        }
    }

    /// ß is one letter: an edit on it is one edit, and "ss" still finds it exactly.
    @Test func sharpSCountsAsOneCharacter() throws {
        let german = try Tokenizer(language: Language("de"))
        let index = VocabularyIndex(items: Self.items(["Preiß", "Straße", "Strasse Nord", "Sofort"]), tokenizer: german)
        #expect(index.lookup("Strasse").map(\.matchedText) == ["Straße"])
        #expect(index.lookup("STRASSE NORD").map(\.matchedText) == ["Strasse Nord"])
        #expect(index.lookup("Straße Nord").map(\.matchedText) == ["Strasse Nord"])
        #expect(index.lookup("Prqei", policy: .fixed(2)).map(\.matchedText) == ["Preiß"])  // insert q, delete ß
        #expect(index.lookup("Sßofrt", policy: .fixed(2)).map(\.matchedText) == ["Sofort"])  // insert ß, swap
        #expect(index.entryCount == 4 && index.keyCount == 6)
    }

    /// Plain ASCII words skip the tokenizer; the key must be exactly the tokenizer's.
    @Test(arguments: ["en", "de", "fr", "tr", "ja", "zh-Hans", "th"])
    func asciiFastPathAgreesWithTheTokenizer(_ tag: String) throws {
        let tokenizer = try Tokenizer(language: Language(tag))
        var generator = SeededGenerator(seed: 99)
        let characters = Array("aAbBzZiIqQ0159  ".unicodeScalars)
        var texts = ["", " ", "Frank Barrett", "  Mixed   CASE words ", "a1b2 3c4d", "1st 2nd 3rd", "I", "ISTANBUL"]
        for _ in 0..<500 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) { view.append(characters.randomElement(using: &generator)!) }
            texts.append(String(view))
        }
        for text in texts {
            var fast: [UInt32] = [], slow: [UInt32] = []
            #expect(KeyNormalization.appendASCIIKey(of: text, to: &fast))
            KeyNormalization.appendKey(of: tokenizer.tokenize(text), to: &slow)
            #expect(fast == slow, "\(tag): \"\(text)\"")
        }
        var ignored: [UInt32] = []
        for text in ["O'Brien", "S.A.", "Müller", "a-b", "a\tb"] {
            #expect(!KeyNormalization.appendASCIIKey(of: text, to: &ignored))
        }
    }

    /// Text of Han and kana letters alone skips the tokenizer (ICU's dictionary); the key must
    /// be exactly the tokenizer's, whatever words ICU finds in it.
    @Test(arguments: ["en", "ja", "zh-Hans", "zh-Hant", "th", "de"])
    func characterFastPathAgreesWithTheTokenizer(_ tag: String) throws {
        let tokenizer = try Tokenizer(language: Language(tag))
        var generator = SeededGenerator(seed: 7)
        // Hiragana, katakana (ー ヽ ヾ ゝ ゞ too), Han of both ranges, and spaces of both widths.
        let blocks: [ClosedRange<UInt32>] = [0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE,
                                             0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20...0x20, 0x3000...0x3000]
        var texts = ["", " ", "村上 拓真", "寝たまんまヨガ", "ディープリラクゼーション", "国家电网", "　東京　タワー　", "ーーー", "ゝゞヽヾ"]
        for _ in 0..<1_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                view.append(Unicode.Scalar(UInt32.random(in: blocks.randomElement(using: &generator)!, using: &generator))!)
            }
            texts.append(String(view))
        }
        for text in texts {
            var fast: [UInt32] = [], slow: [UInt32] = []
            #expect(KeyNormalization.appendCharacterKey(of: text, tokenizer: tokenizer, to: &fast))
            KeyNormalization.appendKey(of: tokenizer.tokenize(text), to: &slow)
            #expect(fast == slow, "\(tag): \(String(reflecting: text))")
        }
        var ignored: [UInt32] = []
        for text in ["数字100网络", "MBP软件", "東京・大阪", "約翰·史密斯", "か\u{3099}", "ｶﾞ", "漢字。", "한국어", "ไทย", "Tokyo"] {
            #expect(!KeyNormalization.appendCharacterKey(of: text, tokenizer: tokenizer, to: &ignored), "\(String(reflecting: text))")
        }
        #expect(ignored.isEmpty)
    }

    /// Punctuation inside a word is dropped from keys, as the tokenizer drops it between words.
    @Test func punctuationInsideWordsIsNotPartOfKeys() {
        let index = VocabularyIndex(items: Self.items(["Grupo Losada S.A.", "O'Brien", "Noël S.A."]), tokenizer: Self.english)
        #expect(index.lookupExact("grupo losada sa").map(\.matchedText) == ["Grupo Losada S.A."])
        #expect(index.lookupExact("OBrien").map(\.matchedText) == ["O'Brien"])
        #expect(index.lookup("Grupo Losada .A.").map(\.edits) == [1])
        #expect(index.lookup("...").isEmpty)
    }

    /// Concurrent lookups share one index and get their own scratch from the pool.
    @Test func concurrentLookups() async {
        let index = VocabularyIndex(items: Self.items((0..<500).map { "contact number \($0)" }), tokenizer: Self.english)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let number = (task * 200 + round) % 500
                        return index.lookup("contact numbr \(number)").first?.matchedText == "contact number \(number)"
                    }
                }
            }
            for await result in group { #expect(result) }
        }
    }
}
