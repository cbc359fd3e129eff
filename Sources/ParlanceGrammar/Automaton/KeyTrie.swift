/// A trie of scalar keys, each carrying payloads (indices into the owner's table), stored
/// flat: nodes in breadth-first order, each node's children contiguous and sorted by scalar.
///
/// Keys are normalized scalars (as ``MatchKey`` makes them); the scalar ``boundary`` (a
/// space, which no piece of a key ever holds otherwise) marks where a key requires a word
/// boundary in the input. Three walks use it:
/// - ``prefixes(of:from:_:)``: every key that is a prefix of the input from a position
///   (template words, exact);
/// - ``matches(in:from:_:)``: the same with boundary marks honoured (slot values, skip words);
/// - ``fuzzyMatches(_:budget:accept:_:)`` (in `KeyTrie+Fuzzy.swift`): keys within a bounded
///   edit distance.
///
/// - Complexity: a walk costs O(length of the longest key matched × log(alphabet at a node)).
struct KeyTrie: Sendable {
    /// The scalar that marks a required word boundary inside a key.
    static let boundary: UInt32 = 0x20

    struct Node: Sendable {
        var firstChild: Int32
        var childCount: Int32
        var payloadStart: Int32
        var payloadCount: Int32
    }

    private(set) var nodes: [Node]
    /// The scalar on the edge into each node (0 for the root).
    private(set) var labels: [UInt32]
    private(set) var payloads: [Int32]
    /// The longest key, in scalars.
    private(set) var longestKey: Int
    /// Per node, the largest edit budget of a key at or below it (empty until
    /// ``assignBudgets(_:)``): the fuzzy walk cuts a subtree whose keys could not afford the
    /// edits its rows already hold.
    private(set) var budgetBelow: [UInt8] = []

    /// An empty trie.
    init() {
        nodes = [Node(firstChild: 1, childCount: 0, payloadStart: 0, payloadCount: 0)]
        labels = [0]
        payloads = []
        longestKey = 0
    }

    /// A trie of `keys`; key `i` carries payload `payload(i)`. Empty keys are ignored.
    ///
    /// Built from the keys sorted (by their scalars, then their order in `keys`): a node's
    /// keys are a range of the sorted keys, those ending at it first, and its children the
    /// runs of that range's next scalar, so the breadth-first layout comes out of one queue
    /// of ranges, with no node objects or dictionaries (a grammar's words, or the words of
    /// every Latin-script grammar at once, build in a few milliseconds).
    init(keys: [[UInt32]], payload: (Int) -> Int32 = { Int32($0) }) {
        let order = keys.indices.filter { !keys[$0].isEmpty }.sorted { lhs, rhs in
            let (a, b) = (keys[lhs], keys[rhs])
            for offset in 0..<Swift.min(a.count, b.count) where a[offset] != b[offset] { return a[offset] < b[offset] }
            return a.count != b.count ? a.count < b.count : lhs < rhs
        }
        var nodes: [Node] = []
        var labels: [UInt32] = []
        var payloads: [Int32] = []
        // Per node waiting to be laid out: its range of `order`, its depth and its label.
        var queue: [(lower: Int, upper: Int, depth: Int, label: UInt32)] = [(0, order.count, 0, 0)]
        nodes.reserveCapacity(order.count * 2)
        var head = 0
        while head < queue.count {
            let (lower, upper, depth, label) = queue[head]
            head += 1
            var cursor = lower
            let payloadStart = payloads.count
            while cursor < upper, keys[order[cursor]].count == depth {
                payloads.append(payload(order[cursor]))
                cursor += 1
            }
            // Children are appended to the queue in order, so they get consecutive indices.
            let firstChild = queue.count
            while cursor < upper {
                let scalar = keys[order[cursor]][depth]
                var runEnd = cursor + 1
                while runEnd < upper, keys[order[runEnd]][depth] == scalar { runEnd += 1 }
                queue.append((cursor, runEnd, depth + 1, scalar))
                cursor = runEnd
            }
            nodes.append(Node(firstChild: Int32(firstChild), childCount: Int32(queue.count - firstChild),
                              payloadStart: Int32(payloadStart), payloadCount: Int32(payloads.count - payloadStart)))
            labels.append(label)
        }
        self.nodes = nodes
        self.labels = labels
        self.payloads = payloads
        self.longestKey = order.reduce(0) { Swift.max($0, keys[$1].count) }
    }

