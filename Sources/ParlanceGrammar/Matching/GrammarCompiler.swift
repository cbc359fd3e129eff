import ParlanceText

/// Compiles a ``LanguageGrammar`` into automata: the main one over every template of every
/// intent, and one per value list.
///
/// Templates compose as in Thompson's construction: a literal becomes a chain of word
/// transitions and boundary conditions (``MatchText``), a sequence chains its items, an
/// alternative or optional branches and rejoins, a permutation is written out in every
/// order (as hassil 3.10 matches it), an expansion rule is compiled in place where it is
/// used (with the data block's own rules shadowing the language's), and a list reference
/// becomes one slot transition. Subset construction then merges what the templates share.
/// Nothing is expanded into sentences: a list with a hundred values is one transition.
struct GrammarCompiler {
    struct Output {
        let automaton: Automaton
        let pieces: PieceTable
        let slotSymbols: [SlotSymbol]
        let lists: [CompiledList]
        let templates: [TemplateEntry]
        let skipWords: KeyTrie
    }

    /// Where names resolve: the language's lists and rules, shadowed by a data block's.
    struct Scope {
        /// The data block (intent index, data index) whose own lists and rules apply; nil
        /// for the language level.
        let block: BlockKey?
        let lists: [String: SlotList]
        let rules: [String: Template]
        let localLists: Set<String>
        let localRules: Set<String>
    }

    struct BlockKey: Hashable {
        let intent: Int
        let data: Int
    }

    /// A list's identity: its name where it was defined.
    struct ListKey: Hashable {
        let block: BlockKey?
        let name: String
    }

    /// Subset construction stops here: far above any real grammar (the corpus needs tens of
    /// thousands), low enough to fail fast on a pathological one.
    static let stateLimit = 2_000_000
    /// Rules nest at most this deep (the loader rejects cycles; this bounds the rest).
    static let ruleDepthLimit = 64
    /// The nondeterministic automaton stops growing here. Every use of a rule and every
    /// order of a permutation is compiled anew, so rules that use a rule twice, ten levels
    /// deep, or permutations inside permutations, multiply; without a bound such a grammar
    /// compiles for minutes (2^24 uses of a rule: 11 s and 320 MB to reach 4 million states
    /// in a debug build). The largest language of the corpora (Home Assistant's hu) needs 263,383.
    static let nondeterministicStateLimit = 1_000_000

    let grammar: LanguageGrammar
    let language: Language
    let text: MatchText
    /// Number readers by language code, for the spellings of ranges.
    var numberReaders: [String: NumberReader] = [:]
    /// Spelled-number keys by language code and range (bounds, step, fractions).
    var spelledNumbers: [String: SpelledNumbers] = [:]
    var pieceIDs: [[UInt32]: Int32] = [:]
    var pieceKeys: [[UInt32]] = []
    var itemsCache: [String: [MatchText.Item]] = [:]
    var slotIDs: [SlotSymbol: Int32] = [:]
    var slotSymbols: [SlotSymbol] = []
    var listIDs: [ListKey: Int32] = [:]
    var lists: [CompiledList?] = []
    var expandedRules: [ListKey: Expression] = [:]

    init(grammar: LanguageGrammar, language: Language, text: MatchText) {
        self.grammar = grammar
        self.language = language
        self.text = text
    }

    mutating func compile() throws(GrammarError) -> Output {
        var builder = AutomatonBuilder()
        var templates: [TemplateEntry] = []
        let normalizer = text.tokenizer.normalizer
        for (intentIndex, intent) in grammar.intents.enumerated() {
            for (dataIndex, data) in intent.data.enumerated() {
                let scope = Scope(block: BlockKey(intent: intentIndex, data: dataIndex), lists: grammar.lists(for: data),
                                  rules: grammar.expansionRules(for: data), localLists: Set(data.lists.keys),
                                  localRules: Set(data.expansionRules.keys))
                for template in data.sentences {
                    let id = Int32(templates.count)
                    templates.append(TemplateEntry(intent: intentIndex, data: dataIndex, template: template))
                    let end = try compile(template.expression.expandingPermutations(normalizer: normalizer), scope: scope,
                                          from: AutomatonBuilder.start, into: &builder, template: template, depth: 0)
                    builder.add(.accept(id), from: end)
                }
            }
        }
        let automaton: Automaton
        do {
            automaton = try builder.determinized(stateLimit: GrammarCompiler.stateLimit)
        } catch {
            throw GrammarError(.invalidStructure, location: nil,
                               message: "the templates of '\(grammar.language)' need more than \(error.limit) automaton states",
                               expected: "templates whose alternatives rejoin (a grammar of this size needs far fewer)")
        }
        let skipKeys = grammar.skipWords.map { text.key($0) }.filter { !$0.isEmpty }
        return Output(automaton: automaton, pieces: PieceTable(keys: pieceKeys), slotSymbols: slotSymbols,
                      lists: lists.map { $0! }, templates: templates, skipWords: KeyTrie(keys: skipKeys))
    }

