import ParlanceText

extension CompiledGrammar {
    /// Matches an utterance against every template of every intent at once.
    ///
    /// ```swift
    /// let result = compiled.match("turn on the lights", lists: home, context: ["area": "Kitchen"])
    /// result.best?.intent       // "HassTurnOn"
    /// result.best?.slotValues   // ["area": "Kitchen", "domain": "light"]
    /// ```
    ///
    /// What a match is (hassil's semantics): the whole utterance, punctuation aside, is
    /// spelled by one template, its lists filled from the utterance; skip words may be
    /// passed over; a wildcard takes any words. Then the data block's conditions apply:
    /// `requires_context` and `excludes_context` against the given context with what the
    /// matched values bring (an entity's domain), fixed `slots` are added, and slots are
    /// copied from the context where the block asks.
    ///
    /// - Parameters:
    ///   - lists: the lists supplied when matching (`{name}`, `{area}`, `{floor}`), prepared
    ///     by ``prepare(_:)`` of this grammar.
    ///   - context: what is known besides the utterance, e.g. the satellite's area.
    /// - Returns: the hypotheses, best first (see ``RankingKey``).
    ///   - found: values of wildcard lists the caller found in this utterance (vocabulary
    ///     spans; see ``FoundValues``).
    /// - Complexity: O(n × active threads) for n scalars of the utterance; each template word,
    ///   list and number is looked up once per position.
    public func match(_ utterance: String, lists: ExternalLists = .empty, found: FoundValues = FoundValues(),
                      context: [String: DataValue] = [:], options: MatchOptions = MatchOptions()) -> MatchResult {
        match(Utterance(utterance, grammar: self), lists: lists, found: found, context: context, options: options)
    }

    /// ``match(_:lists:found:context:options:)`` of an utterance already tokenized: read as
    /// `utterance` says (made with this grammar's tokenizer, or one that reads text alike).
    public func match(_ utterance: Utterance, lists: ExternalLists = .empty, found: FoundValues = FoundValues(),
                      context: [String: DataValue] = [:], options: MatchOptions = MatchOptions()) -> MatchResult {
        let input = utterance.input
        let evaluation = evaluate(input, lists: lists, found: FoundValueTable(found, input: input, grammar: self), context: context,
                                  options: options, tracing: false)
        return MatchResult(utterance: utterance.text, hypotheses: evaluation.ranked.map(\.hypothesis))
    }

    /// Whether some path of the grammar reads all of `utterance` with `found` and within
    /// `options`' limits, template words as written (no corrections), context rules aside,
    /// and no beam (only the position budget, ``MatchOptions/positionBudget``, which no real
    /// grammar reaches): a cheap bound before a dearer reading. With lists whose free text
    /// counts as explained (``FoundValues/explainedLists``), false means that no values those
    /// lists could take would make a reading within ``MatchOptions/maxUnexplained`` either:
    /// each value explains its words no better than explained free text does.
    public func mayRead(_ utterance: String, found: FoundValues, options: MatchOptions) -> Bool {
        mayRead(Utterance(utterance, grammar: self), found: found, options: options)
    }

    /// ``mayRead(_:found:options:)`` of an utterance already tokenized.
    public func mayRead(_ utterance: Utterance, found: FoundValues, options: MatchOptions) -> Bool {
        let input = utterance.input
        let table = FoundValueTable(found, input: input, grammar: self)
        var workspace = workspaces.take()
        workspace.beginUtterance(input)
        defer { workspaces.give(&workspace) }
        var run = MatchRun(grammar: self, input: input, external: .empty, found: table, fuzziness: .none, maxEdits: 0,
                           maxUnexplained: options.maxUnexplained.map { max(0, $0) } ?? .max, beamWidth: .max,
                           positionBudget: options.positionBudget(beamWidth: .max, positions: input.count), tracing: false,
                           workspace: MatchRun.take(&workspace))
        defer { swap(&workspace, &run.workspace) }
        return !run.simulate(automaton, from: 0, anywhere: false).isEmpty
    }

    /// A hypothesis with the path that produced it (empty unless tracing).
    struct Candidate {
        var hypothesis: Hypothesis
        var path: [PathStep]
    }

