import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
import Yams
@testable import ParlanceDateTime

/// Corpora/tests/blind-dates/expressions: dates and times written blind (by someone who
/// read only the README's conventions, not the reader or its data), about 40 per language,
/// alone and in sentences, with what must not be read. An expression is read right when
/// the reader finds a date on its words (the span overlaps the expected body: whether a
/// preposition is part of it is not asked) whose ISO value is the one expected.
///
/// The issue's goal is 95% in every language. The set was measured once when it was written
/// (its README); the test gates on a floor below which the reader regressed and prints every
/// language's rate and every miss.
///
/// Corpora/tests/blind-dates-2 (2026-11-29, read at another moment: a Thursday afternoon
/// at the end of October) was written the same way as a development set: 96.1% when it
/// joined; after the reader's compounds, words that say no date and the other changes of
/// that day, 99.0% there and 96.6% on the held-out set (94.9% before).
///
/// Corpora/tests/blind-dates-3 (2026-11-29, read on a Sunday morning at the end of a
/// February, with 70 German expressions) joined at 94.6% (German 85.5%: dates in digits
/// with full stops were not read at all); after dates in digits, apostrophes read as
/// spaces, "fünf vor halb zehn", hours between two bare numbers after a day and the rest of
/// that round, 98.2% there, 99.7% on blind-dates-2 and 97.3% on the held-out set (German
/// 95.7%, every language at or above 95%).
@Suite struct BlindDateTests {
    static let sets = ["blind-dates", "blind-dates-2", "blind-dates-3"]
    /// The least share read right, over all six languages (expressions and what must not be read).
    static func floor(_ set: String) -> Double { set == "blind-dates" ? 0.95 : 0.96 }

    struct Expression {
        let text: String
        let body: String
        let value: String
    }

    static func load(_ file: URL) throws -> (language: String, now: LocalDateTime, expressions: [Expression], notDates: [String]) {
        let node = try #require(try Yams.compose(yaml: String(contentsOf: file, encoding: .utf8)))
        let language = try #require(node["language"]?.string)
        let now = try #require(node["now"]?.string.flatMap(LocalDateTime.init(iso:)))
        let expressions = try (node["expressions"]?.sequence ?? []).map { item in
            Expression(text: try #require(item["text"]?.string), body: try #require(item["body"]?.string), value: try #require(item["value"]?.string))
        }
        return (language, now, expressions, (node["not_dates"]?.sequence ?? []).compactMap(\.string))
    }

    @Test(arguments: sets) func blindExpressionsAreReadRight(_ name: String) throws {
        let folder = SharedData.packageRoot.appendingPathComponent("Corpora/tests/\(name)/expressions")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count == 6)
        var right = 0, total = 0
        var misses: [String] = []
        for file in files {
            let set = try Self.load(folder.appendingPathComponent(file))
            let reader = Readers.reader(set.language)
            var languageRight = 0
            for expression in set.expressions {
                let body = try #require(expression.text.range(of: expression.body), "\(file): '\(expression.body)' is not in '\(expression.text)'")
                let start = expression.text.unicodeScalars.distance(from: expression.text.unicodeScalars.startIndex, to: body.lowerBound)
                let said = start..<(start + expression.body.unicodeScalars.count)
                let found = reader.read(expression.text, now: set.now).first { $0.scalarRange.overlaps(said) }
                if found?.value.iso == expression.value {
                    languageRight += 1
                } else {
                    misses.append("\(set.language) '\(expression.text)': \(found.map { "\($0.value.iso) '\($0.text)'" } ?? "nothing"), expected \(expression.value)")
                }
            }
            var notRight = 0
            for text in set.notDates {
                let found = reader.read(text, now: set.now)
                if found.isEmpty { notRight += 1 } else { misses.append("\(set.language) not a date '\(text)': read \(found.map(\.text))") }
            }
            let count = set.expressions.count + set.notDates.count
            print(String(format: "\(name) %@: %d/%d expressions, %d/%d not dates (%.1f%%)", set.language, languageRight, set.expressions.count,
                         notRight, set.notDates.count, 100 * Double(languageRight + notRight) / Double(max(1, count))))
            right += languageRight + notRight
            total += count
        }
        for miss in misses { print("  ✗ \(name) \(miss)") }
        let rate = Double(right) / Double(max(1, total))
        print(String(format: "\(name), all: %d/%d (%.1f%%)", right, total, 100 * rate))
        #expect(rate >= Self.floor(name), "\(name) expressions: \(String(format: "%.1f", 100 * rate))%, below the floor")
    }
}
