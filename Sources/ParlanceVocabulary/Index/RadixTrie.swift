/// A radix tree (compressed trie) over keys in a shared pool of labels, in flat arrays.
///
/// Nodes are numbered in breadth-first order, so the children of a node are consecutive
/// and sorted by their first label (CSR layout): a child is found by binary search, and a
/// walk touches a few contiguous arrays instead of per-node objects. An edge is a range of
/// the key pool (read backwards in a trie of reversed keys), so the tree adds about 16
/// bytes per branching or terminal node and nothing per character. The keys are distinct,
/// so a node ends at most one of them: a terminal node holds its key number.
///
/// High fan-out nodes (the root of a multilingual vocabulary has ~800 children) also get a
/// *jump table*: their grandchild positions sorted by label. When a search can afford to
/// spend an edit on the child but not on the grandchild, it looks up the few grandchild
/// labels the query allows instead of visiting every child (see ``TrieWalk``).
struct RadixTrie<Label: TrieLabel>: Sendable {
    struct Node {
        /// Pool position of the edge's first label.
        var edgeStart: UInt32
        /// The first child; children are `firstChild ..< firstChild + childCount`.
        var firstChild: UInt32
        /// The number of the key that ends here, or ``RadixTrie/noKey``.
        var key: UInt32
        /// Edge length (6 bits), the length of the longest key below (8 bits, capped at
        /// 255), child count (18 bits: more than Unicode has assigned characters).
        var packed: UInt32

        @inline(__always) var edgeLength: Int { Int(packed & 0x3F) }
        @inline(__always) var longestKey: Int { Int((packed >> 6) & 0xFF) }
        @inline(__always) var childCount: Int { Int(packed >> 14) }
    }

    /// ``Node/key`` of a node that ends no key.
    static var noKey: UInt32 { .max }

    /// The nodes, in breadth-first order.
    let nodes: FrozenBuffer<Node>
    /// The first label of each node's edge (the root's is unused).
    let labels: FrozenBuffer<Label>
    /// True when edges run backwards through the pool (a trie of reversed keys).
    let readsBackward: Bool
    /// Nodes with a jump table, sorted; entries of `jumpNodes[n]` start at `jumpStarts[n]`.
    let jumpNodes: FrozenBuffer<UInt32>
    let jumpStarts: FrozenBuffer<UInt32>
    /// Jump table entries: the grandchild label, the child's label, the node where the
    /// grandchild label lies and how many labels of that node's edge are consumed with it.
    let jumpLabels: FrozenBuffer<Label>
    let jumpChildLabels: FrozenBuffer<Label>
    let jumpTargets: FrozenBuffer<UInt32>
    let jumpConsumed: FrozenBuffer<UInt8>
    /// Second-level jump entries, per jump table (`jump2Starts`): every position one label
    /// below a first-level entry's, sorted by the entry's label, then that next label. A
    /// walk that can afford no edit after the grandchild label looks up the positions
    /// both labels lead to, instead of visiting every grandchild to find its children.
    let jump2Starts: FrozenBuffer<UInt32>
    let jump2Labels: FrozenBuffer<Label>
    let jump2NextLabels: FrozenBuffer<Label>
    let jump2ChildLabels: FrozenBuffer<Label>
    let jump2Targets: FrozenBuffer<UInt32>
    let jump2Consumed: FrozenBuffer<UInt8>

    /// The number of nodes.
    var nodeCount: Int { nodes.count }

    var byteCount: Int {
        nodes.byteCount + labels.byteCount + jumpNodes.byteCount + jumpStarts.byteCount
            + jumpLabels.byteCount + jumpChildLabels.byteCount + jumpTargets.byteCount + jumpConsumed.byteCount
            + jump2Starts.byteCount + jump2Labels.byteCount + jump2NextLabels.byteCount
            + jump2ChildLabels.byteCount + jump2Targets.byteCount + jump2Consumed.byteCount
    }

    /// A key to insert: its first label's pool position (in reading order), its length, and
    /// the number to store at its terminal node.
    struct KeyReference {
        var position: UInt32
        var length: UInt32
        var number: UInt32
    }

