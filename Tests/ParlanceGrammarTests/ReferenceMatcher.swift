import ParlanceText
@testable import ParlanceGrammar

/// The naive reference for ``CompiledGrammar``'s automaton: every template interpreted
/// directly over the input, one at a time, with every alternative tried (the way hassil
/// matches), and lists matched by scanning every value.
///
/// Same input model (``MatchInput``, ``MatchText``) and same rules — whitespace in template
/// text requires a word boundary except right after a slot or at the start, a template word
/// never runs across a space of the utterance, skip words and unit signs
/// may be passed over at any word boundary, a wildcard starts at a word edge or inside a word
/// after template text, and ends at a word edge or inside a word where template text
/// written onto it follows, digits are read where written together — but none of the
/// machinery under test: no automaton, no subset construction, no tries, no caches.
/// Exact matches only.
struct ReferenceMatcher {
    let compiled: CompiledGrammar
    let input: MatchInput
    let lists: ExternalLists
    let tables: Tables

    /// What the reference derives from the grammar once: template text as items, skip
    /// words, external values and number spellings as keys. Plain dictionaries and lists,
    /// no tries.
    final class Tables {
        let compiled: CompiledGrammar
        var items: [String: [MatchText.Item]] = [:]
        let skipKeys: [[UInt32]]
        let externalKeys: [String: [[UInt32]]]
        /// Every spelling of every number, by value.
        let spellings: [Double: [[UInt32]]]

        init(compiled: CompiledGrammar, lists: ExternalLists) throws {
            self.compiled = compiled
            skipKeys = compiled.grammar.skipWords.map { compiled.text.key($0) }.filter { !$0.isEmpty }
            externalKeys = Dictionary(uniqueKeysWithValues: lists.names.map { name in (name, lists.values(of: name).map { compiled.text.key($0.text) }) })
            spellings = try ReferenceMatcher.spellings(for: compiled)
        }

        func items(_ text: String) -> [MatchText.Item] {
            if let known = items[text] { return known }
            let computed = compiled.text.items(text)
            items[text] = computed
            return computed
        }
    }

    /// The spellings of the numbers of every range of a grammar, as keys.
    static func spellings(for compiled: CompiledGrammar) throws -> [Double: [[UInt32]]] {
        var numbers: Set<Double> = []
        for list in compiled.grammar.lists.values {
            if case .range(let range) = list.kind { numbers.formUnion(range.numbers) }
        }
        for intent in compiled.grammar.intents {
            for data in intent.data {
                for template in data.sentences {
                    for reference in template.expression.listReferences {
                        if let range = reference.inlineRange { numbers.formUnion(stride(from: range.lowerBound, through: range.upperBound, by: range.step).map(Double.init)) }
                    }
                }
                for list in data.lists.values {
                    if case .range(let range) = list.kind { numbers.formUnion(range.numbers) }
                }
            }
        }
        let reader = try NumberReader(language: compiled.language)
        return reader.spellings(of: numbers).mapValues { $0.map { compiled.text.key($0) } }
    }

    /// Where a partial match stands.
    struct State: Hashable {
        var position: Int
        /// Right after a slot or at the start: whitespace in the template requires nothing.
        var lenient: Bool
        var captures: [String]
        /// Right after free text that ended inside a word: only template text written onto
        /// it may follow (no whitespace, no slot).
        var freeTextInside = false
    }

    /// Every (template id, captures) that matches the whole input.
    func matches() -> Set<String> {
        var result: Set<String> = []
        let grammar = compiled.grammar
        var templateID = 0
        for intent in grammar.intents {
            for data in intent.data {
                let rules = grammar.expansionRules(for: data)
                let lists = grammar.lists(for: data)
                for template in data.sentences {
                    let start = State(position: 0, lenient: true, captures: [])
                    for state in skipping(interpret(template.expression, from: [start], rules: rules, lists: lists))
                    where state.position == input.count {
                        result.insert("#\(templateID) " + state.captures.joined(separator: " "))
                    }
                    templateID += 1
                }
            }
        }
        return result
    }

