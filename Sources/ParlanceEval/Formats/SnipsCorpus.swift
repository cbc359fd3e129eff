import Foundation

/// One query of the Snips 2017 benchmark: its intent and its text as chunks, some of them
/// slot values.
///
/// ```json
/// {"AddToPlaylist": [{"data": [{"text": "add "}, {"text": "Blues", "entity": "playlist"}, {"text": " to my list"}]}]}
/// ```
public struct SnipsQuery: Sendable, Hashable {
    /// A piece of the query's text; `entity` names the slot it fills, if any.
    public struct Chunk: Sendable, Hashable {
        /// The text as written.
        public let text: String
        /// The slot's name, for a slot value.
        public let entity: String?

        /// A chunk.
        public init(text: String, entity: String? = nil) {
            self.text = text
            self.entity = entity
        }
    }

    /// The intent: the file's top-level key.
    public let intent: String
    /// The chunks, in order.
    public let chunks: [Chunk]
    /// Where the query is: "path:line".
    public let source: String?

    /// A query.
    public init(intent: String, chunks: [Chunk], source: String? = nil) {
        self.intent = intent
        self.chunks = chunks
        self.source = source
    }

    /// The query's text: the chunks joined.
    public var text: String { chunks.map(\.text).joined() }

    /// The slots: each entity chunk's name and text (trimmed of surrounding spaces).
    public var slots: [LabeledSlot] {
        chunks.compactMap { chunk in
            chunk.entity.map { LabeledSlot(name: $0, value: chunk.text.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// The query as an item to evaluate (Snips queries are English).
    public var item: EvaluationItem {
        EvaluationItem(utterance: text, language: "en", expected: Annotation(intent: intent, slots: slots), source: source)
    }
}

/// Reading the Snips 2017 benchmark's JSON files and drawing training sets from them.
public enum SnipsCorpus {
    /// The queries of one file. The intent is the JSON's top-level key.
    ///
    /// Files are read as UTF-8; a file that is not valid UTF-8 is read as Latin-1 (the
    /// benchmark's `train_PlayMusic_full.json` is Latin-1).
    ///
    /// - Throws: ``EvaluationError`` naming the file (and line) when it is missing, is not
    ///   JSON, or does not have the benchmark's structure.
    public static func read(_ url: URL) throws(EvaluationError) -> [SnipsQuery] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EvaluationError(path: url.path, message: "cannot read the file", expected: "a Snips JSON file")
        }
        return try parse(data, path: url.path)
    }

    /// Parses the bytes of one file (`path` names it in errors).
    public static func parse(_ data: Data, path: String) throws(EvaluationError) -> [SnipsQuery] {
        // Latin-1 maps each byte to the scalar of the same value.
        let text = String(validating: data, as: UTF8.self) ?? String(String.UnicodeScalarView(data.map { Unicode.Scalar($0) }))
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw EvaluationError(path: path, line: JSONLines.line(of: error, in: text), message: "invalid JSON (\(JSONLines.reason(error)))",
                                  expected: #"a JSON object {"<Intent>": [{"data": [{"text": …, "entity": …}]}]}"#)
        }
        let expected = #"{"<Intent>": [{"data": [{"text": "…"}, {"text": "…", "entity": "<slot>"}]}]}"#
        guard let root = json as? [String: Any], root.count == 1, let (intent, value) = root.first else {
            throw EvaluationError(path: path, line: 1, message: "the top level is not an object with one intent key", expected: expected)
        }
        guard let queries = value as? [Any] else {
            throw EvaluationError(path: path, line: 1, message: "'\(intent)' is not a list of queries", expected: expected)
        }
        let lines = QueryLines(text: text)
        var result: [SnipsQuery] = []
        result.reserveCapacity(queries.count)
        for (index, query) in queries.enumerated() {
            let line = lines.line(ofQuery: index)
            guard let object = query as? [String: Any], let chunks = object["data"] as? [Any] else {
                throw EvaluationError(path: path, line: line, message: "query \(index) of '\(intent)' has no 'data' list", expected: expected)
            }
            var parsed: [SnipsQuery.Chunk] = []
            for chunk in chunks {
                guard let fields = chunk as? [String: Any], let text = fields["text"] as? String else {
                    throw EvaluationError(path: path, line: line, message: "query \(index) of '\(intent)' has a chunk without 'text'",
                                          expected: expected)
                }
                let entity = fields["entity"] as? String
                if fields["entity"] != nil, entity == nil {
                    throw EvaluationError(path: path, line: line, message: "query \(index) of '\(intent)' has an 'entity' that is not a string",
                                          expected: expected)
                }
                parsed.append(SnipsQuery.Chunk(text: text, entity: entity))
            }
            result.append(SnipsQuery(intent: intent, chunks: parsed, source: line.map { "\(path):\($0)" } ?? path))
        }
        return result
    }

    /// The training files under `path`: the file itself, or every `train_<Intent>.json`
    /// (with `full`, `train_<Intent>_full.json`) in the folder and its subfolders, sorted.
    public static func trainingFiles(_ path: URL, full: Bool) throws(EvaluationError) -> [URL] {
        let files = try jsonFiles(path) { name in
            guard name.hasPrefix("train_"), name.hasSuffix(".json") else { return false }
            return name.hasSuffix("_full.json") == full
        }
        guard !files.isEmpty else {
            throw EvaluationError(path: path.path, message: "no training files",
                                  expected: full ? "files named train_<Intent>_full.json" : "files named train_<Intent>.json")
        }
        return files
    }

    /// The test files under `path`: the file itself, or every JSON file in the folder and
    /// its subfolders, sorted.
    public static func testFiles(_ path: URL) throws(EvaluationError) -> [URL] {
        let files = try jsonFiles(path) { $0.hasSuffix(".json") }
        guard !files.isEmpty else { throw EvaluationError(path: path.path, message: "no JSON files", expected: "Snips test files (*.json)") }
        return files
    }

    static func jsonFiles(_ path: URL, matching: (String) -> Bool) throws(EvaluationError) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw EvaluationError(path: path.path, message: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        var files: [URL] = []
        let enumerator = FileManager.default.enumerator(at: path, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if matching(url.lastPathComponent), !HomeAssistantCorpus.isDirectory(url) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Draws `perIntent` queries of each intent (all when nil or more than there are),
    /// deterministically from `seed`: a seeded Fisher–Yates shuffle of each intent's queries,
    /// then the first `perIntent`, in file order. Intents come out sorted by name.
    public static func sample(_ queries: [SnipsQuery], perIntent: Int?, seed: UInt64) -> [SnipsQuery] {
        let byIntent = Dictionary(grouping: queries.indices, by: { queries[$0].intent })
        var result: [SnipsQuery] = []
        for intent in byIntent.keys.sorted() {
            var indices = byIntent[intent]!
            if let perIntent, perIntent < indices.count {
                var generator = SplitMix64(seed: seed ^ SplitMix64.fnv1a(intent))
                for i in stride(from: indices.count - 1, to: 0, by: -1) {
                    indices.swapAt(i, generator.next(below: i + 1))
                }
                indices = Array(indices.prefix(max(0, perIntent))).sorted()
            }
            result += indices.map { queries[$0] }
        }
        return result
    }
}

/// The line each query of a Snips file starts on: the lines of the objects holding "data".
struct QueryLines {
    let starts: [Int]

    init(text: String) {
        var starts: [Int] = []
        var line = 1
        for (number, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            line = number + 1
            if content.contains("\"data\"") { starts.append(line) }
        }
        self.starts = starts
    }

    func line(ofQuery index: Int) -> Int? { index < starts.count ? starts[index] : nil }
}

/// Locating a JSONSerialization error in its text.
enum JSONLines {
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

/// SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator, the same on every
/// platform, for reproducible training samples.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// FNV-1a of a string's UTF-8, to derive one seed per name.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