    /// Builds the tree from distinct keys sorted by their labels in reading order. Nodes
    /// with at least `jumpFanOut` children get jump tables.
    init(pool: UnsafeBufferPointer<Label>, sortedKeys keys: [KeyReference], readsBackward: Bool, jumpFanOut: Int) {
        self.readsBackward = readsBackward
        let direction = readsBackward ? -1 : 1
        @inline(__always) func label(_ key: KeyReference, _ depth: Int) -> Label {
            pool[Int(key.position) + direction * depth]
        }

        // Nodes are written into buffers as large as the tree can be: the root, a node
        // ending each key, fewer branching nodes than keys, and the nodes an edge's 63-label
        // cap adds, each on its group's first key, 63 labels of it apart.
        var capacity = 2 * keys.count + 1
        for key in keys { capacity += Int(key.length) / 63 }
        let nodeBuffer = UnsafeMutableBufferPointer<Node>.allocate(capacity: capacity)
        let labelBuffer = UnsafeMutableBufferPointer<Label>.allocate(capacity: capacity)
        // Per node, while building: its keys (a range of `keys`) and its depth in labels.
        let bounds = UnsafeMutableBufferPointer<(lower: UInt32, upper: UInt32, depth: UInt32)>.allocate(capacity: capacity)
        defer {
            nodeBuffer.deallocate()
            labelBuffer.deallocate()
            bounds.deallocate()
        }
        nodeBuffer[0] = Node(edgeStart: 0, firstChild: 0, key: RadixTrie.noKey, packed: 0)
        labelBuffer[0] = Label.wildcard
        bounds[0] = (0, UInt32(keys.count), 0)
        var nodeCount = 1

        keys.withUnsafeBufferPointer { keys in
            var node = 0
            while node < nodeCount {
                let (lower, upper, nodeDepth) = bounds[node]
                let depth = Int(nodeDepth)
                var cursor = Int(lower)
                let end = Int(upper)
                // A key that ends here sorts before those that go on (and is the only one:
                // the keys are distinct).
                if cursor < end, Int(keys[cursor].length) == depth {
                    assert(cursor + 1 == end || Int(keys[cursor + 1].length) > depth, "equal keys")
                    nodeBuffer[node].key = keys[cursor].number
                    cursor += 1
                }
                let firstChild = nodeCount
                while cursor < end {
                    let first = keys[cursor]
                    let groupLabel = label(first, depth)
                    var groupEnd = cursor + 1
                    while groupEnd < end, label(keys[groupEnd], depth) == groupLabel { groupEnd += 1 }
                    let last = keys[groupEnd - 1]
                    // The edge runs while every key of the group agrees: the first and the
                    // last key bound the common prefix of a sorted range. The shortest key
                    // comes first.
                    let limit = Swift.min(Int(first.length), depth + 63)
                    var edgeEnd = depth + 1
                    if groupEnd - cursor == 1 {
                        edgeEnd = limit  // one key: the edge runs to its end (or the cap)
                    } else {
                        while edgeEnd < limit, label(first, edgeEnd) == label(last, edgeEnd) { edgeEnd += 1 }
                    }
                    precondition(nodeCount < capacity, "more nodes than a radix tree of these keys has")
                    nodeBuffer[nodeCount] = Node(edgeStart: UInt32(Int(first.position) + direction * depth), firstChild: 0,
                                                 key: RadixTrie.noKey, packed: UInt32(edgeEnd - depth))
                    labelBuffer[nodeCount] = groupLabel
                    bounds[nodeCount] = (UInt32(cursor), UInt32(groupEnd), UInt32(edgeEnd))
                    nodeCount += 1
                    cursor = groupEnd
                }
                nodeBuffer[node].firstChild = UInt32(firstChild)
                precondition(nodeCount - firstChild < 1 << 18, "more children than Unicode has characters")
                nodeBuffer[node].packed |= UInt32(nodeCount - firstChild) << 14
                node += 1
            }
            // The longest key below each node, children (later in breadth-first order)
            // first: a walk skips subtrees whose keys are all too short for the query.
            let longest = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: nodeCount)
            defer { longest.deallocate() }
            for index in stride(from: nodeCount - 1, through: 0, by: -1) {
                var value = nodeBuffer[index].key != RadixTrie.noKey ? Swift.min(Int(bounds[index].depth), 255) : 0
                let first = Int(nodeBuffer[index].firstChild)
                for child in first..<(first + Int(nodeBuffer[index].packed >> 14)) { value = Swift.max(value, Int(longest[child])) }
                longest[index] = UInt8(value)
                nodeBuffer[index].packed |= UInt32(value) << 6
            }
        }
        let nodes = UnsafeBufferPointer(rebasing: nodeBuffer[0..<nodeCount])
        let labels = UnsafeBufferPointer(rebasing: labelBuffer[0..<nodeCount])

