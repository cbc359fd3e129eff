import Foundation

/// Reading a snips-nlu dataset (`dataset.json`): the language, intents with utterances
/// made of chunks, and entities with values, synonyms and their options.
///
/// ```json
/// {"language": "en",
///  "intents": {"turnLightOn": {"utterances": [
///      {"data": [{"text": "turn on the lights in the "}, {"text": "kitchen", "entity": "room", "slot_name": "room"}]}]}},
///  "entities": {"room": {"data": [{"value": "living room", "synonyms": ["lounge"]}],
///                        "use_synonyms": true, "automatically_extensible": true, "matching_strictness": 1.0},
///               "snips/datetime": {}}}
/// ```
///
/// Builtin entities (`snips/…`) are accepted as slot types; their values are not listed.
public enum SnipsDataset {
    static let expected = #"a snips-nlu dataset {"language": …, "intents": {…}, "entities": {…}}"#

    /// The dataset in a file.
    ///
    /// - Throws: ``TrainingError`` with the file and the key path of what is wrong: a file
    ///   that is not UTF-8 (with its line) or not JSON, a value of the wrong type, an
    ///   utterance naming an entity the dataset does not define, an intent without
    ///   utterances.
    public static func read(_ url: URL) throws(TrainingError) -> TrainingData {
        try parse(try UTF8Text.read(url, expected: expected), path: url.path)
    }

    /// Parses a dataset's text (`path` names it in errors).
    public static func parse(_ text: String, path: String) throws(TrainingError) -> TrainingData {
        let root = JSONNode(value: try JSONLines.object(text, path: path, expected: expected), keyPath: "", path: path)
        let fields = try root.object("the dataset", allowed: ["language", "intents", "entities"])
        guard let languageNode = fields["language"] else { throw root.error("the dataset has no 'language'", expected: "a language tag such as \"en\"") }
        let language = try languageNode.string("the language")
        let entities = try Self.entities(fields["entities"] ?? root.child("entities", [String: Any]()))
        guard let intentsNode = fields["intents"] else { throw root.error("the dataset has no 'intents'", expected: "an object of intents") }
        var intents: [TrainingIntent] = []
        for (name, intent) in try intentsNode.object("the intents").sorted(by: { $0.key < $1.key }) {
            let intentFields = try intent.object("intent '\(name)'", allowed: ["utterances"])
            guard let utterancesNode = intentFields["utterances"] else {
                throw intent.error("intent '\(name)' has no 'utterances'", expected: "a list of utterances")
            }
            let list = try utterancesNode.array("the utterances of '\(name)'")
            guard !list.isEmpty else { throw utterancesNode.error("intent '\(name)' has no utterances", expected: "at least one utterance") }
            var utterances: [AnnotatedUtterance] = []
            for element in list {
                utterances.append(try Self.utterance(element, intent: name, entities: entities))
            }
            intents.append(TrainingIntent(name: name, utterances: utterances))
        }
        return TrainingData(language: language, intents: intents, entities: entities)
    }

