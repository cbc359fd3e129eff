/// Values of wildcard lists that the caller found in one utterance: vocabulary spans, app
/// names. The matcher offers each as a value of its list where it stands, besides (or,
/// for a closed list, instead of) the free text a wildcard takes.
///
/// This is how a grammar binds a list to vocabulary without knowing about it: the grammar
/// declares `contact: {wildcard: true}`; the engine runs its vocabulary span finder over
/// the utterance and passes what it found for `contact`. A hypothesis using a found value
/// has one wildcard less than one taking the same words as free text, so it ranks first
/// (see ``RankingKey``); a found value with edits costs them as a corrected list value.
///
/// ```swift
/// var found = FoundValues()
/// found.append(FoundValues.Value(list: "contact", span: 18..<33, output: "user:1001", text: "Sparkle Sparkly", edits: 0))
/// found.closedLists = ["app"]     // app names only, never free text
/// compiled.match(utterance, found: found)
/// ```
public struct FoundValues: Sendable, Equatable {
    /// One value found in the utterance.
    public struct Value: Sendable, Hashable {
        /// The wildcard list it fills.
        public let list: String
        /// Where it stands in the utterance, in Unicode scalar offsets. A span that does not
        /// start and end at unit edges of the utterance as the grammar tokenizes it is ignored.
        public let span: Range<Int>
        /// What goes into the slot.
        public let output: DataValue
        /// The value as written (a vocabulary phrase), reported as the slot's ``SlotMatch/listValue``.
        public let text: String
        /// Edits between the utterance's text and the value (0 for an exact match).
        public let edits: Int
        /// Values of different groups (0 and up) never fill slots of one reading; a value of
        /// no group (-1) goes with any. The engine groups by app: one reading takes the
        /// vocabulary and the name of one app.
        public let group: Int

        public init(list: String, span: Range<Int>, output: DataValue, text: String, edits: Int, group: Int = -1) {
            self.list = list
            self.span = span
            self.output = output
            self.text = text
            self.edits = edits
            self.group = group
        }
    }

    /// The values, in the order given; a slot filled by one reports its position here as
    /// ``SlotMatch/foundIndex``.
    public var values: [Value]
    /// Wildcard lists that take only found values, no free text.
    public var closedLists: Set<String>
    /// Every wildcard list of the grammar takes only found values, whatever ``closedLists``
    /// names: a reading of nothing but templates' words and values found. (Naming every
    /// list instead costs a lookup of each name in each matching.)
    public var closesEveryWildcardList = false
    /// Wildcard lists whose free text counts as explained: it adds no wildcard characters
    /// (``RankingKey/wildcardScalars``). For a bound, not a reading: where the values these
    /// lists would take are not searched yet, a path through them costs at most what it
    /// would cost with any of those values (``CompiledGrammar/mayRead(_:found:options:)``).
    public var explainedLists: Set<String> = []

    /// No values: wildcards take free text, as the grammar says.
    public init(values: [Value] = [], closedLists: Set<String> = []) {
        self.values = values
        self.closedLists = closedLists
    }

    /// Adds a value.
    public mutating func append(_ value: Value) { values.append(value) }

    /// True when nothing was found and no list is closed or explained.
    public var isEmpty: Bool { values.isEmpty && closedLists.isEmpty && explainedLists.isEmpty && !closesEveryWildcardList }
}

/// Found values laid over one input: by start position, then list id.
///
/// Flat arrays, made once per matching: the values starting at input position `p` are
/// `entries[starts[p] ..< starts[p + 1]]` (a dictionary of arrays by position and list
/// cost an allocation per key and a hash per lookup, for every pass of every read).
struct FoundValueTable {
    struct Entry {
        var list: Int32
        var end: Int32
        /// The value's index in ``FoundValueTable/values``.
        var index: Int32
        var edits: UInt8
        var group: Int32
    }

    private var entries: [Entry] = []
    /// Per input position (and one past the last), where its entries start; empty when no
    /// values were found.
    private var starts: [Int32] = []
    /// Per list id, whether the list is closed; empty when none is.
    private var closedLists: [Bool] = []
    /// Per list id, whether the list's free text counts as explained; empty when none does.
    private var explainedLists: [Bool] = []
    let values: [FoundValues.Value]

