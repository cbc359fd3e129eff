import ParlanceDateTime
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// One utterance read in one language: vocabulary spans → grammar match → hypotheses per
/// app → resolutions.
struct Reader {
    let engine: Engine
    let model: LanguageModel
    /// The language's vocabulary as the parse's user sees it: theirs, then the apps'.
    let vocabulary: ModelVocabulary
    /// An app's name lifted out of the utterance (``AppMention``): every reading is of that
    /// app, mentioned as said.
    var mention: AppMention?
    /// A date said at an edge of the utterance and lifted out of the text the grammar reads
    /// (``Engine/liftingDate(_:best:models:locked:memo:)``): the index of its match among the
    /// memo's dates. It is offered to no date list; every reading gives it to a date
    /// parameter of its intent that nothing else fills, and a reading that cannot is dropped.
    var liftedDate: Int?

    init(engine: Engine, model: LanguageModel, user: UserSession) {
        self.engine = engine
        self.model = model
        vocabulary = model.vocabulary(with: user)
    }

    /// A value offered to the grammar: a vocabulary item or an app name, where it stands.
    struct Offer {
        let span: VocabularySpan
        /// The app it belongs to.
        let app: Int
        /// True for an app name.
        let isAppName: Bool
    }

    /// What the reads of one utterance have already computed, for the next read to reuse.
    final class Memo {
        /// Whose vocabulary the parse reads.
        let user: UserSession
        /// Spans of the users' vocabulary, by shard and edit policy: languages of one
        /// ``KeyForm`` share the index and tokenize alike, so one search serves them.
        var userSpans: [(key: ObjectIdentifier, policy: EditPolicy, spans: [VocabularySpan])] = []
        /// The utterance tokenized, by tokenizer (every read of a language needs it).
        var tokens: [(tokenizer: ObjectIdentifier, tokens: TokenizedText)] = []
        /// The shards of the users' vocabulary that the parse searches anyway (those of the
        /// languages it reads when none is given).
        var searchedShards: Set<ObjectIdentifier> = []

        /// Spans of the apps' vocabulary and of the apps' names, by model and edit policy
        /// (the first reads of a parse search both with no edits): one search finds both
        /// (``LanguageModel/appSpans(in:policy:)``).
        var appSpans: [(key: ObjectIdentifier, policy: EditPolicy, spans: (vocabulary: [VocabularySpan], names: [VocabularySpan]))] = []
        /// The grammar's answers, by model, options and the values offered to it.
        var matches: [(model: ObjectIdentifier, options: MatchOptions, found: FoundValues, result: MatchResult)] = []

        /// The moment dates and times are read against: the one given, else the clock's when
        /// first needed (most requests say no date, and asking the clock costs a calendar).
        lazy var now: LocalDateTime = givenNow ?? .current()
        private let givenNow: LocalDateTime?
        /// What the date reader found, by model.
        var dateTimes: [(model: ObjectIdentifier, matches: [DateTimeMatch])] = []

        /// Whether dates are read (``EngineOptions/readsDates``).
        let readsDates: Bool
        /// Free texts read as part of the apps' items, shared with the derived memos: one
        /// text is the value of many readings, in every read of the parse.
        private(set) var partialMatches = PartialMatchMemo()

        init(user: UserSession, now: LocalDateTime? = nil, readsDates: Bool = true) {
            self.user = user
            givenNow = now
            self.readsDates = readsDates
        }

        /// A memo for reading another text of the same parse (a name or a date lifted out):
        /// the same user and moment; with this one's dates when `keepingDates` (a date lifted
        /// out is still the parse's, where it was said).
        func derived(keepingDates: Bool) -> Memo {
            let memo = Memo(user: user, now: now, readsDates: readsDates)
            memo.partialMatches = partialMatches
            if keepingDates { memo.dateTimes = dateTimes }
            return memo
        }

        /// The dates and times in `tokens` (`model`'s tokens of the utterance) as `model`'s
        /// reader finds them, read against ``now``; none when the language has no reader.
        func dateTimes(in tokens: TokenizedText, of model: LanguageModel) -> [DateTimeMatch] {
            let key = ObjectIdentifier(model)
            if let entry = dateTimes.first(where: { $0.model == key }) { return entry.matches }
            let matches = readsDates ? model.dateTimeReader?.read(tokens, now: now) ?? [] : []
            dateTimes.append((key, matches))
            return matches
        }

        /// The spans of `model`'s apps' vocabulary and of the apps' names in `tokens`
        /// (numbered after the user's items).
        func appSpans(in tokens: TokenizedText, of model: LanguageModel, policy: EditPolicy) -> (vocabulary: [VocabularySpan], names: [VocabularySpan]) {
            Memo.spans(in: &appSpans, key: ObjectIdentifier(model), policy: policy) {
                model.appSpans(in: tokens, policy: policy, userCount: user.shard(model.form).owners.count)
            }
        }

        /// The spans `cache` holds for `key` (a model, or a shard of the users' vocabulary)
        /// and `policy`, searched by `search` the first time.
        private static func spans<Spans>(in cache: inout [(key: ObjectIdentifier, policy: EditPolicy, spans: Spans)], key: ObjectIdentifier,
                                         policy: EditPolicy, _ search: () -> Spans) -> Spans {
            if let entry = cache.first(where: { $0.key == key && $0.policy == policy }) { return entry.spans }
            let spans = search()
            cache.append((key, policy, spans))
            return spans
        }

        /// `utterance` as `model` tokenizes it.
        func tokens(of utterance: String, in model: LanguageModel) -> TokenizedText {
            let tokenizer = ObjectIdentifier(model.compiled.tokenizer)
            if let known = tokens.first(where: { $0.tokenizer == tokenizer })?.tokens { return known }
            let tokenized = model.compiled.tokenize(utterance)
            tokens.append((tokenizer, tokenized))
            return tokenized
        }

