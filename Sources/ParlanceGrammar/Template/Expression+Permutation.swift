import ParlanceText

extension Expression {
    /// The same expression with every permutation written out as hassil matches it: an
    /// alternative of every order of the items, a space between consecutive items.
    ///
    /// ```swift
    /// // (on;<in_here>)  →  (on <in_here>|<in_here> on)
    /// // ([to] {color};<in_here>)  →  ([to ]{color} <in_here>|<in_here> [to] {color})
    /// ```
    ///
    /// When an item before the space is an optional, the space moves inside it (hassil's
    /// `add_spaces_between_items`), so skipping the optional skips its space too.
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

    /// Items joined by spaces; an optional before a space takes the space inside.
    static func spaced(_ items: [Expression], normalizer: Normalizer) -> Expression {
        let space = Expression.literal(Literal(" ", normalizer: normalizer))
        var result: [Expression] = []
        for item in items {
            if let previous = result.last {
                if case .optional(let inner) = previous {
                    result[result.count - 1] = .optional(.sequence(inner.trimmingTrailingSpace(normalizer: normalizer) + [space]))
                } else {
                    result.append(space)
                }
            }
            result.append(item)
        }
        return .sequence(result)
    }

    /// The expression as sequence items, a trailing space dropped from a final literal.
    private func trimmingTrailingSpace(normalizer: Normalizer) -> [Expression] {
        var items: [Expression]
        if case .sequence(let inner) = self { items = inner } else { items = [self] }
        if case .literal(let literal)? = items.last, literal.original.last?.isWhitespace == true {
            var original = literal.original
            while original.last?.isWhitespace == true { original.removeLast() }
            if original.isEmpty { items.removeLast() } else { items[items.count - 1] = .literal(Literal(original, normalizer: normalizer)) }
        }
        return items
    }
}
