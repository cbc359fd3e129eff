extension CompiledGrammar {
    /// Matches an utterance as ``match(_:lists:context:options:)`` does and tells why: the
    /// automaton path of each hypothesis (template words, slots and skip words with the
    /// spans they consumed and how they matched), the field of the ranking key each
    /// hypothesis loses on to the one before it, and, when nothing matches, the path that
    /// read the most of the utterance, the templates it was following and what they
    /// expected next.
    ///
    /// ```swift
    /// let explanation = compiled.explain("turn on the kitchn light", lists: home)
    /// print(explanation)   // the paths, rankings and the field each hypothesis lost on
    /// explanation.hypotheses.first?.path.map(\.expected)  // ["turn", "on", "the", "{name}"]
    /// ```
    ///
    /// The hypotheses are the same as `match` returns: the passes are the same, with each
    /// thread's last step recorded. Meant for people and tools, not for the hot path.
    ///
    /// - Complexity: that of `match`, plus the recorded steps (one per thread).
    public func explain(_ utterance: String, lists: ExternalLists = .empty, context: [String: DataValue] = [:],
                        options: MatchOptions = MatchOptions()) -> MatchExplanation {
        let input = MatchInput(utterance, tokenizer: tokenizer)
        let evaluation = evaluate(input, lists: lists, context: context, options: options, tracing: true)
        let result = MatchResult(utterance: utterance, hypotheses: evaluation.ranked.map(\.hypothesis))
        var explained: [HypothesisExplanation] = []
        for (rank, candidate) in evaluation.ranked.enumerated() {
            let lostOn = rank > 0 ? candidate.hypothesis.ranking.firstDifference(from: evaluation.ranked[rank - 1].hypothesis.ranking) : nil
            explained.append(HypothesisExplanation(hypothesis: candidate.hypothesis, path: candidate.path, lostOn: lostOn))
        }
        var partial: PartialMatch?
        if explained.isEmpty, let run = evaluation.lastRun {
            partial = furthestPath(of: run, rejected: evaluation.rejected)
        }
        return MatchExplanation(result: result, hypotheses: explained, partial: partial, utteranceLength: input.utterance.count)
    }

    /// The recorded path to `thread` of the main simulation of `run`, as public steps.
    func path(to thread: Int32, in run: MatchRun) -> [PathStep] {
        run.trace.path(to: thread).map { pathStep($0, in: run) }
    }

    func pathStep(_ step: TraceStep, in run: MatchRun) -> PathStep {
        let input = run.input
        let range = Int(step.start)..<Int(step.end)
        let span = input.span(range)
        let said = input.text(range)
        switch step.kind {
        case .word, .start:
            return PathStep(kind: .word, expected: pieceText(step.symbol), said: said, span: span, match: step.edits > 0 ? .fuzzy : .exact,
                            edits: Int(step.edits))
        case .skip:
            return PathStep(kind: .skipWord, expected: tokenizer.normalizer.normalize(said), said: said, span: span, match: .exact)
        case .slot:
            let capture = run.arena.captures[Int(step.capture)]
            let symbol = slotSymbols[Int(capture.symbol)]
            let list = self.lists[Int(symbol.list)]
            let value: String
            var match: PathStep.Match = capture.kind == .fuzzy || capture.edits > 0 ? .fuzzy : .exact
            switch (list.kind, capture.kind) {
            case (.values(let valueList), _):
                let item = valueList.values[Int(capture.value)]
                value = item.output.map { "\($0)" } ?? "\"\(said)\""
            case (.external, _):
                value = run.external.lists[list.name].map { "\"\($0.values[Int(capture.value)].text)\"" } ?? "?"
            case (.wildcard, .exact), (.wildcard, .fuzzy):
                value = run.found.values.indices.contains(Int(capture.value)) ? "\"\(run.found.values[Int(capture.value)].text)\"" : "?"
            case (_, .number):
                match = .number
                value = capture.number.rounded() == capture.number && abs(capture.number) < 9e15 ? String(Int(capture.number)) : String(capture.number)
            default:
                match = .wildcard
                value = "\"\(said)\""
            }
            return PathStep(kind: .slot, expected: slotText(Int(capture.symbol)), said: said, span: span, match: match,
                            edits: Int(step.edits), value: value)
        }
    }

    /// A template word as text (boundary marks as spaces).
    func pieceText(_ piece: Int32) -> String {
        guard piece >= 0, Int(piece) < pieces.keys.count else { return "" }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: pieces.keys[Int(piece)].compactMap(Unicode.Scalar.init))
        return String(text)
    }

    /// A slot as a template writes it: `{list}`, or `{list:slot}` when they differ.
    func slotText(_ symbol: Int) -> String {
        let slot = slotSymbols[symbol]
        let list = lists[Int(slot.list)].name
        return list == slot.slotName ? "{\(list)}" : "{\(list):\(slot.slotName)}"
    }

    /// The path of `run` that read the most of the input other than by wildcards (a
    /// wildcard reads anything, so a path through one says little), then the furthest, then
    /// the better score; with what the templates still open where it stopped expected next.
    func furthestPath(of run: MatchRun, rejected: [Int32]) -> PartialMatch? {
        let trace = run.trace
        guard !trace.positions.isEmpty else { return nil }
        func read(_ thread: Int) -> (Int, Int) {
            let position = Int(trace.positions[thread])
            return (position - Int(trace.scores[thread].wildcardScalars), position)
        }
        let best = trace.positions.indices.min { lhs, rhs in
            let (left, right) = (read(lhs), read(rhs))
            if left != right { return left > right }
            return trace.scores[lhs].isBetter(than: trace.scores[rhs], in: run.order)
                || (!trace.scores[rhs].isBetter(than: trace.scores[lhs], in: run.order) && lhs < rhs)
        }!
        let furthest = trace.positions[best]
        let atFurthest = trace.positions.indices.filter { trace.positions[$0] == furthest && read($0) == read(best) }
        let input = run.input
        let end = Int(furthest)
        let consumedEnd = end == 0 ? 0 : input.span(0..<end).upperBound

        // What the templates open at the furthest position expected, and which they are.
        var expected: [String] = []
        var seenStates: Set<Int32> = []
        var canEnd = false
        for thread in atFurthest where seenStates.insert(trace.states[thread]).inserted {
            let state = trace.states[thread]
            if !automaton.accepts(state).isEmpty { canEnd = true }
            for transition in automaton.pieceTransitions(state) {
                let word = pieceText(transition.symbol)
                if !expected.contains(word) { expected.append(word) }
            }
            for transition in automaton.slotTransitions(state) {
                let slot = slotText(Int(transition.symbol))
                if !expected.contains(slot) { expected.append(slot) }
            }
        }
        if canEnd, end < input.count { expected.insert("end of the utterance", at: 0) }
        let reachable = reachableTemplates(from: Array(seenStates))
        return PartialMatch(path: path(to: Int32(best), in: run), consumedEnd: consumedEnd,
                            read: input.text(0..<end), left: input.text(end..<input.count),
                            templates: reachable.prefix(PartialMatch.templateLimit).map(intentTemplate),
                            templateCount: reachable.count, expected: Array(expected.prefix(PartialMatch.expectedLimit)),
                            rejected: Set(rejected).sorted().prefix(PartialMatch.templateLimit).map(intentTemplate))
    }

    /// The templates (accept ids) reachable from `states`, in grammar order.
    func reachableTemplates(from states: [Int32]) -> [Int32] {
        var visited = Set(states)
        var stack = states
        var found: Set<Int32> = []
        while let state = stack.popLast() {
            for accept in automaton.accepts(state) { found.insert(accept.id) }
            for transition in automaton.pieceTransitions(state) + automaton.slotTransitions(state) {
                for target in [transition.atBoundary, transition.inside] where target >= 0 && visited.insert(target).inserted {
                    stack.append(target)
                }
            }
        }
        return found.sorted()
    }

    func intentTemplate(_ accept: Int32) -> IntentTemplate {
        let entry = templates[Int(accept)]
        return IntentTemplate(intent: grammar.intents[entry.intent].name, template: entry.template)
    }
}