        /// Whether the spans of `model`'s users' vocabulary with `policy` are known.
        func hasUserSpans(of model: LanguageModel, policy: EditPolicy) -> Bool {
            userSpans.contains { $0.key == ObjectIdentifier(user.shard(model.form)) && $0.policy == policy }
        }

        /// The spans of `model`'s users' vocabulary in `tokens` (as `model` tokenizes).
        func userSpans(in tokens: TokenizedText, of model: LanguageModel, policy: EditPolicy) -> [VocabularySpan] {
            let shard = user.shard(model.form)
            return Memo.spans(in: &userSpans, key: ObjectIdentifier(shard), policy: policy) {
                shard.index.items.isEmpty ? [] : shard.index.allSpans(in: tokens, policy: policy)
            }
        }

        /// The grammar's answer for `found` with `options`: a match already made with the
        /// same ones, else a new one. A read with corrections only when nothing matches
        /// (``MatchOptions/Fuzziness/whenNothingMatches``) first runs the exact pass, so an
        /// exact read of the same values that found something is its answer: the reads of
        /// a parse differ only in the vocabulary found with edits, and where that search
        /// adds nothing (most free text), the grammar is not asked twice.
        func match(_ utterance: String, model: LanguageModel, found: FoundValues, options: MatchOptions) -> MatchResult {
            let key = ObjectIdentifier(model)
            var exact = options
            exact.fuzziness = .off
            for entry in matches where entry.model == key && entry.found == found {
                if entry.options == options { return entry.result }
                if options.fuzziness == .whenNothingMatches, entry.options == exact, !entry.result.hypotheses.isEmpty { return entry.result }
            }
            let result = model.compiled.match(utterance, found: found, options: options)
            matches.append((key, options, found, result))
            return result
        }
    }

    /// - Parameters:
    ///   - fuzziness: when template words and list values may be corrected; the engine's
    ///     option when nil.
    ///   - vocabularyPolicy: the edits allowed in vocabulary found in the utterance; the
    ///     engine's for the language when nil (``EngineOptions/editPolicy(for:)``).
    ///   - onlyIfUnbeatable: return nothing unless the best reading is unbeatable
    ///     (``ReadingKey/isUnbeatable``): give up as soon as the grammar's readings show that
    ///     none can be (each corrects a word or value or leaves words to free text), and
    ///     before resolving any when the unbeatable ones are examples' readings that built-in
    ///     templates drop.
    ///   - freeText: whether wildcard slots may take free text; false: only values found
    ///     in the utterance fill them (``Engine/parse(_:language:locked:)`` first looks for
    ///     a reading that explains every word, and free text is most of the paths a grammar
    ///     follows: it can end at any word, in Japanese at any character).
    ///   - mustBeat: a reading already found (in another language): only readings that could
    ///     rank before it are wanted. With no template word corrected, it leaves some
    ///     characters unexplained (``ReadingKey``'s second criterion), and the grammar drops
    ///     every path that leaves more (``MatchOptions/maxUnexplained``).
    func read(_ utterance: String, locked: Bool, memo: Memo, fuzziness: MatchOptions.Fuzziness? = nil,
              vocabularyPolicy: EditPolicy? = nil, onlyIfUnbeatable: Bool = false, freeText: Bool = true,
              mustBeat: ReadingKey? = nil) -> [IntentHypothesis] {
        let tokens = memo.tokens(of: utterance, in: model)
        let policy = vocabularyPolicy ?? engine.options.editPolicy(for: model.language)
        // Spans a search of the diacritics-folding partner already found serve this read at
        // little cost, as a search of its own already made would: then the bound costs more
        // than the read it guards (with the users' lists taking any words it often lets the
        // read pass anyway), and is not asked.
        let partnerSearched = engine.diacriticsFoldingPartners[ObjectIdentifier(model)].map { memo.hasUserSpans(of: $0, policy: policy) } ?? false
        let partnerSpans = partnerSearched ? partnerUserSpans(utterance, tokens: tokens, policy: policy, memo: memo) : nil
        if partnerSpans == nil, let mustBeat,
           !mayBeat(mustBeat, utterance, tokens: tokens, policy: policy, freeText: freeText, memo: memo) { return [] }
        // (See below: with edits and free text, the users' vocabulary is checked on a few
        // words rather than searched, and a search of the partner would cost more.)
        let checksFewWords = freeText && policy.maxEdits(forKeyLength: .max) > 0 && !memo.hasUserSpans(of: model, policy: policy)
        func reading(offering known: [VocabularySpan]) -> Reading {
            read(utterance, tokens: tokens, known: known, locked: locked, memo: memo, fuzziness: fuzziness, policy: policy,
                 onlyIfUnbeatable: onlyIfUnbeatable, freeText: freeText, mustBeat: mustBeat)
        }
        if let known = partnerSpans
            ?? (partnerSearched || checksFewWords ? nil : partnerUserSpans(utterance, tokens: tokens, policy: policy, memo: memo)) {
            return reading(offering: known).ranked(by: self)
        }
        // The search of the users' vocabulary with edits, the dearest step of a read, looks
        // only where it can change the reading: it offers values to the grammar, and a value
        // with edits explains words that a reading without it leaves to free text. So the
        // read is made with the items found as written first, and the users' vocabulary is
        // then searched with edits only for items on exactly the words its readings leave to
        // a vocabulary parameter as free text ("Send a message to Sparkel Sparkly saying hi"
        // checks "Sparkel Sparkly", not the message): such an item turns that reading's free
        // text into a value, and the reading ranks higher. Only if one is found is the read
        // made again, with those found.
        guard checksFewWords else { return reading(offering: memo.userSpans(in: tokens, of: model, policy: policy)).ranked(by: self) }
        var known = memo.userSpans(in: tokens, of: model, policy: .fixed(0))
        var checked: [Range<Int>] = []
        while true {
            let reading = reading(offering: known)
            guard let examples = reading.examples, !vocabulary.user.index.items.isEmpty,
                  let best = reading.candidates.lazy.filter({ !examples.drops($0) }).map(\.reading).min()
            else { return reading.ranked(by: self) }
            // An item found with edits on words a reading leaves to free text improves that
            // reading by at most their characters less its edits (``ReadingKey``'s first
            // criteria): only words where that could reach the best reading are checked,
            // and only items that would are kept. (A reading with an item found with edits
            // may leave other words to free text: "Tell Celestrah and Sparkel Sparkly…"
            // finds Celestra first. Each round checks words not checked before, so the
            // rounds end.)
            func mayReachBest(_ bound: (wordEdits: Int, unexplained: Int), edits: Int) -> Bool {
                (bound.wordEdits, bound.unexplained + edits) <= (best.wordEdits, best.unexplained)
            }
            let guessed = Reader.unitsLeftToFreeText(by: reading.candidates, tokens: tokens).filter {
                !checked.contains($0.units) && mayReachBest($0.bound, edits: 1)
            }
            guard !guessed.isEmpty else { return reading.ranked(by: self) }
            checked += guessed.map(\.units)
            let corrected = vocabulary.user.index.allSpans(in: tokens, policy: policy, covering: guessed.map(\.units)).filter { span in
                span.match.edits > 0 && guessed.contains { $0.units == span.units && mayReachBest($0.bound, edits: span.edits) }
            }
            guard !corrected.isEmpty else { return reading.ranked(by: self) }
            known = (known + corrected).sorted { $0.precedes($1) }
        }
    }

