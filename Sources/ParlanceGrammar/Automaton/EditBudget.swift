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
}
