import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceDateTime

// Spans are marked inline: "book a table ⟦tomorrow at 8⟧" expects one expression whose span
// slices exactly "tomorrow at 8". Each expectation gives the reading of every marked span.

/// One reader per language, made once for all tests.
enum Readers {
    static let all: [String: DateTimeReader] = {
        var readers: [String: DateTimeReader] = [:]
        for tag in ["en", "es", "de", "fr", "ja", "zh-Hans"] { readers[tag] = try! DateTimeReader(language: Language(tag)) }
        return readers
    }()

    static func reader(_ tag: String) -> DateTimeReader { all[tag]! }
}

/// Saturday, 28 November 2026, 10:00: the reference moment of the hand-checked readings.
let saturday = LocalDateTime(year: 2026, month: 11, day: 28, hour: 10)!


/// A reading in a compact form: "2026-11-29T07:30:00/minute", "2026-11-28T15:00:00/hour–2026-11-28T17:00:00/hour",
/// "90 minute"; "?" after a moment read with an ambiguous hour.
func describe(_ match: DateTimeMatch) -> String {
    let text: String
    switch match.value {
    case .moment(let moment): text = "\(moment.value)/\(moment.grain)"
    case .interval(let from, let to):
        text = "\(from.map { "\($0.value)/\($0.grain)" } ?? "nil")–\(to.map { "\($0.value)/\($0.grain)" } ?? "nil")"
    case .duration(let duration): text = "\(duration.value) \(duration.unit)"
    }
    return text + (match.isAmbiguousHour ? "?" : "")
}

func expectReadings(_ tag: String, _ marked: String, _ expected: [String], now: LocalDateTime = saturday,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let (text, spans) = unmark(marked)
    precondition(spans.count == expected.count, "test bug: \(spans.count) spans, \(expected.count) readings in \(marked)")
    let found = Readers.reader(tag).read(text, now: now)
    #expect(found.map(\.scalarRange) == spans, "spans in \(tag) '\(marked)': \(found)", sourceLocation: sourceLocation)
    #expect(found.map(describe) == expected, "readings in \(tag) '\(marked)': \(found)", sourceLocation: sourceLocation)
    let scalars = Array(text.unicodeScalars)
    for match in found {
        var slice = String.UnicodeScalarView()
        slice.append(contentsOf: scalars[match.scalarRange])
        #expect(String(slice) == match.text, "span text of \(match)", sourceLocation: sourceLocation)
    }
}
