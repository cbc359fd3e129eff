import ParlanceText

/// Finds dates, times, intervals and durations in an utterance and reads them against a
/// reference moment: "tomorrow at half past seven", "halb sieben", 「午後7時半」, "三天后",
/// "from 3 to 5 pm", "anderthalb Stunden".
///
/// ```swift
/// let reader = try DateTimeReader(language: Language("fr"))          // once per language
/// let now = LocalDateTime(year: 2026, month: 11, day: 28, hour: 10)!
/// reader.read("réserve pour demain à vingt heures", now: now)
/// // [time 2026-11-29T20:00:00 (hour) 'demain à vingt heures' 13..<34]
/// ```
///
/// Everything a language says comes from its data file (``DateTimeVocabulary``): which words
/// are days, months, units, day parts, clock words and connectors. The grammar that puts them
/// together is one for every language and accepts either order where languages differ
/// ("December 3rd" and "3. Dezember", "in 3 days" and 「3日後」, 午後7時 and "7 pm"):
///
/// - a **moment** is a run of parts, each at most once, fillers between: a day (relative,
///   a weekday with its relation, a calendar date with an optional year), a clock time, a
///   part of the day, a period ("next week");
/// - an **interval** is `[from] moment until moment [end]`, or a period or part of a day alone;
/// - an **offset** is a quantity after `later-before`/`ago-before` or before
///   `later-after`/`ago-after` ("in 20 minutes", 「3日後」);
/// - a **duration** is a quantity ("for 30 minutes", "一个半小时").
///
/// At each unit the longest of the four readings wins (moments before durations on a tie:
/// 「3日」 is the 3rd, not three days); the scan then resumes after it. A reading that names a
/// moment that does not exist (February 31st, 2027年2月29日) is not reported, nor anything
/// inside it; "at 25:99" reads nothing, since 25 is no hour. The conventions by which a
/// reading becomes a moment (future preference, ambiguous hours, exclusive interval ends)
/// are the README's "Dates and times".
///
/// A reader is immutable and `Sendable`.
///
/// - Complexity: O(n) in the units of the text: a unit costs one trie walk; a reading
///   starts only at a unit the vocabulary knows or at digits, and every rule reads a bounded
///   number of units. No allocation per character or per unit; a reading allocates its
///   matches and a few buffers sized by the text.
public final class DateTimeReader: Sendable {
    /// The language this reader was made for.
    public let language: Language
    /// The tokenizer ``read(_:now:)-(String,_)`` uses.
    public let tokenizer: Tokenizer
    let lexicon: DateTimeLexicon

    /// Made from the built-in vocabulary of `language` (`Corpora/datetime`).
    ///
    /// Expensive (milliseconds: ICU spells the numbers 0–100): make one reader per language
    /// and reuse it.
    ///
    /// - Throws: ``DateTimeReaderError`` when there is no vocabulary for the language, or ICU
    ///   cannot open its tokenizer or number formats.
    public convenience init(language: Language) throws(DateTimeReaderError) {
        let vocabulary: DateTimeVocabulary?
        do {
            vocabulary = try DateTimeVocabulary.builtIn(for: language)
        } catch {
            throw .vocabulary(error)
        }
        guard let vocabulary else {
            throw .noVocabulary(language: language.tag, available: DateTimeVocabulary.builtInLanguages)
        }
        try self.init(language: language, vocabulary: vocabulary)
    }

    /// Made from a vocabulary of your own (a data file read with
    /// ``DateTimeVocabulary/init(contentsOf:)``).
    public init(language: Language, vocabulary: DateTimeVocabulary) throws(DateTimeReaderError) {
        self.language = language
        do {
            tokenizer = try Tokenizer(language: language)
            let numbers = try NumberReader.shared(language: language)
            lexicon = try DateTimeLexicon(vocabulary: vocabulary, tokenizer: tokenizer, numbers: numbers)
        } catch let error as ICUError {
            throw .icu("\(error)")
        } catch let error as DateTimeVocabularyError {
            throw .vocabulary(error)
        } catch {
            throw .icu("\(error)")
        }
    }