    /// A trie from its tables as ``nodes``, ``labels``, ``payloads``, ``longestKey`` and
    /// ``budgetBelow`` give them: for reading an image (see `Automaton+Image.swift`, which
    /// checks them first).
    init(nodes: [Node], labels: [UInt32], payloads: [Int32], longestKey: Int, budgetBelow: [UInt8]) {
        self.nodes = nodes
        self.labels = labels
        self.payloads = payloads
        self.longestKey = longestKey
        self.budgetBelow = budgetBelow
    }

    /// Records, per node, the largest `budget(payload)` of the keys at or below it, for
    /// ``fuzzyMatches(_:maxDistance:budget:accept:_:)`` to prune with.
    mutating func assignBudgets(_ budget: (Int32) -> Int) {
        var below = [UInt8](repeating: 0, count: nodes.count)
        // Breadth-first layout: every child comes after its parent, so one backward pass
        // sees a node's children before the node.
        for node in nodes.indices.reversed() {
            let entry = nodes[node]
            var largest: UInt8 = 0
            for index in Int(entry.payloadStart)..<Int(entry.payloadStart + entry.payloadCount) {
                largest = max(largest, UInt8(clamping: budget(payloads[index])))
            }
            for child in Int(entry.firstChild)..<Int(entry.firstChild + entry.childCount) { largest = max(largest, below[child]) }
            below[node] = largest
        }
        budgetBelow = below
    }

    /// The child of `node` along `scalar`, if any.
    @inline(__always)
    func child(_ node: Int32, _ scalar: UInt32) -> Int32? {
        let entry = nodes[Int(node)]
        var low = Int(entry.firstChild)
        var high = low + Int(entry.childCount)
        while low < high {
            let middle = (low + high) >> 1
            let label = labels[middle]
            if label == scalar { return Int32(middle) }
            if label < scalar { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The end of the longest key that spells `scalars` from `start` and ends where `isEnd`
    /// holds; `start` when there is none.
    func longestKeyEnd(in scalars: UnsafeBufferPointer<UInt32>, from start: Int, isEnd: UnsafeBufferPointer<Bool>) -> Int {
        var node: Int32 = 0
        var position = start
        var end = start
        while position < scalars.count, let next = child(node, scalars[position]) {
            node = next
            position += 1
            if nodes[Int(node)].payloadCount > 0, isEnd[position] { end = position }
        }
        return end
    }

    /// Every key with its payloads, in no particular order.
    func forEachKey(_ body: ([UInt32], ArraySlice<Int32>) -> Void) {
        var key: [UInt32] = []
        func visit(_ node: Int32) {
            let entry = nodes[Int(node)]
            if entry.payloadCount > 0 { body(key, payloads(of: node)) }
            for child in Int(entry.firstChild)..<Int(entry.firstChild + entry.childCount) {
                key.append(labels[child])
                visit(Int32(child))
                key.removeLast()
            }
        }
        visit(0)
    }

    /// The payloads of `node`.
    @inline(__always)
    func payloads(of node: Int32) -> ArraySlice<Int32> {
        let entry = nodes[Int(node)]
        return payloads[Int(entry.payloadStart)..<Int(entry.payloadStart + entry.payloadCount)]
    }

    /// Calls `body(payload, end)` for every key that spells `scalars[start..<end]` exactly
    /// (boundary marks are not followed: use for keys without them).
    func prefixes(of scalars: [UInt32], from start: Int, _ body: (Int32, Int) -> Void) {
        var node: Int32 = 0
        var position = start
        while position < scalars.count, let next = child(node, scalars[position]) {
            node = next
            position += 1
            for payload in payloads(of: node) { body(payload, position) }
        }
    }

    /// Calls `body(payload, end)` for every key that matches the input from `start`: its
    /// scalars in order, each boundary mark where `isBoundary` holds (consuming nothing).
    /// Input boundaries the key does not mark are passed over, as template text does.
    func matches(in scalars: [UInt32], isBoundary: [Bool], from start: Int, _ body: (Int32, Int) -> Void) {
        walk(0, start, scalars, isBoundary, body)
    }

    private func walk(_ node: Int32, _ position: Int, _ scalars: [UInt32], _ isBoundary: [Bool], _ body: (Int32, Int) -> Void) {
        var node = node
        var position = position
        while true {
            if node != 0 { for payload in payloads(of: node) { body(payload, position) } }
            if isBoundary[position], let marked = child(node, KeyTrie.boundary) {
                walk(marked, position, scalars, isBoundary, body)
            }
            guard position < scalars.count, let next = child(node, scalars[position]) else { return }
            node = next
            position += 1
        }
    }
}
