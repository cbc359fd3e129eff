/// Checks that every list and rule reference of a grammar resolves and that no expansion
/// rule expands into itself, so matching never meets an unknown name or loops.
///
/// Names resolve as hassil resolves them while matching: a data block's sentences see the
/// language's lists and rules shadowed by the block's own, and so does every rule they
/// expand, however deep (a language rule may use a rule only some blocks define, as the
/// en and es `<class>` of HassGetState do). So references are followed from each block's
/// sentences in that block's scope. A rule no sentence uses is never expanded, so its
/// unknown names are not errors (the slot-combination grammar carries all of `_common.yaml`
/// but uses a few rules); it is still checked for cycles.
struct ReferenceChecker {
    let grammar: LanguageGrammar
    let externalLists: Set<String>

    /// The names in scope while expanding one block's sentences.
    struct Scope {
        let lists: [String: SlotList]
        let rules: [String: Template]
        /// The sentence being expanded, named in errors found inside rules.
        var origin: Template?
    }

    /// Throws the first problem.
    func check() throws(GrammarError) {
        try run(collecting: nil)
    }

    /// Throws the first problem but one: a sentence that expands an expansion rule no file
    /// defines is returned with its error instead, as hassil fails on it only when matching
    /// reaches the reference (upstream's suite loads the language and fails only the tests
    /// that use it).
    func checkReturningUnmatchable() throws(GrammarError) -> [(sentence: Template, error: GrammarError)] {
        let unmatchable = UnmatchableSink()
        try run(collecting: nil, unmatchable: unmatchable)
        return unmatchable.sentences
    }

    /// Collects the sentences that use an unknown rule, for ``checkReturningUnmatchable()``.
    final class UnmatchableSink {
        var sentences: [(sentence: Template, error: GrammarError)] = []
    }

    /// Every problem, in the order found (one per template or rule at most).
    func errors() -> [GrammarError] {
        let sink = ErrorSink()
        try? run(collecting: sink)
        return sink.errors
    }

    /// Collects errors instead of throwing them, for ``errors()``.
    final class ErrorSink {
        var errors: [GrammarError] = []
    }

    /// Runs `body`; an error is thrown, or collected when there is a sink.
    private func attempt(_ sink: ErrorSink?, _ body: () throws(GrammarError) -> Void) throws(GrammarError) {
        do {
            try body()
        } catch {
            guard let sink else { throw error }
            sink.errors.append(error)
        }
    }

    private func run(collecting sink: ErrorSink?, unmatchable: UnmatchableSink? = nil) throws(GrammarError) {
        var usedRules: Set<String> = []
        var localLists: [String: SlotList] = [:]
        var localRules: [String: Template] = [:]
        for intent in grammar.intents {
            for data in intent.data {
                var scope = Scope(lists: grammar.lists(for: data), rules: grammar.expansionRules(for: data))
                var checked: Set<String> = []
                for sentence in data.sentences {
                    scope.origin = sentence
                    try attempt(sink) { () throws(GrammarError) in
                        do throws(GrammarError) {
                            try check(sentence, in: scope, checkedRules: &checked)
                        } catch {
                            guard let unmatchable, case .unknownRule = error.kind else { throw error }
                            unmatchable.sentences.append((sentence, error))
                        }
                    }
                }
                scope.origin = nil
                for name in data.expansionRules.keys.sorted() where !checked.contains(name) {
                    try attempt(sink) { () throws(GrammarError) in try check(data.expansionRules[name]!, in: scope, checkedRules: &checked) }
                }
                try checkListValues(data.lists, in: scope, checkedRules: &checked, collecting: sink)
                usedRules.formUnion(checked)
                localLists.merge(data.lists) { first, _ in first }
                localRules.merge(data.expansionRules) { first, _ in first }
            }
        }

        // What no sentence reaches: the language's list values, and cycles among unused rules.
        let scope = Scope(lists: grammar.lists.merging(localLists) { language, _ in language },
                          rules: grammar.expansionRules.merging(localRules) { language, _ in language })
        var checked = usedRules
        try checkListValues(grammar.lists, in: scope, checkedRules: &checked, collecting: sink)
        for name in grammar.expansionRules.keys.sorted() where !checked.contains(name) {
            var path = [name]
            try attempt(sink) { () throws(GrammarError) in
                try check(grammar.expansionRules[name]!, in: scope, checkedRules: &checked, path: &path, reportsUnknown: false)
            }
            checked.insert(name)
        }
    }