    /// Whether the vocabulary says `word` (normalized, as this language's tokenizer gives it)
    /// is a `joiner`: a particle that follows the word it marks (の, に), so one right after
    /// a date is the date's own ("明日の朝に" said before the rest of a request), although
    /// no reading's span ends on it.
    public func isJoiner(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        let id = lexicon.word(word)
        guard id >= 0, let node = lexicon.step(0, id) else { return false }
        return lexicon.meanings[lexicon.meaningRange(of: node)].contains(.joiner)
    }

    /// Whether `word` (normalized, as this language's tokenizer gives it) says a number on
    /// its own ("einer", "vingt", 三): a quantity of an expression, never a word that only
    /// introduces one.
    public func isNumber(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        let id = lexicon.word(word)
        guard id >= 0, let node = lexicon.step(0, id) else { return false }
        return lexicon.meanings[lexicon.meaningRange(of: node)].contains { if case .number = $0 { true } else { false } }
    }

    /// The date and time expressions in `text`, in order, not overlapping, read against `now`.
    ///
    /// - Parameter preference: which way a day or time that does not say is taken: the next
    ///   one (the default: "Monday" is next Monday) or the last one ("photos from Monday").
    public func read(_ text: String, now: LocalDateTime, preferring preference: DateTimePreference = .future) -> [DateTimeMatch] {
        read(tokenizer.tokenize(text), now: now, preferring: preference)
    }

    /// The expressions in an utterance already tokenized (by a tokenizer of this language:
    /// the engine's), in order, not overlapping, read against `now`.
    public func read(_ tokenized: TokenizedText, now: LocalDateTime, preferring preference: DateTimePreference = .future) -> [DateTimeMatch] {
        read(tokenized, now: now, gate: .skipsUndated, preference: preference)
    }

    /// Whether a reading first checks that the utterance may hold a date (``PieceList/build(_:)``).
    enum Gate { case skipsUndated, readsEverything }

    /// ``read(_:now:)-(TokenizedText,_)``; `.readsEverything` parses every utterance, which
    /// the tests compare with the gated reading.
    func read(_ tokenized: TokenizedText, now: LocalDateTime, gate: Gate, preference: DateTimePreference = .future) -> [DateTimeMatch] {
        guard !tokenized.units.isEmpty else { return [] }
        // An apostrophe reads as a space, in the text as in the vocabulary's phrases: an
        // article elided onto a date is a word of its own ("d'hier", "l'an prochain"), and
        // "quart d'heure" is read whether the apostrophe is written or not (the grammar reads
        // text the same way). The matches are then told in the text as written.
        guard let split = Normalizer.apostrophesAsSpaces(tokenized.text) else {
            return readPieces(tokenized, now: now, gate: gate, preference: preference)
        }
        let matches = readPieces(tokenizer.tokenize(split), now: now, gate: gate, preference: preference)
        return matches.isEmpty ? matches : DateTimeMatch.located(matches, in: tokenized.text)
    }

    private func readPieces(_ tokenized: TokenizedText, now: LocalDateTime, gate: Gate, preference: DateTimePreference) -> [DateTimeMatch] {
        var text = tokenized.text
        return text.withUTF8 { bytes in
            var pieces = PieceList(lexicon: lexicon, tokenized: tokenized, bytes: bytes)
            guard pieces.build(gate) else { return [] }
            let scan = Scan(lexicon: lexicon, pieces: pieces)
            return scan.run(now: now, preference: preference)
        }
    }
}

/// Why a reader could not be made.
public enum DateTimeReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No built-in data file for the language.
    case noVocabulary(language: String, available: [String])
    /// The data file is malformed.
    case vocabulary(DateTimeVocabularyError)
    /// ICU could not open what the reader needs (a broken ICU install).
    case icu(String)

    public var description: String {
        switch self {
        case .noVocabulary(let language, let available):
            "no date and time vocabulary for language '\(language)': expected one of \(available.joined(separator: ", ")) (or a file of your own: DateTimeVocabulary(contentsOf:))"
        case .vocabulary(let error): "\(error)"
        case .icu(let message): "ICU: \(message)"
        }
    }
}