    /// What the passes of one matching found.
    struct Evaluation {
        /// The hypotheses, ranked (see ``ranked(_:limit:)``).
        var ranked: [Candidate] = []
        /// The last pass run, kept when tracing: its threads and captures tell how far the
        /// input was read when nothing matched.
        var lastRun: MatchRun?
        /// Templates whose paths completed in the last pass but whose data block's
        /// conditions rejected them.
        var rejected: [Int32] = []
    }

    /// The passes of ``match(_:lists:context:options:)``; with `tracing`, each hypothesis
    /// keeps its path and the last pass is kept.
    func evaluate(_ input: MatchInput, lists: ExternalLists, found: FoundValueTable = .empty, context: [String: DataValue],
                  options: MatchOptions, tracing: Bool) -> Evaluation {
        var evaluation = Evaluation()
        var workspace = workspaces.take()
        workspace.beginUtterance(input)
        defer { workspaces.give(&workspace) }
        var all = candidates(input, lists: lists, found: found, context: context, options: options,
                             corrections: options.fuzziness == .always ? .all : .none, tracing: tracing, into: &evaluation, workspace: &workspace)
        if options.fuzziness == .whenExactFails {
            // Passes in the order of the ranking key, each only when it can still find a
            // better hypothesis: corrected values rank below exact matches unless those
            // need wildcards; corrected template words rank below everything else.
            if all.allSatisfy({ $0.hypothesis.ranking.wildcards > 0 }) {
                all += candidates(input, lists: lists, found: found, context: context, options: options, corrections: .values, tracing: tracing,
                                  keeping: { $0.edits > 0 }, into: &evaluation, workspace: &workspace)
            }
            if all.isEmpty {
                all = candidates(input, lists: lists, found: found, context: context, options: options, corrections: .all, tracing: tracing,
                                 into: &evaluation, workspace: &workspace)
            }
        } else if options.fuzziness == .whenNothingMatches, all.isEmpty {
            all = candidates(input, lists: lists, found: found, context: context, options: options, corrections: .all, tracing: tracing,
                             into: &evaluation, workspace: &workspace)
        }
        evaluation.ranked = ranked(all, limit: options.limit)
        return evaluation
    }

    /// The hypotheses of one pass whose key `keeping` accepts, unranked: every one when
    /// tracing, else those ``ranked(_:limit:)`` can look at (below). The pass works in
    /// `workspace` and hands it back.
    ///
    /// A completed path's ranking key is known before its hypothesis is built (the slots'
    /// text, values, context rules: a few allocations each), except for a preferred slot.
    /// So the completions are taken in key order and built until ``ranked(_:limit:)`` would
    /// stop: `limit` readings that disagree, and the ties of the last. What it would never
    /// look at is not built: in unspaced scripts a free text ending at every character
    /// completes dozens of paths, of which the best few are kept. (Built in key order, the
    /// first accepted hypothesis is also the pass's best, which is all that
    /// ``evaluate(_:lists:found:context:options:tracing:)`` asks of a pass besides these.)
    func candidates(_ input: MatchInput, lists: ExternalLists, found: FoundValueTable, context: [String: DataValue], options: MatchOptions,
                    corrections: MatchRun.Corrections, tracing: Bool, keeping: (RankingKey) -> Bool = { _ in true },
                    into evaluation: inout Evaluation, workspace: inout MatchWorkspace) -> [Candidate] {
        // Paths to one state at one position share every continuation, so with an additive
        // score only their best few can end among the best hypotheses. Not where a path's
        // captures weigh beyond its score: a preferred slot, context rules.
        let beamWidth = options.beamWidth ?? (options.preferredSlot == nil && !hasContextRules ? max(2 * options.limit, 16) : Int.max)
        var run = MatchRun(grammar: self, input: input, external: lists, found: found, fuzziness: corrections,
                           maxEdits: max(0, options.maxEdits), maxUnexplained: options.maxUnexplained.map { max(0, $0) } ?? .max,
                           beamWidth: beamWidth, positionBudget: options.positionBudget(beamWidth: beamWidth, positions: input.count), freeTextPushing: options.freeTextPushing,
                           order: options.order, tracing: tracing, workspace: MatchRun.take(&workspace))
        defer {
            // Tracing keeps the run, and so shares the workspace with it (copied on the next write).
            if tracing { workspace = run.workspace } else { swap(&workspace, &run.workspace) }
        }
        let completions = run.simulate(automaton, from: 0, anywhere: false)
        var candidates: [Candidate] = []
        var words: Set<String>?
        if tracing || options.preferredSlot != nil {
            var rejected: [Int32] = []
            for completion in completions {
                if let hypothesis = hypothesis(completion, captures: run.arena.chain(completion.captures), input: input, words: &words, lists: lists,
                                               found: found, context: context, options: options), keeping(hypothesis.ranking) {
                    candidates.append(Candidate(hypothesis: hypothesis, path: tracing ? path(to: completion.thread, in: run) : []))
                } else if tracing {
                    rejected.append(completion.accept)
                }
            }
            if tracing {
                evaluation.lastRun = run
                evaluation.rejected = rejected
            }
            return candidates
        }
        let keys = completions.map { rankingKey(of: $0, lacksPreferredSlot: false, preferredSlotLength: 0, order: options.order) }
        // Stable: completions equal on the key keep the order the eager build had.
        let order = completions.indices.filter { keeping(keys[$0]) }.sorted { keys[$0] < keys[$1] || (!(keys[$1] < keys[$0]) && $0 < $1) }
        let wanted = max(options.limit, 1)
        var distinct: [Hypothesis] = []
        candidates.reserveCapacity(Swift.min(order.count, wanted + 4))
        for index in order {
            if distinct.count >= wanted, !keys[index].ties(with: distinct[wanted - 1].ranking) { break }
            guard let hypothesis = hypothesis(completions[index], captures: run.arena.chain(completions[index].captures), input: input, words: &words,
                                              lists: lists, found: found, context: context, options: options) else { continue }
            candidates.append(Candidate(hypothesis: hypothesis, path: []))
            if !distinct.contains(where: { CompiledGrammar.agree($0, hypothesis) }) { distinct.append(hypothesis) }
        }
        return candidates
    }

