extension Scan {
    // MARK: Quantities

    /// A number of units: "30 minutes", "half an hour", "an hour and a half", "anderthalb
    /// Stunden", "eine halbe Stunde", 一个半小时, 1時間半, 三天.
    func quantity(at q: Int) -> Quantity? {
        var p = q
        var count: Double?
        var half = false
        var andHalf = false
        if let found = phrase(at: p, .half) {
            half = true
            p = found
        }
        if p == q || joins(p), let number = number(at: p) {
            count = number.value
            p = number.end
            if joins(p), let found = phrase(at: p, .classifier) { p = found }
        }
        if p == q || joins(p) {
            if count != nil, let found = phrase(at: p, .andHalf) {
                andHalf = true
                p = found
            } else if !half, let found = phrase(at: p, .half) {
                half = true
                p = found
            }
        }
        guard p == q || joins(p), let unit = phrase(at: p, { if case .unit = $0 { true } else { false } }),
              case .unit(let grain, let multiple) = unit.meaning else { return nil }
        p = unit.end
        if !andHalf, joins(p), let found = phrase(at: p, .andHalf) {
            andHalf = true
            p = found
        }
        // A unit alone is one of it only with "and a half" after it ("hora y media"): "hour"
        // alone says no quantity.
        guard count != nil || half || andHalf else { return nil }
        let value = ((count ?? 1) * (half ? 0.5 : 1) + (andHalf ? 0.5 : 0)) * Double(multiple)
        return Quantity(end: p, value: value, unit: grain)
    }

    /// "in 20 minutes", "dans deux heures", "vor zwei Tagen", 3日後, 三天后, "2 hours ago".
    func offset(at q: Int) -> (end: Int, sign: Int, quantity: Quantity)? {
        var best: (end: Int, sign: Int, quantity: Quantity)?
        forEachPhrase(at: q) { end, meaning in
            guard meaning == .laterBefore || meaning == .agoBefore, joins(end), let quantity = quantity(at: end),
                  best == nil || quantity.end > best!.end else { return }
            best = (quantity.end, meaning == .laterBefore ? 1 : -1, quantity)
        }
        if let quantity = quantity(at: q), joins(quantity.end) {
            forEachPhrase(at: quantity.end) { end, meaning in
                guard meaning == .laterAfter || meaning == .agoAfter, best == nil || end > best!.end else { return }
                best = (end, meaning == .laterAfter ? 1 : -1, quantity)
            }
        }
        return best
    }

    /// "for 30 minutes", "pendant deux heures", 3日間, "zwei Stunden lang", or a quantity alone.
    func duration(at q: Int) -> Quantity? {
        var p = q
        if let found = phrase(at: q, .forDuration) {
            guard joins(found) else { return nil }
            p = found
        }
        guard var quantity = quantity(at: p) else { return nil }
        if joins(quantity.end), let found = phrase(at: quantity.end, .lasting) { quantity.end = found }
        return quantity
    }
}
