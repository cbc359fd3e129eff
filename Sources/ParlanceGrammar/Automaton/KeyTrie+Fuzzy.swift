extension KeyTrie {
    /// Finds keys within a bounded edit distance of a prefix of `input`.
    ///
    /// The distance is the optimal string alignment distance (Levenshtein plus transposition
    /// of adjacent scalars, each edit costing 1; Damerau 1964), computed one trie level at a
    /// time: each node's row of the dynamic-programming table derives from its parent's
    /// and grandparent's, so keys sharing a prefix share its rows (the trie walk of Schulz &
    /// Mihov 2002, with the table in place of their automaton). Boundary marks are passed
    /// through without a row: word boundaries are not edited, so "kitchen light" is within
    /// one edit of "kitchen lihgt" and of "kitchenlight".
    ///
    /// Calls `body(payload, column, distance)` for every key `k` and every column `j` in
    /// `1...input.count` where `accept(j)` holds and the distance between `k` (without its
    /// marks) and `input[0..<j]` is at most `budget(payload)`.
    ///
    /// - Parameters:
    ///   - maxDistance: the largest budget (at most 3); a subtree whose rows all exceed it,
    ///     or the largest budget of its keys when ``assignBudgets(_:)`` recorded them (but
    ///     never less than `minimumBudget`), is cut off.
    ///   - minimumBudget: the least budget `budget` gives any key, when it raises some
    ///     above what was recorded.
    /// - Complexity: O(visited nodes × input.count); the cutoff keeps the visited nodes to
    ///   those within `maxDistance` of some prefix of the input.
    func fuzzyMatches(_ input: UnsafeBufferPointer<UInt32>, maxDistance: Int, minimumBudget: Int = 0, budget: (Int32) -> Int,
                      accept: (Int) -> Bool, _ body: (Int32, Int, Int) -> Void) {
        guard maxDistance > 0, !input.isEmpty, nodes.count > 1 else { return }
        let width = input.count + 1
        let depth = longestKey + 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width * (depth + 1)) { rows in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: depth + 1) { path in
                nodes.withUnsafeBufferPointer { nodes in
                    labels.withUnsafeBufferPointer { labels in
                        payloads.withUnsafeBufferPointer { payloads in
                            budgetBelow.withUnsafeBufferPointer { budgetBelow in
                                for column in 0..<width { rows[column] = UInt8(clamping: column) }
                                let walk = FuzzyWalk(nodes: nodes, labels: labels, payloads: payloads, budgetBelow: budgetBelow, input: input,
                                                     rows: rows, path: path, width: width, maxDistance: UInt8(clamping: maxDistance),
                                                     minimumBudget: UInt8(clamping: minimumBudget))
                                walk.descend(from: 0, depth: 0, budget: budget, accept: accept, body)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One fuzzy walk's table: row `d` holds the distances between the key prefix of depth `d`
/// on the current path and every prefix of the input. Everything is borrowed memory: the
/// walk neither allocates nor retains.
private struct FuzzyWalk {
    let nodes: UnsafeBufferPointer<KeyTrie.Node>
    let labels: UnsafeBufferPointer<UInt32>
    let payloads: UnsafeBufferPointer<Int32>
    /// Per node, the largest budget below it; empty when not recorded.
    let budgetBelow: UnsafeBufferPointer<UInt8>
    let input: UnsafeBufferPointer<UInt32>
    let rows: UnsafeMutableBufferPointer<UInt8>
    let path: UnsafeMutableBufferPointer<UInt32>
    let width: Int
    let maxDistance: UInt8
    let minimumBudget: UInt8

    /// The columns of row `depth` that can hold a distance within ``maxDistance``: a key
    /// prefix of d scalars is at least |d − j| from an input prefix of j (Ukkonen's band).
    /// Only these are computed; the cells just outside hold ``cap``, which the next row reads.
    /// Empty (`lower > upper`) once the key is longer than the input by more than the budget.
    @inline(__always)
    private func band(_ depth: Int) -> (lower: Int, upper: Int) {
        (max(1, depth - Int(maxDistance)), min(width - 1, depth + Int(maxDistance)))
    }

    /// What a cell beyond the budget holds: more than any budget compares it with (a value
    /// above ``maxDistance`` is never reported or walked under, so its exact size is moot).
    private var cap: UInt8 { maxDistance &+ 1 }

    func descend(from node: Int32, depth: Int, budget: (Int32) -> Int, accept: (Int) -> Bool, _ body: (Int32, Int, Int) -> Void) {
        let entry = nodes[Int(node)]
        let first = Int(entry.firstChild)
        let previous = depth * width
        // A transposition reaches back two rows, so a child is worth visiting while its own
        // row or its parent's (plus one) is within the budget.
        var parentSmallest = rows[previous]
        let parentBand = band(depth)
        if parentBand.lower <= parentBand.upper {
            for column in parentBand.lower...parentBand.upper { parentSmallest = min(parentSmallest, rows[previous + column]) }
        }
        for child in first..<(first + Int(entry.childCount)) {
            let label = labels[child]
            if label == KeyTrie.boundary {
                // A word boundary in the key: no scalar, no row.
                report(Int32(child), depth: depth, budget: budget, accept: accept, body)
                descend(from: Int32(child), depth: depth, budget: budget, accept: accept, body)
                continue
            }
            let newDepth = depth + 1
            path[newDepth] = label
            let row = newDepth * width
            rows[row] = UInt8(clamping: newDepth)
            var smallest = rows[row]
            let grandparent = (depth - 1) * width
            let columns = band(newDepth)
            if columns.lower <= columns.upper {
                if columns.lower > 1 { rows[row + columns.lower - 1] = cap }
                for column in columns.lower...columns.upper {
                    let cost: UInt8 = input[column - 1] == label ? 0 : 1
                    var value = min(rows[previous + column] &+ 1, rows[row + column - 1] &+ 1, rows[previous + column - 1] &+ cost)
                    if newDepth > 1, column > 1, label == input[column - 2], path[depth] == input[column - 1] {
                        value = min(value, rows[grandparent + column - 2] &+ 1)
                    }
                    rows[row + column] = value
                    smallest = min(smallest, value)
                }
                if columns.upper + 1 < width { rows[row + columns.upper + 1] = cap }
            }
            report(Int32(child), depth: newDepth, budget: budget, accept: accept, body)
            let limit = budgetBelow.isEmpty ? maxDistance : min(maxDistance, max(budgetBelow[child], minimumBudget))
            if smallest <= limit || parentSmallest &+ 1 <= limit {
                descend(from: Int32(child), depth: newDepth, budget: budget, accept: accept, body)
            }
        }
    }

    private func report(_ node: Int32, depth: Int, budget: (Int32) -> Int, accept: (Int) -> Bool, _ body: (Int32, Int, Int) -> Void) {
        let entry = nodes[Int(node)]
        guard entry.payloadCount > 0 else { return }
        let row = depth * width
        let columns = band(depth)
        guard columns.lower <= columns.upper else { return }
        for column in columns.lower...columns.upper where rows[row + column] <= maxDistance && accept(column) {
            let distance = Int(rows[row + column])
            for index in Int(entry.payloadStart)..<Int(entry.payloadStart + entry.payloadCount) where distance <= budget(payloads[index]) {
                body(payloads[index], column, distance)
            }
        }
    }
}

/// Edit distances for checking the fast paths: the optimal string alignment distance by
/// the full table (Damerau 1964), the definition ``KeyTrie/fuzzyMatches(_:maxDistance:budget:accept:_:)``
/// computes incrementally.
enum EditDistance {
    /// The optimal string alignment distance between `a` and `b`.
    static func optimalStringAlignment(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