    /// The ranges of units that the candidates' readings leave to a vocabulary parameter as
    /// free text (the words a misspelled name would be on), each with the best a reading
    /// could become with an item there without edits: the least template word edits, and
    /// the least characters unexplained less the range's characters.
    static func unitsLeftToFreeText(by candidates: [Candidate], tokens: TokenizedText)
        -> [(units: Range<Int>, bound: (wordEdits: Int, unexplained: Int))] {
        var result: [(units: Range<Int>, bound: (wordEdits: Int, unexplained: Int))] = []
        var lastRank = -1
        // (Only readings that leave some vocabulary to free text, ``ReadingKey/guessed``.)
        for candidate in candidates where candidate.reading.guessed > 0 {
            // (A grammar reading becomes one candidate per app that can take it, in a row.)
            guard candidate.rank != lastRank else { continue }
            lastRank = candidate.rank
            let offers = candidate.scopeOffers
            let slots = candidate.match.slots
            let intent = candidate.intent
            let parameters = intent.parameters
            let key = candidate.reading
            intent.withParameterIndices(of: slots) { parameterOf in
                for index in slots.indices where parameterOf[index] >= 0 {
                    guard case .vocabulary = parameters[parameterOf[index]].kind, let span = slots[index].span, !span.isEmpty,
                          Resolver.isFreeText(slots[index], offers: offers),
                          let first = tokens.units.firstIndex(where: { $0.scalarRange.lowerBound >= span.lowerBound }),
                          let last = tokens.units.lastIndex(where: { $0.scalarRange.upperBound <= span.upperBound }), first <= last
                    else { continue }
                    let units = first..<(last + 1)
                    let bound = (wordEdits: key.wordEdits, unexplained: key.unexplained - span.count)
                    if let known = result.firstIndex(where: { $0.units == units }) {
                        if bound < result[known].bound { result[known].bound = bound }
                    } else {
                        result.append((units, bound))
                    }
                }
            }
        }
        return result
    }

    /// A read's candidates, before ranking: ranking resolves the parameters of those it
    /// reaches, which only the read that answers needs.
    struct Reading {
        let candidates: [Candidate]
        /// The example rule of the candidates; nil when the read wants nothing (asked only
        /// for unbeatable readings, it found none).
        let examples: ExampleRule?

        func ranked(by reader: Reader) -> [IntentHypothesis] {
            examples.map { reader.ranked(candidates, examples: $0) } ?? []
        }
    }