    // MARK: Expressions

    /// Compiles `expression` starting at `state`; returns the state where it ends.
    mutating func compile(_ expression: Expression, scope: Scope, from state: Int32, into builder: inout AutomatonBuilder,
                          template: Template, depth: Int) throws(GrammarError) -> Int32 {
        guard builder.stateCount <= GrammarCompiler.nondeterministicStateLimit else {
            throw GrammarError(.invalidStructure, location: template.location(at: 0), text: template.text,
                               message: "the templates of '\(grammar.language)' expand to more than \(GrammarCompiler.nondeterministicStateLimit) automaton states here",
                               expected: "rules and permutations that do not multiply (a rule used twice in a rule used twice …, permutations inside permutations)")
        }
        switch expression {
        case .literal(let literal):
            var current = state
            for item in items(literal.text) {
                let next = builder.addState()
                switch item {
                case .piece(let scalars): builder.add(.piece(pieceID(scalars), next), from: current)
                case .boundary: builder.add(.boundary(next), from: current)
                case .optionalPiece(let scalars):
                    builder.add(.piece(pieceID(scalars), next), from: current)
                    builder.add(.epsilon(next), from: current)
                }
                current = next
            }
            return current
        case .sequence(let items):
            var current = state
            for item in items {
                current = try compile(item, scope: scope, from: current, into: &builder, template: template, depth: depth)
            }
            return current
        case .alternative(let branches):
            let join = builder.addState()
            for branch in branches {
                let end = try compile(branch, scope: scope, from: state, into: &builder, template: template, depth: depth)
                builder.add(.epsilon(join), from: end)
            }
            return join
        case .optional(let item):
            let join = builder.addState()
            let end = try compile(item, scope: scope, from: state, into: &builder, template: template, depth: depth)
            builder.add(.epsilon(join), from: end)
            builder.add(.epsilon(join), from: state)
            return join
        case .permutation:
            let expanded = expression.expandingPermutations(normalizer: text.tokenizer.normalizer)
            return try compile(expanded, scope: scope, from: state, into: &builder, template: template, depth: depth)
        case .list(let reference):
            let list = try listID(reference, scope: scope, template: template)
            let symbol = slotID(SlotSymbol(list: list, slotName: reference.slotName))
            let next = builder.addState()
            builder.add(.slot(symbol, next), from: state)
            return next
        case .rule(let reference):
            guard depth < GrammarCompiler.ruleDepthLimit else {
                throw GrammarError(.cyclicRules([reference.ruleName]), location: template.location(at: reference.offset),
                                   text: template.text, message: "expansion rules nest more than \(GrammarCompiler.ruleDepthLimit) deep at \(reference)",
                                   expected: "rules that do not expand into themselves")
            }
            let key = ListKey(block: scope.localRules.contains(reference.ruleName) ? scope.block : nil, name: reference.ruleName)
            let body: Expression
            if let cached = expandedRules[key] {
                body = cached
            } else {
                guard let rule = scope.rules[reference.ruleName] else {
                    throw GrammarError(.unknownRule(reference.ruleName), location: template.location(at: reference.offset), text: template.text,
                                       message: "unknown expansion rule \(reference)", expected: "a rule of _common.yaml or this data block")
                }
                body = rule.expression.expandingPermutations(normalizer: text.tokenizer.normalizer)
                expandedRules[key] = body
            }
            return try compile(body, scope: scope, from: state, into: &builder, template: template, depth: depth + 1)
        }
    }

    mutating func items(_ literal: String) -> [MatchText.Item] {
        if let cached = itemsCache[literal] { return cached }
        let items = text.items(literal)
        itemsCache[literal] = items
        return items
    }

    mutating func pieceID(_ scalars: [UInt32]) -> Int32 {
        if let id = pieceIDs[scalars] { return id }
        let id = Int32(pieceKeys.count)
        pieceIDs[scalars] = id
        pieceKeys.append(scalars)
        return id
    }

    mutating func slotID(_ symbol: SlotSymbol) -> Int32 {
        if let id = slotIDs[symbol] { return id }
        let id = Int32(slotSymbols.count)
        slotIDs[symbol] = id
        slotSymbols.append(symbol)
        return id
    }

    // MARK: Numbers

