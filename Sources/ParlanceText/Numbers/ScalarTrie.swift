/// A set of short scalar strings (number-word pieces) that answers two questions without
/// allocating: is this string one of them, and can it be cut into a sequence of them.
///
/// The second question reads compounds that ICU's formatter never printed whole:
/// "dreitausendzweihundertfünfundvierzig" is drei·tausend·zwei·hundert·fünf·und·vierzig,
/// "tremilacinquecento" is tre·mila·cinque·cento.
struct ScalarTrie: Sendable {
    private struct Node: Sendable {
        var children: [Unicode.Scalar: Int32] = [:]
        var isEnd = false
    }

    private var nodes: [Node] = [Node()]
    /// The longest piece, in scalars.
    private(set) var longest = 0
    /// How many pieces were inserted.
    private(set) var count = 0

    /// Compounds longer than this many scalars are not read: no number word is this long, and
    /// the bound keeps segmentation linear on adversarial input (a megabyte without a space).
    static let longestCompound = 96

    mutating func insert(_ scalars: some Sequence<Unicode.Scalar>) {
        var node = 0
        var length = 0
        for scalar in scalars {
            length += 1
            if let next = nodes[node].children[scalar] {
                node = Int(next)
            } else {
                nodes.append(Node())
                nodes[node].children[scalar] = Int32(nodes.count - 1)
                node = nodes.count - 1
            }
        }
        guard length > 0 else { return }
        if !nodes[node].isEnd { count += 1 }
        nodes[node].isEnd = true
        longest = max(longest, length)
    }

    /// Every piece, in no particular order.
    var elements: [String] {
        var result: [String] = []
        var path = String.UnicodeScalarView()
        func visit(_ node: Int) {
            if nodes[node].isEnd { result.append(String(path)) }
            for (scalar, child) in nodes[node].children {
                path.append(scalar)
                visit(Int(child))
                path.removeLast()
            }
        }
        visit(0)
        return result
    }

    /// Calls `body` with the length of every piece that `scalars` starts with, shortest first.
    func forEachPiece(prefixing scalars: some Sequence<Unicode.Scalar>, _ body: (Int) -> Void) {
        var node = 0, length = 0
        for scalar in scalars {
            guard let next = nodes[node].children[scalar] else { return }
            node = Int(next)
            length += 1
            if nodes[node].isEnd { body(length) }
        }
    }

    /// Whether `scalars` is exactly one piece.
    func contains(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        var node = 0
        for scalar in scalars {
            guard let next = nodes[node].children[scalar] else { return false }
            node = Int(next)
        }
        return nodes[node].isEnd
    }

    /// Whether `scalars` is a concatenation of one or more pieces.
    ///
    /// Dynamic programming over end positions; `reachable` is caller-owned scratch so no
    /// allocation happens per token once it has grown.
    /// - Complexity: O(n · longest) for n scalars.
    func isConcatenation(_ scalars: ArraySlice<Unicode.Scalar>, reachable: inout [Bool]) -> Bool {
        let count = scalars.count
        guard count > 0, count <= ScalarTrie.longestCompound else { return false }
        if contains(scalars) { return true }
        if reachable.count < count + 1 { reachable = [Bool](repeating: false, count: ScalarTrie.longestCompound + 1) }
        for index in 0...count { reachable[index] = false }
        reachable[0] = true
        let base = scalars.startIndex
        for start in 0..<count where reachable[start] {
            var node = 0
            var position = start
            while position < count, let next = nodes[node].children[scalars[base + position]] {
                node = Int(next)
                position += 1
                if nodes[node].isEnd { reachable[position] = true }
            }
        }
        return reachable[count]
    }
}
