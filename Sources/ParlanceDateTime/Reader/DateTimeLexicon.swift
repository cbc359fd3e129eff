import ParlanceText

/// A vocabulary compiled for matching: a trie of the words' normalized scalars (giving each
/// word a number) and a trie of phrases over those numbers (giving each phrase its meanings).
/// Both answer without allocating.
struct DateTimeLexicon: Sendable {
    private struct WordNode: Sendable {
        var children: [Unicode.Scalar: Int32] = [:]
        var word: Int32 = -1
    }

    private var wordNodes: [WordNode] = [WordNode()]
    private var wordCount: Int32 = 0
    /// Phrase-trie transitions: (node << 32 | word) → node. Node 0 is the root.
    private var transitions: [UInt64: Int32] = [:]
    private var phraseNodeCount: Int32 = 1
    /// The meanings of each phrase node: `meanings[meaningStart[node]..<meaningEnd[node]]`.
    private(set) var meanings: [Meaning] = []
    private var meaningStart: [Int32] = [0]
    private var meaningEnd: [Int32] = [0]
    /// What the phrase ending at a node means, in kinds (``Reach``): an utterance is read only
    /// when its phrases say "date or time", or a number beside "at" (see ``PieceList/build()``).
    private var reach: [Reach] = [[]]

    /// Kinds of meaning a phrase node leads to.
    struct Reach: OptionSet {
        let rawValue: UInt8
        /// A day, month, unit, part of the day, clock word, mark or connector of its own.
        static let strong = Reach(rawValue: 1)
        /// A number ("a", "one", "eight"): a date only with something else.
        static let number = Reach(rawValue: 2)
        /// "at", um, à: with a number after it, a clock time ("at eight").
        static let at = Reach(rawValue: 4)
        /// "past", "to", nach: with a number before it, a clock time ("ten to six").
        static let connector = Reach(rawValue: 8)
        /// "the", "am", の: stands between "at" and its number ("um am eine").
        static let filler = Reach(rawValue: 16)

        static func of(_ meaning: Meaning) -> Reach {
            switch meaning {
            case .number, .year: .number
            case .at: .at
            case .past(nil), .to(nil): .connector
            case .filler, .joiner: .filler
            case .from, .until, .between, .and, .end, .classifier, .ordinal, .half, .andHalf, .relation,
                 .plus(nil), .minus(nil), .laterBefore, .agoBefore, .forDuration, .notADate: []
            default: .strong
            }
        }
    }
    /// The most pieces a phrase spans.
    private(set) var longestPhrase = 1

    /// The numbers ICU spells for the reader (clock hours and minutes, days of the month,
    /// counts): more is said in digits.
    static let spelledNumbers = 0...100

    /// The years ICU spells for the reader ("el 15 de enero de dos mil veintiocho"): said in
    /// words, a year is a recent or a coming one; others are read in digits.
    static let spelledYears = 1900...2099