    /// The ranking key of a completed path (``RankingKey``); the preferred slot's part is
    /// given, as only the hypothesis's slots tell it.
    func rankingKey(of completion: MatchRun.Completion, lacksPreferredSlot: Bool, preferredSlotLength: Int, order: RankingOrder) -> RankingKey {
        // (Read in place: binding the template entry or its data block to a local copies
        // them, a retain and a release for each of their strings, arrays and dictionaries,
        // and this runs for every completed path.)
        let (intent, block) = (templates[Int(completion.accept)].intent, templates[Int(completion.accept)].data)
        let requirements = grammar.intents[intent].data[block].requiresContext.count
        let score = completion.score
        return RankingKey(wordEdits: Int(score.wordEdits), valueEdits: Int(score.valueEdits), lacksPreferredSlot: lacksPreferredSlot,
                          preferredSlotLength: preferredSlotLength, wildcards: Int(score.wildcards), literalScalars: Int(score.literal),
                          requirementsMet: requirements, skippedWords: Int(score.skipped),
                          wildcardScalars: Int(score.wildcardScalars), templateOrder: Int(completion.accept), order: order)
    }

    /// A completed path as a hypothesis, or nil when the data block's conditions reject it.
    /// `words` holds the utterance's normalized words once a data block with required
    /// keywords asked for them (shared by the completions of one pass).
    func hypothesis(_ completion: MatchRun.Completion, captures: [Capture], input: MatchInput, words: inout Set<String>?, lists: ExternalLists,
                    found: FoundValueTable = .empty, context given: [String: DataValue], options: MatchOptions) -> Hypothesis? {
        // The template entry, intent and data block are read in place, field by field: bound
        // to locals they would be copied, a retain and a release for each of their strings,
        // arrays and dictionaries, for every completed path built.
        let accept = Int(completion.accept)
        let (intent, block) = (templates[accept].intent, templates[accept].data)

        // hassil first sets aside blocks the given context already rules out.
        if !given.isEmpty {
            guard ContextRules.satisfies(grammar.intents[intent].data[block].requiresContext, given, allowingMissing: true),
                  ContextRules.avoids(grammar.intents[intent].data[block].excludesContext, given) else { return nil }
        }
        if let keywords = grammar.intents[intent].data[block].requiredKeywords, !keywords.isEmpty {
            if words == nil { words = Set(input.tokenized.tokens.map { input.tokenized.normalized($0) }) }
            guard let words, keywords.contains(where: { words.contains(tokenizer.normalizer.normalize($0)) }) else { return nil }
        }

        var slots: [SlotMatch] = []
        // (Room for the captures and the block's fixed slots: grown one append at a time, the
        // array was copied, every slot's strings retained, once or twice per hypothesis.)
        slots.reserveCapacity(captures.count + grammar.intents[intent].data[block].slots.count)
        var context = given
        for capture in captures {
            let symbol = slotSymbols[Int(capture.symbol)]
            let list = self.lists[Int(symbol.list)]
            let range = Int(capture.start)..<Int(capture.end)
            let text = input.text(range)
            let span = input.span(range)
            let slot: SlotMatch
            switch (list.kind, capture.kind) {
            case (.values(let valueList), _):
                let value = valueList.values[Int(capture.value)]
                for (key, item) in value.context { context[key] = item }
                slot = SlotMatch(name: symbol.slotName, value: value.output ?? .string(text), text: text, listValue: value.input.text,
                                 span: span, kind: capture.edits > 0 ? .fuzzy : (value.output == nil ? .text : .exact), edits: Int(capture.edits))
            case (.external, _):
                guard let value = lists.values(forList: Int(symbol.list), named: list.name)?.values[Int(capture.value)] else { continue }
                for (key, item) in value.context { context[key] = item }
                slot = SlotMatch(name: symbol.slotName, value: value.output, text: text, listValue: value.text, span: span,
                                 kind: capture.kind == .fuzzy ? .fuzzy : .exact, edits: Int(capture.edits))
            case (.wildcard, .exact) where capture.value >= 0, (.wildcard, .fuzzy) where capture.value >= 0:
                // (A negative value is explained free text, ``FoundValues/explainedLists``: text below.)
                let value = found.values[Int(capture.value)]
                slot = SlotMatch(name: symbol.slotName, value: value.output, text: text, listValue: value.text, span: span,
                                 kind: capture.kind == .fuzzy ? .fuzzy : .exact, edits: Int(capture.edits), foundIndex: Int(capture.value))
            case (_, .number):
                let number = capture.number
                let value: DataValue = number.rounded() == number && abs(number) < 9e15 ? .int(Int(number)) : .double(number)
                slot = SlotMatch(name: symbol.slotName, value: value, text: text, span: span, kind: .number)
            default:
                slot = SlotMatch(name: symbol.slotName, value: .string(text), text: text, span: span, kind: .wildcard)
            }
            // A slot filled twice keeps its last value (hassil's entities by name).
            if !options.keepsRepeatedSlots { slots.removeAll { $0.name == slot.name } }
            slots.append(slot)
        }

        guard ContextRules.avoids(grammar.intents[intent].data[block].excludesContext, context) else { return nil }
        let rules = blockRules[firstBlock[intent] + block]
        var copied: [SlotMatch] = []
        for (key, constraint) in rules.requirements {
            guard let actual = context[key].map(ContextRules.unpacked), ContextRules.satisfies(constraint, actual) else { return nil }
            if constraint.fillsSlot { copied.append(SlotMatch(name: key, value: actual, kind: .context)) }
        }
        // Most blocks have neither fixed slots nor slots from the context: nothing to add.
        if !rules.slots.isEmpty || !copied.isEmpty {
            // The slots captured on the path (a few: compared in place, no set built).
            let captured = slots.count
            func filled(_ name: String) -> Bool { slots[..<captured].contains { $0.name == name } }
            for (name, value) in rules.slots where !filled(name) {
                slots.append(SlotMatch(name: name, value: value, kind: .fixed))
            }
            // hassil adds context slots after fixed ones, so a context slot replaces a fixed one.
            for slot in copied where !filled(slot.name) {
                slots.removeAll { $0.name == slot.name }
                slots.append(slot)
            }
        }

        var preferredLength = 0
        var lacksPreferred = options.preferredSlot != nil
        if let preferred = options.preferredSlot,
           let slot = slots.first(where: { $0.name == preferred && $0.span != nil && $0.kind != .wildcard }) {
            lacksPreferred = false
            // In code points, as hassil's len() counts (a count of characters walks Unicode's
            // grapheme rules: a twentieth of a Greek match's instructions).
            preferredLength = slot.text.unicodeScalars.count
        }
        let key = rankingKey(of: completion, lacksPreferredSlot: lacksPreferred, preferredSlotLength: preferredLength, order: options.order)
        return Hypothesis(intent: grammar.intents[intent].name, slots: slots, context: context, metadata: grammar.intents[intent].data[block].metadata,
                          response: grammar.intents[intent].data[block].response ?? "default", template: templates[accept].template, ranking: key,
                          confidence: key.confidence(matchedScalars: input.count), isNearTie: false)
    }

