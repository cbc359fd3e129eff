/// The terminal table of a run: overall, per language, per intent and per slot; the most
/// frequent confusions; the reliability table; the first failures.
public enum TextReport {
    /// The report as text, `title` on its first line.
    public static func render(_ evaluation: Evaluation, title: String, failures shown: Int = 10) -> String {
        var lines: [String] = []
        let overall = evaluation.overall
        lines.append("\(title): \(overall.total) items, \(evaluation.workers) thread\(evaluation.workers == 1 ? "" : "s"), "
            + "\(format(evaluation.wallSeconds, 2)) s wall, \(Int(evaluation.throughput.rounded())) items/s")
        lines.append("")
        let header = ["", "items", "exact", "intent", "slot P", "slot R", "slot F1", "ECE", "p50 µs", "p90 µs", "p99 µs"]
        var rows = [groupRow("all", overall)]
        if evaluation.byLanguage.count > 1 || evaluation.byIntent.count > 1 {
            rows += evaluation.byLanguage.keys.sorted().map { groupRow($0, evaluation.byLanguage[$0]!) }
        }
        lines += table(header, rows)
        lines.append("")
        lines.append("By intent")
        lines += table(header, evaluation.byIntent.keys.sorted().map { groupRow($0, evaluation.byIntent[$0]!) })
        if !evaluation.bySlot.isEmpty {
            lines.append("")
            lines.append("By slot")
            lines += table(["", "support", "P", "R", "F1"], evaluation.bySlot.keys.sorted().map { name in
                let counts = evaluation.bySlot[name]!
                return [name, String(counts.truePositives + counts.falseNegatives), percent(counts.precision), percent(counts.recall),
                        percent(counts.f1)]
            })
        }
        let confusions = evaluation.topConfusions()
        if !confusions.isEmpty {
            lines.append("")
            lines.append("Most frequent confusions")
            lines += table(["expected", "got", "count"], confusions.map { [$0.expected, $0.predicted, String($0.count)] })
        }
        lines.append("")
        lines.append("Calibration (ECE \(format(overall.calibration.expectedCalibrationError, 4))\(overall.auroc.map { ", AUROC \(format($0, 4))" } ?? ""); correct = the best hypothesis an exact match, understood or not)")
        lines += table(["confidence", "items", "mean conf.", "accuracy"], overall.calibration.bins.filter { $0.count > 0 }.map { bin in
            ["\(format(bin.lowerBound, 1))–\(format(bin.upperBound, 1))", String(bin.count), format(bin.meanConfidence, 3), format(bin.accuracy, 3)]
        })
        lines.append("Refusal: right best hypotheses kept \(percent(overall.keptRate)) (\(overall.rightAndKept) of \(overall.rightAtTop))"
                     + (overall.outOfScope > 0 ? "; requests out of scope answered \(percent(overall.falseAcceptRate)) (\(overall.falseAccepts) of \(overall.outOfScope))" : ""))
        if evaluation.failureCount > 0 {
            lines.append("")
            let listed = min(shown, evaluation.failures.count)
            lines.append("Failures (\(listed) of \(evaluation.failureCount)\(evaluation.errorCount > 0 ? ", \(evaluation.errorCount) parser errors" : ""))")
            for failure in evaluation.failures.prefix(listed) {
                lines.append("  [\(failure.language)] \"\(failure.utterance)\"" + (failure.source.map { "  (\($0))" } ?? ""))
                lines.append("      expected \(failure.expected)")
                lines.append("      got      \(failure.got)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func groupRow(_ name: String, _ group: MetricGroup) -> [String] {
        let latency = group.latency.percentilesMicros([50, 90, 99])
        return [name, String(group.total), percent(group.exactMatch), percent(group.intentAccuracy), percent(group.slots.precision),
                percent(group.slots.recall), percent(group.slots.f1), format(group.calibration.expectedCalibrationError, 3),
                format(latency[0], 1), format(latency[1], 1), format(latency[2], 1)]
    }

    /// Columns padded to their widest cell: the first left-aligned, the others right-aligned.
    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
    }

    /// A rate as a percentage with one decimal.
    static func percent(_ value: Double) -> String { format(value * 100, 1) + "%" }

    /// A number with `decimals` decimals, without Foundation's locale.
    static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
