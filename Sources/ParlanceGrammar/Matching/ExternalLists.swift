/// A value of a list supplied when matching: an entity name, an area, a floor.
///
/// ```swift
/// ExternalValue(text: "Kitchen Light", output: "Kitchen Light", context: ["domain": "light"])
/// ```
public struct ExternalValue: Sendable, Hashable {
    /// What users say, as plain text (expand templated names before: see ``TestFixtures/slotLists(language:)``).
    public let text: String
    /// What goes into the slot when the value matches.
    public let output: DataValue
    /// Context the value brings when it matches (an entity's domain and attributes), which
    /// `requires_context` and `excludes_context` are checked against.
    public let context: [String: DataValue]
    /// Metadata returned with the match.
    public let metadata: [String: DataValue]

    /// A value said as `text`, putting `output` (by default the text itself) into its slot.
    public init(text: String, output: DataValue? = nil, context: [String: DataValue] = [:], metadata: [String: DataValue] = [:]) {
        self.text = text
        self.output = output ?? .string(text)
        self.context = context
        self.metadata = metadata
    }
}

/// Lists supplied when matching (`{name}`, `{area}`, `{floor}`), prepared for one grammar:
/// the per-home object, made once and reused for every utterance of that home.
///
/// ```swift
/// let home = compiled.prepare(["area": [ExternalValue(text: "Kitchen")]])
/// compiled.match("turn on the kitchen lights", lists: home)
/// ```
///
/// Each list's values are normalized and tokenized like template text and indexed in a
/// trie, for exact matches (word boundaries as the value writes them) and for matches
/// within the value's edit budget (``EditBudget``; boundaries ignored, so a typo that
/// splits or joins words still finds the value).
public final class ExternalLists: Sendable {
    /// No lists: every external slot matches nothing.
    public static let empty = ExternalLists(lists: [:], language: "")

    /// The language of the grammar the lists were prepared for.
    public let language: String
    let lists: [String: PreparedValues]
    /// The lists by the index of the grammar's list of the same name, for the grammar they
    /// were prepared for (the matcher asks a list at every position it reaches, and hashed
    /// its name each time); where another grammar numbers its lists otherwise, the name
    /// finds them (``values(forList:named:)``).
    private let byIndex: [(name: String, values: PreparedValues?)]

    init(lists: [String: PreparedValues], language: String, listNames: [String] = []) {
        self.lists = lists
        self.language = language
        byIndex = listNames.map { ($0, lists[$0]) }
    }

    /// The values of the grammar's list number `index`, named `name`.
    @inline(__always)
    func values(forList index: Int, named name: String) -> PreparedValues? {
        if index < byIndex.count, byIndex[index].name == name { return byIndex[index].values }
        return lists[name]
    }

    /// The scalars the values of the grammar's list number `index`, named `name`, may
    /// begin with as written (none without values).
    @inline(__always)
    func firstScalars(forList index: Int, named name: String) -> ScalarFilter {
        values(forList: index, named: name)?.firstScalars ?? .none
    }

    /// The names of the lists, sorted.
    public var names: [String] { lists.keys.sorted() }

    /// The values of a list, in the order given.
    public func values(of list: String) -> [ExternalValue] { lists[list]?.values ?? [] }
}

/// One external list, indexed. (A class: the matcher looks it up at every position it
/// asks the list, and a struct's copy would retain each of its arrays.)
final class PreparedValues: Sendable {
    let values: [ExternalValue]
    /// Each value's key (normalized scalars with boundary marks).
    let keys: [[UInt32]]
    /// Each value normalized, apostrophes kept: what tells "Trader Joe's" from "Trader Joes",
    /// whose keys are equal.
    let surfaces: [String]
    let budgets: [UInt8]
    let trie: KeyTrie
    let maxBudget: Int
    /// The scalars a value may begin with, as written.
    let firstScalars: ScalarFilter

    init(values: [ExternalValue], text: MatchText) {
        self.values = values
        keys = values.map { text.key($0.text) }
        surfaces = values.map { text.tokenizer.normalizer.normalize(Literal.hassilText($0.text)) }
        let budgets = keys.map { UInt8(EditBudget.edits(forLetters: $0.letterCount)) }
        var trie = KeyTrie(keys: keys)
        trie.assignBudgets { Int(budgets[Int($0)]) }
        self.budgets = budgets
        self.trie = trie
        maxBudget = Int(budgets.max() ?? 0)
        firstScalars = trie.firstScalars
    }
}

extension CompiledGrammar {
    /// Prepares lists supplied when matching, for this grammar's language.
    ///
    /// - Complexity: O(total length of the values).
    public func prepare(_ lists: [String: [ExternalValue]]) -> ExternalLists {
        ExternalLists(lists: lists.mapValues { PreparedValues(values: $0, text: text) }, language: grammar.language,
                      listNames: self.lists.map(\.name))
    }
}
