import Foundation

/// The project's own test corpus (Corpora/tests): JSON lines, one labelled utterance a line.
///
/// ```json
/// {"utterance": "start a yoga session", "language": "en", "app": "ExciteYoga", "intent": "StartWorkout", "parameters": {"workoutName": ["yoga"]}}
/// ```
///
/// `app` and `resolutions` (parameter → resolved identifiers, for a resolution stage) are
/// optional; a parameter's values are the alternatives any of which is right. Blank lines
/// and lines starting with `#` are skipped. Files are read line by line, so a corpus of any
/// size streams through: ``validate(_:)`` reads a file once to check every line and count
/// the items, ``items(_:)`` reads it again lazily for the run.
public enum ParlanceCorpus {
    /// The JSON-lines files under `path`: the file itself, or every `*.jsonl` file in the
    /// folder and its subfolders, sorted.
    public static func files(_ path: URL) throws(EvaluationError) -> [URL] {
        let files = try SnipsCorpus.jsonFiles(path) { $0.hasSuffix(".jsonl") }
        guard !files.isEmpty else { throw EvaluationError(path: path.path, message: "no .jsonl files", expected: "Parlance corpus files (*.jsonl)") }
        return files
    }

    /// Checks every line of a file and counts its items.
    ///
    /// - Throws: ``EvaluationError`` with the file and line of the first bad line.
    public static func validate(_ url: URL) throws(EvaluationError) -> Int {
        guard let reader = LineReader(url) else { throw EvaluationError(path: url.path, message: "cannot read the file") }
        var count = 0
        while let (number, line) = reader.next() {
            if try parse(line, path: url.path, line: number) != nil { count += 1 }
        }
        return count
    }

    /// The items of a file, read lazily (lines that do not parse are skipped: validate first).
    public static func items(_ url: URL) -> AnySequence<EvaluationItem> {
        AnySequence {
            let reader = LineReader(url)
            return AnyIterator {
                while let (number, line) = reader?.next() {
                    if let item = try? parse(line, path: url.path, line: number) { return item }
                }
                return nil
            }
        }
    }

    static let expected = #"one JSON object a line: {"utterance": "…", "language": "en", "app": "…", "intent": "…", "parameters": {"name": ["value"]}}"#

    /// One line as an item; nil for a blank or comment line.
    public static func parse(_ line: String, path: String, line number: Int) throws(EvaluationError) -> EvaluationItem? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(trimmed.utf8))
        } catch {
            throw EvaluationError(path: path, line: number, message: "invalid JSON (\(JSONLines.reason(error)))", expected: expected)
        }
        guard let object = json as? [String: Any] else { throw EvaluationError(path: path, line: number, message: "not a JSON object", expected: expected) }
        func string(_ key: String, required: Bool = true) throws(EvaluationError) -> String? {
            guard let value = object[key] else {
                if required { throw EvaluationError(path: path, line: number, message: "missing '\(key)'", expected: expected) }
                return nil
            }
            guard let text = value as? String else {
                throw EvaluationError(path: path, line: number, message: "'\(key)' is not a string", expected: expected)
            }
            return text
        }
        let utterance = try string("utterance")!
        let language = try string("language")!
        let intent = try string("intent")!
        let app = try string("app", required: false)
        var slots: [LabeledSlot] = []
        if let parameters = object["parameters"] {
            guard let map = parameters as? [String: Any] else {
                throw EvaluationError(path: path, line: number, message: "'parameters' is not an object", expected: expected)
            }
            for name in map.keys.sorted() {
                let values: [String]
                switch map[name] {
                case let text as String: values = [text]
                case let list as [Any]:
                    values = list.map { ($0 as? String) ?? "\($0)" }
                case let number as NSNumber: values = [number.stringValue]
                default:
                    throw EvaluationError(path: path, line: number, message: "parameter '\(name)' is not a string or a list of values", expected: expected)
                }
                slots.append(LabeledSlot(name: name, values: values))
            }
        }
        if let resolutions = object["resolutions"], !(resolutions is [String: Any]) {
            throw EvaluationError(path: path, line: number, message: "'resolutions' is not an object", expected: expected)
        }
        return EvaluationItem(utterance: utterance, language: language, expected: Annotation(app: app, intent: intent, slots: slots),
                              source: "\(path):\(number)")
    }
}

/// Reads a file line by line through a fixed buffer.
final class LineReader {
    let handle: FileHandle
    var buffer = Data()
    var number = 0
    var atEnd = false

    init?(_ url: URL) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The next line (without its newline) and its number, from 1.
    func next() -> (Int, String)? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                number += 1
                return (number, String(decoding: line, as: UTF8.self))
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                let line = buffer
                buffer.removeAll()
                number += 1
                return (number, String(decoding: line, as: UTF8.self))
            }
            let chunk = (try? handle.read(upToCount: 1 << 16)) ?? nil
            if let chunk, !chunk.isEmpty { buffer.append(chunk) } else { atEnd = true }
        }
    }
}
