/// What a language's numbers look like, derived once from ICU's own formatters rather
/// than from hand-written word lists.
///
/// - Number words: every public spell-out rule set except year and financial styles (see
///   ``RuleSet/feedsLexicon``) formats a spread of values (0…120, tens to 1000, hundreds to
///   2000, thousands to 20 000, powers of ten to 10¹², a few fractions and negatives); the
///   results are tokenized into units and normalized. German and Italian output marks its
///   morphemes with soft hyphens (ein­und­zwanzig), and those pieces are kept too, so a
///   compound never formatted whole still segments into known pieces.
/// - Percent affixes: the "measure-unit/concentr-percent" skeleton in full-name width
///   ("5 percent", "5 Prozent", "5 パーセント") and the percent style ("50%", "50 %"), minus
///   the number.
/// - Digit ordinal affixes: ICU's ordinal style ("21st", "1er", "1.º", "第1"), minus the number.
struct NumberLexicon: Sendable {
    /// A public spell-out rule set and what its output means.
    struct RuleSet: Sendable {
        enum Kind: Sendable { case cardinal, ordinal, year }
        let name: String
        let kind: Kind

        init(name: String) {
            self.name = name
            if name.contains("ordinal") {
                kind = .ordinal
            } else if name.contains("year") {
                kind = .year
            } else {
                kind = .cardinal
            }
        }

        /// Whether the rule set's words join the lexicon. Year styles read digit by digit and
        /// add odd words (Japanese 元 for year 1); financial styles use anti-forgery numerals
        /// (壱, 参) that are ordinary characters elsewhere (参加), though they still confirm a parse.
        var feedsLexicon: Bool { kind != .year && !name.contains("financial") }
    }

    /// The pieces number words are made of, normalized.
    var pieces = ScalarTrie()
    /// Number words that never spell a number alone: "and", "et", "y", "e", "und", "point",
    /// "hundred" (ICU writes "one hundred"), "第". A run made only of these is skipped without an
    /// ICU call, which keeps the common conjunctions of several languages off the parse path.
    /// So a bare "hundred", "tausend" or "тысяча" is not read; "one hundred" is.
    var fillers = ScalarTrie()
    /// Fillers whose letters no spelling starts with ("and", "hundred", "点") and fillers
    /// whose letters no spelling ends with ("and" does: "thousand"; "point", "点", "et" do
    /// not): a spelled number neither starts nor ends on one, so a window of number words
    /// is read without them at its edges (``NumberReader/Scan/readSpelled(_:)``). "五点" (five
    /// o'clock) is then read as "五", strictly, where the window "五点" failed the strict
    /// parse and went to ICU's lenient one, about a millisecond for each new text (its
    /// collator tries every rule of every rule set).
    ///
    /// Derived from the sample spellings of every rule set that confirms a parse; that no
    /// spelling of other values starts or ends otherwise is checked over a wider spread of
    /// values by `NumberReaderTests.runEdgesHoldForEveryValue`.
    var neverFirst = ScalarTrie()
    var neverLast = ScalarTrie()
    /// The rule sets that confirm a parse, in order of preference: cardinal, then ordinal.
    ///
    /// Year styles do not confirm: they spell a number as the numbers it is made of
    /// ("fifty-two fifty-two" is 5252, Japanese 一二三四 is 1234), and in an utterance
    /// neighbouring numbers are more often separate values ("two twenty", "row five six")
    /// than a year. So "nineteen eighty four" reads as 19 and 84; joining them is a date
    /// reader's job, with context.
    var ruleSets: [RuleSet] = []
    /// The most units one spelled-out number spans (with slack for "and"-style fillers):
    /// longer runs of number words are read in windows of this size.
    var longestSpan = 4
    /// Percent words after a number, as normalized units: [["por", "ciento"]], [["prozent"]].
    var percentSuffixes: Set<[String]> = []
    /// Percent words before a number, as normalized units (Chinese 百分之).
    var percentPrefixes: Set<[String]> = []
    /// Percent signs, normalized: "%", "٪".
    var percentSigns: Set<String> = []
    /// Letters after digits that make an ordinal, normalized and without punctuation:
    /// "st", "nd", "rd", "th" (en), "er", "e" (fr), "o" (es "1.º", it "1º").
    var ordinalSuffixes: Set<String> = []
    /// Words before digits that make an ordinal, as normalized units: [["第"]].
    var ordinalPrefixes: Set<[String]> = []