    func checkListValues(_ owned: [String: SlotList], in scope: Scope, checkedRules: inout Set<String>,
                         collecting sink: ErrorSink? = nil) throws(GrammarError) {
        for name in owned.keys.sorted() {
            guard case .values(let values) = owned[name]!.kind else { continue }
            for value in values {
                try attempt(sink) { () throws(GrammarError) in try check(value.input, in: scope, checkedRules: &checkedRules) }
            }
        }
    }

    /// Checks a template's references and, once per scope, the rules it expands.
    func check(_ template: Template, in scope: Scope, checkedRules: inout Set<String>) throws(GrammarError) {
        var path: [String] = []
        try check(template, in: scope, checkedRules: &checkedRules, path: &path, reportsUnknown: true)
    }

    private func check(_ template: Template, in scope: Scope, checkedRules: inout Set<String>,
                       path: inout [String], reportsUnknown: Bool) throws(GrammarError) {
        let origin = scope.origin.flatMap { $0 == template ? nil : " (expanded from \($0.location))" } ?? ""
        for reference in template.expression.listReferences
        where reportsUnknown && reference.inlineRange == nil && scope.lists[reference.listName] == nil {
            throw GrammarError(
                .unknownList(reference.listName), location: template.location(at: reference.offset), text: template.text,
                message: "unknown list '\(reference.listName)'\(origin)",
                expected: "a list of _common.yaml, lists/ or the data block, or one supplied at match time (\(externalLists.sorted().joined(separator: ", ")))"
                    + ReferenceChecker.suggestion(for: reference.listName, among: scope.lists.keys))
        }
        for reference in template.expression.ruleReferences {
            guard let rule = scope.rules[reference.ruleName] else {
                if !reportsUnknown { continue }
                throw GrammarError(
                    .unknownRule(reference.ruleName), location: template.location(at: reference.offset), text: template.text,
                    message: "unknown expansion rule '\(reference.ruleName)'\(origin)",
                    expected: "a rule of _common.yaml, an intents file or the data block"
                        + ReferenceChecker.suggestion(for: reference.ruleName, among: scope.rules.keys))
            }
            if let start = path.firstIndex(of: reference.ruleName) {
                let cycle = Array(path[start...]) + [reference.ruleName]
                // Point at the reference that closes the cycle.
                throw GrammarError(
                    .cyclicRules(cycle), location: template.location(at: reference.offset), text: template.text,
                    message: "expansion rules form a cycle: \(cycle.map { "<\($0)>" }.joined(separator: " → "))",
                    expected: "rules that do not expand into themselves")
            }
            guard !checkedRules.contains(reference.ruleName) else { continue }
            path.append(reference.ruleName)
            try check(rule, in: scope, checkedRules: &checkedRules, path: &path, reportsUnknown: reportsUnknown)
            path.removeLast()
            checkedRules.insert(reference.ruleName)
        }
    }

    /// " (did you mean 'name'?)" for the closest name within a small edit distance, or "".
    static func suggestion(for name: String, among candidates: some Sequence<String>) -> String {
        let target = Array(name.lowercased())
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= max(1, target.count / 3), distance < best?.distance ?? .max || (distance == best?.distance && candidate < best!.name) {
                best = (distance, candidate)
            }
        }
        return best.map { " (did you mean '\($0.name)'?)" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions (optimal string alignment), so
    /// "nmae" is one edit from "name".
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