    /// `skips`: whether skip words may be passed over (in sentences, not inside list values).
    func interpret(_ expression: Expression, from states: Set<State>, rules: [String: Template], lists: [String: SlotList],
                   skips: Bool = true) -> Set<State> {
        guard !states.isEmpty else { return [] }
        switch expression {
        case .literal(let literal):
            var current = states
            for item in tables.items(literal.text) {
                switch item {
                case .boundary:
                    current = current.filter { !$0.freeTextInside && ($0.lenient || input.isBoundary[$0.position]) }
                case .piece(let scalars):
                    current = piece(scalars, from: current, skips: skips)
                case .optionalPiece(let scalars):
                    current = current.union(piece(scalars, from: current, skips: skips))
                }
            }
            return current
        case .sequence(let items):
            return items.reduce(states) { interpret($1, from: $0, rules: rules, lists: lists, skips: skips) }
        case .alternative(let branches):
            return branches.reduce(into: Set<State>()) { $0.formUnion(interpret($1, from: states, rules: rules, lists: lists, skips: skips)) }
        case .optional(let item):
            return states.union(interpret(item, from: states, rules: rules, lists: lists, skips: skips))
        case .permutation:
            return interpret(expression.expandingPermutations(normalizer: compiled.tokenizer.normalizer), from: states, rules: rules, lists: lists,
                             skips: skips)
        case .rule(let reference):
            return interpret(rules[reference.ruleName]!.expression, from: states, rules: rules, lists: lists, skips: skips)
        case .list(let reference):
            var result: Set<State> = []
            for state in (skips ? skipping(states) : states) where !state.freeTextInside {
                if reference.inlineRange == nil, case .wildcard = lists[reference.listName]!.kind {
                    // Free text starts at a word edge, or inside a word after template text.
                    guard input.isBoundary[state.position] || !state.lenient, state.position < input.count else { continue }
                    for end in (state.position + 1)...input.count {
                        result.insert(State(position: end, lenient: true, captures: state.captures + ["\(reference.slotName)=*@\(state.position)-\(end)"],
                                            freeTextInside: !input.isBoundary[end]))
                    }
                    continue
                }
                for (end, captured) in listMatches(reference, at: state.position, rules: rules, lists: lists) {
                    result.insert(State(position: end, lenient: true, captures: state.captures + captured))
                }
            }
            return result
        }
    }

    /// The states after template text `scalars`, matched exactly from each of `states`.
    func piece(_ scalars: [UInt32], from states: Set<State>, skips: Bool) -> Set<State> {
        Set((skips ? skipping(states) : states).compactMap { state in
            // A template word does not run across a space of the utterance.
            guard state.position + scalars.count <= min(input.count, Int(input.nextSpace[state.position])),
                  Array(input.scalars[state.position..<(state.position + scalars.count)]) == scalars else { return nil }
            return State(position: state.position + scalars.count, lenient: false, captures: state.captures)
        })
    }

    /// The states, and those reached from them by passing over skip words at boundaries.
    func skipping(_ states: Set<State>) -> Set<State> {
        var result = states
        var frontier = Array(states)
        while let state = frontier.popLast() {
            guard input.isBoundary[state.position] else { continue }
            var ends = tables.skipKeys.flatMap { keyEnds($0, from: state.position) }
            // A unit sign ("%", "°") is passed over like a skip word.
            if state.position < input.count, MatchInput.isUnitSign(input.scalars[state.position]) { ends.append(state.position + 1) }
            for end in ends where input.isBoundary[end] {
                let next = State(position: end, lenient: state.lenient, captures: state.captures)
                if result.insert(next).inserted { frontier.append(next) }
            }
        }
        return result
    }

    /// Where `key` (with boundary marks) ends when matched from `start`.
    func keyEnds(_ key: [UInt32], from start: Int) -> [Int] {
        var ends: [Int] = []
        func walk(_ index: Int, _ position: Int) {
            if index == key.count {
                ends.append(position)
                return
            }
            if key[index] == KeyTrie.boundary {
                if input.isBoundary[position] { walk(index + 1, position) }
            } else if position < input.count, input.scalars[position] == key[index] {
                walk(index + 1, position + 1)
            }
        }
        walk(0, start)
        return ends
    }

