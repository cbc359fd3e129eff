import Foundation
import ParlanceText

/// The formats ``TrainingData/load(_:from:language:snipsFiles:)`` reads.
public enum TrainingDataFormat: String, Sendable, CaseIterable {
    /// The Snips 2017 benchmark's files, one intent per file (``SnipsBenchmark``).
    case snips
    /// A snips-nlu `dataset.json` (``SnipsDataset``).
    case snipsDataset = "snips-dataset"
    /// Rasa NLU training data in YAML (``RasaNLU``).
    case rasa
}

extension TrainingData {
    /// Reads training data from files (a folder reads the files of the format in it) and
    /// merges them: intents of the same name join, entities of the same name pool their values.
    ///
    /// ```swift
    /// let data = try TrainingData.load(.snipsDataset, from: [URL(fileURLWithPath: "dataset.json")])
    /// ```
    ///
    /// - Parameters:
    ///   - language: the utterances' language; the default is the data's own (snips-nlu
    ///     datasets name it), else English. A dataset of another language is an error.
    ///   - snipsFiles: which files a folder gives in the ``TrainingDataFormat/snips`` format.
    /// - Throws: ``TrainingError`` naming the file, with the line and column or key path of
    ///   what is wrong; an unknown or untokenizable language.
    public static func load(_ format: TrainingDataFormat, from paths: [URL], language: String? = nil,
                            snipsFiles: SnipsBenchmark.Files = .small) throws(TrainingError) -> TrainingData {
        guard !paths.isEmpty else { throw TrainingError(path: ".", message: "no training files given", expected: "a file or folder") }
        var parts: [TrainingData] = []
        for path in paths {
            switch format {
            case .snips:
                for file in try SnipsBenchmark.trainingFiles(path, snipsFiles) {
                    parts.append(TrainingData(language: language ?? "en", intents: [try SnipsBenchmark.read(file)]))
                }
            case .snipsDataset:
                for file in try SnipsBenchmark.jsonFiles(path, matching: { $0.hasSuffix(".json") }) {
                    let dataset = try SnipsDataset.read(file)
                    if let language, dataset.language != language {
                        throw TrainingError(path: file.path, keyPath: "language", text: dataset.language,
                                            message: "the dataset's language is '\(dataset.language)'", expected: "'\(language)' as asked")
                    }
                    parts.append(dataset)
                }
            case .rasa:
                for file in try SnipsBenchmark.jsonFiles(path, matching: { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }) {
                    parts.append(try RasaNLU.read(file, language: language ?? "en"))
                }
            }
        }
        var data = try merged(parts, path: paths[0].path)
        try data.checkLanguage(path: paths[0].path)
        return data
    }

    /// The parts as one: intents and entities joined by name.
    static func merged(_ parts: [TrainingData], path: String) throws(TrainingError) -> TrainingData {
        guard var result = parts.first else {
            throw TrainingError(path: path, message: "no training files", expected: "files of the format")
        }
        for part in parts.dropFirst() {
            guard part.language == result.language else {
                throw TrainingError(path: path, message: "the files are in two languages, '\(result.language)' and '\(part.language)'",
                                    expected: "one language (or --language)")
            }
            for intent in part.intents {
                if let index = result.intents.firstIndex(where: { $0.name == intent.name }) {
                    result.intents[index].utterances += intent.utterances
                } else {
                    result.intents.append(intent)
                }
            }
            for (name, entity) in part.entities {
                if var known = result.entities[name] {
                    known.values += entity.values
                    result.entities[name] = known
                } else {
                    result.entities[name] = entity
                }
            }
            result.patterns += part.patterns
            result.warnings += part.warnings
        }
        return result
    }

    /// Adds what annotations say of values (Rasa's `[NYC]{"entity": "city", "value": "New
    /// York"}`, `[NYC](city:New York)`) and synonym groups (Rasa `synonym:`) to the entities:
    /// a synonym group joins every entity annotated with its value. Returns a warning for
    /// each group no annotation uses.
    mutating func addSynonyms(_ groups: [(value: String, synonyms: [String], source: String)]) -> [String] {
        var annotated: [String: Set<String>] = [:]  // value → entities
        for intent in intents {
            for utterance in intent.utterances {
                for slot in utterance.slots {
                    let text = String(utterance.text(of: slot.span))
                    let value = slot.value ?? text
                    annotated[value, default: []].insert(slot.entity)
                    if value != text { addValue(value, synonyms: [text], to: slot.entity) }
                }
            }
        }
        var warnings: [String] = []
        for group in groups {
            let named = Set(entities.compactMap { $0.value.values.contains { $0.value == group.value } ? $0.key : nil })
            let targets = named.union(annotated[group.value] ?? [])
            if targets.isEmpty { warnings.append("\(group.source): the synonym '\(group.value)' is the value of no annotated entity; it is not used") }
            for entity in targets.sorted() { addValue(group.value, synonyms: group.synonyms, to: entity) }
        }
        return warnings
    }

    /// Adds a value's synonyms to an entity (defined with no values if new).
    private mutating func addValue(_ value: String, synonyms: [String], to name: String) {
        var entity = entities[name] ?? TrainingEntity(name: name)
        if let index = entity.values.firstIndex(where: { $0.value == value }) {
            for synonym in synonyms where !entity.values[index].synonyms.contains(synonym) { entity.values[index].synonyms.append(synonym) }
        } else {
            entity.values.append(TrainingEntity.Value(value, synonyms: synonyms))
        }
        entities[name] = entity
    }

    /// Checks that ICU reads the language.
    func checkLanguage(path: String) throws(TrainingError) {
        do {
            _ = try Tokenizer(language: try Language(language))
        } catch {
            throw TrainingError(path: path, text: language, message: "the language '\(language)' cannot be read (\(error))",
                                expected: "a BCP-47 language tag ICU knows, such as en, de or ja")
        }
    }
}
