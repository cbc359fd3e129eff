import Foundation
import ParlanceCorpora
import ParlanceGrammar
import ParlanceText
import Yams

/// A date-and-time data file that cannot be read: where, what was found, what was expected.
public struct DateTimeVocabularyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file ("datetime/en.yaml" for a built-in one).
    public let file: String
    /// The line (1-based), 0 when the error is about the whole file.
    public let line: Int
    /// What is wrong, quoting the offending text.
    public let message: String
    /// What was expected instead.
    public let expected: String

    public var description: String {
        "\(file)\(line > 0 ? ":\(line)" : ""): \(message); expected \(expected)"
    }
}

extension DateTimeVocabulary {
    /// The built-in vocabulary for `language` (`Corpora/datetime/<tag>.yaml`, embedded in the
    /// binary), tried as the full tag, as language-script and as the language alone
    /// (`en-US` reads `en.yaml`, `zh` reads `zh-Hans.yaml`); nil when there is none.
    ///
    /// - Throws: ``DateTimeVocabularyError`` when the built-in file is malformed (a broken build).
    public static func builtIn(for language: Language) throws(DateTimeVocabularyError) -> DateTimeVocabulary? {
        for name in candidateNames(for: language) {
            let path = "datetime/\(name).yaml"
            if let file = EmbeddedCorpora.files.first(where: { $0.path == path }) {
                return try DateTimeVocabulary(yaml: String(decoding: file.bytes, as: UTF8.self), source: path)
            }
        }
        return nil
    }

    /// The languages with a built-in vocabulary, as their file names' tags, sorted.
    public static var builtInLanguages: [String] {
        EmbeddedCorpora.files.compactMap { file in
            guard file.path.hasPrefix("datetime/"), file.path.hasSuffix(".yaml") else { return nil }
            return String(file.path.dropFirst("datetime/".count).dropLast(".yaml".count))
        }.sorted()
    }

    static func candidateNames(for language: Language) -> [String] {
        var names = [language.tag, "\(language.code)-\(language.script)", language.code]
        var seen = Set<String>()
        names.removeAll { !seen.insert($0).inserted }
        return names
    }

    /// Reads a data file.
    public init(contentsOf url: URL) throws(DateTimeVocabularyError) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw DateTimeVocabularyError(file: url.path, line: 0, message: "cannot read the file", expected: "a readable YAML file")
        }
        try self.init(yaml: String(decoding: data, as: UTF8.self), source: url.path)
    }

    /// Reads the text of a data file; `source` names it in errors.
    public init(yaml: String, source: String) throws(DateTimeVocabularyError) {
        func fail(_ line: Int, _ message: String, _ expected: String) -> DateTimeVocabularyError {
            DateTimeVocabularyError(file: source, line: line, message: message, expected: expected)
        }
        do {
            try YAMLLimits.standard.check(yaml)
        } catch {
            throw fail(error.line, error.message, error.expected)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw fail(mark.line, "invalid YAML: \(problem)", "valid YAML")
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw fail(context.mark.line, "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))",
                           "each word once (list several meanings in one entry: [a, b])")
            default:
                throw fail(0, "invalid YAML (\(error))", "valid YAML")
            }
        } catch {
            throw fail(0, "invalid YAML (\(error))", "valid YAML")
        }
        guard let mapping = root?.mapping else { throw fail(1, "the file is not a mapping", "keys 'language' and 'words'") }
        guard let language = mapping["language"]?.string, !language.isEmpty else {
            throw fail(1, "no 'language'", "language: TAG (en, zh-Hans)")
        }
        guard let words = mapping["words"]?.mapping else {
            throw fail(mapping["words"]?.mark?.line ?? 1, "no 'words' mapping", "words: a mapping of phrase → meaning or [meanings]")
        }
        var entries: [Entry] = []
        for (key, value) in words {
            let line = key.mark?.line ?? 0
            guard let phrase = key.string, !phrase.isEmpty else { throw fail(line, "an empty or non-text phrase", "a word or phrase") }
            let texts: [(String, Int)]
            if let list = value.sequence {
                texts = try list.map { (node: Node) throws(DateTimeVocabularyError) -> (String, Int) in
                    guard let text = node.string else {
                        throw fail(node.mark?.line ?? line, "'\(phrase)': a meaning that is not text", "a meaning such as 'day 1'")
                    }
                    return (text, node.mark?.line ?? line)
                }
            } else if let text = value.string {
                texts = [(text, value.mark?.line ?? line)]
            } else {
                throw fail(line, "'\(phrase)': no meaning", "a meaning or a list of meanings")
            }
            guard !texts.isEmpty else { throw fail(line, "'\(phrase)': an empty list of meanings", "at least one meaning") }
            var meanings: [Meaning] = []
            for (text, meaningLine) in texts {
                guard let meaning = Meaning(parsing: text) else {
                    throw fail(meaningLine, "'\(phrase)': unknown meaning '\(text)'", Meaning.syntax)
                }
                meanings.append(meaning)
            }
            entries.append(Entry(phrase: phrase, meanings: meanings, line: line))
        }
        self.init(language: language, entries: entries, source: source)
    }
}

