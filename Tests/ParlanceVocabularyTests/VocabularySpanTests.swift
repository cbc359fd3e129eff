import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// Spans of vocabulary items in utterances: real utterances in four languages, and the
/// fast span search against a naive one (every unit range against every key).
struct VocabularySpanTests {
    typealias Generator = SeededGenerator

    static func contacts(_ names: [String], source: VocabularySource = .user) -> [VocabularyItem] {
        names.enumerated().map { index, name in
            VocabularyItem(identifier: name, phrases: [name], type: .user(.contactName), source: source, priority: index)
        }
    }

    /// The spans as "text of the span → phrase (edits)", in the order returned.
    static func describe(_ spans: [VocabularySpan], in text: TokenizedText) -> [String] {
        spans.map { span in
            "\(text.original(scalars: span.scalarRange)) → \(span.match.matchedText) (\(span.edits))"
        }
    }

    /// Keys and utterance streams drop punctuation (general category P); the check skips
    /// the property lookup for the letters of common scripts and must agree with it on
    /// every scalar of the Basic Multilingual Plane.
    @Test func punctuationIsExactlyCategoryP() {
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation: true
            default: false
            }
            if KeyNormalization.isPunctuation(scalar) != expected { disagreements.append(String(value, radix: 16)) }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(10).joined(separator: ", U+"))")
    }

    @Test func englishContactInAMessage() throws {
        let english = try Tokenizer(language: Language("en"))
        let index = VocabularyIndex(items: Self.contacts(["Sparkle Sparkly", "Sparky", "Saying", "Tom"]), tokenizer: english)
        let exact = english.tokenize("send a message to Sparkle Sparkly saying hi")
        // "Sparkly" is also one edit from the contact "Sparky" (seven letters: one edit
        // allowed); which reading wins is the resolver's call.
        #expect(Self.describe(index.spans(in: exact), in: exact)
            == ["Sparkle Sparkly → Sparkle Sparkly (0)", "Sparkly → Sparky (1)", "saying → Saying (0)"])
        let span = index.spans(in: exact)[0]
        #expect(span.units == 4..<6 && span.scalarRange == 18..<33 && span.match.identifier == "Sparkle Sparkly")

        let fuzzy = english.tokenize("send a message to Sparkel Sparkly saying hi")
        #expect(Self.describe(index.spans(in: fuzzy), in: fuzzy)
            == ["Sparkel Sparkly → Sparkle Sparkly (1)", "Sparkly → Sparky (1)", "saying → Saying (0)"])
        // Spans never cut words: "Tommy" does not contain "Tom".
        let tommy = english.tokenize("tell Tommy and Tom")
        #expect(Self.describe(index.spans(in: tommy), in: tommy) == ["Tom → Tom (0)"])
    }

    /// A name elided onto an article or a possessive ends or starts inside a word of the
    /// text as written; the text with its apostrophes read as spaces finds it, and a name
    /// written with an apostrophe is still found whole.
    @Test func namesElidedOntoAnArticleOrPossessive() throws {
        let french = try Tokenizer(language: Language("fr"))
        let index = VocabularyIndex(items: Self.contacts(["Excite Yoga", "Emma", "O'Brien", "UnicornChat"]), tokenizer: french)
        func spans(_ text: String) -> [String] {
            let written = french.tokenize(text)
            let split = french.tokenize(try! #require(Normalizer.apostrophesAsSpaces(text)))
            let merged = VocabularySpan.adding(index.allSpans(in: split, policy: .fixed(0)),
                                               to: index.allSpans(in: written, policy: .fixed(0)), in: written)
            return Self.describe(merged, in: written)
        }
        #expect(spans("démarre la séance d'Excite Yoga") == ["Excite Yoga → Excite Yoga (0)"])
        #expect(spans("les photos d'Emma et de O'Brien") == ["Emma → Emma (0)", "O'Brien → O'Brien (0)"])
        #expect(spans("Emma's photos") == ["Emma → Emma (0)"])
        // Its units are the words of the text as written that it overlaps: "d'Excite", "Yoga".
        let written = french.tokenize("séance d'Excite Yoga")
        let split = french.tokenize("séance d Excite Yoga")
        let span = try #require(VocabularySpan.adding(index.allSpans(in: split, policy: .fixed(0)), to: [], in: written).first)
        #expect(span.units == 1..<3 && span.scalarRange == 9..<20)
        // A span found whole in the text as written is not found again, nor a worse one of the same item.
        let chat = french.tokenize("sur UnicornChat j'arrive")
        let chatSplit = french.tokenize("sur UnicornChat j arrive")
        let found = index.allSpans(in: chat, policy: .default)
        #expect(VocabularySpan.adding(index.allSpans(in: chatSplit, policy: .default), to: found, in: chat) == found)
    }

    @Test func germanCompoundMatchesTwoWordPhrase() throws {
        let german = try Tokenizer(language: Language("de"))
        let items = Self.contacts(["Wohnzimmer Lampe", "Küche"])
        let index = VocabularyIndex(items: items, tokenizer: german)
        let text = german.tokenize("Schalte die Wohnzimmerlampe ein")
        #expect(Self.describe(index.spans(in: text), in: text) == ["Wohnzimmerlampe → Wohnzimmer Lampe (1)"])
        let spaced = german.tokenize("Mach das Licht in der Küche und die Wohnzimmer Lampe an")
        #expect(Self.describe(index.spans(in: spaced), in: spaced)
            == ["Küche → Küche (0)", "Wohnzimmer Lampe → Wohnzimmer Lampe (0)"])
    }

    @Test func japaneseWorkoutInsideUnsegmentedText() throws {
        let japanese = try Tokenizer(language: Language("ja"))
        let items = [VocabularyItem(identifier: "deep", phrases: ["ディープリラクゼーション"], type: .parameter("Workout.name"),
                                    source: .app),
                     VocabularyItem(identifier: "yoga", phrases: ["寝たまんまヨガ"], type: .parameter("Workout.name"), source: .app)]
        let index = VocabularyIndex(items: items, tokenizer: japanese)
        let text = japanese.tokenize("寝たまんまヨガでディープリラクゼーションを開始")
        #expect(Self.describe(index.spans(in: text), in: text)
            == ["寝たまんまヨガ → 寝たまんまヨガ (0)", "ディープリラクゼーション → ディープリラクゼーション (0)"])
        // One katakana wrong (ゼ → セ): a fuzzy span inside the unsegmented sentence.
        let typo = japanese.tokenize("寝たまんまヨガでディープリラクセーションを開始")
        #expect(Self.describe(index.spans(in: typo), in: typo).contains("ディープリラクセーション → ディープリラクゼーション (1)"))
    }

    @Test func chineseContactInsideASentence() throws {
        let chinese = try Tokenizer(language: Language("zh-Hans"))
        let index = VocabularyIndex(items: Self.contacts(["王小明", "李雷"]), tokenizer: chinese)
        let text = chinese.tokenize("给王小明发消息说我晚点到")
        #expect(Self.describe(index.spans(in: text), in: text) == ["王小明 → 王小明 (0)"])
        let span = index.spans(in: text)[0]
        #expect(span.units == 1..<4 && span.scalarRange == 1..<4)
        // Three characters: exact only under the default policy, one edit under fixed(1).
        let typo = chinese.tokenize("给王小名发消息")
        #expect(index.spans(in: typo).isEmpty)
        #expect(Self.describe(index.spans(in: typo, policy: .fixed(1)), in: typo) == ["王小名 → 王小明 (1)"])
    }

    // MARK: Against the naive reference

    /// Every unit range against every key, by the full table.
    static func referenceSpans(_ text: TokenizedText, index: VocabularyIndex, entries: [ReferenceSearch.Entry],
                               policy: EditPolicy) -> Set<String> {
        var best: [String: (edits: Int, variant: Int)] = [:]
        var isEmpty: [Bool] = []
        for unit in text.units.indices {
            var key: [UInt32] = []
            KeyNormalization.appendKey(of: text, units: unit..<(unit + 1), to: &key)
            isEmpty.append(key.isEmpty)
        }
        let hasSharpS = KeyNormalization.hasSharpS(text)
        for start in text.units.indices where !isEmpty[start] {
            for end in (start + 1)...text.units.count where !isEmpty[end - 1] {
                // The span's keys, as a query's: folded, and with ß kept if it has one.
                var key: [UInt32] = [], sharp: [UInt32] = []
                KeyNormalization.appendKey(of: text, units: start..<end, to: &key)
                if hasSharpS {
                    KeyNormalization.appendKey(of: text, units: start..<end, to: &sharp, keepingSharpS: index.tokenizer.normalizer)
                }
                for key in sharp.isEmpty || sharp == key ? [key] : [key, sharp] {
                    let budget = policy.maxEdits(forKeyLength: key.count)
                    for entry in entries where abs(entry.key.count - key.count) <= budget {
                        let edits = ReferenceSearch.distance(key, entry.key)
                        guard edits <= budget else { continue }
                        let name = "\(start)..<\(end) item \(entry.item)"
                        if let current = best[name], current.edits <= edits { continue }
                        best[name] = (edits, entry.variant)
                    }
                }
            }
        }
        return Set(best.map { "\($0.key) edits \($0.value.edits)" })
    }

    /// A search on random ranges of units of `text` finds exactly the spans of `reference`
    /// (``referenceSpans(_:index:entries:policy:)`` of the whole text) on those ranges.
    static func expectSpansOnRandomRanges(of text: TokenizedText, index: VocabularyIndex, policy: EditPolicy,
                                          reference: Set<String>, generator: inout Generator) {
        let units = text.units.count
        guard units > 0 else { return }
        let ranges = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            let start = Int.random(in: 0..<units, using: &generator)
            return start..<Int.random(in: (start + 1)...units, using: &generator)
        }
        let covering = Set(index.allSpans(in: text, policy: policy, covering: ranges).map {
            "\($0.units.lowerBound)..<\($0.units.upperBound) item \($0.match.itemIndex) edits \($0.edits)"
        })
        let onRanges = reference.filter { entry in ranges.contains { entry.hasPrefix("\($0.lowerBound)..<\($0.upperBound) ") } }
        #expect(covering == onRanges, "\(text.text) \(policy) on \(ranges): missing \(onRanges.subtracting(covering).sorted()), extra \(covering.subtracting(onRanges).sorted())")
    }

    @Test(arguments: [(EditPolicy.default, 0), (EditPolicy.fixed(1), 1), (EditPolicy.fixed(2), 2),
                      (EditPolicy.scaled(exactUpTo: 2, oneEditUpTo: 5), 3), (EditPolicy.fixed(0), 4)])
    func agreesWithTheReferenceOnRandomUtterances(_ policy: EditPolicy, _ seed: Int) throws {
        var generator = Generator(seed: 1234 &+ UInt64(seed))
        let english = VocabularyIndexTests.english
        let words = ["ab", "abc", "bca", "cab", "abba", "baca", "cc", "acab", "bacab", "漢字", "字", "語文", "abcab"]
        func phrase(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: Int.random(in: 0..<4, using: &generator) == 0 ? "" : " ")
        }
        let phrases = (0..<120).map { _ in phrase(1...3) }
        let index = VocabularyIndex(items: Self.contacts(phrases), tokenizer: english, forceScalarLabels: seed == 3,
                                    jumpFanOut: seed == 1 ? 2 : 12)
        let entries = ReferenceSearch.entries(of: index)
        for _ in 0..<100 {
            var utterance = phrase(2...6)
            // Some typos: replace, drop or double a letter.
            var scalars = Array(utterance.unicodeScalars)
            for _ in 0..<Int.random(in: 0...2, using: &generator) where !scalars.isEmpty {
                let position = Int.random(in: 0..<scalars.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: scalars[position] = "abc".unicodeScalars.randomElement(using: &generator)!
                case 1: scalars.remove(at: position)
                default: scalars.insert(scalars[position], at: position)
                }
            }
            utterance = String(String.UnicodeScalarView(scalars)) + " ."
            let text = english.tokenize(utterance)
            let fast = Set(index.allSpans(in: text, policy: policy).map {
                "\($0.units.lowerBound)..<\($0.units.upperBound) item \($0.match.itemIndex) edits \($0.edits)"
            })
            let slow = Self.referenceSpans(text, index: index, entries: entries, policy: policy)
            #expect(fast == slow, "\(utterance) \(policy): missing \(slow.subtracting(fast).sorted()), extra \(fast.subtracting(slow).sorted())")
            Self.expectSpansOnRandomRanges(of: text, index: index, policy: policy, reference: slow, generator: &generator)
        }
    }

    /// Phrases longer than a machine word has bits (the search walks windows of up to 62
    /// columns with one automaton, longer ones with another, and folds a band's walk into
    /// another's only when both take the same form): the same spans as the reference.
    @Test(arguments: [EditPolicy.default, EditPolicy.fixed(2)])
    func agreesWithTheReferenceOnPhrasesLongerThanAWord(_ policy: EditPolicy) throws {
        var generator = Generator(seed: 4321)
        let english = VocabularyIndexTests.english
        let words = ["ab", "abc", "bca", "cab", "abba", "baca", "cc", "acab", "bacab", "abcab"]
        func phrase(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        }
        // Keys of 1 to about 90 characters; windows from a unit start reach past 62 columns.
        let phrases = (0..<40).map { _ in phrase(1...18) }
        let index = VocabularyIndex(items: Self.contacts(phrases), tokenizer: english)
        #expect(phrases.contains { $0.unicodeScalars.count > 70 })
        let entries = ReferenceSearch.entries(of: index)
        for number in 0..<24 {
            // Half the utterances hold a phrase with a typo or two, the others are random.
            var utterance = number % 2 == 0 ? phrase(2...4) + " " + phrases.randomElement(using: &generator)! + " " + phrase(0...2)
                : phrase(8...22)
            var scalars = Array(utterance.unicodeScalars)
            for _ in 0..<Int.random(in: 0...2, using: &generator) where scalars.count > 1 {
                let position = Int.random(in: 0..<(scalars.count - 1), using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: scalars[position] = "abc".unicodeScalars.randomElement(using: &generator)!
                case 1: scalars.remove(at: position)
                default: scalars.swapAt(position, position + 1)
                }
            }
            utterance = String(String.UnicodeScalarView(scalars))
            let text = english.tokenize(utterance)
            let fast = Set(index.allSpans(in: text, policy: policy).map {
                "\($0.units.lowerBound)..<\($0.units.upperBound) item \($0.match.itemIndex) edits \($0.edits)"
            })
            let slow = Self.referenceSpans(text, index: index, entries: entries, policy: policy)
            #expect(fast == slow, "\(utterance) \(policy): missing \(slow.subtracting(fast).sorted()), extra \(fast.subtracting(slow).sorted())")
            Self.expectSpansOnRandomRanges(of: text, index: index, policy: policy, reference: slow, generator: &generator)
        }
    }

    /// Words of a real utterance and of names in each language, for random utterances.
    static let languageWords: [(tag: String, words: [String], spaced: Bool)] = [
        ("en", ["anna", "ann", "frank", "barrett", "bart", "send", "a", "message", "to", "sarah", "sara", "play", "the",
                "list", "saying", "late"], true),
        ("de", ["straße", "strasse", "müller", "muller", "preiß", "prei", "fuß", "ball", "fußball", "wohnzimmer", "lampe",
                "schick", "die", "nachricht", "später", "Größe"], true),
        ("ja", ["村上", "拓真", "ディープ", "リラクゼーション", "ヨガ", "さん", "に", "を", "開始", "寝たまんま", "メッセージ",
                "送って"], false),
        ("zh", ["王小明", "李雷", "给", "发消息", "说", "我", "晚点到", "段玉梅", "小明", "今天", "到家"], false),
    ]

    /// Seeded random text of one language's words (``languageWords``): phrases, spaced as the
    /// language spaces them most of the time, and typos.
    struct RandomWords {
        let words: [String]
        let spaced: Bool
        let alphabet: [Unicode.Scalar]
        var generator: Generator

        init(language: Int, seed: UInt64) {
            (_, words, spaced) = VocabularySpanTests.languageWords[language]
            alphabet = Array(Set(words.joined().unicodeScalars))
            generator = Generator(seed: seed &+ UInt64(language))
        }

        mutating func phrase(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: spaced && Int.random(in: 0..<5, using: &generator) != 0 ? " " : "")
        }

        /// `text` with up to two typos: a character replaced by one of the language's,
        /// dropped, doubled, or swapped with the next.
        mutating func withTypos(_ text: String) -> String {
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<Int.random(in: 0...2, using: &generator) where scalars.count > 1 {
                let position = Int.random(in: 0..<(scalars.count - 1), using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: scalars[position] = alphabet.randomElement(using: &generator)!
                case 1: scalars.remove(at: position)
                case 2: scalars.insert(scalars[position], at: position)
                default: scalars.swapAt(position, position + 1)
                }
            }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    /// The tokenizer of ``languageWords``' language `language`, random words of it, and an
    /// index of 80 random phrases of them as contacts.
    static func randomContacts(language: Int, seed: UInt64) throws -> (Tokenizer, RandomWords, VocabularyIndex) {
        let tokenizer = try Tokenizer(language: Language(languageWords[language].tag))
        var random = RandomWords(language: language, seed: seed)
        let phrases = (0..<80).map { _ in random.phrase(1...3) }
        return (tokenizer, random, VocabularyIndex(items: contacts(phrases), tokenizer: tokenizer))
    }

    /// Random utterances of real words with typos, in four languages and their tokenizers,
    /// ß included: the fast span search must find exactly what the naive one finds.
    @Test(arguments: [0, 1, 2, 3])
    func agreesWithTheReferenceInFourLanguages(_ language: Int) throws {
        let tag = Self.languageWords[language].tag
        var (tokenizer, random, index) = try Self.randomContacts(language: language, seed: 77)
        let entries = ReferenceSearch.entries(of: index)
        for policy in [EditPolicy.default, .fixed(2)] {
            for _ in 0..<40 {
                let utterance = random.withTypos(random.phrase(3...8))
                let text = tokenizer.tokenize(utterance)
                let fast = Set(index.allSpans(in: text, policy: policy).map {
                    "\($0.units.lowerBound)..<\($0.units.upperBound) item \($0.match.itemIndex) edits \($0.edits)"
                })
                let slow = Self.referenceSpans(text, index: index, entries: entries, policy: policy)
                #expect(fast == slow, "\(tag) \(utterance) \(policy): missing \(slow.subtracting(fast).sorted()), extra \(fast.subtracting(slow).sorted())")
            }
        }
    }

    /// `span(ofItem:units:in:policy:)` measures what the search finds: for every span of
    /// random utterances in four languages (typos and ß included) the same match, phrase
    /// and edits as written; for items the search does not report there, nothing.
    @Test(arguments: [0, 1, 2, 3])
    func measuringOneItemAgreesWithTheSearch(_ language: Int) throws {
        let tag = Self.languageWords[language].tag
        let tokenizer = try Tokenizer(language: Language(tag))
        var random = RandomWords(language: language, seed: 91)
        // Items with a second phrase or a pronunciation now and then.
        let items = (0..<80).map { number in
            VocabularyItem(identifier: "item:\(number)",
                           phrases: Int.random(in: 0..<3, using: &random.generator) == 0 ? [random.phrase(1...2), random.phrase(1...2)]
                               : [random.phrase(1...3)],
                           pronunciations: Int.random(in: 0..<4, using: &random.generator) == 0 ? [random.phrase(1...2)] : [],
                           type: .user(.contactName), source: .user, priority: number)
        }
        let index = VocabularyIndex(items: items, tokenizer: tokenizer)
        var checked = 0, absent = 0
        for policy in [EditPolicy.default, .fixed(2)] {
            for _ in 0..<40 {
                let text = tokenizer.tokenize(random.withTypos(random.phrase(3...8)))
                let found = index.allSpans(in: text, policy: policy)
                for span in found {
                    #expect(index.span(ofItem: span.match.itemIndex, units: span.units, in: text, policy: policy) == span, "\(tag) \(text.text)")
                    checked += 1
                }
                // Items not found on some unit range: nothing measured either.
                guard !text.units.isEmpty else { continue }
                for _ in 0..<5 {
                    let start = Int.random(in: 0..<text.units.count, using: &random.generator)
                    let units = start..<Int.random(in: (start + 1)...text.units.count, using: &random.generator)
                    let item = Int.random(in: 0..<items.count, using: &random.generator)
                    if found.contains(where: { $0.units == units && $0.match.itemIndex == item }) { continue }
                    #expect(index.span(ofItem: item, units: units, in: text, policy: policy) == nil, "\(tag) \(text.text) \(units) \(item)")
                    absent += 1
                }
            }
        }
        #expect(checked > 50 && absent > 200, "\(checked) spans, \(absent) absent")
    }

    /// `spans(in:)` is `allSpans(in:)` with one span per item where its spans overlap: of
    /// every overlapping group the one with the fewest edits, then the fewest edits as
    /// written, then the length nearest the phrase's, then the earliest, then the shorter;
    /// and it reports them in ``VocabularySpan/precedes(_:)`` order. Random utterances in
    /// four languages, the unspaced ones giving the most overlaps.
    @Test(arguments: [0, 1, 2, 3])
    func oneSpanPerItemWhereItsSpansOverlap(_ language: Int) throws {
        let tag = Self.languageWords[language].tag
        var (tokenizer, random, index) = try Self.randomContacts(language: language, seed: 202)
        var suppressed = 0
        for policy in [EditPolicy.default, .fixed(2)] {
            for _ in 0..<40 {
                let text = tokenizer.tokenize(random.withTypos(random.phrase(3...8)))
                let all = index.allSpans(in: text, policy: policy)
                let kept = index.spans(in: text, policy: policy)
                func rank(_ span: VocabularySpan) -> (Int, Int, Int, Int, Int) {
                    (span.edits, span.match.writtenEdits, abs(span.scalarRange.count - span.match.matchedText.unicodeScalars.count),
                     span.units.lowerBound, span.units.upperBound)
                }
                // Kept spans come from the search, in order, and no two of one item overlap.
                #expect(kept.allSatisfy { span in all.contains(span) }, "\(tag) \(text.text)")
                #expect(zip(kept, kept.dropFirst()).allSatisfy { !$1.precedes($0) }, "\(tag) \(text.text)")
                for (number, span) in kept.enumerated() {
                    for other in kept[(number + 1)...] where other.match.itemIndex == span.match.itemIndex {
                        #expect(!other.units.overlaps(span.units), "\(tag) \(text.text): \(span) and \(other)")
                    }
                }
                // Every span left out overlaps a kept span of its item that ranks at least as well.
                for span in all where !kept.contains(span) {
                    suppressed += 1
                    let better = kept.contains { other in
                        other.match.itemIndex == span.match.itemIndex && other.units.overlaps(span.units)
                            && rank(other) <= rank(span)
                    }
                    #expect(better, "\(tag) \(text.text): \(span) left out")
                }
            }
        }
        #expect(suppressed > 0)
    }

    /// A ß in the utterance is read both ways, as in lookups: "Strasse" and "Straße" find
    /// each other exactly, and an edit on a ß counts once.
    @Test func sharpSInUtterances() throws {
        let german = try Tokenizer(language: Language("de"))
        let index = VocabularyIndex(items: Self.contacts(["Straße", "Strasse Nord", "Prei"]), tokenizer: german)
        let swiss = german.tokenize("Navigiere zur Strasse und dann zur Straße Nord")
        #expect(Self.describe(index.spans(in: swiss), in: swiss)
            == ["Strasse → Straße (0)", "Straße Nord → Strasse Nord (0)", "Straße → Straße (0)"])
        // "Preiß" is one edit from "Prei" as written, two once ß is folded to "ss": the span
        // is found with one edit, as lookup("Preiß") finds it.
        let written = german.tokenize("Ruf Preiß an")
        #expect(index.lookup("Preiß").map { "\($0.matchedText) (\($0.edits))" } == ["Prei (1)"])
        #expect(Self.describe(index.spans(in: written), in: written) == ["Preiß → Prei (1)"])
    }
}