    /// Whether two readings agree: the same intent, metadata (an app's example phrase and a
    /// built-in template may give the same slots) and values of each slot in order.
    /// Compared pairwise with the few kept, no dictionaries or hashing per reading; the
    /// slots matched so far are bits, read in place (this runs for every pair of a pass's
    /// readings, dozens where free text can end at many words).
    static func agree(_ a: Hypothesis, _ b: Hypothesis) -> Bool {
        guard a.intent == b.intent, a.slots.count == b.slots.count, a.metadata == b.metadata else { return false }
        return a.slots.withUnsafeBufferPointer { x in
            b.slots.withUnsafeBufferPointer { y in
                guard y.count <= 64 else { return agreeSlowly(x, y) }
                var matched: UInt64 = 0
                for i in x.indices {
                    // The first unmatched slot of b with this name, in order: values of a
                    // slot filled several times keep their order.
                    var found = -1
                    for j in y.indices where matched & (1 << UInt64(j)) == 0 && y[j].name == x[i].name {
                        found = j
                        break
                    }
                    guard found >= 0, y[found].value == x[i].value else { return false }
                    matched |= 1 << UInt64(found)
                }
                return true
            }
        }
    }

    private static func agreeSlowly(_ x: UnsafeBufferPointer<SlotMatch>, _ y: UnsafeBufferPointer<SlotMatch>) -> Bool {
        var matched = [Bool](repeating: false, count: y.count)
        for slot in x {
            guard let index = y.indices.first(where: { !matched[$0] && y[$0].name == slot.name }),
                  y[index].value == slot.value else { return false }
            matched[index] = true
        }
        return true
    }

