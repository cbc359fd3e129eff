/// True positives, false positives and false negatives of slot occurrences, with the
/// precision, recall and F1 they give (micro: every occurrence counts once).
public struct SlotCounts: Sendable, Hashable {
    /// Predicted slots that are right (name and value).
    public var truePositives = 0
    /// Predicted slots that are wrong or not expected.
    public var falsePositives = 0
    /// Expected slots that were not predicted right.
    public var falseNegatives = 0

    /// Empty counts.
    public init() {}

    /// Counts as given.
    public init(truePositives: Int, falsePositives: Int, falseNegatives: Int) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
    }

    /// tp / (tp + fp); 1 when nothing was predicted (no slot was claimed wrongly).
    public var precision: Double {
        truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
    }

    /// tp / (tp + fn); 1 when nothing was expected.
    public var recall: Double {
        truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
    }

    /// The harmonic mean of precision and recall, 2tp / (2tp + fp + fn); 1 when there were
    /// no slots at all.
    public var f1: Double {
        let denominator = 2 * truePositives + falsePositives + falseNegatives
        return denominator == 0 ? 1 : Double(2 * truePositives) / Double(denominator)
    }

    /// Adds other counts.
    public static func += (lhs: inout SlotCounts, rhs: SlotCounts) {
        lhs.truePositives += rhs.truePositives
        lhs.falsePositives += rhs.falsePositives
        lhs.falseNegatives += rhs.falseNegatives
    }
}

/// How predicted slots are scored against expected ones.
///
/// A predicted slot is right when an expected slot not yet paired has the same name and one
/// of its values equals the prediction's value, both ``normalized(_:)``. Pairs are made
/// greedily in the expected order, so a slot said twice counts twice.
public enum SlotScoring {
    /// The counts per slot name for one utterance.
    public static func score(expected: [LabeledSlot], predicted: [LabeledSlot]) -> [String: SlotCounts] {
        var counts: [String: SlotCounts] = [:]
        var used = [Bool](repeating: false, count: predicted.count)
        let predictedValues = predicted.map { Set($0.values.map(normalized)) }
        for slot in expected {
            let alternatives = slot.values.map(normalized)
            let pair = predicted.indices.first { index in
                !used[index] && predicted[index].name == slot.name && alternatives.contains { predictedValues[index].contains($0) }
            }
            if let pair {
                used[pair] = true
                counts[slot.name, default: SlotCounts()].truePositives += 1
            } else {
                counts[slot.name, default: SlotCounts()].falseNegatives += 1
            }
        }
        for (index, slot) in predicted.enumerated() where !used[index] {
            counts[slot.name, default: SlotCounts()].falsePositives += 1
        }
        return counts
    }

    /// A value as compared: lowercased, whitespace runs collapsed, punctuation and spaces
    /// trimmed at both ends, and numbers in one form ("10.0" → "10"), so "Rage Radio." and
    /// "rage radio" are the same value.
    public static func normalized(_ value: String) -> String {
        var words: [Substring] = []
        let lowered = value.lowercased()
        for word in lowered.split(whereSeparator: { $0.isWhitespace }) { words.append(word) }
        var text = words.joined(separator: " ")
        while let first = text.first, first.isPunctuation || first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isPunctuation || last.isWhitespace { text.removeLast() }
        if let number = Double(text), number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number))
        }
        return text
    }
}