        // Jump tables of high fan-out nodes.
        var jumpNodes: [UInt32] = [], jumpStarts: [UInt32] = []
        var jumpLabels: [Label] = [], jumpChildLabels: [Label] = [], jumpTargets: [UInt32] = [], jumpConsumed: [UInt8] = []
        // Entries carry their sort key packed: the label, then the target (then for the
        // second level the next label, then the target), so a sort compares integers.
        @inline(__always) func packed(_ high: Label, _ low: UInt32) -> UInt64 { UInt64(high) << 32 | UInt64(low) }
        var entries: [(order: UInt64, label: Label, childLabel: Label, target: UInt32, consumed: UInt8)] = []
        var jump2Starts: [UInt32] = [], jump2Labels: [Label] = [], jump2NextLabels: [Label] = []
        var jump2ChildLabels: [Label] = [], jump2Targets: [UInt32] = [], jump2Consumed: [UInt8] = []
        var entries2: [(order: UInt64, label: Label, next: Label, childLabel: Label, target: UInt32, consumed: UInt8)] = []
        for parent in 0..<nodeCount where nodes[parent].childCount >= jumpFanOut {
            entries.removeAll(keepingCapacity: true)
            let first = Int(nodes[parent].firstChild)
            for child in first..<(first + nodes[parent].childCount) {
                let childNode = nodes[child]
                if childNode.edgeLength >= 2 {
                    let second = pool[Int(childNode.edgeStart) + direction]
                    entries.append((packed(second, UInt32(child)), second, labels[child], UInt32(child), 2))
                } else {
                    let grandFirst = Int(childNode.firstChild)
                    for grandchild in grandFirst..<(grandFirst + childNode.childCount) {
                        entries.append((packed(labels[grandchild], UInt32(grandchild)), labels[grandchild], labels[child],
                                        UInt32(grandchild), 1))
                    }
                }
            }
            entries.sort { $0.order < $1.order }
            entries2.removeAll(keepingCapacity: true)
            for entry in entries {
                let target = nodes[Int(entry.target)]
                if Int(entry.consumed) < target.edgeLength {
                    let next = pool[Int(target.edgeStart) + direction * Int(entry.consumed)]
                    entries2.append((packed(entry.label, UInt32(next)), entry.label, next, entry.childLabel,
                                     entry.target, entry.consumed + 1))
                } else {
                    let first = Int(target.firstChild)
                    for next in first..<(first + Int(target.packed >> 14)) {
                        entries2.append((packed(entry.label, UInt32(labels[next])), entry.label, labels[next], entry.childLabel,
                                         UInt32(next), 1))
                    }
                }
            }
            entries2.sort { $0.order != $1.order ? $0.order < $1.order : $0.target < $1.target }
            jump2Starts.append(UInt32(jump2Labels.count))
            for entry in entries2 {
                jump2Labels.append(entry.label)
                jump2NextLabels.append(entry.next)
                jump2ChildLabels.append(entry.childLabel)
                jump2Targets.append(entry.target)
                jump2Consumed.append(entry.consumed)
            }
            jumpNodes.append(UInt32(parent))
            jumpStarts.append(UInt32(jumpLabels.count))
            for entry in entries {
                jumpLabels.append(entry.label)
                jumpChildLabels.append(entry.childLabel)
                jumpTargets.append(entry.target)
                jumpConsumed.append(entry.consumed)
            }
        }
        jumpStarts.append(UInt32(jumpLabels.count))
        jump2Starts.append(UInt32(jump2Labels.count))

        self.nodes = FrozenBuffer(copying: nodes)
        self.labels = FrozenBuffer(copying: labels)
        self.jumpNodes = FrozenBuffer(jumpNodes)
        self.jumpStarts = FrozenBuffer(jumpStarts)
        self.jumpLabels = FrozenBuffer(jumpLabels)
        self.jumpChildLabels = FrozenBuffer(jumpChildLabels)
        self.jumpTargets = FrozenBuffer(jumpTargets)
        self.jumpConsumed = FrozenBuffer(jumpConsumed)
        self.jump2Starts = FrozenBuffer(jump2Starts)
        self.jump2Labels = FrozenBuffer(jump2Labels)
        self.jump2NextLabels = FrozenBuffer(jump2NextLabels)
        self.jump2ChildLabels = FrozenBuffer(jump2ChildLabels)
        self.jump2Targets = FrozenBuffer(jump2Targets)
        self.jump2Consumed = FrozenBuffer(jump2Consumed)
    }
}

