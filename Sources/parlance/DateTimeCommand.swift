import ArgumentParser
import Foundation
import Parlance
import ParlanceDateTime
import ParlanceText

struct DateTimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datetime",
        abstract: "Find dates, times, intervals and durations in text, read against a reference moment.",
        discussion: """
            Prints one line per expression: start, end (Unicode-scalar offsets), what it is, its value and its text.
            With --json, Duckling's shape: [{"dim": "time"|"duration", "body", "start", "end", "value"}].
            Times are local, with no time zone; see the README's "Dates and times" for the conventions.
            """)

    @Option(name: .shortAndLong, help: "BCP-47 language tag: en, es, de, fr, ja, zh-Hans (or another with a file in Corpora/datetime).")
    var language: String

    @Option(help: ArgumentHelp("The reference moment, local time (default: now).", valueName: "YYYY-MM-DDTHH:MM:SS"))
    var now: String?

    @Flag(help: "Print Duckling-style JSON.")
    var json = false

    @Argument(help: "The text, or - to read standard input.")
    var text: String

    func run() throws {
        try reportingErrors {
            let language = try Input.language(language)
            let reference = try referenceMoment()
            let reader = try DateTimeReader(language: language)
            let matches = reader.read(Input.text(text), now: reference)
            if json {
                print(try JSON.string(matches.map(DucklingEntity.init)))
            } else {
                for match in matches { print(DateTimeCommand.line(match)) }
            }
        }
    }

    func referenceMoment() throws -> LocalDateTime { try Input.moment(now) }

    static func line(_ match: DateTimeMatch) -> String {
        let range = "\(match.scalarRange.lowerBound)\t\(match.scalarRange.upperBound)"
        let value: String
        switch match.value {
        case .moment(let moment): value = "time\t\(moment.value) (\(moment.grain))"
        case .interval(let from, let to):
            value = "interval\t\(from.map { "\($0.value)" } ?? "…") – \(to.map { "\($0.value)" } ?? "…") (\(from?.grain ?? to?.grain ?? .day))"
        case .duration(let duration): value = "duration\t\(duration.value) \(duration.unit)\(duration.value == 1 ? "" : "s") (\(duration.seconds) s)"
        }
        return "\(range)\t\(value)\(match.isAmbiguousHour ? " ambiguous hour" : "")\t\(match.text)"
    }
}

/// One entity in Duckling's JSON shape.
struct DucklingEntity: Encodable {
    struct Moment: Encodable {
        let value: String
        let grain: String
    }

    struct Normalized: Encodable {
        let value: Int
        let unit = "second"
    }

    struct Value: Encodable {
        var type: String?
        var value: EncodableValue?
        var grain: String?
        var from: Moment??
        var to: Moment??
        var unit: String?
        var normalized: Normalized?

        enum CodingKeys: String, CodingKey { case type, value, grain, from, to, unit, normalized }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encodeIfPresent(value, forKey: .value)
            try container.encodeIfPresent(grain, forKey: .grain)
            // An interval always has both keys; a missing end is null.
            if let from { try container.encode(from, forKey: .from) }
            if let to { try container.encode(to, forKey: .to) }
            try container.encodeIfPresent(unit, forKey: .unit)
            try container.encodeIfPresent(normalized, forKey: .normalized)
        }
    }

    enum EncodableValue: Encodable {
        case text(String), number(Int)
        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    let dim: String
    let body: String
    let start: Int
    let end: Int
    let value: Value
    let ambiguousHour: Bool?

    enum CodingKeys: String, CodingKey { case dim, body, start, end, value, ambiguousHour = "ambiguous_hour" }

    init(_ match: DateTimeMatch) {
        body = match.text
        start = match.scalarRange.lowerBound
        end = match.scalarRange.upperBound
        ambiguousHour = match.isAmbiguousHour ? true : nil
        func moment(_ moment: DateTimeMoment?) -> Moment? {
            moment.map { Moment(value: $0.value.description, grain: $0.grain.description) }
        }
        switch match.value {
        case .moment(let time):
            dim = "time"
            value = Value(type: "value", value: .text(time.value.description), grain: time.grain.description)
        case .interval(let from, let to):
            dim = "time"
            value = Value(type: "interval", from: .some(moment(from)), to: .some(moment(to)))
        case .duration(let duration):
            dim = "duration"
            value = Value(value: .number(duration.value), unit: duration.unit.description,
                          normalized: Normalized(value: duration.seconds))
        }
    }
}
