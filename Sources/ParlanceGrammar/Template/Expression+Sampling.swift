extension Expression {
    /// Every text the expression can say, for small templates without lists or rules, such
    /// as a templated entity name (hassil's `sample_expression`, which upstream uses to
    /// turn `Trader Joe[']s` into "Trader Joe's" and "Trader Joes").
    ///
    /// ```swift
    /// try parser.parse("Trader Joe[']s").sampledTexts()  // ["Trader Joe's", "Trader Joes"]
    /// ```
    ///
    /// Texts keep the template's spelling (not normalized), whitespace runs collapsed and
    /// the ends trimmed, duplicates removed, in template order. List and rule references
    /// say nothing. At most `limit` texts are produced.
    public func sampledTexts(limit: Int = 1024) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for text in samples(limit: limit) {
            let cleaned = Literal.hassilText(text).trimmingCharacters(in: " ")
            if seen.insert(cleaned).inserted { result.append(cleaned) }
        }
        return result
    }

    private func samples(limit: Int) -> [String] {
        switch self {
        case .literal(let literal):
            return [literal.original]
        case .list, .rule:
            return [""]
        case .sequence(let items):
            var texts = [""]
            for item in items {
                let next = item.samples(limit: limit)
                texts = Array(texts.lazy.flatMap { prefix in next.lazy.map { prefix + $0 } }.prefix(limit))
            }
            return texts
        case .alternative(let branches):
            return Array(branches.flatMap { $0.samples(limit: limit) }.prefix(limit))
        case .optional(let item):
            return Array((item.samples(limit: limit) + [""]).prefix(limit))
        case .permutation(let items):
            return Array(Expression.orders(of: Array(items.indices)).flatMap { order in
                Expression.sequence(order.flatMap { [Expression.literal(Literal(original: " ", text: " ", normalized: " ")), items[$0]] })
                    .samples(limit: limit)
            }.prefix(limit))
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var scalars = Substring(self)
        while scalars.first == set { scalars.removeFirst() }
        while scalars.last == set { scalars.removeLast() }
        return String(scalars)
    }
}