    /// Sorts, keeps the best of hypotheses that agree on intent and slot values, marks
    /// near-ties between intents.
    func ranked(_ candidates: [Candidate], limit: Int) -> [Candidate] {
        var unique: [Candidate] = []
        // Indices are sorted, not the candidates (moving a hypothesis retains and releases
        // each of its references); deduplication stops once the limit is reached and the
        // next candidate no longer ties with the last one kept (near-ties look no further).
        let rankings = candidates.map(\.hypothesis.ranking)
        let order = candidates.indices.sorted { rankings[$0] < rankings[$1] }
        let wanted = max(limit, 1)
        for index in order {
            if unique.count >= wanted, !rankings[index].ties(with: unique[wanted - 1].hypothesis.ranking) { break }
            let hypothesis = candidates[index].hypothesis
            if !unique.contains(where: { CompiledGrammar.agree($0.hypothesis, hypothesis) }) { unique.append(candidates[index]) }
        }
        let kept = Array(unique.prefix(wanted))
        return kept.map { candidate in
            let hypothesis = candidate.hypothesis
            let tied = unique.contains { $0.hypothesis.intent != hypothesis.intent && $0.hypothesis.ranking.ties(with: hypothesis.ranking) }
            return Candidate(hypothesis: hypothesis.with(confidence: tied ? hypothesis.confidence / 2 : hypothesis.confidence, isNearTie: tied),
                             path: candidate.path)
        }
    }
}

/// `requires_context` and `excludes_context`, as hassil checks them.
enum ContextRules {
    /// A context value written as `{value: …, text: …}` stands for its value.
    static func unpacked(_ value: DataValue) -> DataValue {
        if case .map(let fields) = value, let inner = fields["value"] { return inner }
        return value
    }

    /// Whether `actual` satisfies one constraint: any value when it names none, else one of its values.
    static func satisfies(_ constraint: ContextConstraint, _ actual: DataValue) -> Bool {
        guard let values = constraint.values else { return actual != .null }
        return values.contains { ContextRules.equal($0, actual) }
    }

    /// Whether `context` satisfies every requirement; keys it lacks pass when `allowingMissing`.
    static func satisfies(_ requires: [String: ContextConstraint], _ context: [String: DataValue], allowingMissing: Bool) -> Bool {
        for (key, constraint) in requires {
            guard let actual = context[key] else {
                if allowingMissing { continue }
                return false
            }
            guard constraint.values == nil || satisfies(constraint, unpacked(actual)) else { return false }
        }
        return true
    }