    /// A read offering `known` as the users' vocabulary found in the utterance.
    private func read(_ utterance: String, tokens: TokenizedText, known: [VocabularySpan], locked: Bool, memo: Memo,
                      fuzziness: MatchOptions.Fuzziness?, policy: EditPolicy, onlyIfUnbeatable: Bool, freeText: Bool,
                      mustBeat: ReadingKey?) -> Reading {
        var found = FoundValues(closedLists: ["app"])
        found.closesEveryWildcardList = !freeText
        // One value per list, app, words and edits goes to the grammar: items found on the
        // same words read the same to it, and the resolver sees them all (`vocabularyOffers`)
        // to ask which one. With many user entries, common words match several ("send":
        // Send, Spend, Tend…), and each value offered is a path the matcher follows.
        struct Place: Hashable {
            let list: String; let app: Int; let span: Range<Int>; let edits: Int
            // (The list is left out of the hash: hashing its name was most of the cost of
            // offering a span, and one place holds a few lists at most. It is compared last.)
            func hash(into hasher: inout Hasher) {
                hasher.combine(app)
                hasher.combine(span.lowerBound)
                hasher.combine(span.upperBound)
                hasher.combine(edits)
            }
            static func == (a: Place, b: Place) -> Bool {
                a.app == b.app && a.span == b.span && a.edits == b.edits && a.list == b.list
            }
        }
        var offers: [Offer] = []
        var vocabularyOffers: [Offer] = []
        // The value offered for each place so far (`places[i]` is `values[i]`'s): searched
        // in place while there are few (a read offers a handful on average, and hashing a
        // place cost more than comparing a dozen), through a table past `placesScanned`.
        var places: [Place] = []
        var representative: [Place: Int] = [:]
        let placesScanned = 24
        var values: [FoundValues.Value] = []
        let appSpans = memo.appSpans(in: tokens, of: model, policy: policy)
        // (The users' spans, then the apps': not joined into one array, which copies every span.)
        func offer(_ span: VocabularySpan) {
            let owner = vocabulary.owner(span.match.itemIndex)
            let offer = Offer(span: span, app: owner.app, isAppName: false)
            vocabularyOffers.append(offer)
            for list in owner.lists {
                let place = Place(list: list, app: owner.app, span: span.scalarRange, edits: span.edits)
                let earlier = places.count <= placesScanned ? places.firstIndex(of: place) : representative[place]
                if let index = earlier {
                    if span.match.ranks(before: offers[index].span.match) {
                        values[index] = FoundValues.Value(list: list, span: span.scalarRange, output: .int(span.match.itemIndex),
                                                          text: span.match.matchedText, edits: span.edits, group: owner.app)
                        offers[index] = offer
                    }
                    continue
                }
                if places.count == placesScanned {
                    representative.reserveCapacity(4 * placesScanned)
                    for (index, scanned) in places.enumerated() { representative[scanned] = index }
                }
                if places.count >= placesScanned { representative[place] = values.count }
                places.append(place)
                values.append(FoundValues.Value(list: list, span: span.scalarRange, output: .int(span.match.itemIndex),
                                                text: span.match.matchedText, edits: span.edits, group: owner.app))
                offers.append(offer)
            }
        }
        let spanCount = known.count + appSpans.vocabulary.count
        vocabularyOffers.reserveCapacity(spanCount)
        places.reserveCapacity(2 * spanCount)
        values.reserveCapacity(2 * spanCount)
        offers.reserveCapacity(2 * spanCount + appSpans.names.count)
        for span in known { offer(span) }
        for span in appSpans.vocabulary { offer(span) }
        found.values.reserveCapacity(values.count + appSpans.names.count)
        for value in values { found.append(value) }
        for span in appSpans.names {
            found.append(Reader.appNameValue(span))
            offers.append(Offer(span: span, app: span.match.itemIndex, isAppName: true))
        }
        let appNameSpans = offers.filter(\.isAppName).map(\.span.scalarRange)
        let dateTimes = dateTimeFinds(tokens: tokens, memo: memo, base: offers.count, into: &found)
        let firstLimit = max(12, engine.options.limit * 2)
        var matchOptions = MatchOptions(fuzziness: fuzziness ?? engine.options.fuzziness, maxEdits: 2, limit: firstLimit)
        matchOptions.keepsRepeatedSlots = true
        matchOptions.beamWidth = engine.options.beamWidth
        if let mustBeat, mustBeat.wordEdits == 0 { matchOptions.maxUnexplained = mustBeat.unexplained }
        // The grammar's best readings first; when no app can take any of them and the grammar
        // had more, ask once again for eight times as many. (Values of two apps never meet
        // in one reading: found values are grouped by app. What is left are readings of an
        // intent that the app whose vocabulary or example phrase they hold does not support.)
        while true {
            let result = memo.match(utterance, model: model, found: found, options: matchOptions)
            if onlyIfUnbeatable, !result.hypotheses.contains(where: {
                $0.ranking.wordEdits == 0 && $0.ranking.valueEdits == 0 && $0.ranking.wildcardScalars == 0
            }) { return Reading(candidates: [], examples: nil) }
            var candidates: [Candidate] = []
            let scope = Scope(reader: self, offers: offers, vocabularyOffers: vocabularyOffers, appNameSpans: appNameSpans, locked: locked,
                              dateTimes: dateTimes, tokens: tokens, partialMatches: memo.partialMatches)
            for (rank, hypothesis) in result.hypotheses.enumerated() {
                appendCandidates(for: hypothesis, rank: rank, scope: scope, to: &candidates)
            }
            if !candidates.isEmpty || result.hypotheses.count < matchOptions.limit || matchOptions.limit > firstLimit {
                // Unbeatable readings rank first (``ReadingKey``): the best is one exactly
                // when a candidate the example rule keeps is one. If none is, the caller wants
                // nothing, and nothing is resolved.
                let examples = ExampleRule(candidates)
                if onlyIfUnbeatable, !candidates.contains(where: { $0.reading.isUnbeatable && !examples.drops($0) }) {
                    return Reading(candidates: candidates, examples: nil)
                }
                return Reading(candidates: candidates, examples: examples)
            }
            matchOptions.limit *= 8
        }
    }

    /// An app's name found in the utterance, as the value of the grammar's `app` list (its
    /// own group: a reading takes the name and the vocabulary of one app).
    static func appNameValue(_ span: VocabularySpan) -> FoundValues.Value {
        FoundValues.Value(list: "app", span: span.scalarRange, output: .int(span.match.itemIndex),
                          text: span.match.matchedText, edits: span.edits, group: span.match.itemIndex)
    }

    /// Whether a reading of this language could rank before `best` (a reading of another
    /// language), asked before the users' vocabulary is searched with edits, the dearest
    /// step of a read: the grammar is run once with the lists vocabulary fills taking any
    /// words as explained (``CompiledGrammar/mayRead(_:found:options:)``), the apps' names
    /// as found, and the limit of characters left unexplained that `best` sets. A value
    /// found by the search explains its words no better, so when no path stays within the
    /// limit, none with the values would either, and the read is skipped: a Japanese request
    /// naming "Travis" and "main" costs no search in English. (Only where the search is still
    /// to come: a search already made, or made without edits, costs less than the bound; the
    /// caller does not ask it when the diacritics-folding partner's search serves the read.)
    func mayBeat(_ best: ReadingKey, _ utterance: String, tokens: TokenizedText, policy: EditPolicy, freeText: Bool, memo: Memo) -> Bool {
        guard best.wordEdits == 0, freeText, policy.maxEdits(forKeyLength: .max) > 0,
              !memo.hasUserSpans(of: model, policy: policy)
        else { return true }
        var found = FoundValues(closedLists: ["app"])
        found.explainedLists = engine.vocabularyListNames
        found.explainedLists.formUnion(model.dateTimeLists)
        for span in memo.appSpans(in: tokens, of: model, policy: policy).names { found.append(Reader.appNameValue(span)) }
        var options = MatchOptions(fuzziness: .off, maxEdits: 0, limit: 1)
        options.maxUnexplained = best.unexplained
        return model.compiled.mayRead(utterance, found: found, options: options)
    }

