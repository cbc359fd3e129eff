/// How many edits a word or value may absorb, by its number of letters: none up to three
/// letters (too many short words lie one edit apart: "on"/"in", "the"/"she"), one up to
/// seven, two from eight.
public enum EditBudget {
    /// The edit budget for a word or value of `letters` letters.
    public static func edits(forLetters letters: Int) -> Int {
        switch letters {
        case ..<4: 0
        case ..<8: 1
        default: 2
        }
    }

    /// The most edits any word could spend being corrected into a text of `length`
    /// scalars: a word of `n` letters (at least `n` scalars) within `e` edits of it has
    /// `|n − length| ≤ e ≤ edits(forLetters: n)`. 0 for up to two scalars (nothing of four
    /// letters lies within one edit), 1 up to five, 2 from six.
    public static func largestEdits(forLength length: Int) -> Int {
        var largest = 0
        for letters in max(0, length - 2)...(length + 2) {
            let edits = edits(forLetters: letters)
            if abs(letters - length) <= edits { largest = max(largest, edits) }
        }
        return largest
    }
}
