import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// One utterance read in one language: vocabulary spans → grammar match → hypotheses per
/// app → resolutions.
struct Reader {
    let engine: Engine
    let model: LanguageModel

    /// A value offered to the grammar: a vocabulary item or an app name, where it stands.
    struct Offer {
        let span: VocabularySpan
        /// The app it belongs to.
        let app: Int
        /// True for an app name.
        let isAppName: Bool
    }

    func read(_ utterance: String, locked: Bool) -> [IntentHypothesis] {
        let tokens = model.compiled.tokenizer.tokenize(utterance)
        var found = FoundValues(closedLists: ["app"])
        var offers: [Offer] = []
        for span in model.vocabulary.allSpans(in: tokens, policy: engine.options.editPolicy) {
            let owner = model.owners[span.match.itemIndex]
            for list in owner.lists {
                found.append(FoundValues.Value(list: list, span: span.scalarRange, output: .int(span.match.itemIndex),
                                               text: span.match.matchedText, edits: span.edits))
                offers.append(Offer(span: span, app: owner.app, isAppName: false))
            }
        }
        for span in model.appNames.allSpans(in: tokens, policy: engine.options.editPolicy) {
            found.append(FoundValues.Value(list: "app", span: span.scalarRange, output: .int(span.match.itemIndex),
                                           text: span.match.matchedText, edits: span.edits))
            offers.append(Offer(span: span, app: span.match.itemIndex, isAppName: true))
        }
        var matchOptions = MatchOptions(fuzziness: engine.options.fuzziness, maxEdits: 2, limit: max(32, engine.options.limit * 4))
        matchOptions.keepsRepeatedSlots = true
        let result = model.compiled.match(utterance, found: found, options: matchOptions)

        var candidates: [Candidate] = []
        for (rank, hypothesis) in result.hypotheses.enumerated() {
            candidates += self.candidates(for: hypothesis, rank: rank, offers: offers, found: found, locked: locked)
        }
        return ranked(candidates)
    }

    /// A hypothesis for one app, before ranking.
    struct Candidate {
        let hypothesis: IntentHypothesis
        let rank: Int
        let evidence: Int
        let mentioned: Bool
        /// Vocabulary parameters filled with free text (no vocabulary matched the words), and
        /// free text that is exactly an app's name.
        let guessed: Int
        /// Required parameters not said.
        let missing: Int
    }

    /// The apps a grammar hypothesis can go to, each with its parameters resolved.
    func candidates(for match: Hypothesis, rank: Int, offers: [Offer], found: FoundValues, locked: Bool) -> [Candidate] {
        guard let intent = engine.catalogue[match.intent] else { return [] }
        let appNameSpans = Set(offers.filter(\.isAppName).map(\.span.scalarRange))
        var mentioned: Int?
        var mentionText = ""
        var vocabularyApps: Set<Int> = []
        var evidence = 0
        for slot in match.slots {
            guard let index = slot.foundIndex else { continue }
            let offer = offers[index]
            if offer.isAppName {
                if let already = mentioned, already != offer.app { return [] }
                mentioned = offer.app
                mentionText = slot.text
            } else {
                vocabularyApps.insert(offer.app)
                evidence += 1
            }
        }
        // Vocabulary of one app only: values of two apps cannot go to one.
        guard vocabularyApps.count <= 1 else { return [] }
        var example: Int?
        if let bundle = match.metadata["app"]?.string {
            guard let app = engine.apps.firstIndex(where: { $0.bundleIdentifier == bundle }) else { return [] }
            example = app
        }
        let targets: [Int]
        if let app = mentioned ?? example {
            if let mentioned, let example, mentioned != example { return [] }
            targets = [app]
        } else {
            targets = engine.apps.indices.filter { engine.apps[$0].supports(intent.name) }
        }
        var result: [Candidate] = []
        for app in targets where engine.apps[app].supports(intent.name) {
            if let owner = vocabularyApps.first, owner != app { continue }
            let resolver = Resolver(engine: engine, model: model, app: app, offers: offers, found: found)
            let parameters = resolver.parameters(of: intent, from: match)
            let selection: AppSelection = mentioned != nil ? .mentioned(mentionText) : example != nil ? .example : .vocabulary(matches: evidence)
            let hypothesis = IntentHypothesis(app: engine.apps[app], appSelection: selection, intent: intent, language: model.tag,
                                              parameters: parameters, score: match.confidence,
                                              requiresUnlock: locked && engine.apps[app].intentsRestrictedWhileLocked.contains(intent.name),
                                              match: match)
            let (guessed, missing) = Self.counts(parameters, appNameSpans: appNameSpans)
            result.append(Candidate(hypothesis: hypothesis, rank: rank, evidence: evidence, mentioned: mentioned != nil || example != nil,
                                    guessed: guessed, missing: missing))
        }
        return result
    }