    /// The spans of the users' vocabulary in `tokens` as this language's index finds them,
    /// taken from the search of its diacritics-folding partner (``Engine/diacriticsFoldingPartners``:
    /// German from English) when the parse searches that one anyway; nil when it does not,
    /// or when checking the partner's spans would cost more than a search.
    ///
    /// The two indexes hold the same items, normalized alike except that the partner folds
    /// diacritics. Where both tokenize the utterance into the same units and the fold
    /// keeps each unit's length (no combining mark to drop: "für" becomes "fur", one
    /// letter for one), the searches read texts of the same lengths, so with the same edit
    /// budgets, and folding text and key only brings them nearer: every span this index
    /// finds, the partner finds too, with no more edits. A span on units the fold leaves as
    /// they are, of a phrase it leaves as it is, has the same edits here and is the same
    /// span; any other ("später" read as "Spater", or "Täsche" for "Tische") is measured
    /// again in this index (``VocabularyIndex/span(ofItem:units:in:policy:)``), which keeps
    /// or drops it. `PartnerSpansTests` checks the result against this index's own search.
    func partnerUserSpans(_ utterance: String, tokens: TokenizedText, policy: EditPolicy, memo: Memo) -> [VocabularySpan]? {
        guard let partner = engine.diacriticsFoldingPartners[ObjectIdentifier(model)],
              memo.searchedShards.contains(ObjectIdentifier(memo.user.shard(partner.form))),
              !Normalizer.containsFoldableMarks(tokens.normalizedScalars) else { return nil }
        let partnerTokens = memo.tokens(of: utterance, in: partner)
        guard partnerTokens.units.count == tokens.units.count else { return nil }
        var unchangedUnits: [Bool] = []
        unchangedUnits.reserveCapacity(tokens.units.count)
        for (mine, theirs) in zip(tokens.units, partnerTokens.units) {
            guard mine.scalarRange == theirs.scalarRange, mine.normalizedRange.count == theirs.normalizedRange.count else { return nil }
            unchangedUnits.append(tokens.normalizedScalars(of: mine).elementsEqual(partnerTokens.normalizedScalars(of: theirs)))
        }
        let spans = memo.userSpans(in: partnerTokens, of: partner, policy: policy)
        let same = spans.map { span in
            span.units.allSatisfy { unchangedUnits[$0] } && Normalizer.isUnchangedByDiacriticsFold(span.match.matchedText.unicodeScalars)
        }
        // Measuring a span normalizes its item's phrases (a few microseconds each): past a
        // handful, this index's own search is cheaper.
        let toMeasure = same.count { !$0 }
        guard toMeasure <= Reader.spansMeasuredAtMost else { return nil }
        guard toMeasure > 0 else { return spans }
        let index = vocabulary.user.index
        // (A span measured again may rank otherwise among those on the same units.)
        return spans.indices.compactMap { position in
            same[position] ? spans[position]
                : index.span(ofItem: spans[position].match.itemIndex, units: spans[position].units, in: tokens, policy: policy)
        }.sorted { $0.precedes($1) }
    }

    /// How many of a partner's spans ``partnerUserSpans(_:tokens:policy:memo:)`` measures
    /// again before searching this language's index instead.
    static let spansMeasuredAtMost = 6

    /// What every candidate of one read resolves with: one object per read, so that a
    /// candidate holds a reference to it rather than its own copies (a closure per
    /// candidate capturing these cost a retain per array and string, dozens of times a read).
    final class Scope {
        let reader: Reader
        let offers: [Offer]
        let vocabularyOffers: [Offer]
        let appNameSpans: [Range<Int>]
        let locked: Bool
        /// The dates and times of the read.
        let dateTimes: DateTimeFinds
        /// The utterance as the read tokenized it (nil for a reading not made by the grammar).
        let tokens: TokenizedText?
        /// The intents this read's readings named so far, with the apps supporting each:
        /// a read's readings name a few intents, and comparing a name with those costs less
        /// than hashing it twice (catalogue, apps) for every reading.
        var intents: [(name: String, intent: IntentDefinition?, supporting: [Int])] = []
        /// The parse's free texts read as part of an app's items (``Memo/partialMatches``).
        let partialMatches: PartialMatchMemo

        init(reader: Reader, offers: [Offer], vocabularyOffers: [Offer], appNameSpans: [Range<Int>], locked: Bool,
             dateTimes: DateTimeFinds = .none, tokens: TokenizedText? = nil, partialMatches: PartialMatchMemo) {
            self.partialMatches = partialMatches
            self.reader = reader
            self.offers = offers
            self.vocabularyOffers = vocabularyOffers
            self.appNameSpans = appNameSpans
            self.locked = locked
            self.dateTimes = dateTimes
            self.tokens = tokens
        }
    }

    /// A grammar hypothesis read for one app, before ranking (a class: candidates are
    /// sorted, filtered and compared, and a struct this size costs a retain per reference on
    /// every copy). Its ``ReadingKey`` comes from the slots and the catalogue alone
    /// (``Reader/readingKey(of:intent:app:offers:appNameSpans:)``); its parameters are
    /// resolved only when the ranking reaches it (``hypothesis``): of the dozens of
    /// (reading, app) pairs a free-text read yields, the engine returns a few.
    final class Candidate {
        let match: Hypothesis
        let intent: IntentDefinition
        /// The app's index in the engine.
        let app: Int
        let rank: Int
        let evidence: Int
        let mentioned: Bool
        /// Whether the reading is an app's example phrase (its match names the app).
        let isExample: Bool
        let reading: ReadingKey
        private let selection: AppSelection
        private let scope: Scope
        private var resolved: IntentHypothesis?
        /// The offers of the read the candidate comes from.
        var scopeOffers: [Offer] { scope.offers }

        init(match: Hypothesis, intent: IntentDefinition, app: Int, rank: Int, evidence: Int, mentioned: Bool, isExample: Bool,
             reading: ReadingKey, selection: AppSelection, scope: Scope) {
            self.match = match
            self.intent = intent
            self.app = app
            self.rank = rank
            self.evidence = evidence
            self.mentioned = mentioned
            self.isExample = isExample
            self.reading = reading
            self.selection = selection
            self.scope = scope
        }