    /// Whether `context` avoids every excluded value.
    static func avoids(_ excludes: [String: ContextConstraint], _ context: [String: DataValue]) -> Bool {
        for (key, constraint) in excludes {
            guard let actual = context[key], let values = constraint.values else { continue }
            if values.contains(where: { equal($0, unpacked(actual)) }) { return false }
        }
        return true
    }

    /// Equality as Python compares YAML values: 1 == 1.0.
    static func equal(_ lhs: DataValue, _ rhs: DataValue) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        default: lhs == rhs
        }
    }
}

extension CompiledGrammar {
    /// `text` as this grammar's tokenizer reads it (``Tokenizer/tokenize(_:)``). To read
    /// an utterance in several stages, make its ``Utterance`` once instead.
    public func tokenize(_ text: String) -> TokenizedText { tokenizer.tokenize(text) }

    /// Which of several grammars (each with the scripts its language is written in) an
    /// utterance of unknown language should be read in first.
    ///
    /// Considered are the grammars written in a script of the utterance's letters (every one
    /// when none is). A grammar's evidence is how many of the utterance's characters in its
    /// own scripts lie in words its templates or skip words spell exactly
    /// (``spelledCharacters(of:in:)``), leaving out those that every grammar sharing a script with
    /// it spells as well: a word all of them spell tells nothing of the language (app names
    /// in example phrases, "UnicornChat" in every grammar). A grammar is read first when its
    /// evidence is at least `ratio` of the best evidence among the grammars sharing a script
    /// with it; one with no evidence only when none has any. `ratio` 0 reads every grammar
    /// considered first.
    ///
    /// - Parameters:
    ///   - utterances: the utterance as the grammar of an index reads it, asked only for
    ///     the grammars (and lexicon hosts) whose evidence is read: a caller whose grammars
    ///     share tokenizers hands out one ``Utterance`` per tokenizer, which its later
    ///     stages then read too. Nil: one is made for each grammar asked.
    ///   - lexicons: grammars (of `grammars`) whose words are read together, in one trie
    ///     with one input (``EvidenceLexicon``); the others are read one by one.
    /// - Returns: per grammar considered, its index in `grammars`, its evidence, the
    ///   utterance's characters in its scripts, and whether to read it first.
    public static func languageEvidence(of text: String, in grammars: [(grammar: CompiledGrammar, scripts: WritingScripts)],
                                        utterances: ((Int) -> Utterance)? = nil, lexicons: [EvidenceLexicon] = [],
                                        ratio: Double) -> [(index: Int, covered: Int, total: Int, readFirst: Bool)] {
        let utterance = utterances ?? { Utterance(text, grammar: grammars[$0].grammar) }
        // (Languages of one set of scripts ask once: en, de, es and fr all write Latin.)
        var asked: [(scripts: WritingScripts, writes: Bool)] = []
        let written = grammars.indices.filter { index in
            let scripts = grammars[index].scripts
            if scripts.isEmpty { return true }
            if let known = asked.first(where: { $0.scripts == scripts }) { return known.writes }
            let writes = scripts.writesLetters(of: text)
            asked.append((scripts, writes))
            return writes
        }
        let candidates = written.isEmpty ? Array(grammars.indices) : written
        guard candidates.count > 1 else { return candidates.map { ($0, 0, 0, true) } }
        var read = [(spelled: [UInt64], letters: Int)?](repeating: nil, count: candidates.count)
        for lexicon in lexicons {
            // Members share their scripts, so they are considered all together or not at all.
            let positions = lexicon.members.compactMap { candidates.firstIndex(of: $0) }
            guard positions.count == lexicon.members.count else { continue }
            let (spelled, letters) = lexicon.spelledCharacters(of: utterance(lexicon.hostIndex), in: grammars[lexicon.members[0]].scripts)
            for (member, position) in positions.enumerated() { read[position] = (spelled[member], letters) }
        }
        let coverage = candidates.indices.map { position in
            read[position] ?? grammars[candidates[position]].grammar.spelledCharacters(of: utterance(candidates[position]),
                                                                                      in: grammars[candidates[position]].scripts)
        }
        let rivals = candidates.indices.map { position in
            candidates.indices.filter { grammars[candidates[$0]].scripts.overlaps(grammars[candidates[position]].scripts) }
        }
        let evidence = candidates.indices.map { position -> Int in
            var count = 0
            for word in coverage[position].spelled.indices {
                var shared: UInt64 = rivals[position].count > 1 ? ~0 : 0
                for rival in rivals[position] { shared &= coverage[rival].spelled[word] }
                count += (coverage[position].spelled[word] & ~shared).nonzeroBitCount
            }
            return count
        }
        let anySpelled = evidence.contains { $0 > 0 }
        return candidates.indices.map { position in
            let best = rivals[position].map { evidence[$0] }.max() ?? 0
            let spelled = evidence[position]
            let readFirst = ratio <= 0 || !anySpelled || (spelled > 0 && Double(spelled) >= ratio * Double(best))
            return (candidates[position], spelled, coverage[position].letters, readFirst)
        }
    }