    /// The values formatted to collect number words.
    static let sampleValues: [Double] = {
        var values = (0...120).map(Double.init)
        values += stride(from: 130, through: 1000, by: 10).map(Double.init)
        values += stride(from: 1100, through: 2000, by: 100).map(Double.init)
        values += stride(from: 3000, through: 20000, by: 1000).map(Double.init)
        for exponent in 4...12 {
            let power = (0..<exponent).reduce(1.0) { product, _ in product * 10 }
            values += [power, 2 * power]
        }
        values += [0.5, 1.5, 2.25, 3.75, -1, -7, -42]
        return values
    }()

    /// The values whose spellings tell which fillers start or end no spelling: the samples,
    /// and a power of ten with a little more, which some rule sets write without its "one"
    /// (the Italian ordinal of 1 000 000 001 starts with "miliardo").
    static let edgeSampleValues: [Double] = {
        var values = sampleValues
        for exponent in [2, 3, 6, 9, 12] {
            let power = (0..<exponent).reduce(1.0) { product, _ in product * 10 }
            values += [power + 1, power + 121]
        }
        return values
    }()

    /// Percent words that CLDR 42 (ICU 72) lacks, keyed by language code. ICU 72's Chinese
    /// full-name percent is "5%" and its data holds no 百分之 anywhere, so the one
    /// affix spoken Chinese uses comes from here. Remove entries once ICU's data has them.
    static let missingPercentPrefixes: [String: [String]] = ["zh": ["百分之"]]

    init(language: Language, tokenizer: Tokenizer, spellout: NumberFormat, decimal: NumberFormat,
         ordinal: NumberFormat) throws(ICUError) {
        let normalizer = tokenizer.normalizer
        let all = try spellout.ruleSets().map(RuleSet.init)
        ruleSets = all.filter { $0.kind == .cardinal } + all.filter { $0.kind == .ordinal }

        var words: Set<String> = []
        var wholeNumbers: Set<String> = []  // words that are a whole spelling of some value
        // The letters of every spelling that confirms.
        var spelled: Set<String> = [], spelledLetters: [[Unicode.Scalar]] = []
        var longestFormatted = 1
        for ruleSet in ruleSets {
            try spellout.setRuleSet(ruleSet.name)
            for (position, value) in NumberLexicon.edgeSampleValues.enumerated() {
                let formatted = try spellout.format(value)
                // Without rules for the language ICU falls back to digits ("=#,##0="): no words.
                guard !formatted.unicodeScalars.contains(where: \.isDecimalDigit) else { continue }
                guard spelled.insert(formatted).inserted else { continue }
                guard ruleSet.feedsLexicon, position < NumberLexicon.sampleValues.count else {
                    spelledLetters.append(Array(NumberLexicon.letters(of: normalizer.normalize(formatted)).unicodeScalars))
                    continue
                }
                let units = tokenizer.tokenize(formatted)
                var letters: [Unicode.Scalar] = []
                for unit in units.units { letters += units.normalizedScalars(of: unit).filter(\.isLetterMarkOrDigit) }
                spelledLetters.append(letters)
                longestFormatted = max(longestFormatted, units.units.count)
                if units.units.count == 1 { wholeNumbers.insert(units.normalized(units.units[0])) }
                for unit in units.units {
                    pieces.insert(units.normalizedScalars(of: unit))
                    words.insert(units.normalized(unit))
                }
                guard formatted.unicodeScalars.contains("\u{AD}") else { continue }
                for piece in formatted.split(separator: "\u{AD}") {
                    let tokenized = tokenizer.tokenize(String(piece))
                    for unit in tokenized.units {
                        pieces.insert(tokenized.normalizedScalars(of: unit))
                        words.insert(tokenized.normalized(unit))
                    }
                }
            }
        }
        longestSpan = min(max(longestFormatted * 2, 4), 40)
        // Not asking ICU: its lenient parse costs milliseconds a word in German or Russian.
        let fillerWords = words.subtracting(wholeNumbers)
        for word in fillerWords { fillers.insert(word.unicodeScalars) }
        // The fillers' letters that some spelling starts or ends with (by scalars: a unit's
        // letters may end inside what String compares as one character): one walk of a
        // spelling along a trie of the few fillers each way.
        var fillerLetters = ScalarTrie(), reversedFillerLetters = ScalarTrie()
        for word in fillerWords {
            fillerLetters.insert(NumberLexicon.letters(of: word).unicodeScalars)
            reversedFillerLetters.insert(NumberLexicon.letters(of: word).unicodeScalars.reversed())
        }
        var starting: Set<[Unicode.Scalar]> = [], ending: Set<[Unicode.Scalar]> = []
        for letters in spelledLetters {
            fillerLetters.forEachPiece(prefixing: letters) { starting.insert(Array(letters.prefix($0))) }
            reversedFillerLetters.forEachPiece(prefixing: letters.reversed()) { ending.insert(Array(letters.suffix($0))) }
        }
        for word in fillerWords {
            let letters = Array(NumberLexicon.letters(of: word).unicodeScalars)
            guard !letters.isEmpty else { continue }
            if !starting.contains(letters) { neverFirst.insert(word.unicodeScalars) }
            if !ending.contains(letters) { neverLast.insert(word.unicodeScalars) }
        }

        // Percent affixes.
        for value in [1.0, 2, 5, 21, 0.5] {
            let number = try decimal.format(value)
            let worded = try ICU.format(value, skeleton: "measure-unit/concentr-percent unit-width-full-name",
                                        locale: language.icuLocale)
            let signed = try ICU.format(value, skeleton: "percent", locale: language.icuLocale)
            for formatted in [worded, signed] {
                guard let (prefix, suffix) = NumberLexicon.affixes(of: formatted, around: number) else { continue }
                for (affix, isPrefix) in [(prefix, true), (suffix, false)] {
                    let units = NumberLexicon.units(of: affix, tokenizer: tokenizer)
                    if !units.isEmpty {
                        if isPrefix { percentPrefixes.insert(units) } else { percentSuffixes.insert(units) }
                    } else if let sign = NumberLexicon.sign(affix, normalizer: normalizer) {
                        percentSigns.insert(sign)
                    }
                }
            }
        }
        if let missing = NumberLexicon.missingPercentPrefixes[language.code] {
            for affix in missing { percentPrefixes.insert(NumberLexicon.units(of: affix, tokenizer: tokenizer)) }
        }

        // Digit ordinal affixes.
        for value in Array(1...30) + [100, 101, 102, 103, 111, 1000] {
            let number = try decimal.format(Double(value))
            guard let (prefix, suffix) = NumberLexicon.affixes(of: try ordinal.format(Double(value)), around: number)
            else { continue }
            let letters = NumberLexicon.letters(of: normalizer.normalize(String(suffix)))
            if !letters.isEmpty { ordinalSuffixes.insert(letters) }
            let units = NumberLexicon.units(of: prefix, tokenizer: tokenizer)
            if !units.isEmpty { ordinalPrefixes.insert(units) }
        }
    }