        /// The hypothesis with its parameters resolved (once).
        var hypothesis: IntentHypothesis {
            if let resolved { return resolved }
            let (engine, model) = (scope.reader.engine, scope.reader.model)
            let resolver = Resolver(scope: scope, app: app)
            let parameters = resolver.parameters(of: intent, from: match)
            let hypothesis = IntentHypothesis(app: engine.apps[app], appSelection: selection, intent: intent, language: model.tag,
                                              parameters: parameters, confidence: match.confidence * parameters.reduce(1) { product, parameter in
                                                  parameter.values.reduce(product) { $0 * $1.resolution.confidenceFactor }
                                              },
                                              requiresUnlock: scope.locked && engine.apps[app].intentsRestrictedWhileLocked.contains(intent.name),
                                              match: match, reading: reading,
                                              tieBreak: IntentHypothesis.TieBreak(grammarRank: rank, tieGroup: rank, appEvidence: evidence))
            assert(ReadingKey(parameters: parameters, match: match, appNameSpans: scope.appNameSpans) == reading,
                   "the reading key without resolution differs from the resolved one: \(intent.name), \(match.slots.map(\.name))")
            resolved = hypothesis
            return hypothesis
        }
    }

    /// The apps a grammar hypothesis can go to, each to be resolved when ranked, appended to
    /// `result` (one array for a read's hypotheses, not one per hypothesis).
    func appendCandidates(for match: Hypothesis, rank: Int, scope: Scope, to result: inout [Candidate]) {
        let offers = scope.offers
        let name = match.intent
        let definition: (intent: IntentDefinition?, supporting: [Int])
        if let entry = scope.intents.first(where: { $0.name == name }) {
            definition = (entry.intent, entry.supporting)
        } else {
            let intent = engine.catalogue[name]
            definition = (intent, intent.flatMap { engine.appsSupporting[$0.name] } ?? [])
            scope.intents.append((name, definition.intent, definition.supporting))
        }
        guard let intent = definition.intent else { return }
        // Found values are grouped by app (``FoundValues/Value/group``), so the grammar never
        // returns a reading with the names or vocabulary of two apps: one app at most.
        var mentioned: Int?
        var mentionText = ""
        var vocabularyApp: Int?
        var evidence = 0
        for slot in match.slots {
            guard let index = slot.foundIndex, index < offers.count else { continue }
            let offer = offers[index]
            if offer.isAppName {
                mentioned = offer.app
                mentionText = slot.text
            } else {
                vocabularyApp = offer.app
                evidence += 1
            }
        }
        if let mention {
            if let mentioned, mentioned != mention.app { return }
            mentioned = mention.app
            mentionText = mention.text
        }
        var example: Int?
        let exampleApp = match.metadata["app"]
        if let bundle = exampleApp?.string {
            guard let app = engine.apps.firstIndex(where: { $0.bundleIdentifier == bundle }) else { return }
            example = app
        }
        let supporting = definition.supporting
        let targets: [Int]
        if let app = mentioned ?? example {
            if let mentioned, let example, mentioned != example { return }
            guard supporting.contains(app) else { return }
            targets = [app]
        } else {
            targets = supporting
        }
        let selection: AppSelection = mentioned != nil ? .mentioned(mentionText) : example != nil ? .example : .vocabulary(matches: evidence)
        var match = match
        if let liftedDate {
            guard let withDate = giving(liftedDate, to: match, intent: intent, scope: scope) else { return }
            match = withDate
        }
        for app in targets {
            if let vocabularyApp, vocabularyApp != app { continue }
            let match = itemsToTheirParameters(datesOutOfFreeText(match, intent: intent, scope: scope), intent: intent, app: app, offers: offers,
                                               tokens: scope.tokens)
            let reading = readingKey(of: match, intent: intent, app: app, offers: offers, appNameSpans: scope.appNameSpans)
            result.append(Candidate(match: match, intent: intent, app: app, rank: rank, evidence: evidence,
                                    mentioned: mentioned != nil || example != nil, isExample: exampleApp != nil, reading: reading,
                                    selection: selection, scope: scope))
        }
    }

    /// `match` with each free-text value that is exactly an item of `app` of another
    /// parameter's list given to that parameter, when the intent has it and nothing fills
    /// it: the vocabulary says what a value is ("Écris au Horn Club : …" reads the group
    /// where the template put a contact; "messages from the Stardust Team" are a group's,
    /// not a sender's). The item must be found on exactly the value's words.
    func itemsToTheirParameters(_ match: Hypothesis, intent: IntentDefinition, app: Int, offers: [Offer], tokens: TokenizedText?) -> Hypothesis {
        let slots = match.slots
        var changed: [SlotMatch]?
        for index in slots.indices {
            let slot = slots[index]
            guard slot.kind == .wildcard, slot.foundIndex == nil, let span = slot.span,
                  let parameter = intent.parameters.first(where: { $0.name == slot.name }), case .vocabulary = parameter.kind else { continue }
            for (offerIndex, offer) in offers.enumerated() where !offer.isAppName && offer.app == app
                && offer.span.scalarRange.clamped(to: span) == offer.span.scalarRange {
                let lists = vocabulary.owner(offer.span.match.itemIndex).lists
                guard !lists.contains(where: { $0 == parameter.list }),
                      let other = intent.parameters.first(where: { other in
                          other.name != parameter.name && other.list.map { lists.contains($0) } == true
                              && !(changed ?? slots).contains { $0.name == other.name }
                      }),
                      isFrame(around: offer.span.scalarRange, in: slot, tokens: tokens) else { continue }
                // The item as written in the utterance: a slot's text is not its span's
                // scalars one for one (runs of spaces are one space in it, punctuation that
                // ends a word is dropped).
                let item = offer.span.scalarRange
                guard let text = Self.written(item, inside: slot, tokens: tokens) else { continue }
                if changed == nil { changed = slots }
                changed![index] = SlotMatch(name: other.name, value: .string(offer.span.match.matchedText), text: text,
                                            span: item, kind: .wildcard, foundIndex: offerIndex)
                break
            }
        }
        return changed.map { match.with(slots: $0) } ?? match
    }

