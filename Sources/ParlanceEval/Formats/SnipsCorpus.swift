import Foundation
import ParlanceTraining

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

/// Reading the Snips 2017 benchmark's JSON files as evaluation items and drawing training
/// sets from them (the files are read by ParlanceTraining's ``SnipsBenchmark``).
public enum SnipsCorpus {
    /// The queries of one file. The intent is the JSON's top-level key.
    ///
    /// Test files are read as UTF-8 only (``SnipsBenchmark/Encoding/utf8``): a byte that is
    /// not UTF-8 is an error with its line and offset. Training files are read with
    /// ``SnipsBenchmark/Encoding/utf8OrLatin1`` (the benchmark's `train_PlayMusic_full.json`
    /// is Latin-1).
    ///
    /// - Throws: ``EvaluationError`` naming the file (and line) when it is missing, is not
    ///   JSON, or does not have the benchmark's structure.
    public static func read(_ url: URL, encoding: SnipsBenchmark.Encoding) throws(EvaluationError) -> [SnipsQuery] {
        do {
            return queries(try SnipsBenchmark.read(url, encoding: encoding))
        } catch {
            throw EvaluationError(error)
        }
    }

    /// Parses the bytes of one file (`path` names it in errors).
    public static func parse(_ data: Data, path: String, encoding: SnipsBenchmark.Encoding) throws(EvaluationError) -> [SnipsQuery] {
        do {
            return queries(try SnipsBenchmark.parse(data, path: path, encoding: encoding))
        } catch {
            throw EvaluationError(error)
        }
    }

    static func queries(_ intent: TrainingIntent) -> [SnipsQuery] {
        intent.utterances.map { utterance in
            SnipsQuery(intent: intent.name, chunks: utterance.chunks.map { SnipsQuery.Chunk(text: String($0.text), entity: $0.slot?.slot) },
                       source: utterance.source)
        }
    }

    /// Queries as training data (English, as the benchmark's): one intent per intent
    /// name, in the queries' order; each entity chunk a slot of the entity of its name.
    public static func trainingData(_ queries: [SnipsQuery]) -> TrainingData {
        var intents: [TrainingIntent] = []
        var index: [String: Int] = [:]
        for query in queries {
            let utterance = AnnotatedUtterance(chunks: query.chunks.map { ($0.text, $0.entity, $0.entity) }, source: query.source)
            if let position = index[query.intent] {
                intents[position].utterances.append(utterance)
            } else {
                index[query.intent] = intents.count
                intents.append(TrainingIntent(name: query.intent, utterances: [utterance]))
            }
        }
        return TrainingData(language: "en", intents: intents)
    }

    /// The training files under `path`: the file itself, or every `train_<Intent>.json`
    /// (with `full`, `train_<Intent>_full.json`) in the folder and its subfolders, sorted.
    public static func trainingFiles(_ path: URL, full: Bool) throws(EvaluationError) -> [URL] {
        do {
            return try SnipsBenchmark.trainingFiles(path, full ? .full : .small)
        } catch {
            throw EvaluationError(error)
        }
    }

    /// The test files under `path`: the file itself, or every JSON file in the folder and
    /// its subfolders, sorted.
    public static func testFiles(_ path: URL) throws(EvaluationError) -> [URL] {
        let files: [URL]
        do {
            files = try SnipsBenchmark.jsonFiles(path) { $0.hasSuffix(".json") }
        } catch {
            throw EvaluationError(error)
        }
        guard !files.isEmpty else { throw EvaluationError(path: path.path, message: "no JSON files", expected: "Snips test files (*.json)") }
        return files
    }

    /// Draws `perIntent` queries of each intent (all when nil or more than there are),
    /// deterministically from `seed`: a seeded Fisher–Yates shuffle of each intent's queries,
    /// then the first `perIntent`, in file order. Intents come out sorted by name (as
    /// ``TrainingData/sampled(perIntent:seed:)`` draws).
    public static func sample(_ queries: [SnipsQuery], perIntent: Int?, seed: UInt64) -> [SnipsQuery] {
        let byIntent = Dictionary(grouping: queries.indices, by: { queries[$0].intent })
        var result: [SnipsQuery] = []
        for intent in byIntent.keys.sorted() {
            result += SplitMix64.draw(byIntent[intent]!, count: perIntent, seed: seed, group: intent).map { queries[$0] }
        }
        return result
    }
}

extension EvaluationError {
    /// A training-data error as an evaluation error.
    init(_ error: TrainingError) {
        self.init(path: error.path, line: error.line, message: error.message + (error.keyPath.map { " (at \($0))" } ?? ""), expected: error.expected)
    }
}
