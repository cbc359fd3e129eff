import ParlanceGrammar

/// The third stage of a read: ranking. Candidates in the order of their ``ReadingKey``,
/// ties broken by the grammar's order and the apps' vocabulary evidence; one hypothesis
/// per app, intent and values; apps as good as the best marked ambiguous.
extension Reader {
    /// Best first, by ``ReadingKey``; among the best readings that tie on it, those with
    /// more values the app's vocabulary knows first (``knownValues(of:readings:)``); readings
    /// that tie still keep the grammar's order, except that among matches the grammar ranks
    /// alike an app with more vocabulary evidence goes first (``tieBreaks(of:)``);
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
        let known = Reader.knownValues(of: candidates, readings: readings)
        let order = candidates.indices.sorted { i, j in
            if readings[i] != readings[j] { return readings[i] < readings[j] }
            if known[i] != known[j] { return known[i] < known[j] }
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
            for index in unique {
                let candidate = candidates[index]
                guard candidate.intent.name == top.intent.name, !candidate.mentioned, candidate.evidence == top.evidence,
                      candidate.reading == top.reading, known[index] == known[first],
                      candidate.match.ranking.ties(with: top.match.ranking),
                      !ambiguousApps.contains(engine.apps[candidate.app].bundleIdentifier) else { continue }
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
            var tieBreak = tieBreaks[index]
            tieBreak.knownValues = -known[index]
            return h.with(appSelection: selection, confidence: confidence, tieBreak: tieBreak)
        }
    }

    /// For each candidate whose reading ties with the best one's, the values said that its
    /// app's vocabulary knows (resolved to an item, or to items to choose from), negated so
    /// that the smaller sorts first; 0 for the others, and for all when no reading ties with
    /// the best.
    /// Among readings the key ranks alike, one whose values the app knows goes first:
    /// "BillPayでMiaに25ドル送って" is a payment to the contact Mia (part of "Mia Chen"), not
    /// a bill of a payee "Mia" BillPay does not have, whichever template the grammar lists
    /// first. (Values an app cannot check, free text where it has no vocabulary, know
    /// nothing: they are not preferred to values it does not have.) Only the best readings'
    /// ties are resolved for it: resolving is what the ranking otherwise does for the few
    /// it returns.
    static func knownValues(of candidates: [Candidate], readings: [ReadingKey]) -> [Int] {
        var counts = [Int](repeating: 0, count: candidates.count)
        guard let best = readings.min(), readings.lazy.filter({ $0 == best }).prefix(2).count == 2 else { return counts }
        for index in candidates.indices where readings[index] == best {
            counts[index] = candidates[index].hypothesis.parameters.reduce(0) { count, parameter in
                parameter.values.reduce(count) { $0 - ($1.span != nil && ($1.identifier != nil || !$1.resolution.options.isEmpty) ? 1 : 0) }
            }
        }
        return counts
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