    init(vocabulary: DateTimeVocabulary, tokenizer: Tokenizer, numbers: NumberReader) throws(DateTimeVocabularyError) {
        var byNode: [Int32: [Meaning]] = [:]
        var reachOf: [Int32: Reach] = [:]
        func add(_ phrase: String, _ meanings: [Meaning], line: Int) throws(DateTimeVocabularyError) {
            // Apostrophes as spaces, as the reader reads the text (``DateTimeReader``).
            let tokenized = tokenizer.tokenize(Normalizer.apostrophesAsSpaces(phrase) ?? phrase)
            var words: [Int32] = []
            var hasDigits = false
            var text = tokenized.text
            text.withUTF8 { bytes in
                PieceList.split(tokenized, bytes: bytes) { piece in
                    if piece.isDigits { hasDigits = true }
                    words.append(self.insertWord(tokenized.normalizedScalars[piece.normalized]))
                }
            }
            guard !hasDigits else {
                throw DateTimeVocabularyError(file: vocabulary.source, line: line, message: "'\(phrase)' holds digits",
                                              expected: "words only (numbers in digits are read without entries)")
            }
            guard !words.isEmpty else {
                throw DateTimeVocabularyError(file: vocabulary.source, line: line, message: "'\(phrase)' holds no word",
                                              expected: "a word or phrase")
            }
            var node: Int32 = 0
            for word in words {
                let key = UInt64(UInt32(node)) << 32 | UInt64(UInt32(word))
                if let next = transitions[key] {
                    node = next
                } else {
                    transitions[key] = phraseNodeCount
                    node = phraseNodeCount
                    phraseNodeCount += 1
                }
            }
            reachOf[node, default: []].formUnion(meanings.reduce(into: Reach()) { $0.formUnion(Reach.of($1)) })
            longestPhrase = max(longestPhrase, words.count)
            for meaning in meanings where !(byNode[node]?.contains(meaning) ?? false) { byNode[node, default: []].append(meaning) }
        }
        for entry in vocabulary.entries { try add(entry.phrase, entry.meanings, line: entry.line) }
        // Numbers in words, as ICU spells them in every rule set (cardinal, ordinal, gendered).
        let spellings = numbers.spellings(of: DateTimeLexicon.spelledNumbers.map(Double.init))
        for value in spellings.keys.sorted() {
            for spelling in spellings[value] ?? [] { try? add(spelling, [.number(value)], line: 0) }
        }
        let yearSpellings = numbers.spellings(of: DateTimeLexicon.spelledYears.map(Double.init), ruleSets: .cardinal)
        for value in yearSpellings.keys.sorted() {
            for spelling in yearSpellings[value] ?? [] { try? add(spelling, [.year(Int(value))], line: 0) }
        }
        meaningStart = [Int32](repeating: 0, count: Int(phraseNodeCount))
        meaningEnd = [Int32](repeating: 0, count: Int(phraseNodeCount))
        self.reach = [Reach](repeating: [], count: Int(phraseNodeCount))
        for (node, reach) in reachOf { self.reach[Int(node)] = reach }
        for node in byNode.keys.sorted() {
            let list = byNode[node]!
            meaningStart[Int(node)] = Int32(meanings.count)
            meanings.append(contentsOf: list)
            meaningEnd[Int(node)] = Int32(meanings.count)
        }
    }

    private mutating func insertWord(_ scalars: ArraySlice<Unicode.Scalar>) -> Int32 {
        var node = 0
        for scalar in scalars {
            if let next = wordNodes[node].children[scalar] {
                node = Int(next)
            } else {
                wordNodes.append(WordNode())
                wordNodes[node].children[scalar] = Int32(wordNodes.count - 1)
                node = wordNodes.count - 1
            }
        }
        if wordNodes[node].word < 0 {
            wordNodes[node].word = wordCount
            wordCount += 1
        }
        return wordNodes[node].word
    }

    /// Where `scalars` (a word the vocabulary does not have) splits into two words that
    /// each say a date or a time on their own (``Reach/strong``), each of three scalars or
    /// more: "samstagnachmittag" is "samstag" and "nachmittag", as German, Dutch and the
    /// Scandinavian languages write them. One walk down the word trie, and a lookup of the
    /// rest where a word ends; nil when there is no such split.
    func compoundSplit(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        guard scalars.count >= 6 else { return nil }
        var node = 0
        var index = scalars.startIndex
        while index < scalars.endIndex - 3, let next = wordNodes[node].children[scalars[index]] {
            node = Int(next)
            index += 1
            let first = wordNodes[node].word
            guard first >= 0, index - scalars.startIndex >= 3, saysDate(first) else { continue }
            let second = word(scalars[index...])
            if second >= 0, saysDate(second) { return index - scalars.startIndex }
        }
        return nil
    }

    /// Whether a word alone is a phrase that says a date or a time.
    private func saysDate(_ word: Int32) -> Bool {
        step(0, word).map { reach(of: $0).contains(.strong) } ?? false
    }

    /// The number of a word, or -1 when the vocabulary has no such word.
    @inline(__always)
    func word(_ scalars: ArraySlice<Unicode.Scalar>) -> Int32 {
        var node = 0
        for scalar in scalars {
            guard let next = wordNodes[node].children[scalar] else { return -1 }
            node = Int(next)
        }
        return wordNodes[node].word
    }

    /// The phrase node after `node` reads `word`, or nil.
    @inline(__always)
    func step(_ node: Int32, _ word: Int32) -> Int32? {
        transitions[UInt64(UInt32(node)) << 32 | UInt64(UInt32(word))]
    }

    /// The range of ``meanings`` a phrase node holds (empty when no phrase ends there).
    @inline(__always)
    func meaningRange(of node: Int32) -> Range<Int> { Int(meaningStart[Int(node)])..<Int(meaningEnd[Int(node)]) }

    @inline(__always)
    func reach(of node: Int32) -> Reach { reach[Int(node)] }
}