    /// Best first, by a lexicographic key: fewer corrected template words; fewer vocabulary
    /// parameters filled with free text (words no vocabulary explains); fewer required
    /// parameters unsaid (a free-text slot that takes the message explains words a shorter
    /// reading leaves out); then the grammar's ``RankingKey``; then vocabulary evidence; one hypothesis per app,
    /// intent and values; apps as plausible as the best one for the same intent are marked
    /// ambiguous.
    func ranked(_ candidates: [Candidate]) -> [IntentHypothesis] {
        let sorted = candidates.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            let (lw, rw) = (l.hypothesis.match.ranking.wordEdits, r.hypothesis.match.ranking.wordEdits)
            if lw != rw { return lw < rw }
            if l.guessed != r.guessed { return l.guessed < r.guessed }
            if l.missing != r.missing { return l.missing < r.missing }
            if l.rank != r.rank {
                // Grammar order, unless the two tie on what decides and one has more evidence.
                if l.hypothesis.match.ranking.ties(with: r.hypothesis.match.ranking), l.evidence != r.evidence { return l.evidence > r.evidence }
                return l.rank < r.rank
            }
            if l.evidence != r.evidence { return l.evidence > r.evidence }
            return lhs.offset < rhs.offset
        }.map(\.element)
        // An app's example phrases extend the grammar; they do not override it: a reading
        // from an example is dropped when a built-in template reads the utterance as the same
        // intent for the same app at least as well (no more parameters guessed or missing):
        // "Send status to Travis using Commander" is an example whose words, taken literally,
        // leave the message unsaid, while the built-in template fills it.
        var builtIn: [String: [(guessed: Int, missing: Int)]] = [:]
        for candidate in sorted where candidate.hypothesis.match.metadata["app"] == nil {
            builtIn[candidate.hypothesis.app.bundleIdentifier + "|" + candidate.hypothesis.intent.name, default: []]
                .append((candidate.guessed, candidate.missing))
        }
        var seen: Set<String> = []
        var unique: [Candidate] = []
        for candidate in sorted {
            if candidate.hypothesis.match.metadata["app"] != nil,
               let readings = builtIn[candidate.hypothesis.app.bundleIdentifier + "|" + candidate.hypothesis.intent.name],
               readings.contains(where: { $0.guessed <= candidate.guessed && $0.missing <= candidate.missing }) { continue }
            let h = candidate.hypothesis
            let signature = h.app.bundleIdentifier + "|" + h.intent.name + "|" + h.parameters.map { parameter in
                parameter.name + "=" + parameter.values.map { "\($0.value?.description ?? "nil")/\($0.identifier ?? "")" }.joined(separator: ",")
            }.joined(separator: ";")
            if seen.insert(signature).inserted { unique.append(candidate) }
        }
        guard let top = unique.first else { return [] }
        // App ambiguity: the same reading, not naming an app, equally good for several apps.
        var ambiguousApps: [String] = []
        if !top.mentioned {
            for candidate in unique where candidate.hypothesis.intent.name == top.hypothesis.intent.name && !candidate.mentioned
                && candidate.evidence == top.evidence && candidate.guessed == top.guessed && candidate.missing == top.missing
                && candidate.hypothesis.match.ranking.ties(with: top.hypothesis.match.ranking)
                && !ambiguousApps.contains(candidate.hypothesis.app.bundleIdentifier) {
                ambiguousApps.append(candidate.hypothesis.app.bundleIdentifier)
            }
        }
        let limit = engine.options.limit
        return unique.prefix(limit).map { candidate in
            let h = candidate.hypothesis
            var selection = h.appSelection
            var score = h.score
            if ambiguousApps.count > 1, ambiguousApps.contains(h.app.bundleIdentifier), h.intent.name == top.hypothesis.intent.name,
               !candidate.mentioned, candidate.evidence == top.evidence {
                selection = .ambiguous(ambiguousApps)
                score /= Double(ambiguousApps.count)
            }
            return IntentHypothesis(app: h.app, appSelection: selection, intent: h.intent, language: h.language, parameters: h.parameters,
                                    score: score, requiresUnlock: h.requiresUnlock, match: h.match)
        }
    }

    /// Vocabulary parameters filled with free text (and free text that is exactly an app name
    /// found in the utterance), and required parameters unsaid: what ranks readings first.
    static func counts(_ parameters: [ParameterResult], appNameSpans: Set<Range<Int>> = []) -> (guessed: Int, missing: Int) {
        var guessed = 0, missing = 0
        for parameter in parameters {
            for value in parameter.values {
                if value.resolution.kind == .needsValue { missing += 1 }
                if case .vocabulary = parameter.definition?.kind, value.match == .text { guessed += 1 }
                // Free text that is exactly an app's name: the name was not read as one.
                else if value.match == .text, let span = value.span, appNameSpans.contains(span) { guessed += 1 }
            }
        }
        return (guessed, missing)
    }

    /// Across languages: fewer template-word edits, fewer guessed and missing parameters, fewer wildcards, less wildcard text,
    /// fewer value edits, more template text, then the higher score.
    static func isBetter(_ lhs: IntentHypothesis, than rhs: IntentHypothesis) -> Bool {
        let l = lhs.match.ranking, r = rhs.match.ranking
        let (lg, lm) = counts(lhs.parameters), (rg, rm) = counts(rhs.parameters)
        if (l.wordEdits, lg, lm) != (r.wordEdits, rg, rm) { return (l.wordEdits, lg, lm) < (r.wordEdits, rg, rm) }
        let left = (l.wildcards, l.wildcardScalars, l.valueEdits, -l.literalScalars)
        let right = (r.wildcards, r.wildcardScalars, r.valueEdits, -r.literalScalars)
        if left != right { return left < right }
        return lhs.score > rhs.score
    }
}
