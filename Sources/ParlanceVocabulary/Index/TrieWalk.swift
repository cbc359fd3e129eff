#if PARLANCE_WALK_STATISTICS
/// Work counters for tuning (build with `-Xswiftc -DPARLANCE_WALK_STATISTICS`): wall
/// time on a shared machine is too noisy to compare variants, counts are exact.
struct WalkStatistics {
    var visits = 0, steps = 0, lookups = 0, scanned = 0, jumpEntries = 0
    /// Work per span band and direction (visits + steps + lookups + scanned + jump entries).
    var byPass = [Int](repeating: 0, count: 16)
    var pass = 0
    var total: Int { visits + steps + lookups + scanned + jumpEntries }
}
nonisolated(unsafe) var walkStatistics = WalkStatistics()
#endif

/// Receives the terminal nodes a walk accepts.
protocol TrieWalkSink {
    associatedtype State
    /// `key` ends at a node whose state is a match.
    mutating func accept(key: UInt32, state: State)
}

/// A depth-first walk of a ``RadixTrie`` driven by a ``TrieAutomaton``.
///
/// Where the automaton cannot afford an edit, only children carrying one of its few
/// expected labels can survive, and the walk finds them by binary search instead of
/// stepping every child ("targeted children"). Where it can afford one edit on the child
/// but none on the grandchild, a node with a jump table hands every unexpected child the
/// same state (the automaton stepped with the wildcard) and goes straight to the
/// grandchildren carrying an expected label: at the root of a multilingual vocabulary
/// this visits a few dozen positions instead of ~800 children and their children. When
/// the state after the grandchild label affords no edit either, the table's second level
/// goes one label further, to the positions under both expected labels, so that the
/// grandchildren are not visited just to look up their children.
///
/// The walk allocates nothing: states are values on the stack, the recursion is as deep
/// as the number of nodes on a path.
struct TrieWalk<Automaton: TrieAutomaton, Sink: TrieWalkSink> where Sink.State == Automaton.State {
    typealias Label = Automaton.Label
    let trie: RadixTrieView<Label>
    let automaton: Automaton
    var sink: Sink
    /// Nodes with at least this many children are worth a jump table lookup.
    let jumpFanOut: Int
    /// Subtrees whose keys are all shorter than this are skipped (at most 255).
    var minimumKeyLength = 0

    /// Walks the whole trie from the root.
    mutating func run() {
        visitNode(0, automaton.start)
    }

    /// `state` is the automaton after the labels up to the end of `index`'s edge.
    mutating func visitNode(_ index: Int, _ state: Automaton.State) {
        let node = trie.nodes[index]
        if node.key != RadixTrie<Automaton.Label>.noKey, automaton.isMatch(state) {
            sink.accept(key: node.key, state: state)
        }
        let childCount = node.childCount
        #if PARLANCE_WALK_STATISTICS
        walkStatistics.visits += 1
        #endif
        guard childCount > 0 else { return }
        let column = automaton.exactColumn(state)
        if column >= 0 {
            descendExactly(node, state, column: column)
            return
        }
        if automaton.acceptsAnyLabel(state) {
            if childCount >= jumpFanOut, jumpToGrandchildren(index, node, state) { return }
            #if PARLANCE_WALK_STATISTICS
            walkStatistics.scanned += childCount
            #endif
            let first = Int(node.firstChild)
            for child in first..<(first + childCount) { followChild(child, labeled: trie.labels[child], state) }
        } else {
            for label in automaton.expectedLabels(state) {
                #if PARLANCE_WALK_STATISTICS
                walkStatistics.lookups += 1
                #endif
                let child = trie.child(of: node, labeled: label)
                if child >= 0 { followChild(child, labeled: label, state) }
            }
        }
    }