/// A radix tree as raw pointers, for the search loops (valid while the tree lives).
struct RadixTrieView<Label: TrieLabel> {
    let nodes: UnsafeMutablePointer<RadixTrie<Label>.Node>
    let labels: UnsafeMutablePointer<Label>
    let pool: UnsafePointer<Label>
    let direction: Int
    let jumpNodes: UnsafeMutablePointer<UInt32>
    let jumpNodeCount: Int
    let jumpStarts: UnsafeMutablePointer<UInt32>
    let jumpLabels: UnsafeMutablePointer<Label>
    let jumpChildLabels: UnsafeMutablePointer<Label>
    let jumpTargets: UnsafeMutablePointer<UInt32>
    let jumpConsumed: UnsafeMutablePointer<UInt8>
    let jump2Starts: UnsafeMutablePointer<UInt32>
    let jump2Labels: UnsafeMutablePointer<Label>
    let jump2NextLabels: UnsafeMutablePointer<Label>
    let jump2ChildLabels: UnsafeMutablePointer<Label>
    let jump2Targets: UnsafeMutablePointer<UInt32>
    let jump2Consumed: UnsafeMutablePointer<UInt8>

    init(_ trie: RadixTrie<Label>, pool: UnsafePointer<Label>) {
        nodes = trie.nodes.base
        labels = trie.labels.base
        self.pool = pool
        direction = trie.readsBackward ? -1 : 1
        jumpNodes = trie.jumpNodes.base
        jumpNodeCount = trie.jumpNodes.count
        jumpStarts = trie.jumpStarts.base
        jumpLabels = trie.jumpLabels.base
        jumpChildLabels = trie.jumpChildLabels.base
        jumpTargets = trie.jumpTargets.base
        jumpConsumed = trie.jumpConsumed.base
        jump2Starts = trie.jump2Starts.base
        jump2Labels = trie.jump2Labels.base
        jump2NextLabels = trie.jump2NextLabels.base
        jump2ChildLabels = trie.jump2ChildLabels.base
        jump2Targets = trie.jump2Targets.base
        jump2Consumed = trie.jump2Consumed.base
    }

    /// The `offset`-th label of `node`'s edge.
    @inline(__always)
    func label(of node: RadixTrie<Label>.Node, at offset: Int) -> Label {
        pool[Int(node.edgeStart) + direction * offset]
    }

    /// The child of `node` whose edge starts with `label`, or -1.
    @inline(__always)
    func child(of node: RadixTrie<Label>.Node, labeled label: Label) -> Int {
        var low = Int(node.firstChild)
        let end = low + node.childCount
        var high = end
        // Binary search down to a short run, then a linear scan (children are sorted). The
        // first child not below `label` lies in low...high.
        while high - low > 8 {
            let middle = (low + high) >> 1
            if labels[middle] < label { low = middle + 1 } else { high = middle }
        }
        while low < end {
            let candidate = labels[low]
            if candidate == label { return low }
            if candidate > label { return -1 }
            low += 1
        }
        return -1
    }

    /// The index of `node`'s jump table, or -1.
    @inline(__always)
    func jumpTable(of node: Int) -> Int {
        var low = 0, high = jumpNodeCount
        let target = UInt32(node)
        while low < high {
            let middle = (low + high) >> 1
            if jumpNodes[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < jumpNodeCount && jumpNodes[low] == target ? low : -1
    }

    /// The second-level entries of jump table `table` under labels `label`, then `next`.
    @inline(__always)
    func jump2Entries(inTable table: Int, labeled label: Label, then next: Label) -> Range<Int> {
        var low = Int(jump2Starts[table])
        var high = Int(jump2Starts[table + 1])
        let end = high
        @inline(__always) func below(_ index: Int) -> Bool {
            let first = jump2Labels[index]
            return first < label || (first == label && jump2NextLabels[index] < next)
        }
        while low < high {
            let middle = (low + high) >> 1
            if below(middle) { low = middle + 1 } else { high = middle }
        }
        var last = low
        while last < end, jump2Labels[last] == label, jump2NextLabels[last] == next { last += 1 }
        return low..<last
    }

    /// The entries of jump table `table` whose grandchild label is `label`.
    @inline(__always)
    func jumpEntries(inTable table: Int, labeled label: Label) -> Range<Int> {
        var low = Int(jumpStarts[table])
        var high = Int(jumpStarts[table + 1])
        let end = high
        while low < high {
            let middle = (low + high) >> 1
            if jumpLabels[middle] < label { low = middle + 1 } else { high = middle }
        }
        var last = low
        while last < end, jumpLabels[last] == label { last += 1 }
        return low..<last
    }
}
