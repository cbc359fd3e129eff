import ParlanceText

/// A language's grammar compiled into one automaton: the expensive object, made once per
/// language and shared (it is immutable and `Sendable`).
///
/// ```swift
/// let grammar = try GrammarLoader.load(corpus: corpus, language: "en")
/// let compiled = try CompiledGrammar(grammar)                     // ~100 ms, once
/// let home = compiled.prepare(fixtures.slotLists())               // once per home
/// let result = compiled.match("turn on the kitchen light", lists: home)
/// result.best?.intent                                             // "HassTurnOn"
/// result.best?.slots.first { $0.name == "name" }?.value           // "Kitchen Light"
/// ```
///
/// Every template of every intent compiles into one deterministic ``Automaton`` over
/// template words and slots (see ``GrammarCompiler``); every value list into an automaton
/// of its own, which a slot transition runs where it stands. Matching an utterance walks
/// the main automaton once, for every intent at the same time (see ``match(_:lists:context:options:)``).
///
/// Every error is found here, while compiling: matching never fails, it only finds
/// fewer hypotheses.
public final class CompiledGrammar: Sendable {
    /// The grammar compiled.
    public let grammar: LanguageGrammar
    /// The language its text is tokenized and normalized as.
    public let language: Language
    /// The tokenizer for utterances, template text and list values.
    public let tokenizer: Tokenizer

    let text: MatchText
    let automaton: Automaton
    /// Template words (pieces), by id.
    let pieces: PieceTable
    /// Slot symbols: a list filling a slot.
    let slotSymbols: [SlotSymbol]
    /// The list of each slot symbol (what the hot path needs of it, without the name).
    let slotLists: [Int32]
    /// Lists, by id.
    let lists: [CompiledList]
    /// The ids of the wildcard lists of each name (a data block's own list may shadow the
    /// language's: both take found values of the name).
    let wildcardLists: [String: [Int]]
    /// Per list id, whether it is a wildcard list (what a matching that closes every one
    /// marks closed: one shared array instead of one made from ``wildcardLists`` each time).
    let isWildcardList: [Bool]
    /// The templates, by the id the automaton accepts.
    let templates: [TemplateEntry]
    /// Skip words (`skip_words`), as keys.
    let skipWords: KeyTrie
    /// Per list id, the scalars its values may begin with, when matched as written
    /// (``ScalarFilter``); nil for a list supplied when matching, whose values the
    /// ``ExternalLists`` know. Derived from the lists, not stored in images.
    let listStarts: [ScalarFilter?]
    /// The scalars a skip word may begin with.
    let skipWordStarts: ScalarFilter
    /// Each data block's fixed slots and required context, sorted by name as hypotheses
    /// take them (every hypothesis of a block sorted its dictionaries again), by
    /// ``firstBlock`` of its intent plus its index there. Derived, not stored in images.
    let blockRules: [BlockRules]
    /// Per intent, the index in ``blockRules`` of its first data block.
    let firstBlock: [Int]

    /// A data block's fixed slots and required context, sorted by name.
    struct BlockRules: Sendable {
        let slots: [(name: String, value: DataValue)]
        let requirements: [(key: String, constraint: ContextConstraint)]
    }
    /// Matching buffers kept between matchings (see ``MatchWorkspace``).
    let workspaces = WorkspacePool()
    /// Whether some data block accepts or rejects a match by context (`requires_context`,
    /// `excludes_context`), which the values captured on its path can change: then a
    /// path's score alone does not tell whether it ends in a hypothesis.
    let hasContextRules: Bool

    /// Compiles `grammar` for its language.
    ///
    /// - Throws: ``GrammarError`` when the language tag is not one ICU knows, a rule
    ///   expands into itself, a list value references its own list, ICU has no number
    ///   formats for a range's language, or the automaton would be unreasonably large.
    /// - Complexity: linear in the size of the templates with their rules expanded in place.
    public convenience init(_ grammar: LanguageGrammar) throws(GrammarError) {
        let language: Language
        do {
            language = try Language(grammar.language)
        } catch {
            throw GrammarError(.missingLanguage(grammar.language), location: nil, text: grammar.language,
                               message: "'\(grammar.language)' is not a language tag", expected: "a BCP-47 language tag such as en, de or zh-cn")
        }
        let tokenizer: Tokenizer
        do {
            tokenizer = try Tokenizer(language: language)
        } catch {
            throw GrammarError(.unreadable, location: nil, message: "ICU cannot tokenize \(language): \(error)", expected: "a working ICU installation")
        }
        var compiler = GrammarCompiler(grammar: grammar, language: language, text: MatchText(tokenizer: tokenizer))
        let parts = try compiler.compile()
        self.init(grammar: grammar, language: language, tokenizer: tokenizer, parts: parts)
    }

