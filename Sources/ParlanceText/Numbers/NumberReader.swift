/// Finds the numbers in an utterance: digits of any script, decimals with the language's
/// separators, numbers in words, percentages and ordinals, each with its value and span.
///
/// ```swift
/// let reader = try NumberReader(language: Language("de"))
/// reader.numbers(in: "zweiundvierzig Prozent von 3,5 Litern")
/// // [percent 42 'zweiundvierzig Prozent' 0..<22, decimal 3.5 '3,5' 27..<30]
/// ```
///
/// Everything language-specific comes from ICU: the decimal format parses digits, the
/// rule-based spell-out format (RBNF) parses words, and the words worth trying come from a
/// lexicon derived by formatting numbers with ICU at construction (see ``NumberLexicon``).
///
/// How words are read:
/// 1. Units (words; characters in unspaced scripts) made of lexicon pieces form runs, joined
///    only by spaces and hyphens: a comma or a full stop ends a run ("one, two" is two numbers).
/// 2. ICU parses each run from its first unit: strictly first (exact text in lower case, no
///    collator, cheap), leniently when the strict parse does not read the whole window or
///    is not confirmed; a lenient parse is cut back to the last whole unit it covered. A
///    window neither starts nor ends on a filler no spelling starts or ends with ("point",
///    "点": ``NumberLexicon/neverLast``), so "五点" (five o'clock) is read as "五" strictly.
/// 3. The parse is confirmed by formatting the value back with each public rule set: the
///    span's letters must equal one spelling's letters ("fifty two" = "fifty-two",
///    "one hundred and five" = verbose "one hundred and five"). ICU 72's lenient parse runs
///    neighbouring numbers together ("one two" → 102, "one one" → 101); the round trip
///    rejects those, and the span shrinks by one unit until it is confirmed or empty. The
///    spelling that confirms a parse also tells cardinal from ordinal.
///
/// Choices against false positives, each documented where it is made:
/// - A lone word for 1 ("one", "un", "une", "ein", "eine", "uno", "una", "um") is skipped by
///   default: in most languages it is also the indefinite article or a pronoun. It is read
///   when it is part of a larger number or a percentage, or with ``Options/readsLoneOne``.
/// - In unspaced scripts, a single numeral character inside a longer dictionary word is
///   skipped when it is 一 or a bare power of ten from 百 up (一緒, 一起, 百貨店, 千葉, 万一):
///   those words are lexical. Counted things keep their number (五人 → 5, 三つ → 3).
/// - A digit ordinal needs a letter suffix: German and Russian "3." reads as the cardinal 3,
///   since the full stop may end the sentence.
///
/// Words that are numbers and ordinary words at once stay numbers: Italian "sei" (6, "you
/// are"), German "acht" (8, "attention"), English "second" (2nd, the unit of time).
///
/// A reader is `Sendable`; concurrent calls parse with separate clones of ICU's formatters.
///
/// - Complexity: O(n) in the length of the text. Units that are neither digits nor made of
///   lexicon pieces cost one trie walk and no ICU call; ICU parses only runs of number words,
///   in windows of at most ``NumberLexicon/longestSpan`` units.
public final class NumberReader: Sendable {
    /// Reading choices.
    public struct Options: Sendable, Hashable {
        /// Read a lone word for 1 ("one", "un", "eine") as the number 1. Off by default: in
        /// most languages that word is also the indefinite article or a pronoun. Turn it on
        /// for command grammars where "track one" must read 1.
        public var readsLoneOne: Bool

        /// The defaults: a lone word for 1 is not read.
        public init(readsLoneOne: Bool = false) {
            self.readsLoneOne = readsLoneOne
        }
    }

    /// The formatters one parse needs; never shared between threads at the same time.
    final class Formats {
        /// The spell-out format, lenient.
        let spellout: NumberFormat
        /// The same rules, strict: exact text, no collator (see ``Scan/readSpelled(_:)``).
        let strictSpellout: NumberFormat
        let decimal: NumberFormat
        let ordinal: NumberFormat

        init(spellout: NumberFormat, strictSpellout: NumberFormat, decimal: NumberFormat, ordinal: NumberFormat) {
            self.spellout = spellout
            self.strictSpellout = strictSpellout
            self.decimal = decimal
            self.ordinal = ordinal
        }

        func clone() throws(ICUError) -> Formats {
            Formats(spellout: try spellout.clone(), strictSpellout: try strictSpellout.clone(),
                    decimal: try decimal.clone(), ordinal: try ordinal.clone())
        }
    }

    /// The language this reader was made for.
    public let language: Language
    /// The reading choices.
    public let options: Options
    /// The tokenizer ``numbers(in:)-(String)`` uses.
    public let tokenizer: Tokenizer
    let lexicon: NumberLexicon
    let formats: NumberFormatPool<Formats>
    /// Whether a run is read with ICU's strict parse before its lenient one.
    let parsesStrictlyFirst: Bool
    /// Whether a window of number words is read without the fillers no spelling starts or
    /// ends with at its edges (``NumberLexicon/neverLast``).
    let trimsWindows: Bool
    /// ICU results shared by every reading (see ``ScanMemo``).
    let memo = ScanMemo()

