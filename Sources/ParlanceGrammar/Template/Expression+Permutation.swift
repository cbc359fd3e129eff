import ParlanceText

extension Expression {
    /// The same expression with every permutation written out as hassil 3.10 matches it:
    /// an alternative of every order of the items, each item with a space on either side.
    ///
    /// ```swift
    /// // (on;<in_here>)  →  ( on <in_here> | <in_here> on )
    /// // ([a];b)         →  ( [a] b | b [a] )
    /// ```
    ///
    /// The spaces are boundaries, not text to match: hassil's matcher skips whitespace
    /// between items, so "on in here" and "in here on" both match. (Older hassil put one
    /// space between items and moved it inside a preceding optional; the corpus snapshot is
    /// matched by 3.10.)
    ///
    /// - Complexity: n! orders for n items; the corpus uses two.
    public func expandingPermutations(normalizer: Normalizer) -> Expression {
        switch self {
        case .literal, .list, .rule:
            return self
        case .sequence(let items):
            return .sequence(items.map { $0.expandingPermutations(normalizer: normalizer) })
        case .alternative(let branches):
            return .alternative(branches.map { $0.expandingPermutations(normalizer: normalizer) })
        case .optional(let item):
            return .optional(item.expandingPermutations(normalizer: normalizer))
        case .permutation(let items):
            let expanded = items.map { $0.expandingPermutations(normalizer: normalizer) }
            return .alternative(Expression.orders(of: Array(expanded.indices)).map { order in
                Expression.spaced(order.map { expanded[$0] }, normalizer: normalizer)
            })
        }
    }

    /// Every order of `indices`, in lexicographic order of positions (itertools.permutations).
    static func orders(of indices: [Int]) -> [[Int]] {
        guard indices.count > 1 else { return [indices] }
        var result: [[Int]] = []
        for (position, first) in indices.enumerated() {
            var rest = indices
            rest.remove(at: position)
            for tail in orders(of: rest) { result.append([first] + tail) }
        }
        return result
    }

    /// The items in sequence, a space before and after each (adjacent spaces merge).
    static func spaced(_ items: [Expression], normalizer: Normalizer) -> Expression {
        let space = Expression.literal(Literal(" ", normalizer: normalizer))
        var result: [Expression] = []
        for item in items {
            for part in [space, item, space] { appendMerging(part, to: &result, normalizer: normalizer) }
        }
        return .sequence(result)
    }

    /// Appends to a sequence, splicing sequences and merging adjacent literals.
    private static func appendMerging(_ expression: Expression, to items: inout [Expression], normalizer: Normalizer) {
        if case .sequence(let inner) = expression {
            for item in inner { appendMerging(item, to: &items, normalizer: normalizer) }
            return
        }
        if case .literal(let next) = expression, case .literal(let previous)? = items.last {
            items[items.count - 1] = .literal(Literal(previous.original + next.original, normalizer: normalizer))
            return
        }
        items.append(expression)
    }
}
