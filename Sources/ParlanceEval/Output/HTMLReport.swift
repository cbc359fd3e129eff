/// A self-contained HTML report of a run: inline CSS and SVG, no scripts, nothing fetched.
///
/// Sections: the headline numbers; bars of exact match and intent accuracy per language and
/// per intent; the intent confusion matrix; the latency histogram; the reliability diagram;
/// per-slot scores; the failure list.
public enum HTMLReport {
    /// The report as one HTML document.
    public static func render(_ evaluation: Evaluation, title: String) -> String {
        let overall = evaluation.overall
        let latency = overall.latency.percentilesMicros([50, 90, 99])
        var body = ""
        body += "<h1>\(escape(title))</h1>\n"
        body += "<p class=\"meta\">\(overall.total) items · \(evaluation.workers) threads · \(TextReport.format(evaluation.wallSeconds, 2)) s wall · "
        body += "\(Int(evaluation.throughput.rounded())) items/s</p>\n"
        body += "<div class=\"cards\">"
        for (label, value) in [
            ("exact match", TextReport.percent(overall.exactMatch)), ("intent accuracy", TextReport.percent(overall.intentAccuracy)),
            ("slot precision", TextReport.percent(overall.slots.precision)), ("slot recall", TextReport.percent(overall.slots.recall)),
            ("slot F1", TextReport.percent(overall.slots.f1)), ("ECE", TextReport.format(overall.calibration.expectedCalibrationError, 3)),
            ("latency p50 / p90 / p99", "\(TextReport.format(latency[0], 0)) / \(TextReport.format(latency[1], 0)) / \(TextReport.format(latency[2], 0)) µs"),
        ] {
            body += "<div class=\"card\"><div class=\"value\">\(escape(value))</div><div class=\"label\">\(escape(label))</div></div>"
        }
        body += "</div>\n"

        body += "<h2>By language</h2>\n" + bars(evaluation.byLanguage.keys.sorted().map { ($0, evaluation.byLanguage[$0]!) })
        body += "<h2>By intent</h2>\n" + bars(evaluation.byIntent.keys.sorted().map { ($0, evaluation.byIntent[$0]!) })
        body += "<h2>Intent confusion matrix</h2>\n<p class=\"note\">Rows: expected intent; columns: predicted. Darker is more; red off the diagonal.</p>\n"
        body += confusionMatrix(evaluation)
        body += "<div class=\"pair\"><div><h2>Latency histogram</h2>\n" + latencyHistogram(overall.latency) + "</div>"
        body += "<div><h2>Reliability diagram</h2>\n" + reliabilityDiagram(overall.calibration) + "</div></div>\n"
        if !evaluation.bySlot.isEmpty {
            body += "<h2>By slot</h2>\n<table><tr><th>slot</th><th>support</th><th>precision</th><th>recall</th><th>F1</th></tr>\n"
            for name in evaluation.bySlot.keys.sorted() {
                let counts = evaluation.bySlot[name]!
                body += "<tr><td>\(escape(name))</td><td>\(counts.truePositives + counts.falseNegatives)</td><td>\(TextReport.percent(counts.precision))</td>"
                body += "<td>\(TextReport.percent(counts.recall))</td><td>\(TextReport.percent(counts.f1))</td></tr>\n"
            }
            body += "</table>\n"
        }
        body += "<h2>Failures (\(evaluation.failures.count) listed of \(evaluation.failureCount))</h2>\n"
        if evaluation.failures.isEmpty {
            body += "<p>None.</p>\n"
        } else {
            body += "<table class=\"failures\"><tr><th>language</th><th>utterance</th><th>expected</th><th>got</th></tr>\n"
            for failure in evaluation.failures {
                let source = failure.source.map { "<div class=\"source\">\(escape($0))</div>" } ?? ""
                body += "<tr><td>\(escape(failure.language))</td><td>\(escape(failure.utterance))\(source)</td>"
                body += "<td>\(escape(failure.expected))</td><td class=\"got\">\(escape(failure.got))</td></tr>\n"
            }
            body += "</table>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px 32px; color: #1d2330; background: #fff; }
            h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; }
            .meta, .note { color: #5b6475; margin: 4px 0; }
            .cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
            .card { border: 1px solid #dde2ea; border-radius: 8px; padding: 10px 16px; min-width: 120px; }
            .card .value { font-size: 20px; font-weight: 600; } .card .label { color: #5b6475; font-size: 12px; }
            table { border-collapse: collapse; } th, td { border-bottom: 1px solid #e6e9ef; padding: 4px 10px; text-align: left; vertical-align: top; }
            th { font-weight: 600; background: #f5f7fa; }
            .failures td { max-width: 420px; } .got { color: #b42318; } .source { color: #8a93a3; font-size: 11px; }
            .pair { display: flex; flex-wrap: wrap; gap: 40px; }
            svg text { font: 11px system-ui, sans-serif; fill: #1d2330; }
            .legend { font-size: 12px; color: #5b6475; }
            </style></head>
            <body>
            \(body)</body></html>

            """
    }

    /// Horizontal bars, two per group: exact match (dark) and intent accuracy (light).
    static func bars(_ groups: [(String, MetricGroup)]) -> String {
        let labelWidth = min(260, max(60, (groups.map(\.0.count).max() ?? 4) * 7 + 10))
        let barWidth = 420
        let rowHeight = 26
        let height = groups.count * rowHeight + 24
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 300)\" height=\"\(height)\" role=\"img\">\n"
        for (index, (name, group)) in groups.enumerated() {
            let y = index * rowHeight
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 15)\" text-anchor=\"end\">\(escape(name))</text>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(barWidth)\" height=\"18\" fill=\"#eef1f5\"/>"
            let intentWidth = Int((group.intentAccuracy * Double(barWidth)).rounded())
            let exactWidth = Int((group.exactMatch * Double(barWidth)).rounded())
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(intentWidth)\" height=\"18\" fill=\"#a9c5ef\"/>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 7)\" width=\"\(exactWidth)\" height=\"10\" fill=\"#2458b3\"/>"
            svg += "<text x=\"\(labelWidth + barWidth + 8)\" y=\"\(y + 15)\">\(TextReport.percent(group.exactMatch)) exact · "
            svg += "\(TextReport.percent(group.intentAccuracy)) intent · \(group.total)</text>\n"
        }
        let legendY = groups.count * rowHeight + 16
        svg += "<rect x=\"\(labelWidth)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"#2458b3\"/>"
        svg += "<text x=\"\(labelWidth + 14)\" y=\"\(legendY)\" class=\"legend\">exact match</text>"
        svg += "<rect x=\"\(labelWidth + 100)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"#a9c5ef\"/>"
        svg += "<text x=\"\(labelWidth + 114)\" y=\"\(legendY)\" class=\"legend\">intent accuracy</text>"
        return svg + "</svg>\n"
    }

    /// The intent confusion matrix: expected intents as rows, predicted as columns (with
    /// "(none)" when nothing matched).
    static func confusionMatrix(_ evaluation: Evaluation) -> String {
        let expected = evaluation.byIntent.keys.sorted()
        var predictedSet = Set(expected)
        for row in evaluation.confusions.values { predictedSet.formUnion(row.keys) }
        let predicted = predictedSet.subtracting([Evaluation.noIntent]).sorted() + (predictedSet.contains(Evaluation.noIntent) ? [Evaluation.noIntent] : [])
        func count(_ row: String, _ column: String) -> Int {
            row == column ? evaluation.byIntent[row]?.intentCorrect ?? 0 : evaluation.confusions[row]?[column] ?? 0
        }
        let cell = predicted.count > 30 ? 14 : 22
        let labelWidth = min(240, max(60, (expected.map(\.count).max() ?? 4) * 7 + 10))
        let top = min(220, max(60, (predicted.map(\.count).max() ?? 4) * 6 + 20))
        let width = labelWidth + predicted.count * cell + 140
        let height = top + expected.count * cell + 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\">\n"
        for (column, name) in predicted.enumerated() {
            let x = labelWidth + column * cell + cell / 2 + 4
            svg += "<text transform=\"translate(\(x),\(top - 6)) rotate(-60)\">\(escape(name))</text>"
        }
        for (rowIndex, row) in expected.enumerated() {
            let y = top + rowIndex * cell
            let rowTotal = max(1, evaluation.byIntent[row]?.total ?? 1)
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + cell / 2 + 4)\" text-anchor=\"end\">\(escape(row))</text>"
            for (column, name) in predicted.enumerated() {
                let value = count(row, name)
                let share = Double(value) / Double(rowTotal)
                let color: String
                if value == 0 {
                    color = "#f7f8fa"
                } else if row == name {
                    color = "rgba(36,88,179,\(TextReport.format(0.15 + 0.85 * share, 3)))"
                } else {
                    color = "rgba(196,50,30,\(TextReport.format(0.2 + 0.8 * min(1, share * 4), 3)))"
                }
                svg += "<rect x=\"\(labelWidth + column * cell)\" y=\"\(y)\" width=\"\(cell - 1)\" height=\"\(cell - 1)\" fill=\"\(color)\">"
                svg += "<title>\(escape(row)) → \(escape(name)): \(value)</title></rect>"
                if value > 0, cell >= 22 {
                    let textColor = row == name && share > 0.5 ? "#fff" : "#1d2330"
                    svg += "<text x=\"\(labelWidth + column * cell + cell / 2)\" y=\"\(y + cell / 2 + 4)\" text-anchor=\"middle\" style=\"fill:\(textColor);font-size:9px\">\(value)</text>"
                }
            }
            svg += "\n"
        }
        return svg + "</svg>\n"
    }

    /// Parse times in bins doubling in width (1–2 µs, 2–4 µs, …), log scale.
    static func latencyHistogram(_ latency: LatencySamples) -> String {
        var counts = [Int](repeating: 0, count: 24)
        for nanoseconds in latency.nanoseconds {
            let micros = max(1, nanoseconds / 1000)
            counts[min(counts.count - 1, 63 - micros.leadingZeroBitCount)] += 1
        }
        let first = counts.firstIndex { $0 > 0 } ?? 0
        let last = counts.lastIndex { $0 > 0 } ?? 0
        let bins = Array(first...last)
        let peak = max(1, counts.max() ?? 1)
        let barWidth = 34
        let plotHeight = 180
        let left = 40
        let width = left + bins.count * barWidth + 20
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(max(width, 240))\" height=\"\(plotHeight + 60)\" role=\"img\">\n"
        svg += "<line x1=\"\(left)\" y1=\"\(plotHeight + 10)\" x2=\"\(left + bins.count * barWidth)\" y2=\"\(plotHeight + 10)\" stroke=\"#8a93a3\"/>"
        for (index, bin) in bins.enumerated() {
            let height = Int((Double(counts[bin]) / Double(peak) * Double(plotHeight)).rounded())
            let x = left + index * barWidth
            svg += "<rect x=\"\(x + 2)\" y=\"\(plotHeight + 10 - height)\" width=\"\(barWidth - 4)\" height=\"\(height)\" fill=\"#2458b3\"><title>\(counts[bin]) parses</title></rect>"
            if counts[bin] > 0 {
                svg += "<text x=\"\(x + barWidth / 2)\" y=\"\(plotHeight + 6 - height)\" text-anchor=\"middle\" style=\"font-size:9px\">\(counts[bin])</text>"
            }
            svg += "<text x=\"\(x + barWidth / 2)\" y=\"\(plotHeight + 24)\" text-anchor=\"middle\" style=\"font-size:9px\">\(Self.micros(1 << bin))</text>"
        }
        svg += "<text x=\"\(left)\" y=\"\(plotHeight + 44)\" class=\"legend\">µs (bin start; each bin twice as wide as the last)</text>"
        return svg + "</svg>\n"
    }

    static func micros(_ value: Int) -> String { value >= 1000 ? "\(value / 1000)k" : String(value) }

    /// Accuracy per confidence bin against the diagonal of perfect calibration.
    static func reliabilityDiagram(_ calibration: Calibration) -> String {
        let size = 220
        let left = 40
        let top = 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(left + size + 110)\" height=\"\(top + size + 66)\" role=\"img\">\n"
        svg += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(size)\" height=\"\(size)\" fill=\"#f7f8fa\" stroke=\"#c9ced8\"/>"
        let binWidth = Double(size) / Double(calibration.bins.count)
        for (index, bin) in calibration.bins.enumerated() where bin.count > 0 {
            let height = bin.accuracy * Double(size)
            let x = Double(left) + Double(index) * binWidth
            svg += "<rect x=\"\(TextReport.format(x + 1, 1))\" y=\"\(TextReport.format(Double(top + size) - height, 1))\" width=\"\(TextReport.format(binWidth - 2, 1))\" "
            svg += "height=\"\(TextReport.format(height, 1))\" fill=\"#2458b3\" fill-opacity=\"0.8\"><title>\(bin.count) items, accuracy \(TextReport.format(bin.accuracy, 3)), "
            svg += "mean confidence \(TextReport.format(bin.meanConfidence, 3))</title></rect>"
            let cy = Double(top + size) - bin.meanConfidence * Double(size)
            svg += "<circle cx=\"\(TextReport.format(x + binWidth / 2, 1))\" cy=\"\(TextReport.format(cy, 1))\" r=\"3\" fill=\"#e8871e\"/>"
        }
        svg += "<line x1=\"\(left)\" y1=\"\(top + size)\" x2=\"\(left + size)\" y2=\"\(top)\" stroke=\"#b42318\" stroke-dasharray=\"4 3\"/>"
        for tick in stride(from: 0, through: 10, by: 2) {
            let offset = Double(tick) / 10 * Double(size)
            svg += "<text x=\"\(TextReport.format(Double(left) + offset, 1))\" y=\"\(top + size + 14)\" text-anchor=\"middle\" style=\"font-size:9px\">\(TextReport.format(Double(tick) / 10, 1))</text>"
            svg += "<text x=\"\(left - 4)\" y=\"\(TextReport.format(Double(top + size) - offset + 3, 1))\" text-anchor=\"end\" style=\"font-size:9px\">\(TextReport.format(Double(tick) / 10, 1))</text>"
        }
        svg += "<text x=\"\(left)\" y=\"\(top + size + 32)\" class=\"legend\">x: confidence; bars: accuracy; orange: mean confidence</text>"
        svg += "<text x=\"\(left)\" y=\"\(top + size + 50)\" class=\"legend\">dashed: perfect calibration; ECE \(TextReport.format(calibration.expectedCalibrationError, 3))</text>"
        return svg + "</svg>\n"
    }

    /// Text escaped for HTML content and attributes.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