    private static func utterance(_ node: JSONNode, intent: String, entities: [String: TrainingEntity]) throws(TrainingError) -> AnnotatedUtterance {
        let fields = try node.object("an utterance of '\(intent)'")
        guard let dataNode = fields["data"] else { throw node.error("an utterance of '\(intent)' has no 'data'", expected: "a list of chunks") }
        var builder = UtteranceBuilder()
        for chunk in try dataNode.array("an utterance's data") {
            let chunkFields = try chunk.object("a chunk", allowed: ["text", "entity", "slot_name"])
            guard let textNode = chunkFields["text"] else { throw chunk.error("a chunk has no 'text'", expected: #"{"text": …}"#) }
            let text = try textNode.string("a chunk's text")
            let entity = try chunkFields["entity"]?.string("a chunk's entity")
            let slot = try chunkFields["slot_name"]?.string("a chunk's slot name")
            switch (entity, slot) {
            case (nil, nil):
                builder.append(text, slot: nil, entity: nil)
            case (let entity?, let slot?):
                guard entities[entity] != nil else {
                    throw chunkFields["entity"]!.error("unknown entity '\(entity)'",
                                                       expected: "one of the dataset's entities: \(entities.keys.sorted().joined(separator: ", "))")
                }
                guard !text.isEmpty else { throw textNode.error("the value of slot '\(slot)' is empty", expected: "the value as said") }
                builder.append(text, slot: slot, entity: entity)
            default:
                throw chunk.error("a chunk has \(entity == nil ? "'slot_name' without 'entity'" : "'entity' without 'slot_name'")",
                                  expected: #"both "entity" and "slot_name" for a slot value"#)
            }
        }
        return builder.utterance(source: "\(node.path) (\(node.keyPath))")
    }

    private static func entities(_ node: JSONNode) throws(TrainingError) -> [String: TrainingEntity] {
        var entities: [String: TrainingEntity] = [:]
        for (name, entity) in try node.object("the entities") {
            let fields = try entity.object("entity '\(name)'", allowed: ["data", "use_synonyms", "automatically_extensible", "matching_strictness"])
            if name.hasPrefix("snips/") {
                entities[name] = TrainingEntity(name: name, isBuiltin: true)
                continue
            }
            var values: [TrainingEntity.Value] = []
            for element in try (fields["data"] ?? entity.child("data", [Any]())).array("the values of '\(name)'") {
                let valueFields = try element.object("a value of '\(name)'", allowed: ["value", "synonyms"])
                guard let value = valueFields["value"] else { throw element.error("a value of '\(name)' has no 'value'", expected: #"{"value": …, "synonyms": […]}"#) }
                var synonyms: [String] = []
                for synonym in try (valueFields["synonyms"] ?? element.child("synonyms", [Any]())).array("the synonyms") {
                    synonyms.append(try synonym.string("a synonym"))
                }
                values.append(TrainingEntity.Value(try value.string("a value"), synonyms: synonyms))
            }
            entities[name] = TrainingEntity(
                name: name, values: values,
                usesSynonyms: try fields["use_synonyms"]?.bool("use_synonyms") ?? true,
                isAutomaticallyExtensible: try fields["automatically_extensible"]?.bool("automatically_extensible") ?? true,
                matchingStrictness: try fields["matching_strictness"]?.number("matching_strictness") ?? 1)
        }
        return entities
    }
}

/// A JSON value with its key path, read with errors that name the file and the key path.
struct JSONNode {
    let value: Any
    let keyPath: String
    let path: String

    func child(_ key: String, _ value: Any) -> JSONNode {
        JSONNode(value: value, keyPath: keyPath.isEmpty ? key : "\(keyPath).\(key)", path: path)
    }

    func error(_ message: String, expected: String) -> TrainingError {
        TrainingError(path: path, keyPath: keyPath.isEmpty ? nil : keyPath, message: message, expected: expected)
    }

    /// "a string", "a number", … for messages.
    var kind: String {
        switch value {
        case is String: "a string"
        case is NSNull: "null"
        case is Bool where !(value is NSNumber): "a boolean"
        // Foundation gives booleans as numbers of the C type char ("c").
        case let number as NSNumber: String(cString: number.objCType) == "c" ? "a boolean" : "a number"
        case is [Any]: "a list"
        case is [String: Any]: "an object"
        default: "\(type(of: value))"
        }
    }

    /// The members of an object; keys outside `allowed` are errors (a misspelt key fails
    /// instead of being ignored).
    func object(_ what: String, allowed: [String]? = nil) throws(TrainingError) -> [String: JSONNode] {
        guard let object = value as? [String: Any] else { throw error("\(what) is \(kind)", expected: "an object") }
        var result: [String: JSONNode] = [:]
        for (key, member) in object {
            if let allowed, !allowed.contains(key) {
                throw child(key, member).error("unknown key '\(key)' in \(what)", expected: "one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))")
            }
            result[key] = child(key, member)
        }
        return result
    }

    func array(_ what: String) throws(TrainingError) -> [JSONNode] {
        guard let array = value as? [Any] else { throw error("\(what) is \(kind)", expected: "a list") }
        return array.enumerated().map { JSONNode(value: $0.element, keyPath: "\(keyPath)[\($0.offset)]", path: path) }
    }

    func string(_ what: String) throws(TrainingError) -> String {
        guard let string = value as? String else { throw error("\(what) is \(kind)", expected: "a string") }
        return string
    }

    func bool(_ what: String) throws(TrainingError) -> Bool {
        guard let number = value as? NSNumber, kind == "a boolean" else { throw error("\(what) is \(kind)", expected: "true or false") }
        return number.boolValue
    }

    func number(_ what: String) throws(TrainingError) -> Double {
        guard let number = value as? NSNumber, kind == "a number" else { throw error("\(what) is \(kind)", expected: "a number") }
        return number.doubleValue
    }
}