    /// Whether what `slot` says around `item` (a range of the utterance inside the slot's
    /// span) is only words the templates spell: an article or a possessive ("the Stardust
    /// Team"), not more of a name.
    func isFrame(around item: Range<Int>, in slot: SlotMatch, tokens: TokenizedText?) -> Bool {
        guard let span = slot.span, item != span else { return true }
        for part in [span.lowerBound..<item.lowerBound, item.upperBound..<span.upperBound] where !part.isEmpty {
            guard let said = Self.written(part, inside: slot, tokens: tokens) else { return false }
            let words = PartialMatch.Words(model.compiled.tokenize(said))
            guard PartialMatch.isFrame(words.units[...], grammar: model.compiled) else { return false }
        }
        return true
    }

    /// The text of `range` (inside `slot`'s span) as the utterance writes it: from `tokens`,
    /// or from the slot's text when it holds the span's scalars one for one; nil when
    /// neither can say.
    static func written(_ range: Range<Int>, inside slot: SlotMatch, tokens: TokenizedText?) -> String? {
        if let tokens, range.upperBound <= tokens.text.unicodeScalars.count { return String(tokens.original(scalars: range)) }
        guard let span = slot.span, range.lowerBound >= span.lowerBound, range.upperBound <= span.upperBound else { return nil }
        let scalars = Array(slot.text.unicodeScalars)
        guard scalars.count == span.count else { return nil }
        return String(String.UnicodeScalarView(scalars[(range.lowerBound - span.lowerBound)..<(range.upperBound - span.lowerBound)]))
    }

    /// The ``ReadingKey`` that ``Resolver`` would give `match` for `app`, from the slots and
    /// the catalogue: a value said is free text (``MatchKind/text``) unless a vocabulary
    /// item other than an app name was found for it or the grammar matched a list value,
    /// number or fixed value; a parameter not said needs a value when it is required, no
    /// parameter said waives it and the app has no item it defaults to
    /// (``Resolver/unsaid(_:in:)``). Debug builds check it against the key of the resolved
    /// parameters.
    func readingKey(of match: Hypothesis, intent: IntentDefinition, app: Int, offers: [Offer], appNameSpans: [Range<Int>]) -> ReadingKey {
        // (Slots and parameters read in place, by index: bound to locals they would be copied,
        // a retain and a release for each of their strings, for every reading of every app.)
        let (guessed, missing) = match.slots.withUnsafeBufferPointer { slots in
            func guesses(_ index: Int, vocabulary: Bool) -> Bool {
                guard Resolver.isFreeText(slots[index], offers: offers) else { return false }
                if vocabulary { return true }
                return slots[index].span.map { appNameSpans.contains($0) } ?? false
            }
            return intent.withParameterIndices(of: slots) { parameterOf in
                var guessed = 0, missing = 0
                for parameter in intent.parameters.indices {
                    var said = false
                    let isVocabulary = if case .vocabulary = intent.parameters[parameter].kind { true } else { false }
                    for index in slots.indices where parameterOf[index] == parameter {
                        said = true
                        if guesses(index, vocabulary: isVocabulary) { guessed += 1 }
                    }
                    if !said, intent.parameters[parameter].isNeeded(saying: { name in slots.indices.contains { slots[$0].name == name } }),
                       !Resolver.hasDefaultItems(intent.parameters[parameter], app: app, in: vocabulary) {
                        missing += 1
                    }
                }
                for index in slots.indices where parameterOf[index] < 0 && slots[index].name != "app" && guesses(index, vocabulary: false) {
                    guessed += 1
                }
                return (guessed, missing)
            }
        }
        return ReadingKey(guessed: guessed, missing: missing, match: match)
    }