    /// How much of an utterance this grammar's words spell as written: a bit per scalar of
    /// the utterance (as given, so that grammars normalizing differently compare), set on its
    /// characters written in `scripts` (every character when it is empty) that lie in a
    /// template word or skip word found there exactly, starting and ending at word edges (in
    /// unspaced scripts every character is one); and the number of its characters in
    /// `scripts`. A word a template builds from pieces ("paus(a|ar)") is not counted: pieces
    /// chained freely would spell almost anything (a grammar has one-letter pieces).
    ///
    /// Evidence of the utterance's language that costs one descent of the grammar's word
    /// trie per word: an utterance in another language leaves most of its words unspelled.
    /// Counting only the language's own scripts keeps a Japanese request for an English song
    /// title from reading as English.
    func spelledCharacters(of utterance: Utterance, in scripts: WritingScripts) -> (spelled: [UInt64], letters: Int) {
        let (words, skipWords) = (pieces.trie, self.skipWords)
        let input = utterance.input
        let (spelled, letters) = input.spelledCharacters(in: scripts, readers: 1) { scalars, isBoundary, start, reach in
            reach[0] = Swift.max(reach[0], words.longestKeyEnd(in: scalars, from: start, isEnd: isBoundary),
                                 skipWords.longestKeyEnd(in: scalars, from: start, isEnd: isBoundary))
        }
        return (spelled[0], letters)
    }
}

extension MatchInput {
    /// Which of the utterance's characters each of several readers spells
    /// (``CompiledGrammar/spelledCharacters(of:in:)``, ``EvidenceLexicon``): per reader, a
    /// bit per scalar of the utterance as given, set on its characters in `scripts` (every
    /// character when it is empty) that lie before how far the reader's words reach; and the
    /// number of the utterance's characters in `scripts`. At each unit start,
    /// `reach(scalars, isBoundary, start, &reach)` raises each reader's reach to the end of
    /// the longest word it spells from there.
    func spelledCharacters(in scripts: WritingScripts, readers: Int,
                           reach: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Bool>, Int, inout [Int]) -> Void)
        -> (spelled: [[UInt64]], letters: Int) {
        var spelled = [[UInt64]](repeating: [UInt64](repeating: 0, count: (utterance.count + 63) / 64), count: readers)
        var reaches = [Int](repeating: 0, count: readers)
        var letters = 0
        var lastOrigin = -1
        scalars.withUnsafeBufferPointer { scalars in
            isBoundary.withUnsafeBufferPointer { isBoundary in
                for range in unitRanges {
                    // A unit sign ("%") is in no language's script.
                    if range.count == 1, MatchInput.isUnitSign(scalars[range.lowerBound]) { continue }
                    reach(scalars, isBoundary, range.lowerBound, &reaches)
                    for position in range {
                        if !scripts.isEmpty {
                            guard let scalar = Unicode.Scalar(scalars[position]), scripts.contains(scalar) else { continue }
                        }
                        // (A scalar that normalization expanded maps to its whole unit: its first scalar stands for it.)
                        let origin = Int(self.origin[position].start)
                        if origin != lastOrigin { letters += 1 }
                        lastOrigin = origin
                        for reader in reaches.indices where position < reaches[reader] {
                            spelled[reader][origin >> 6] |= 1 << UInt64(origin & 63)
                        }
                    }
                }
            }
        }
        return (spelled, letters)
    }
}