    init(grammar: LanguageGrammar, language: Language, tokenizer: Tokenizer, parts: GrammarCompiler.Output) {
        self.grammar = grammar
        self.language = language
        self.tokenizer = tokenizer
        self.text = MatchText(tokenizer: tokenizer)
        self.automaton = parts.automaton
        self.pieces = parts.pieces
        self.slotSymbols = parts.slotSymbols
        self.slotLists = parts.slotSymbols.map(\.list)
        self.lists = parts.lists
        var wildcardLists: [String: [Int]] = [:]
        for (id, list) in parts.lists.enumerated() where list.isWildcard { wildcardLists[list.name, default: []].append(id) }
        self.wildcardLists = wildcardLists
        self.isWildcardList = parts.lists.map(\.isWildcard)
        self.templates = parts.templates
        self.skipWords = parts.skipWords
        self.listStarts = CompiledGrammar.listStarts(parts.lists, slotLists: self.slotLists, pieces: parts.pieces)
        self.skipWordStarts = parts.skipWords.firstScalars
        var firstBlock: [Int] = []
        var blockRules: [BlockRules] = []
        for intent in grammar.intents {
            firstBlock.append(blockRules.count)
            for block in intent.data {
                blockRules.append(BlockRules(slots: block.slots.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                             requirements: block.requiresContext.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            }
        }
        self.firstBlock = firstBlock
        self.blockRules = blockRules
        self.hasContextRules = grammar.intents.contains { intent in
            intent.data.contains { !$0.requiresContext.isEmpty || !$0.excludesContext.isEmpty }
        }
    }

    /// Sizes of the compiled form, for reports and tests.
    public struct Statistics: Sendable, Hashable, CustomStringConvertible {
        /// Templates compiled.
        public let templates: Int
        /// States of the main automaton.
        public let states: Int
        /// Transitions of the main automaton.
        public let transitions: Int
        /// Distinct template words.
        public let words: Int
        /// Lists compiled (value lists with their own automata, ranges, wildcards, external).
        public let lists: Int
        /// Bytes of the tables matching reads: the main automaton and every list's (states,
        /// transitions, accepts), the tries of template words, skip words and spelled numbers,
        /// and the words' keys and edit budgets. An estimate from element counts × strides
        /// plus 32 bytes per array header; the loaded templates, kept for hypotheses, are
        /// not counted.
        public let tableBytes: Int

        public var description: String {
            "\(templates) templates → \(states) states, \(transitions) transitions, \(words) words, \(lists) lists, "
                + "\((tableBytes + 512) / 1024) KiB of tables"
        }
    }

    /// The wildcard lists that fill slots named `slotNames` somewhere in the templates
    /// (`{date:bookingDateComponents}` fills `bookingDateComponents` from `date`), sorted:
    /// where a caller offers values it found for those slots (``FoundValues``).
    public func wildcardLists(fillingSlots slotNames: Set<String>) -> [String] {
        var names: Set<String> = []
        for symbol in slotSymbols where slotNames.contains(symbol.slotName) && isWildcardList[Int(symbol.list)] {
            names.insert(lists[Int(symbol.list)].name)
        }
        return names.sorted()
    }

    /// Whether the templates spell `word` (normalized as ``tokenize(_:)`` normalizes, one
    /// word: no space inside) as a word of their own: the words that frame values
    /// ("the", "my", "dem", "里"), as opposed to the values themselves.
    ///
    /// - Complexity: one trie descent, O(length of `word`).
    public func spellsWord<Scalars: Sequence<Unicode.Scalar>>(_ word: Scalars) -> Bool {
        let trie = pieces.trie
        var node: Int32 = 0
        var any = false
        for scalar in word where scalar.value != MatchText.apostrophe {
            guard let next = trie.child(node, scalar.value) else { return false }
            node = next
            any = true
        }
        return any && !trie.payloads(of: node).isEmpty
    }

    /// Calls `body(end)` for every `end` in `start + 1...min(units.endIndex, start + limit)`
    /// where the templates spell the units `start..<end` written together as a word of
    /// their own: ``spellsWord(_:)`` of `units[start..<end].joined()` for every such end,
    /// in one trie descent (the longer runs go on from where the shorter ones stopped).
    public func spelledRuns<Units: RandomAccessCollection>(of units: Units, from start: Int, limit: Int, _ body: (Int) -> Void)
    where Units.Index == Int, Units.Element: Collection<Unicode.Scalar> {
        let trie = pieces.trie
        var node: Int32 = 0
        var any = false
        guard start < units.endIndex else { return }
        for end in (start + 1)...min(units.endIndex, start + limit) {
            for scalar in units[end - 1] where scalar.value != MatchText.apostrophe {
                guard let next = trie.child(node, scalar.value) else { return }
                node = next
                any = true
            }
            if any, !trie.payloads(of: node).isEmpty { body(end) }
        }
    }

    /// Sizes of the compiled form.
    public var statistics: Statistics {
        var bytes = automaton.estimatedBytes + pieces.trie.estimatedBytes + skipWords.estimatedBytes
        bytes += pieces.keys.reduce(MemorySize.array(pieces.keys)) { $0 + MemorySize.array($1) } + MemorySize.array(pieces.budgets)
        bytes += MemorySize.array(slotLists) + MemorySize.array(slotSymbols) + MemorySize.array(templates) + MemorySize.array(self.lists)
        for list in self.lists {
            switch list.kind {
            case .values(let list): bytes += list.automaton.estimatedBytes + MemorySize.array(list.values)
            case .range(let list): bytes += list.spelled.trie.estimatedBytes + MemorySize.array(list.spelled.values)
            case .wildcard, .external: break
            }
        }
        return Statistics(templates: templates.count, states: automaton.states.count, transitions: automaton.transitionCount,
                          words: pieces.keys.count, lists: self.lists.count, tableBytes: bytes)
    }
}

/// Sizes of flat arrays, for ``CompiledGrammar/Statistics/tableBytes``.
enum MemorySize {
    /// An array's header (reference count, count, capacity) and its elements.
    static func array<Element>(_ array: [Element]) -> Int {
        32 + array.capacity * MemoryLayout<Element>.stride
    }
}

extension Automaton {
    /// The bytes of its tables.
    var estimatedBytes: Int {
        MemorySize.array(states) + MemorySize.array(pieces) + MemorySize.array(slots) + MemorySize.array(accepts)
            + MemorySize.array(gluesText)
    }
}

extension KeyTrie {
    /// The bytes of its tables.
    var estimatedBytes: Int { MemorySize.array(nodes) + MemorySize.array(labels) + MemorySize.array(payloads) }
}

extension CompiledGrammar {
    /// The scalars each list's values may begin with as written (nil: supplied when
    /// matching): a value list's, the first letters of the words its automaton starts with
    /// and of the lists its slots there take; a range's, digits and the first letters of its
    /// numbers spelled; a wildcard's, any.
    static func listStarts(_ lists: [CompiledList], slotLists: [Int32], pieces: PieceTable) -> [ScalarFilter?] {
        var starts = [ScalarFilter??](repeating: nil, count: lists.count)
        var visiting = Set<Int>()
        func start(of list: Int) -> ScalarFilter? {
            if let known = starts[list] { return known }
            // A list whose values start with a value of itself: anything, to be safe.
            guard visiting.insert(list).inserted else { return .any }
            defer { visiting.remove(list) }
            var filter = ScalarFilter.none
            switch lists[list].kind {
            case .values(let valueList):
                let automaton = valueList.automaton
                for transition in automaton.pieceTransitions(Automaton.start) {
                    guard let first = pieces.keys[Int(transition.symbol)].first, first != KeyTrie.boundary else { return cache(list, .any) }
                    filter.insert(first)
                }
                for transition in automaton.slotTransitions(Automaton.start) {
                    // A nested list supplied when matching: anything.
                    guard let nested = start(of: Int(slotLists[Int(transition.symbol)])) else { return cache(list, .any) }
                    filter.formUnion(nested)
                }
            case .range(let rangeList):
                if rangeList.range.digits {
                    for digit in UInt32(0x30)...0x39 { filter.insert(digit) }
                    filter.insertEveryNonASCII()
                }
                if rangeList.range.words {
                    // Numbers past the spelled ones are read in words when matching.
                    if rangeList.spelled.deferredReader != nil { return cache(list, .any) }
                    filter.formUnion(rangeList.spelled.trie.firstScalars)
                }
            case .wildcard:
                filter = .any
            case .external:
                return cache(list, nil)
            }
            return cache(list, filter)
        }
        func cache(_ list: Int, _ filter: ScalarFilter?) -> ScalarFilter? {
            starts[list] = .some(filter)
            return filter
        }
        return lists.indices.map { start(of: $0) }
    }
}

/// Template words, interned: id → normalized scalars, with a trie for lookups.
struct PieceTable: Sendable {
    /// The scalars of each piece, by id.
    let keys: [[UInt32]]
    /// Each piece's edit budget (0 for short words).
    let budgets: [UInt8]
    /// All pieces.
    let trie: KeyTrie
    /// The largest budget of any piece.
    let maxBudget: Int

    init(keys: [[UInt32]]) {
        self.keys = keys
        let budgets = keys.map { UInt8(EditBudget.edits(forLetters: $0.letterCount)) }
        var trie = KeyTrie(keys: keys)
        trie.assignBudgets { Int(budgets[Int($0)]) }
        self.budgets = budgets
        self.trie = trie
        self.maxBudget = Int(budgets.max() ?? 0)
    }
}

/// A slot transition's label: which list fills which slot.
struct SlotSymbol: Sendable, Hashable {
    let list: Int32
    let slotName: String
}

/// A list as compiled.
///
/// A class, not a struct: the matcher looks lists up by index at every position it asks
/// one, and a struct's copy would retain and release each array of its automaton or trie
/// each time (a tenth of the matching time in zh-cn); a reference is one retain.
final class CompiledList: Sendable {
    enum Kind: Sendable {
        /// Values with their own automaton, accepting value indices.
        case values(ValueList)
        /// A number range, with the spellings of its numbers (payload: index into
        /// ``SpelledNumbers/values``).
        case range(RangeList)
        /// Any text.
        case wildcard
        /// Values supplied when matching (``ExternalLists``).
        case external
    }

    /// The list's name.
    let name: String
    let kind: Kind

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// A list of values, compiled. (The payloads are classes for the reason the list is.)
    final class ValueList: Sendable {
        /// Accepts the index of each value in ``values``.
        let automaton: Automaton
        let values: [SlotValue]

        init(automaton: Automaton, values: [SlotValue]) {
            self.automaton = automaton
            self.values = values
        }
    }

    /// A number range with the spellings of its numbers.
    final class RangeList: Sendable {
        let range: NumberRange
        let spelled: SpelledNumbers

        init(range: NumberRange, spelled: SpelledNumbers) {
            self.range = range
            self.spelled = spelled
        }

        /// Calls `body(number, end)` for each number spelled out at `position` of `input`
        /// (the numbers up to ``SpelledNumbers/spelledLimit``). A method of the list, not a
        /// walk of `spelled.trie` by its caller: read there, out of the class, the trie was
        /// copied, a retain and a release of each of its arrays per position asked.
        func spelledNumbers(in input: MatchInput, at position: Int, _ body: (Double, Int) -> Void) {
            spelled.trie.matches(in: input.scalars, isBoundary: input.isBoundary, from: position) { index, end in
                body(spelled.values[Int(index)], end)
            }
        }
    }
}

/// The numbers of a range in words: every spelling of every number up to
/// ``spelledLimit``, as keys; numbers above it, read in the utterance when matching.
///
/// Spelling a range out is what makes matching numbers in words a trie walk, with every
/// reading ("twenty" as well as "twenty five", as hassil's number trie gives); but it costs
/// ICU formatting per number and rule set: 100,000 amounts take seconds and hundreds of
/// megabytes to spell. Above the limit, ``reader`` reads the utterance's numbers once per
/// utterance, and each reading (the longest at its start) is offered where it starts.
struct SpelledNumbers: Sendable {
    /// The numbers spelled into the trie, by payload.
    let values: [Double]
    let trie: KeyTrie
    /// The reader of numbers above ``spelledLimit``, when the range goes higher.
    let deferredReader: DeferredNumberReader?

    /// The largest number spelled into a trie.
    static let spelledLimit = 1000

    static let none = SpelledNumbers(values: [], trie: KeyTrie(), deferredReader: nil)

    /// Reads numbers above ``spelledLimit`` when the range goes higher.
    var reader: NumberReader? { deferredReader?.reader }
}

/// A ``NumberReader`` made when first asked for. Compiling makes the reader anyway (it
/// spells the numbers up to the limit); a grammar read from its image (see
/// ``CompiledGrammar/init(image:source:inputs:)``) does not, and opening ICU's formatters
/// and deriving the number lexicon costs tens of milliseconds per language, more than
/// reading the whole image: so the first utterance that reaches a large range pays it,
/// not every load.
package final class DeferredNumberReader: @unchecked Sendable {
    /// The language tag the reader reads, as the grammar gives it (a range's
    /// `words_language`, or the grammar's language).
    let tag: String
    /// The language it stands for.
    let language: Language
    /// The reader compiling made: read without a lock.
    private let compiled: NumberReader?
    private let lock = Lock()
    // Guarded by `lock`.
    private var made: NumberReader?
    private var failed = false

    /// A reader already made, by compiling.
    package init(tag: String, reader: NumberReader) {
        self.tag = tag
        language = reader.language
        compiled = reader
    }

    /// A reader of `language`, made on first use.
    package init(tag: String, language: Language) {
        self.tag = tag
        self.language = language
        compiled = nil
    }

    /// The reader; nil only if ICU cannot open the language's number formats, which the
    /// compile that wrote the image could (the image is of this ICU version): then numbers
    /// above the limit are not read, as matching never fails.
    package var reader: NumberReader? {
        if let compiled { return compiled }
        return lock.withLock {
            if let made { return made }
            guard !failed else { return nil }
            do {
                made = try NumberReader.shared(language: language)
            } catch {
                failed = true
            }
            return made
        }
    }
}

/// A template and where it belongs.
struct TemplateEntry: Sendable {
    let intent: Int
    let data: Int
    let template: Template
}
