// A radix tree read from an image is walked through raw pointers (RadixTrieView): every
// index in it must be checked before the first walk. The image's digest catches damage,
// not a file written on purpose with a digest to match, so nothing in it is trusted.

extension RadixTrie {
    /// What makes the tables unsafe to walk, nil when nothing does: children after their
    /// parent and inside the table (so walks end), edges inside the key pool, keys below
    /// `keyCount`, no path longer than `maxKeyLength`, jump tables sorted and pointing
    /// inside their tables.
    ///
    /// - Complexity: O(nodes + jump entries).
    func layoutProblem(poolCount: Int, keyCount: Int, maxKeyLength: Int) -> String? {
        let nodeCount = nodes.count
        // Children follow their parent (breadth-first), so a node's depth is final before
        // its children are reached; a node claimed by two parents (which no built tree has)
        // takes the deeper.
        var depths = [Int](repeating: 0, count: nodeCount)
        for index in 0..<nodeCount {
            let node = nodes[index]
            let first = Int(node.firstChild), count = node.childCount, length = node.edgeLength
            guard count == 0 || (first > index && first + count <= nodeCount) else {
                return "node \(index) has children \(first)..<\(first + count) of \(nodeCount) nodes"
            }
            guard node.key == RadixTrie.noKey || Int(node.key) < keyCount else {
                return "node \(index) ends key \(node.key) of \(keyCount)"
            }
            if length > 0 {
                let start = Int(node.edgeStart), last = start + (readsBackward ? -(length - 1) : length - 1)
                guard start >= 0, start < poolCount, last >= 0, last < poolCount else {
                    return "node \(index) has an edge of \(length) labels from \(start), outside the pool of \(poolCount)"
                }
            }
            guard depths[index] <= maxKeyLength else { return "node \(index) is \(depths[index]) labels deep, longer than any key" }
            for child in first..<(first + count) { depths[child] = Swift.max(depths[child], depths[index] + nodes[child].edgeLength) }
        }
        for (name, starts, entries) in [("jump", jumpStarts, jumpLabels.count), ("second jump", jump2Starts, jump2Labels.count)] {
            guard starts.count == jumpNodes.count + 1, starts.buffer.first == 0, Int(starts.buffer.last ?? 1) == entries,
                  zip(starts.buffer, starts.buffer.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                return "\(name) tables whose starts do not run through their \(entries) entries"
            }
        }
        guard zip(jumpNodes.buffer, jumpNodes.buffer.dropFirst()).allSatisfy({ $0 < $1 }),
              jumpNodes.buffer.allSatisfy({ Int($0) < nodeCount }) else {
            return "jump tables of nodes out of order or outside the \(nodeCount) nodes"
        }
        for (name, targets, consumed) in [("jump", jumpTargets, jumpConsumed), ("second jump", jump2Targets, jump2Consumed)] {
            for entry in 0..<targets.count {
                let target = Int(targets[entry])
                guard target < nodeCount, Int(consumed[entry]) <= nodes[target].edgeLength else {
                    return "\(name) entry \(entry) leads to node \(target) of \(nodeCount), \(consumed[entry]) labels in"
                }
            }
        }
        return nil
    }
}