    /// What a list matches at `position`: the end and the captures (a value's own slots first).
    func listMatches(_ reference: ListReference, at position: Int, rules: [String: Template],
                     lists: [String: SlotList]) -> [(Int, [String])] {
        let slot = reference.slotName
        func capture(_ end: Int, _ value: String) -> String { "\(slot)=\(value)@\(position)-\(end)" }
        guard position < input.count else { return [] }
        if let range = reference.inlineRange {
            return numbers(NumberRange(lowerBound: range.lowerBound, upperBound: range.upperBound, step: range.step), at: position)
                .map { ($0.0, [capture($0.0, "\($0.1)")]) }
        }
        let list = lists[reference.listName]!
        switch list.kind {
        case .values(let values):
            var result: [(Int, [String])] = []
            for (index, value) in values.enumerated() {
                let start = State(position: position, lenient: true, captures: [])
                for state in interpret(value.input.expression, from: [start], rules: compiled.grammar.expansionRules, lists: compiled.grammar.lists,
                                       skips: false)
                where state.position > position {
                    result.append((state.position, state.captures + [capture(state.position, "value\(index)")]))
                }
            }
            return result
        case .external:
            var byEnd: [Int: [Int]] = [:]
            for (index, key) in (tables.externalKeys[reference.listName] ?? []).enumerated() {
                for end in keyEnds(key, from: position) where end > position { byEnd[end, default: []].append(index) }
            }
            // Of values matching the same span, those written as said (apostrophes count), if any.
            let values = self.lists.values(of: reference.listName)
            let normalizer = compiled.tokenizer.normalizer
            var result: [(Int, [String])] = []
            for (end, indices) in byEnd {
                let said = normalizer.normalize(input.text(position..<end))
                let same = indices.filter { normalizer.normalize(Literal.hassilText(values[$0].text)) == said }
                for index in (indices.count > 1 && !same.isEmpty ? same : indices) { result.append((end, [capture(end, "value\(index)")])) }
            }
            return result
        case .range(let range):
            return numbers(range, at: position).map { ($0.0, [capture($0.0, "\($0.1)")]) }
        case .wildcard:
            guard input.isBoundary[position] else { return [] }
            return ((position + 1)...input.count).filter { input.isBoundary[$0] }.map { ($0, [capture($0, "*")]) }
        }
    }

    /// Numbers of `range` at `position`: digits read one by one, words by every spelling.
    func numbers(_ range: NumberRange, at position: Int) -> [(Int, Double)] {
        var result: [(Int, Double)] = []
        if range.digits {
            var end = position
            var value = 0.0
            while end < input.count, end == position || input.isAdjacent(end), let digit = MatchRun.digitValue(input.scalars[end]) {
                value = value * 10 + Double(digit)
                end += 1
            }
            if end > position {
                var decimalEnd = end
                var decimal = value
                if range.fractions != nil, end + 1 < input.count, input.isAdjacent(end), [0x2E, 0x2C].contains(input.scalars[end]),
                   MatchRun.digitValue(input.scalars[end + 1]) != nil {
                    var scale = 1.0
                    decimalEnd += 1
                    while decimalEnd < input.count, input.isAdjacent(decimalEnd), let digit = MatchRun.digitValue(input.scalars[decimalEnd]) {
                        scale /= 10
                        decimal += Double(digit) * scale
                        decimalEnd += 1
                    }
                }
                if let accepted = range.accepts(decimal, spelledOut: false) { result.append((decimalEnd, accepted)) }
            }
        }
        if range.words {
            for number in range.numbers {
                for key in tables.spellings[number] ?? [] {
                    for end in keyEnds(key, from: position) {
                        if let accepted = range.accepts(number, spelledOut: true) { result.append((end, accepted)) }
                    }
                }
            }
        }
        return result
    }
}

extension CompiledGrammar {
    /// Every (template id, captures) the automaton matches over the whole input, exactly,
    /// in the reference's notation.
    func automatonMatches(_ input: MatchInput, lists: ExternalLists) -> Set<String> {
        var workspace = MatchWorkspace()
        workspace.beginUtterance(input)
        var run = MatchRun(grammar: self, input: input, external: lists, fuzziness: .none, maxEdits: 0, workspace: workspace)
        var result: Set<String> = []
        for completion in run.simulate(automaton, from: 0, anywhere: false) {
            let captures = run.arena.chain(completion.captures).map { capture -> String in
                let symbol = slotSymbols[Int(capture.symbol)]
                let value: String
                switch capture.kind {
                case .number: value = "\(capture.number)"
                case .wildcard: value = "*"
                default: value = "value\(capture.value)"
                }
                return "\(symbol.slotName)=\(value)@\(capture.start)-\(capture.end)"
            }
            result.insert("#\(completion.accept) " + captures.joined(separator: " "))
        }
        return result
    }
}
