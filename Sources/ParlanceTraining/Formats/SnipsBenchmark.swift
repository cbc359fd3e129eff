import Foundation
import ParlanceText

/// Reading the Snips 2017 benchmark's files: one intent per file, each query a list of
/// chunks, some of them slot values (the entity names the slot).
///
/// ```json
/// {"AddToPlaylist": [{"data": [{"text": "add "}, {"text": "Blues", "entity": "playlist"}, {"text": " to my list"}]}]}
/// ```
public enum SnipsBenchmark {
    /// Which training files a folder gives.
    public enum Files: String, Sendable, CaseIterable {
        /// `train_<Intent>.json` (about 300 queries an intent).
        case small
        /// `train_<Intent>_full.json` (about 2,000 queries an intent).
        case full
    }

    /// How a file's bytes are read.
    public enum Encoding: Sendable, Hashable {
        /// UTF-8 only: a byte that is not UTF-8 is an error naming its line, column and
        /// offset. For test files, where a wrong byte is a wrong utterance.
        case utf8
        /// UTF-8, or Latin-1 when the file is not UTF-8: the benchmark's
        /// `train_PlayMusic_full.json` is Latin-1.
        case utf8OrLatin1
    }

    /// What every file of the benchmark looks like, for messages.
    static let expected = #"{"<Intent>": [{"data": [{"text": "…"}, {"text": "…", "entity": "<slot>"}]}]}"#