    /// Best first, by ``ReadingKey``; readings that tie on it keep the grammar's order,
    /// except that among matches the grammar ranks alike an app with more vocabulary
    /// evidence goes first (``tieBreaks(of:)``);
    /// one hypothesis per app, intent and values; apps as plausible as the best one for the
    /// same intent are marked ambiguous. Candidates are resolved in that order, as far as
    /// the ranking looks. `examples` is the example rule of these candidates.
    func ranked(_ candidates: [Candidate], examples: ExampleRule) -> [IntentHypothesis] {
        #if DEBUG
        // Debug builds resolve every candidate, so that each key is checked against its
        // resolved parameters (the assertion in `Candidate.hypothesis`), not only those ranked.
        for candidate in candidates { _ = candidate.hypothesis }
        #endif
        let tieBreaks = Reader.tieBreaks(of: candidates)
        // Indices are sorted, not the candidates: by reading key, then by the grammar's
        // order of its matches, where for matches the grammar ranks alike the app with
        // more vocabulary evidence goes first (the app whose contacts hold the name gets the
        // message), then the candidates' order (apps as the engine holds them).
        let readings = candidates.map(\.reading)
        let order = candidates.indices.sorted { i, j in
            if readings[i] != readings[j] { return readings[i] < readings[j] }
            let (l, r) = (tieBreaks[i], tieBreaks[j])
            if l.tieGroup != r.tieGroup { return l.tieGroup < r.tieGroup }
            if l.appEvidence != r.appEvidence { return l.appEvidence > r.appEvidence }
            if l.grammarRank != r.grammarRank { return l.grammarRank < r.grammarRank }
            return i < j
        }
        let limit = engine.options.limit
        // One hypothesis per app, intent and values (each parameter's values and
        // identifiers, in order), compared with the few kept rather than spelled out.
        // (Asked only of candidates of the same app and intent.)
        // (By index: zipping copied every parameter and value out of its array.)
        func sameValues(_ a: IntentHypothesis, _ b: IntentHypothesis) -> Bool {
            let (p, q) = (a.parameters, b.parameters)
            guard p.count == q.count else { return false }
            for i in p.indices {
                guard p[i].name == q[i].name, p[i].values.count == q[i].values.count else { return false }
                for j in p[i].values.indices
                where p[i].values[j].value != q[i].values[j].value || p[i].values[j].identifier != q[i].values[j].identifier { return false }
            }
            return true
        }
        var unique: [Int] = []
        for index in order {
            let candidate = candidates[index]
            // Enough kept, and past every reading as good as the best (app ambiguity looks no further).
            if unique.count >= limit, candidate.reading != candidates[unique[0]].reading { break }
            if examples.drops(candidate) { continue }
            // Only candidates of the same intent and app can be the same hypothesis: the
            // others are not resolved to compare them.
            if !unique.contains(where: {
                candidates[$0].app == candidate.app && candidates[$0].intent.name == candidate.intent.name
                    && sameValues(candidates[$0].hypothesis, candidate.hypothesis)
            }) { unique.append(index) }
        }
        guard let first = unique.first else { return [] }
        let top = candidates[first]
        // App ambiguity: the same reading, not naming an app, equally good for several apps.
        var ambiguousApps: [String] = []
        if !top.mentioned {
            for candidate in unique.lazy.map({ candidates[$0] }) where candidate.intent.name == top.intent.name && !candidate.mentioned
                && candidate.evidence == top.evidence && candidate.reading == top.reading
                && candidate.match.ranking.ties(with: top.match.ranking)
                && !ambiguousApps.contains(engine.apps[candidate.app].bundleIdentifier) {
                ambiguousApps.append(engine.apps[candidate.app].bundleIdentifier)
            }
        }
        return unique.prefix(limit).map { index in
            let candidate = candidates[index]
            let h = candidate.hypothesis
            var selection = h.appSelection
            var confidence = h.confidence
            if ambiguousApps.count > 1, ambiguousApps.contains(h.app.bundleIdentifier), h.intent.name == top.intent.name,
               !candidate.mentioned, candidate.evidence == top.evidence {
                selection = .ambiguous(ambiguousApps)
                confidence /= Double(ambiguousApps.count)
            }
            return h.with(appSelection: selection, confidence: confidence, tieBreak: tieBreaks[index])
        }
    }

    /// What orders candidates that tie on their reading key (``IntentHypothesis/TieBreak``).
    ///
    /// Vocabulary evidence chooses between apps, not between two readings of one app's
    /// words: among matches the grammar ranks alike (its tie group), an app's evidence is
    /// the most any of its readings with the same key has, and within one app the grammar's
    /// order stands. A value of the grammar's own lists ("this song", "music") is no weaker
    /// than a user's entry that happens to spell the same words (a playlist called "This").
    static func tieBreaks(of candidates: [Candidate]) -> [IntentHypothesis.TieBreak] {
        var result = candidates.map {
            IntentHypothesis.TieBreak(grammarRank: $0.rank, tieGroup: $0.rank, appEvidence: $0.evidence)
        }
        // The grammar's matches come sorted by its key, so matches it ranks alike have
        // consecutive ranks: a tie group is named by its first rank. (A read appends the
        // candidates in rank order; the sort keeps any other order right.)
        var byRank = Array(candidates.indices)
        if !zip(candidates, candidates.dropFirst()).allSatisfy({ $0.rank <= $1.rank }) {
            byRank.sort { (candidates[$0].rank, $0) < (candidates[$1].rank, $1) }
        }
        var start = 0
        while start < byRank.count {
            var end = start + 1
            while end < byRank.count {
                let (last, next) = (candidates[byRank[end - 1]], candidates[byRank[end]])
                guard last.rank == next.rank || last.match.ranking.ties(with: next.match.ranking) else { break }
                end += 1
            }
            let group = candidates[byRank[start]].rank
            for member in byRank[start..<end] {
                let candidate = candidates[member]
                var evidence = candidate.evidence
                for other in byRank[start..<end] where candidates[other].app == candidate.app && candidates[other].reading == candidate.reading {
                    evidence = max(evidence, candidates[other].evidence)
                }
                result[member].tieGroup = group
                result[member].appEvidence = evidence
            }
            start = end
        }
        return result
    }

    /// An app's example phrases extend the grammar; they do not override it: a reading
    /// from an example is dropped when a built-in template reads the utterance as the same
    /// intent for the same app at least as well (no more template words corrected, no more
    /// required parameters unsaid). An example's words are literal and say no values:
    /// "Send status to Travis using Commander" taken literally leaves the message unsaid,
    /// which the built-in template fills; "Pause my yoga in Excite Yoga" names no workout,
    /// which the built-in template reads ("yoga") for the resolver to judge.
    struct ExampleRule {
        private struct AppIntent: Hashable { let app: Int; let intent: String }
        private var builtIn: [AppIntent: [ReadingKey]] = [:]

        init(_ candidates: [Candidate]) {
            // (Most reads have no example's reading, and then nothing to drop.)
            guard candidates.contains(where: \.isExample) else { return }
            for candidate in candidates where !candidate.isExample {
                builtIn[AppIntent(app: candidate.app, intent: candidate.intent.name), default: []].append(candidate.reading)
            }
        }

        /// Whether `candidate` is an example's reading that a built-in template's drops.
        func drops(_ candidate: Candidate) -> Bool {
            guard candidate.isExample,
                  let readings = builtIn[AppIntent(app: candidate.app, intent: candidate.intent.name)] else { return false }
            return readings.contains { $0.wordEdits <= candidate.reading.wordEdits && $0.missing <= candidate.reading.missing }
        }
    }

    /// Across languages: the better ``ReadingKey``, then the higher confidence.
    static func isBetter(_ lhs: IntentHypothesis, than rhs: IntentHypothesis) -> Bool {
        if lhs.reading != rhs.reading { return lhs.reading < rhs.reading }
        return lhs.confidence > rhs.confidence
    }
}