    /// The text before and after the first occurrence of `number` in `formatted`.
    static func affixes(of formatted: String, around number: String) -> (Substring, Substring)? {
        guard !number.isEmpty, let range = formatted.firstRange(of: number) else { return nil }
        return (formatted[..<range.lowerBound], formatted[range.upperBound...])
    }

    /// The normalized units of an affix, or [] when it holds no word.
    static func units(of affix: some StringProtocol, tokenizer: Tokenizer) -> [String] {
        let tokenized = tokenizer.tokenize(String(affix))
        return tokenized.units.map(tokenized.normalized)
    }

    /// A percent sign: the affix without spaces and invisible format characters (the
    /// Arabic letter mark after ٪), normalized; nil when nothing is left.
    static func sign(_ affix: Substring, normalizer: Normalizer) -> String? {
        var kept = String.UnicodeScalarView()
        for scalar in affix.unicodeScalars where !scalar.properties.isWhitespace && scalar.properties.generalCategory != .format {
            kept.append(scalar)
        }
        guard !kept.isEmpty else { return nil }
        return normalizer.normalize(String(kept))
    }

    /// Only the letters, marks and digits of normalized text: what two spellings of one
    /// number share once spaces, hyphens and soft hyphens are set aside.
    static func letters(of normalized: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in normalized.unicodeScalars where scalar.isLetterMarkOrDigit { kept.append(scalar) }
        return String(kept)
    }
}

extension Unicode.Scalar {
    /// A decimal digit of any script: 0-9, ٠-٩, ०-९, ０-９.
    @inline(__always)
    var isDecimalDigit: Bool {
        if value < 0x80 { return value >= 0x30 && value <= 0x39 }
        return properties.numericType == .decimal
    }

    /// A letter, combining mark or number.
    @inline(__always)
    var isLetterMarkOrDigit: Bool {
        if value < 0x80 {
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
        }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