    /// The intent and queries of one file, read as `encoding` says (training files are
    /// UTF-8 or Latin-1 by default: the benchmark's `train_PlayMusic_full.json` is Latin-1).
    ///
    /// - Throws: ``TrainingError`` naming the file (and line) when it is missing, is not
    ///   JSON, or does not have the benchmark's structure.
    public static func read(_ url: URL, encoding: Encoding = .utf8OrLatin1) throws(TrainingError) -> TrainingIntent {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TrainingError(path: url.path, message: "cannot read the file", expected: "a Snips JSON file")
        }
        return try parse(data, path: url.path, encoding: encoding)
    }

    /// Parses the bytes of one file (`path` names it in errors).
    public static func parse(_ data: Data, path: String, encoding: Encoding = .utf8OrLatin1) throws(TrainingError) -> TrainingIntent {
        let text: String
        switch encoding {
        case .utf8:
            text = try UTF8Text.decode(data, path: path)
        case .utf8OrLatin1:
            // Latin-1 maps each byte to the scalar of the same value.
            text = String(validating: data, as: UTF8.self) ?? String(String.UnicodeScalarView(data.map { Unicode.Scalar($0) }))
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw TrainingError(path: path, line: 1, message: "the file is empty", expected: expected)
        }
        let json = try JSONLines.object(text, path: path, expected: #"a JSON object {"<Intent>": [{"data": [{"text": …, "entity": …}]}]}"#)
        guard let root = json as? [String: Any], root.count == 1, let (intent, value) = root.first else {
            throw TrainingError(path: path, line: 1, message: "the top level is not an object with one intent key", expected: expected)
        }
        guard let queries = value as? [Any] else {
            throw TrainingError(path: path, line: 1, message: "'\(intent)' is not a list of queries", expected: expected)
        }
        let lines = QueryLines(text: text)
        var utterances: [AnnotatedUtterance] = []
        utterances.reserveCapacity(queries.count)
        for (index, query) in queries.enumerated() {
            let line = lines.line(ofQuery: index)
            guard let object = query as? [String: Any], let chunks = object["data"] as? [Any] else {
                throw TrainingError(path: path, line: line, message: "query \(index) of '\(intent)' has no 'data' list", expected: expected)
            }
            var builder = UtteranceBuilder()
            for chunk in chunks {
                guard let fields = chunk as? [String: Any], let text = fields["text"] as? String else {
                    throw TrainingError(path: path, line: line, message: "query \(index) of '\(intent)' has a chunk without 'text'",
                                        expected: expected)
                }
                let entity = fields["entity"] as? String
                if fields["entity"] != nil, entity == nil {
                    throw TrainingError(path: path, line: line, message: "query \(index) of '\(intent)' has an 'entity' that is not a string",
                                        expected: expected)
                }
                builder.append(text, slot: entity, entity: entity)
            }
            utterances.append(builder.utterance(source: line.map { "\(path):\($0)" } ?? path))
        }
        return TrainingIntent(name: intent, utterances: utterances)
    }

    /// The training files under `path`: the file itself, or every `train_<Intent>.json`
    /// (`train_<Intent>_full.json` for ``Files/full``) in the folder and its subfolders, sorted.
    public static func trainingFiles(_ path: URL, _ files: Files = .small) throws(TrainingError) -> [URL] {
        let found = try jsonFiles(path) { name in
            guard name.hasPrefix("train_"), name.hasSuffix(".json") else { return false }
            return name.hasSuffix("_full.json") == (files == .full)
        }
        guard !found.isEmpty else {
            throw TrainingError(path: path.path, message: "no training files",
                                expected: files == .full ? "files named train_<Intent>_full.json" : "files named train_<Intent>.json")
        }
        return found
    }

    /// The JSON files under `path` that `matching` accepts by name: the file itself, or those
    /// in the folder and its subfolders, sorted.
    public static func jsonFiles(_ path: URL, matching: (String) -> Bool) throws(TrainingError) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw TrainingError(path: path.path, message: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        var files: [URL] = []
        let enumerator = FileManager.default.enumerator(at: path, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = enumerator?.nextObject() as? URL {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if matching(url.lastPathComponent), isFolder != true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// An utterance made of chunks of text, some of them slot values.
struct UtteranceBuilder {
    private var text = ""
    private var length = 0
    private var slots: [SlotAnnotation] = []

    /// Appends a chunk; a slot value when `slot` is given.
    mutating func append(_ chunk: String, slot: String?, entity: String?, value: String? = nil) {
        let count = chunk.unicodeScalars.count
        if let slot, let entity { slots.append(SlotAnnotation(span: length..<(length + count), slot: slot, entity: entity, value: value)) }
        text += chunk
        length += count
    }

    func utterance(source: String?) -> AnnotatedUtterance {
        AnnotatedUtterance(text: text, slots: slots, source: source)
    }
}

/// The line each query of a Snips file starts on: the lines of the objects holding "data".
struct QueryLines {
    let starts: [Int]

    init(text: String) {
        var starts: [Int] = []
        for (number, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where content.contains("\"data\"") {
            starts.append(number + 1)
        }
        self.starts = starts
    }

    func line(ofQuery index: Int) -> Int? { index < starts.count ? starts[index] : nil }
}

/// Reading JSON with errors that name the line.
enum JSONLines {
    /// The JSON value of a text.
    static func object(_ text: String, path: String, expected: String) throws(TrainingError) -> Any {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw TrainingError(path: path, line: line(of: error, in: text), message: "invalid JSON (\(reason(error)))", expected: expected)
        }
        // Foundation keeps one value of a repeated key and says nothing.
        if let duplicate = DuplicateJSONKey.first(in: Array(text.utf8)) {
            throw TrainingError(path: path, line: duplicate.line, message: "\(duplicate.message) at \(duplicate.keyPath)",
                                expected: "each key once in an object")
        }
        return root
    }

    /// The line an error names ("around line 3, column 5"), or the line of the character
    /// offset it names.
    static func line(of error: Error, in text: String) -> Int? {
        let nsError = error as NSError
        let details = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        if let range = details.range(of: "line ") {
            let digits = details[range.upperBound...].prefix { $0.isNumber }
            if let line = Int(digits) { return line }
        }
        if let range = details.range(of: "character ") {
            let digits = details[range.upperBound...].prefix { $0.isNumber }
            if let offset = Int(digits) {
                return text.utf8.prefix(offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
        }
        return nil
    }

    /// The error's own words.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}

/// Text files that must be UTF-8.
enum UTF8Text {
    /// The file's text; an error naming the line and column of the first byte that is not
    /// UTF-8.
    static func read(_ url: URL, expected: String) throws(TrainingError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TrainingError(path: url.path, message: "cannot read the file", expected: expected)
        }
        return try decode(data, path: url.path)
    }

    /// The bytes as UTF-8 text, or an error locating the first invalid byte.
    static func decode(_ data: Data, path: String) throws(TrainingError) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        let bytes = [UInt8](data)
        var line = 1, offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var column = 1
        decoding: while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                break decoding
            case .error:
                offset = before
                break decoding
            }
        }
        let byte = offset < bytes.count ? String(format: "0x%02X", bytes[offset]) : "the end"
        throw TrainingError(path: path, line: line, column: column, message: "the file is not valid UTF-8 (byte \(byte) at offset \(offset))",
                            expected: "UTF-8 text")
    }
}
