/// What a trie walk asks of the thing that decides which paths to follow.
///
/// The walk knows nothing about edit distance (as BurntSushi's `fst::Automaton`): it
/// starts a state at the root, steps it with each label along an edge, drops the path
/// when the state is dead, and reports terminal nodes whose state is a match. Two more
/// questions let it skip work on wide nodes:
/// - ``acceptsAnyLabel(_:)``: whether some child could survive whatever its label. If
///   not, only the ``expectedLabels(_:)`` can, and the walk looks those up by binary
///   search instead of visiting every child.
/// - stepping with ``TrieLabel/wildcard`` (a label no query holds) gives the one state
///   that every unexpected child leads to; the walk uses it to jump to grandchildren.
protocol TrieAutomaton {
    associatedtype Label: TrieLabel
    associatedtype State

    /// The state before any label.
    var start: State { get }
    /// The state after one more label.
    func step(_ state: State, _ label: Label) -> State
    /// False for the dead state: no continuation can match.
    func canMatch(_ state: State) -> Bool
    /// Whether the labels read so far are accepted.
    func isMatch(_ state: State) -> Bool
    /// Whether every label keeps the state alive.
    func acceptsAnyLabel(_ state: State) -> Bool
    /// The labels that keep the state alive, when ``acceptsAnyLabel(_:)`` is false
    /// (a superset is allowed: extra labels only cost lookups).
    func expectedLabels(_ state: State) -> ExpectedLabels<Label>
    /// The column of the state's one live cell when the state can afford no edit and only
    /// the query label at that column keeps it alive (an exact run), else -1.
    func exactColumn(_ state: State) -> Int
    /// The value of the live cell of a state in an exact run at `column`.
    func exactValue(_ state: State, column: Int) -> UInt8
    /// Whether a state in an exact run at `column` (its cell's value `value`) stays in it
    /// after one more matching label.
    func staysExact(value: UInt8, column: Int) -> Bool
    /// The query label at `column`: the one an exact run there expects.
    func queryLabel(atColumn column: Int) -> Label
    /// The state of an exact run: `state` (in an exact run at `column`) after `count` ≥ 1
    /// matching labels, the last of them `last`.
    func advanceExactly(_ state: State, column: Int, count: Int, last: Label) -> State
}

/// A handful of labels held inline (no heap allocation): up to ``capacity`` (32 narrow, 16
/// wide labels), more than a band of five cells can expect.
struct ExpectedLabels<Label: TrieLabel>: Sequence {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0
    /// The most labels held; further ones are dropped.
    static var capacity: Int { 64 / MemoryLayout<Label>.stride }

    @inline(__always)
    init() {}

    /// Whether the first `count` labels in `bytes` hold `label`.
    @inline(__always)
    private static func holds(_ label: Label, in bytes: UnsafeRawBufferPointer, count: Int) -> Bool {
        for index in 0..<count where bytes.load(fromByteOffset: index * MemoryLayout<Label>.stride, as: Label.self) == label {
            return true
        }
        return false
    }

    @inline(__always)
    mutating func insert(_ label: Label) {
        // Padding stands for "past the end of the query": no child carries it.
        guard label != Label.padding, count < Self.capacity else { return }
        let count = self.count
        // (Through the storage in place: `withUnsafeBytes(of: storage)` would first copy all
        // 64 bytes, loading them right after the last label's store.)
        let inserted = withUnsafeMutableBytes(of: &storage) { bytes in
            guard !Self.holds(label, in: UnsafeRawBufferPointer(bytes), count: count) else { return false }
            bytes.storeBytes(of: label, toByteOffset: count * MemoryLayout<Label>.stride, as: Label.self)
            return true
        }
        if inserted { self.count += 1 }
    }

    @inline(__always)
    func contains(_ label: Label) -> Bool {
        withUnsafeBytes(of: storage) { Self.holds(label, in: $0, count: count) }
    }

    struct Iterator: IteratorProtocol {
        var labels: ExpectedLabels
        var index = 0
        @inline(__always)
        mutating func next() -> Label? {
            guard index < labels.count else { return nil }
            defer { index += 1 }
            let offset = index * MemoryLayout<Label>.stride
            return withUnsafeBytes(of: &labels.storage) { $0.load(fromByteOffset: offset, as: Label.self) }
        }
    }

    @inline(__always)
    func makeIterator() -> Iterator { Iterator(labels: self) }
}
