extension MatchResult {
    /// The hypotheses as text, one block each, best first: what `parlance grammar match`
    /// prints. The ranking line shows the key that ordered them (``RankingKey``).
    ///
    /// ```
    /// HassTurnOn  confidence 0.97
    ///   name    "Kitchen Light"  exact  12..<25  "kitchen light"
    ///   domain  "light"          fixed
    ///   template  sentences/en/light_HassTurnOn.yaml:12:14  <turn> on [<the>] <name>
    ///   ranking   word edits 0, wildcards 0 (0 chars), value edits 0, …
    /// ```
    public var explanation: String {
        guard !hypotheses.isEmpty else { return "no match\n" }
        var output = ""
        for hypothesis in hypotheses {
            output += "\(hypothesis.intent)  confidence \(MatchResult.twoDecimals(hypothesis.confidence))"
            output += hypothesis.isNearTie ? "  (near tie with another intent)\n" : "\n"
            let rows = hypothesis.slots.map { slot -> [String] in
                var row = [slot.name, slot.value.description, slot.kind.rawValue]
                if let span = slot.span { row.append("\(span.lowerBound)..<\(span.upperBound)") }
                if !slot.text.isEmpty { row.append("\"\(slot.text)\"") }
                if slot.edits > 0, let listValue = slot.listValue { row.append("(\(slot.edits) edit\(slot.edits == 1 ? "" : "s") from \"\(listValue)\")") }
                return row
            }
            let widths = (0..<3).map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
            for row in rows {
                var line = "  "
                for (index, cell) in row.enumerated() {
                    line += cell
                    if index + 1 < row.count { line += String(repeating: " ", count: (index < 3 ? widths[index] - cell.count : 0) + 2) }
                }
                output += line + "\n"
            }
            output += "  template  \(hypothesis.template.location)  \(hypothesis.template.text)\n"
            output += "  ranking   \(hypothesis.ranking)\n"
        }
        return output
    }

    /// `value` with two decimals, rounded ("0.97").
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