extension Meaning {
    /// What a meaning may be written as, for error messages.
    static let syntax = "one of: day N, weekday 1-7, month 1-12, number N, unit GRAIN [N], period week|month|year|weekend N, weekend, "
        + "next, this, last, hour-mark, minute-mark, month-mark, day-mark, year-mark, day-part PART [N], clock H:MM, "
        + "past [N], to [N], plus [N], minus [N], half, and-half, classifier, at, filler, joiner, from, until, between, and, end, "
        + "later-before, later-after, ago-before, ago-after, for, lasting, ordinal, not-a-date"

    /// Parses a meaning as the data files write it ("day 1", "unit minute 15"); nil when malformed.
    init?(parsing text: String) {
        let words = text.split(separator: " ").map(String.init)
        guard let name = words.first else { return nil }
        let arguments = Array(words.dropFirst())
        func int(_ index: Int) -> Int? { index < arguments.count ? Int(arguments[index]) : nil }
        func optionalMinutes() -> Int?? {
            if arguments.isEmpty { return .some(nil) }
            guard arguments.count == 1, let value = int(0), (1...59).contains(value) else { return nil }
            return .some(value)
        }
        switch (name, arguments.count) {
        case ("day", 1): guard let n = int(0), (-7...7).contains(n) else { return nil }; self = .day(n)
        case ("weekday", 1): guard let n = int(0), (1...7).contains(n) else { return nil }; self = .weekday(n)
        case ("month", 1): guard let n = int(0), (1...12).contains(n) else { return nil }; self = .month(n)
        case ("number", 1): guard let n = Double(arguments[0]), n >= 0, n <= 1000 else { return nil }; self = .number(n)
        case ("unit", 1), ("unit", 2):
            guard let grain = DateTimeGrain.allCases.first(where: { $0.description == arguments[0] }) else { return nil }
            let count = arguments.count == 2 ? int(1) : 1
            guard let count, (1...1000).contains(count) else { return nil }
            self = .unit(grain, count)
        case ("period", 2):
            guard let period = CalendarPeriod(rawValue: arguments[0]), let n = int(1), (-10...10).contains(n) else { return nil }
            self = .period(period, n)
        case ("weekend", 0): self = .weekend
        case ("next", 0): self = .relation(1)
        case ("this", 0): self = .relation(0)
        case ("last", 0): self = .relation(-1)
        case ("hour-mark", 0): self = .hourMark
        case ("minute-mark", 0): self = .minuteMark
        case ("month-mark", 0): self = .monthMark
        case ("day-mark", 0): self = .dayMark
        case ("year-mark", 0): self = .yearMark
        case ("day-part", 1), ("day-part", 2):
            guard let part = DayPart(rawValue: arguments[0]) else { return nil }
            if arguments.count == 2 {
                guard let n = int(1), (-7...7).contains(n) else { return nil }
                self = .dayPart(part, n)
            } else {
                self = .dayPart(part, nil)
            }
        case ("clock", 1):
            let fields = arguments[0].split(separator: ":")
            guard fields.count == 2, let hour = Int(fields[0]), let minute = Int(fields[1]),
                  (0...23).contains(hour), (0...59).contains(minute) else { return nil }
            self = .clock(hour: hour, minute: minute)
        case ("past", _): guard let n = optionalMinutes() else { return nil }; self = .past(n)
        case ("to", _): guard let n = optionalMinutes() else { return nil }; self = .to(n)
        case ("plus", _): guard let n = optionalMinutes() else { return nil }; self = .plus(n)
        case ("minus", _): guard let n = optionalMinutes() else { return nil }; self = .minus(n)
        case ("half", 0): self = .half
        case ("and-half", 0): self = .andHalf
        case ("classifier", 0): self = .classifier
        case ("at", 0): self = .at
        case ("filler", 0): self = .filler
        case ("joiner", 0): self = .joiner
        case ("from", 0): self = .from
        case ("until", 0): self = .until
        case ("between", 0): self = .between
        case ("and", 0): self = .and
        case ("end", 0): self = .end
        case ("later-before", 0): self = .laterBefore
        case ("later-after", 0): self = .laterAfter
        case ("ago-before", 0): self = .agoBefore
        case ("ago-after", 0): self = .agoAfter
        case ("for", 0): self = .forDuration
        case ("lasting", 0): self = .lasting
        case ("ordinal", 0): self = .ordinal
        case ("not-a-date", 0): self = .notADate
        default: return nil
        }
    }
}