    /// Every spelling of every number of `range`, from the language's number formats
    /// (``NumberReader/spellings(of:)``), as keys: matching numbers in words is then a trie
    /// walk, with no parsing while matching (and every reading, "twenty" as well as
    /// "twenty five", as hassil's number trie gives).
    mutating func spelled(_ range: NumberRange, template: Template) throws(GrammarError) -> SpelledNumbers {
        guard range.words else { return .none }
        let code = range.wordsLanguage ?? grammar.language
        let cacheKey = "\(code) \(range.lowerBound) \(range.upperBound) \(range.step) \(range.fractions?.rawValue ?? "")"
        if let known = spelledNumbers[cacheKey] { return known }
        let reader: NumberReader
        if let known = numberReaders[code] {
            reader = known
        } else {
            do {
                reader = try NumberReader.shared(language: code == grammar.language ? language : Language(code))
            } catch {
                throw GrammarError(.invalidStructure, location: template.location, text: code,
                                   message: "no number words for '\(code)': \(error)", expected: "a language ICU has number formats for")
            }
            numberReaders[code] = reader
        }
        let values = range.numbers(through: SpelledNumbers.spelledLimit)
        let spellings = reader.spellings(of: values)
        var keys: [[UInt32]] = []
        var payloads: [Int32] = []
        for (index, value) in values.enumerated() {
            for spelling in spellings[value] ?? [] {
                keys.append(text.key(spelling))
                payloads.append(Int32(index))
            }
        }
        let spelled = SpelledNumbers(values: values, trie: KeyTrie(keys: keys) { payloads[$0] },
                                     deferredReader: range.upperBound > SpelledNumbers.spelledLimit ? DeferredNumberReader(tag: code, reader: reader) : nil)
        spelledNumbers[cacheKey] = spelled
        return spelled
    }

    // MARK: Lists

    /// The id of the list a reference names, compiling the list the first time.
    mutating func listID(_ reference: ListReference, scope: Scope, template: Template) throws(GrammarError) -> Int32 {
        if let range = reference.inlineRange {
            let key = ListKey(block: nil, name: "\(range.lowerBound)..\(range.upperBound),\(range.step)")
            if let id = listIDs[key] { return id }
            let id = Int32(lists.count)
            listIDs[key] = id
            let numbers = NumberRange(lowerBound: range.lowerBound, upperBound: range.upperBound, step: range.step)
            lists.append(CompiledList(name: reference.listName, kind: .range(CompiledList.RangeList(range: numbers, spelled: try spelled(numbers, template: template)))))
            return id
        }
        let isLocal = scope.localLists.contains(reference.listName)
        let key = ListKey(block: isLocal ? scope.block : nil, name: reference.listName)
        if let id = listIDs[key] {
            guard lists[Int(id)] != nil else {
                throw GrammarError(.invalidStructure, location: template.location(at: reference.offset), text: template.text,
                                   message: "a value of list '\(reference.listName)' references the list itself",
                                   expected: "list values that do not contain their own list")
            }
            return id
        }
        guard let list = scope.lists[reference.listName] else {
            throw GrammarError(.unknownList(reference.listName), location: template.location(at: reference.offset), text: template.text,
                               message: "unknown list \(reference)", expected: "a list of _common.yaml, lists/ or this data block")
        }
        let id = Int32(lists.count)
        listIDs[key] = id
        lists.append(nil)  // in progress: a reference to it from its own values is a cycle
        let kind: CompiledList.Kind
        switch list.kind {
        case .range(let range): kind = .range(CompiledList.RangeList(range: range, spelled: try spelled(range, template: template)))
        case .wildcard: kind = .wildcard
        case .external: kind = .external
        case .values(let values):
            // Values see the rules and lists of where the list is defined.
            let valueScope = isLocal ? scope : Scope(block: nil, lists: grammar.lists, rules: grammar.expansionRules,
                                                     localLists: [], localRules: [])
            var builder = AutomatonBuilder()
            for (index, value) in values.enumerated() {
                let expression = value.input.expression.expandingPermutations(normalizer: text.tokenizer.normalizer)
                let end = try compile(expression, scope: valueScope, from: AutomatonBuilder.start, into: &builder,
                                      template: value.input, depth: 0)
                builder.add(.accept(Int32(index)), from: end)
            }
            do {
                kind = .values(CompiledList.ValueList(automaton: try builder.determinized(stateLimit: GrammarCompiler.stateLimit), values: values))
            } catch {
                throw GrammarError(.invalidStructure, location: list.location, text: list.name,
                                   message: "the values of list '\(list.name)' need more than \(error.limit) automaton states",
                                   expected: "value templates of reasonable size")
            }
        }
        lists[Int(id)] = CompiledList(name: list.name, kind: kind)
        return id
    }
}