    static let empty = FoundValueTable()

    private init() { values = [] }

    init(_ found: FoundValues, input: MatchInput, grammar: CompiledGrammar) {
        values = found.values
        guard !found.isEmpty else { return }
        // A name may be compiled more than once (a data block's own list shadows the
        // language's): every wildcard list of the name takes the values.
        let listIDs = grammar.wildcardLists
        if found.closesEveryWildcardList {
            closedLists = grammar.isWildcardList
        } else if !found.closedLists.isEmpty {
            closedLists = [Bool](repeating: false, count: grammar.lists.count)
            for name in found.closedLists { for list in listIDs[name] ?? [] { closedLists[list] = true } }
        }
        if !found.explainedLists.isEmpty {
            explainedLists = [Bool](repeating: false, count: grammar.lists.count)
            for name in found.explainedLists { for list in listIDs[name] ?? [] { explainedLists[list] = true } }
        }
        guard !found.values.isEmpty else { return }
        // Utterance offsets → input positions at unit edges.
        // (Arrays by utterance offset, -1 where no unit edge stands.)
        let offsets = input.utterance.count + 1
        var startPosition = [Int](repeating: -1, count: offsets)
        var endPosition = [Int](repeating: -1, count: offsets)
        for position in 0..<input.count where input.isBoundary[position] {
            startPosition[Int(input.origin[position].start)] = position
        }
        for position in 1...max(1, input.count) where position <= input.count && input.isBoundary[position] {
            endPosition[Int(input.origin[position - 1].end)] = position
        }
        var placed: [(start: Int, entry: Entry)] = []
        placed.reserveCapacity(found.values.count)
        // (Values of one list mostly follow each other: the last name's lists are kept, since
        // comparing a name with the last costs less than hashing it.)
        var last: (name: String, lists: [Int]?) = ("", nil)
        for (index, value) in found.values.enumerated() {
            if last.lists == nil || value.list != last.name { last = (value.list, listIDs[value.list]) }
            guard let lists = last.lists, value.span.lowerBound >= 0, value.span.upperBound < offsets,
                  case let start = startPosition[value.span.lowerBound], case let end = endPosition[value.span.upperBound],
                  start >= 0, end > start else { continue }
            for list in lists {
                placed.append((start, Entry(list: Int32(list), end: Int32(end), index: Int32(index), edits: UInt8(clamping: value.edits),
                                            group: Int32(clamping: max(-1, value.group)))))
            }
        }
        guard !placed.isEmpty else { return }
        // By start, keeping the values' order within a position (a counting sort).
        var counts = [Int32](repeating: 0, count: input.count + 2)
        for item in placed { counts[item.start + 1] += 1 }
        for position in 0...input.count { counts[position + 1] += counts[position] }
        starts = counts
        entries = [Entry](repeating: Entry(list: 0, end: 0, index: 0, edits: 0, group: 0), count: placed.count)
        var next = counts
        for item in placed {
            entries[Int(next[item.start])] = item.entry
            next[item.start] += 1
        }
    }

    /// Whether list `list` takes found values only, no free text.
    @inline(__always)
    func isClosed(_ list: Int) -> Bool { list < closedLists.count && closedLists[list] }

    /// Whether list `list`'s free text counts as explained (``FoundValues/explainedLists``).
    @inline(__always)
    func isExplained(_ list: Int) -> Bool { list < explainedLists.count && explainedLists[list] }

    /// The entries of the values starting at `position` (of every list; see ``entry(_:)``).
    @inline(__always)
    func entries(at position: Int) -> Range<Int> {
        guard position + 1 < starts.count else { return 0..<0 }
        return Int(starts[position])..<Int(starts[position + 1])
    }

    @inline(__always)
    func entry(_ index: Int) -> Entry { entries[index] }
}

extension CompiledList {
    var isWildcard: Bool {
        if case .wildcard = kind { return true }
        return false
    }
}
