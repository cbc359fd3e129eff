import ParlanceDateTime
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

extension Reader {
    /// One text of a parse and what its reads have found so far, for the next read to
    /// reuse: the utterance as each key form tokenizes it (made once, then handed to every
    /// stage), the vocabulary found in it, the grammar's answers, the dates.
    ///
    /// Entries are kept by the positions the engine gives its languages and key forms
    /// (``LanguageModel/position``, ``LanguageModel/form``), never by object identity.
    /// A parse reads one text first and may read others made from it (a name or a date
    /// blanked out: ``derived(text:keepingDates:)``), each with its own memo.
    final class Memo {
        /// The text read.
        let text: String
        /// Whose vocabulary the parse reads.
        let user: UserSession
        /// Per key form, the tokenizer whose ``Utterance`` of the text every language of
        /// the form reads (``Engine/formTokenizers``).
        private let tokenizers: [Tokenizer]
        /// Per key form, the text's ``Utterance``, made when a read of the form first needs it.
        private var utterances: [Utterance?]
        /// Spans of the users' vocabulary, by key form and edit policy: languages of one
        /// ``KeyForm`` share the index and tokenize alike, so one search serves them.
        var userSpans: [(form: Int, policy: EditPolicy, spans: [VocabularySpan])] = []
        /// The key forms whose users' vocabulary the parse searches anyway (those of the
        /// languages it reads when none is given).
        var searchedForms: Set<Int> = []

        /// Spans of the apps' vocabulary and of the apps' names, by model and edit policy
        /// (the first reads of a parse search both with no edits): one search finds both
        /// (``LanguageModel/appSpans(in:policy:userCount:)``).
        var appSpans: [(model: Int, policy: EditPolicy, spans: (vocabulary: [VocabularySpan], names: [VocabularySpan]))] = []
        /// The grammar's answers, by model, options and the values offered to it.
        var matches: [(model: Int, options: MatchOptions, found: FoundValues, result: MatchResult)] = []

        /// The moment dates and times are read against: the one given, else the clock's when
        /// first needed (most requests say no date, and asking the clock costs a calendar).
        lazy var now: LocalDateTime = givenNow ?? .current()
        private let givenNow: LocalDateTime?
        /// What the date reader found, by model.
        var dateTimes: [(model: Int, matches: [DateTimeMatch])] = []

        /// Whether dates are read (``EngineOptions/readsDates``).
        let readsDates: Bool
        /// Free texts read as part of the apps' items, shared with the derived memos: one
        /// text is the value of many readings, in every read of the parse.
        private(set) var partialMatches = PartialMatchMemo()

        /// A memo for reading `text` with `user`'s vocabulary; `tokenizers` per key form
        /// (``Engine/formTokenizers``).
        init(text: String, user: UserSession, tokenizers: [Tokenizer], now: LocalDateTime? = nil, readsDates: Bool = true) {
            self.text = text
            self.user = user
            self.tokenizers = tokenizers
            utterances = Array(repeating: nil, count: tokenizers.count)
            givenNow = now
            self.readsDates = readsDates
        }

        /// A memo for reading another text of the same parse (`text`: a name or a date
        /// blanked out, the other characters where they were): the same user and moment;
        /// with this one's dates when `keepingDates` (a date lifted out is still the parse's,
        /// where it was said).
        func derived(text: String, keepingDates: Bool) -> Memo {
            let memo = Memo(text: text, user: user, tokenizers: tokenizers, now: now, readsDates: readsDates)
            memo.partialMatches = partialMatches
            if keepingDates { memo.dateTimes = dateTimes }
            return memo
        }

        /// The text as `model` reads it: one ``Utterance`` per key form, made the first time
        /// a language of the form is read.
        func utterance(in model: LanguageModel) -> Utterance {
            if let made = utterances[model.form] { return made }
            let made = Utterance(text, tokenizer: tokenizers[model.form])
            utterances[model.form] = made
            return made
        }

        /// The dates and times in the text as `model`'s reader finds them, read against
        /// ``now``; none when the language has no reader.
        func dateTimes(of model: LanguageModel) -> [DateTimeMatch] {
            if let entry = dateTimes.first(where: { $0.model == model.position }) { return entry.matches }
            let matches = readsDates ? model.dateTimeReader?.read(utterance(in: model).tokens, now: now) ?? [] : []
            dateTimes.append((model.position, matches))
            return matches
        }

        /// The spans of `model`'s apps' vocabulary and of the apps' names in the text
        /// (numbered after the user's items).
        func appSpans(of model: LanguageModel, policy: EditPolicy) -> (vocabulary: [VocabularySpan], names: [VocabularySpan]) {
            if let entry = appSpans.first(where: { $0.model == model.position && $0.policy == policy }) { return entry.spans }
            let spans = model.appSpans(in: utterance(in: model), policy: policy, userCount: user.shard(model.form).owners.count)
            appSpans.append((model.position, policy, spans))
            return spans
        }

        /// Whether the spans of `model`'s users' vocabulary with `policy` are known.
        func hasUserSpans(of model: LanguageModel, policy: EditPolicy) -> Bool {
            userSpans.contains { $0.form == model.form && $0.policy == policy }
        }

        /// The spans of `model`'s users' vocabulary in the text.
        func userSpans(of model: LanguageModel, policy: EditPolicy) -> [VocabularySpan] {
            if let entry = userSpans.first(where: { $0.form == model.form && $0.policy == policy }) { return entry.spans }
            let spans = model.vocabulary(with: user).userSpans(in: utterance(in: model), policy: policy)
            userSpans.append((model.form, policy, spans))
            return spans
        }

        /// The grammar's answer for `found` with `options`: a match already made with the
        /// same ones, else a new one. A read with corrections only when nothing matches
        /// (``MatchOptions/Fuzziness/whenNothingMatches``) first runs the exact pass, so an
        /// exact read of the same values that found something is its answer: the reads of
        /// a parse differ only in the vocabulary found with edits, and where that search
        /// adds nothing (most free text), the grammar is not asked twice.
        func match(in model: LanguageModel, found: FoundValues, options: MatchOptions) -> MatchResult {
            var exact = options
            exact.fuzziness = .off
            for entry in matches where entry.model == model.position && entry.found == found {
                if entry.options == options { return entry.result }
                if options.fuzziness == .whenNothingMatches, entry.options == exact, !entry.result.hypotheses.isEmpty { return entry.result }
            }
            let result = model.compiled.match(utterance(in: model), found: found, options: options)
            matches.append((model.position, options, found, result))
            return result
        }
    }
}