    /// Follows the one child an exact run allows, comparing labels instead of stepping
    /// while the run lasts, then visits the node (or steps on where the run ends).
    @inline(__always)
    mutating func descendExactly(_ node: RadixTrie<Label>.Node, _ state: Automaton.State, column: Int) {
        #if PARLANCE_WALK_STATISTICS
        walkStatistics.lookups += 1
        #endif
        let first = automaton.queryLabel(atColumn: column)
        let index = trie.child(of: node, labeled: first)
        guard index >= 0 else { return }
        let child = trie.nodes[index]
        guard child.longestKey >= minimumKeyLength else { return }
        let value = automaton.exactValue(state, column: column)
        var current = column + 1
        var offset = 1
        let length = child.edgeLength
        var last = first
        while offset < length {
            #if PARLANCE_WALK_STATISTICS
            walkStatistics.steps += 1
            #endif
            guard automaton.staysExact(value: value, column: current) else {
                followEdge(index, from: offset,
                           automaton.advanceExactly(state, column: column, count: current - column, last: last))
                return
            }
            let label = trie.label(of: child, at: offset)
            guard label == automaton.queryLabel(atColumn: current) else { return }
            last = label
            current += 1
            offset += 1
        }
        visitNode(index, automaton.advanceExactly(state, column: column, count: current - column, last: last))
    }

    /// Steps a child's first label, `label` (from the children's labels, which its parent's
    /// scan or lookup has just read), before loading the child's node: most children a walk
    /// steps die on that label, and then neither the node nor its edge in the key pool (a
    /// line of memory each, far from the siblings') is read.
    @inline(__always)
    mutating func followChild(_ index: Int, labeled label: Label, _ state: Automaton.State) {
        let state = automaton.step(state, label)
        #if PARLANCE_WALK_STATISTICS
        walkStatistics.steps += 1
        #endif
        guard automaton.canMatch(state) else { return }
        followEdge(index, from: 1, state)
    }

    /// Steps along `index`'s edge from `offset`, then visits the node.
    @inline(__always)
    mutating func followEdge(_ index: Int, from offset: Int, _ state: Automaton.State) {
        let node = trie.nodes[index]
        guard node.longestKey >= minimumKeyLength else { return }
        var state = state
        var position = offset
        let length = node.edgeLength
        while position < length {
            state = automaton.step(state, trie.label(of: node, at: position))
            #if PARLANCE_WALK_STATISTICS
            walkStatistics.steps += 1
            #endif
            guard automaton.canMatch(state) else { return }
            position += 1
        }
        visitNode(index, state)
    }

    /// Visits the children of a wide node through its jump table; false (nothing done)
    /// when the node has none or the state after an unexpected child still affords edits.
    private mutating func jumpToGrandchildren(_ index: Int, _ node: RadixTrie<Label>.Node, _ state: Automaton.State) -> Bool {
        let table = trie.jumpTable(of: index)
        guard table >= 0 else { return false }
        let skipped = automaton.step(state, Label.wildcard)
        // The child itself would need its terminal checked, or the grandchild could be anything.
        guard !automaton.isMatch(skipped), !automaton.acceptsAnyLabel(skipped) else { return false }
        let direct = automaton.expectedLabels(state)
        for label in direct {
            let child = trie.child(of: node, labeled: label)
            if child >= 0 { followChild(child, labeled: label, state) }
        }
        guard automaton.canMatch(skipped) else { return true }
        for label in automaton.expectedLabels(skipped) {
            let entries = trie.jumpEntries(inTable: table, labeled: label)
            if entries.isEmpty { continue }
            let after = automaton.step(skipped, label)
            guard automaton.canMatch(after) else { continue }
            if !automaton.isMatch(after) && !automaton.acceptsAnyLabel(after) {
                // `after` affords no edit and accepts nothing yet: only the positions its
                // expected labels lead to can survive, and the second-level table lists
                // them, so the grandchildren themselves are never visited.
                for nextLabel in automaton.expectedLabels(after) {
                    let range = trie.jump2Entries(inTable: table, labeled: label, then: nextLabel)
                    if range.isEmpty { continue }
                    let following = automaton.step(after, nextLabel)
                    guard automaton.canMatch(following) else { continue }
                    #if PARLANCE_WALK_STATISTICS
                    walkStatistics.jumpEntries += range.count
                    #endif
                    for entry in range where !direct.contains(trie.jump2ChildLabels[entry]) {
                        followEdge(Int(trie.jump2Targets[entry]), from: Int(trie.jump2Consumed[entry]), following)
                    }
                }
                continue
            }
            #if PARLANCE_WALK_STATISTICS
            walkStatistics.jumpEntries += entries.count
            #endif
            for entry in entries where !direct.contains(trie.jumpChildLabels[entry]) {
                followEdge(Int(trie.jumpTargets[entry]), from: Int(trie.jumpConsumed[entry]), after)
            }
        }
        return true
    }
}
