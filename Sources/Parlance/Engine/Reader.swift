import ParlanceDateTime
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// One utterance read in one language, in three stages:
///
/// 1. **offers** (Reader+Offers.swift): the vocabulary found in the utterance (the user's,
///    the apps', the apps' names) and the dates, offered to the grammar as list values;
/// 2. **candidates** (Reader+Candidates.swift): each grammar match, one per app that can
///    take it, with its ``ReadingKey``;
/// 3. **ranking** (Reader+Ranking.swift): the candidates in key order, resolved as far as
///    the ranking looks (``Resolver``), one hypothesis per app, intent and values.
///
/// It reads the parse's ``Utterance`` of the text (from its ``Memo``); which reads a parse
/// makes, in which order, is the engine's cascade of ``ReadPass``es. Between stage 1 and 2
/// the users' vocabulary may be searched again with edits on the words the candidates
/// leave to free text (``read(locked:memo:pass:mustBeat:)``).
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

    /// The hypotheses of one read of the memo's text in this language (``ReadPass``), best first.
    ///
    /// `mustBeat`: a reading already found (in another language): only readings that could
    /// rank before it are wanted. With no template word corrected, it leaves some characters
    /// unexplained (``ReadingKey``'s second criterion), and the grammar drops every path that
    /// leaves more (``MatchOptions/maxUnexplained``).
    func read(locked: Bool, memo: Memo, pass: ReadPass = .full(), mustBeat: ReadingKey? = nil) -> [IntentHypothesis] {
        let utterance = memo.utterance(in: model)
        let tokens = utterance.tokens
        let (fuzziness, freeText, onlyIfUnbeatable) = (pass.fuzziness, pass.freeText, pass.onlyIfUnbeatable)
        let policy = pass.vocabulary ?? engine.options.editPolicy(for: model.language)
        // Spans a search of the diacritics-folding partner already found serve this read at
        // little cost, as a search of its own already made would: then the bound costs more
        // than the read it guards (with the users' lists taking any words it often lets the
        // read pass anyway), and is not asked.
        let partnerSearched = engine.diacriticsFoldingPartners[model.position].map { memo.hasUserSpans(of: $0, policy: policy) } ?? false
        let partnerSpans = partnerSearched ? partnerUserSpans(policy: policy, memo: memo) : nil
        if partnerSpans == nil, let mustBeat, !mayBeat(mustBeat, policy: policy, freeText: freeText, memo: memo) { return [] }
        // (See below: with edits and free text, the users' vocabulary is checked on a few
        // words rather than searched, and a search of the partner would cost more.)
        let checksFewWords = freeText && policy.maxEdits(forKeyLength: .max) > 0 && !memo.hasUserSpans(of: model, policy: policy)
        func reading(offering known: [VocabularySpan]) -> Reading {
            read(utterance, known: known, locked: locked, memo: memo, fuzziness: fuzziness, policy: policy,
                 onlyIfUnbeatable: onlyIfUnbeatable, freeText: freeText, mustBeat: mustBeat)
        }
        if let known = partnerSpans
            ?? (partnerSearched || checksFewWords ? nil : partnerUserSpans(policy: policy, memo: memo)) {
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
        guard checksFewWords else { return reading(offering: memo.userSpans(of: model, policy: policy)).ranked(by: self) }
        var known = memo.userSpans(of: model, policy: .fixed(0))
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

    /// A read offering `known` as the users' vocabulary found in the utterance: the
    /// vocabulary's offers (``offers(known:appSpans:freeText:)``), the grammar's matches,
    /// the candidates they make (``appendCandidates(for:rank:scope:to:)``).
    private func read(_ utterance: Utterance, known: [VocabularySpan], locked: Bool, memo: Memo,
                      fuzziness: MatchOptions.Fuzziness?, policy: EditPolicy, onlyIfUnbeatable: Bool, freeText: Bool,
                      mustBeat: ReadingKey?) -> Reading {
        let tokens = utterance.tokens
        var offered = offers(known: known, appSpans: memo.appSpans(of: model, policy: policy), freeText: freeText)
        let dateTimes = dateTimeFinds(tokens: tokens, memo: memo, base: offered.offers.count, into: &offered.found)
        let found = offered.found
        let firstLimit = max(12, engine.options.limit * 2)
        var matchOptions = MatchOptions(fuzziness: fuzziness ?? engine.options.fuzziness, maxEdits: 2, limit: firstLimit)
        matchOptions.keepsRepeatedSlots = true
        matchOptions.beamWidth = engine.options.beamWidth
        // The grammar ranks its matches, and its beam its paths, by what the reading key
        // puts first: template words corrected, then characters left unexplained.
        matchOptions.order = .leastUnexplained
        if let mustBeat, mustBeat.wordEdits == 0 { matchOptions.maxUnexplained = mustBeat.unexplained }
        // The grammar's best readings first; when no app can take any of them and the grammar
        // had more, ask once again for eight times as many. (Values of two apps never meet
        // in one reading: found values are grouped by app. What is left are readings of an
        // intent that the app whose vocabulary or example phrase they hold does not support.)
        while true {
            let result = memo.match(in: model, found: found, options: matchOptions)
            if onlyIfUnbeatable, !result.hypotheses.contains(where: {
                $0.ranking.wordEdits == 0 && $0.ranking.valueEdits == 0 && $0.ranking.wildcardScalars == 0
            }) { return Reading(candidates: [], examples: nil) }
            var candidates: [Candidate] = []
            let scope = Scope(reader: self, offers: offered.offers, vocabularyOffers: offered.vocabularyOffers, appNameSpans: offered.appNameSpans, locked: locked,
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
    func mayBeat(_ best: ReadingKey, policy: EditPolicy, freeText: Bool, memo: Memo) -> Bool {
        guard best.wordEdits == 0, freeText, policy.maxEdits(forKeyLength: .max) > 0,
              !memo.hasUserSpans(of: model, policy: policy)
        else { return true }
        var found = FoundValues(closedLists: ["app"])
        found.explainedLists = engine.vocabularyListNames
        found.explainedLists.formUnion(model.dateTimeLists)
        for span in memo.appSpans(of: model, policy: policy).names { found.append(Reader.appNameValue(span)) }
        var options = MatchOptions(fuzziness: .off, maxEdits: 0, limit: 1)
        options.maxUnexplained = best.unexplained
        return model.compiled.mayRead(memo.utterance(in: model), found: found, options: options)
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
    func partnerUserSpans(policy: EditPolicy, memo: Memo) -> [VocabularySpan]? {
        let utterance = memo.utterance(in: model)
        let tokens = utterance.tokens
        // (Spans of items elided onto a word, ``Utterance/apostrophesSplit``, have edges
        // inside units, which a measure of units cannot check: such texts are searched.)
        guard let partner = engine.diacriticsFoldingPartners[model.position], memo.searchedForms.contains(partner.form),
              utterance.apostrophesSplit == nil, !Normalizer.containsFoldableMarks(tokens.normalizedScalars) else { return nil }
        let partnerTokens = memo.utterance(in: partner).tokens
        guard partnerTokens.units.count == tokens.units.count else { return nil }
        var unchangedUnits: [Bool] = []
        unchangedUnits.reserveCapacity(tokens.units.count)
        for (mine, theirs) in zip(tokens.units, partnerTokens.units) {
            guard mine.scalarRange == theirs.scalarRange, mine.normalizedRange.count == theirs.normalizedRange.count else { return nil }
            unchangedUnits.append(tokens.normalizedScalars(of: mine).elementsEqual(partnerTokens.normalizedScalars(of: theirs)))
        }
        let spans = memo.userSpans(of: partner, policy: policy)
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

    /// How many of a partner's spans ``partnerUserSpans(policy:memo:)`` measures
    /// again before searching this language's index instead.
    static let spansMeasuredAtMost = 6
}