    /// Opens ICU's formatters for `language` and derives its number lexicon.
    ///
    /// Expensive (tens of milliseconds; more for languages with many rule sets, such as
    /// Russian's 50): make one reader per language and reuse it.
    ///
    /// - Throws: ``ICUError`` when ICU cannot open a number format (a broken ICU install).
    ///   A language without spell-out rules is not an error: it reads digits only.
    public convenience init(language: Language, options: Options = Options()) throws(ICUError) {
        try self.init(language: language, options: options, parsesStrictlyFirst: true, trimsWindows: true)
    }

    /// `parsesStrictlyFirst` false: every run goes straight to ICU's lenient parse;
    /// `trimsWindows` false: windows keep the fillers at their edges (tests compare the ways).
    init(language: Language, options: Options, parsesStrictlyFirst: Bool, trimsWindows: Bool = true) throws(ICUError) {
        self.language = language
        self.options = options
        self.parsesStrictlyFirst = parsesStrictlyFirst
        self.trimsWindows = trimsWindows
        tokenizer = try Tokenizer(language: language)
        let spellout = try NumberFormat(.spellout, locale: language.icuLocale)
        spellout.setLenient(true)
        let formats = Formats(
            spellout: spellout,
            strictSpellout: try NumberFormat(.spellout, locale: language.icuLocale),
            decimal: try NumberFormat(.decimal, locale: language.icuLocale),
            ordinal: try NumberFormat(.ordinal, locale: language.icuLocale))
        lexicon = try NumberLexicon(language: language, tokenizer: tokenizer, spellout: formats.spellout,
                                    decimal: formats.decimal, ordinal: formats.ordinal)
        self.formats = NumberFormatPool(formats) { try $0.clone() }
    }

    /// The numbers in `text`, in order, not overlapping.
    public func numbers(in text: String) -> [NumberMatch] {
        numbers(in: tokenizer.tokenize(text))
    }

    /// The numbers in an utterance already tokenized (by any tokenizer for a language with
    /// the same script conventions), in order, not overlapping.
    public func numbers(in tokenized: TokenizedText) -> [NumberMatch] {
        let units = tokenized.units
        guard !units.isEmpty else { return [] }
        // The lexicon check first: an utterance without digits or number words makes no ICU call.
        var classes = [UnitClass](repeating: .other, count: units.count)
        var reachable: [Bool] = []
        var anyCandidate = false
        for (index, unit) in units.enumerated() {
            let scalars = tokenized.normalizedScalars(of: unit)
            if let first = scalars.first, first.isDecimalDigit {
                classes[index] = .digits
            } else if unit.isCharacter ? lexicon.pieces.contains(scalars)
                        : lexicon.pieces.isConcatenation(scalars, reachable: &reachable) {
                if lexicon.fillers.contains(scalars) {
                    let starts = !trimsWindows || !lexicon.neverFirst.contains(scalars)
                    let ends = !trimsWindows || !lexicon.neverLast.contains(scalars)
                    classes[index] = starts ? (ends ? .filler : .leadingFiller) : (ends ? .trailingFiller : .innerFiller)
                } else {
                    classes[index] = .word
                }
            } else {
                continue
            }
            if !classes[index].isFiller { anyCandidate = true }
        }
        guard anyCandidate else { return [] }

        var text = tokenized.text
        return text.withUTF8 { bytes in
            formats.withFormats { formats in
                let scan = Scan(reader: self, tokenized: tokenized, bytes: bytes, formats: formats, classes: classes)
                return scan.run()
            }
        }
    }

    /// What a unit may be: digits, a number word, a number word that never stands alone
    /// (``NumberLexicon/fillers``), or nothing to read. A filler no spelling ends with
    /// (``NumberLexicon/neverLast``) may only lead or sit inside a number ("point" in "three
    /// point five"); one no spelling starts with (``NumberLexicon/neverFirst``) may only
    /// trail or sit inside ("hundred" in "two hundred"); one of both only sits inside ("y"
    /// in "treinta y uno").
    enum UnitClass {
        case other, digits, word, filler, leadingFiller, trailingFiller, innerFiller

        var isFiller: Bool { self == .filler || self == .leadingFiller || self == .trailingFiller || self == .innerFiller }
        var isWordOrFiller: Bool { self == .word || isFiller }
        /// Whether a spelled number may start on a unit of this class (a word or a filler).
        var mayStart: Bool { self == .word || self == .filler || self == .leadingFiller }
        /// Whether a spelled number may end on a unit of this class (a word or a filler).
        var mayEnd: Bool { self == .word || self == .filler || self == .trailingFiller }
    }
}

extension NumberReader {
    /// The process's reader of `language` with the default options, made on first use and
    /// kept: a reader costs tens of milliseconds of ICU to make and, being immutable, serves
    /// every caller alike (the date reader, a grammar's numbers in words, learned readings,
    /// each engine), so a language's first parse does not make another.
    ///
    /// - Throws: ``ICUError`` as ``init(language:options:)`` does; a failure is not kept.
    public static func shared(language: Language) throws(ICUError) -> NumberReader {
        if let known = SharedReaders.lock.withLock({ SharedReaders.readers[language.tag] }) { return known }
        // Made outside the lock: two languages' readers are made at once. Of two threads
        // making the same language's, the first to finish is kept.
        let made = try NumberReader(language: language)
        return SharedReaders.lock.withLock {
            if let known = SharedReaders.readers[language.tag] { return known }
            SharedReaders.readers[language.tag] = made
            return made
        }
    }
}

/// The readers of ``NumberReader/shared(language:)`` by language tag.
private enum SharedReaders {
    static let lock = Lock()
    nonisolated(unsafe) static var readers: [String: NumberReader] = [:]
}
