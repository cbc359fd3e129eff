import Foundation
import ParlanceGrammar
import Yams

/// Reading Rasa NLU training data (YAML, `version: "3.1"`): intents with examples whose
/// entities are marked inline, synonyms, lookup tables and regular expressions.
///
/// ```yaml
/// nlu:
/// - intent: check_weather
///   examples: |
///     - what's the weather in [Berlin](city)
///     - will it rain in [NYC]{"entity": "city", "value": "New York"} [tomorrow](date)
///     - fly from [Paris]{"entity": "city", "role": "departure"}
/// - synonym: New York
///   examples: |
///     - the big apple
/// - lookup: city
///   examples: |
///     - Lisbon
/// - regex: zipcode
///   examples: |
///     - \d{5}
/// ```
///
/// A marked entity's slot is its role when it has one, else the entity. Synonyms join the
/// values of the entities annotated with their value; a lookup table's values join the
/// entity it names. Regular expressions are kept as ``EntityPattern``s, not used.
public enum RasaNLU {
    static let annotationSyntax = #"'[value](entity)', '[value](entity:value)' or '[value]{"entity": …}'"#

    /// The training data of one file; warnings (a synonym no annotation uses) go to
    /// ``TrainingData/warnings``.
    ///
    /// - Throws: ``TrainingError`` with the file, line and column: a file that is not UTF-8
    ///   or not YAML, an item of the wrong structure, an intent without examples, an
    ///   annotation that does not close or names no entity.
    public static func read(_ url: URL, language: String) throws(TrainingError) -> TrainingData {
        try parse(try UTF8Text.read(url, expected: "Rasa NLU training data (YAML)"), path: url.path, language: language)
    }

    /// Parses a file's text (`path` names it in errors).
    public static func parse(_ text: String, path: String, language: String) throws(TrainingError) -> TrainingData {
        let document: YAMLDocument
        do {
            document = try YAMLDocument.parse(text, path: path)
        } catch {
            throw TrainingError(error, path: path)
        }
        var reader = Reader(document: document)
        do {
            try reader.read()
        } catch let error as GrammarError {
            throw TrainingError(error, path: path)
        } catch let error as TrainingError {
            throw error
        } catch {
            throw TrainingError(path: path, message: "\(error)")
        }
        var data = TrainingData(language: language, intents: reader.intents, entities: reader.lookups, patterns: reader.patterns)
        data.warnings = data.addSynonyms(reader.synonyms)
        return data
    }

    /// Reads the items of a document in order.
    private struct Reader {
        let document: YAMLDocument
        var intents: [TrainingIntent] = []
        var lookups: [String: TrainingEntity] = [:]
        var synonyms: [(value: String, synonyms: [String], source: String)] = []
        var patterns: [EntityPattern] = []

        init(document: YAMLDocument) { self.document = document }

        mutating func read() throws {
            var nlu: YAMLNode?
            // Stories, rules and responses may share the file: only `nlu` is read.
            for (key, value) in try document.mapping(document.root, what: "the file") where key == "nlu" { nlu = value }
            guard let nlu else {
                throw document.error(document.root, "the file has no 'nlu' items", expected: "'nlu:' with a list of intents")
            }
            let items = try document.sequence(nlu, what: "nlu")
            for item in items {
                let fields = try document.mapping(item, allowed: ["intent", "synonym", "lookup", "regex", "examples", "metadata"], what: "an nlu item")
                let kinds = fields.filter { ["intent", "synonym", "lookup", "regex"].contains($0.key) }
                guard kinds.count == 1, let (kind, nameNode) = kinds.first else {
                    throw document.error(item, "an nlu item has \(kinds.isEmpty ? "none" : "more than one") of intent, synonym, lookup, regex",
                                         expected: "one of 'intent:', 'synonym:', 'lookup:', 'regex:'")
                }
                let name = try document.string(nameNode, what: "the \(kind)'s name")
                guard let examplesNode = fields.first(where: { $0.key == "examples" })?.value else {
                    throw document.error(item, "\(kind) '\(name)' has no examples", expected: "'examples: |' with lines '- …'")
                }
                let examples = try self.examples(examplesNode)
                guard !examples.isEmpty else {
                    throw document.error(examplesNode, "\(kind) '\(name)' has no examples", expected: "at least one line '- …'")
                }
                let source = "\(document.path):\(document.location(of: item).line)"
                switch kind {
                case "intent":
                    var utterances: [AnnotatedUtterance] = []
                    for example in examples { utterances.append(try Self.annotated(example)) }
                    if let index = intents.firstIndex(where: { $0.name == name }) {
                        intents[index].utterances += utterances
                    } else {
                        intents.append(TrainingIntent(name: name, utterances: utterances))
                    }
                case "synonym":
                    synonyms.append((name, examples.map(\.text), source))
                case "lookup":
                    lookups[name, default: TrainingEntity(name: name)].values += examples.map { TrainingEntity.Value($0.text) }
                default:
                    patterns.append(EntityPattern(name: name, expressions: examples.map(\.text), source: source))
                }
            }
        }

        /// An example's text and where its first character is in the file.
        struct Example {
            let text: String
            let path: String
            let line: Int
            let column: Int
        }

        /// The lines `- …` of a block (`examples: |`), or the texts of a list of
        /// `{text: …, metadata: …}`.
        func examples(_ node: YAMLNode) throws -> [Example] {
            if case .sequence = node.node {
                var result: [Example] = []
                for element in try document.sequence(node, what: "examples") {
                    let fields = try document.mapping(element, allowed: ["text", "metadata"], what: "an example")
                    guard let text = fields.first(where: { $0.key == "text" })?.value else {
                        throw document.error(element, "an example has no 'text'", expected: "'text: …'")
                    }
                    let location = document.location(of: text)
                    let string = try document.string(text, what: "an example's text").trimmingCharacters(in: .whitespacesAndNewlines)
                    result.append(Example(text: string, path: document.path, line: location.line + (isBlock(text) ? 1 : 0), column: location.column))
                }
                return result
            }
            let block = try document.string(node, what: "examples")
            let start = document.location(of: node)
            // A block scalar's text starts on the line after its '|'.
            let firstLine = start.line + (isBlock(node) ? 1 : 0)
            var result: [Example] = []
            for (index, line) in block.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard !trimmed.isEmpty else { continue }
                let lineNumber = firstLine + index
                let indent = lineNumber - 1 < document.lines.count ? document.lines[lineNumber - 1].prefix { $0 == " " || $0 == "\t" }.count : 0
                guard trimmed.hasPrefix("-") else {
                    throw TrainingError(path: document.path, line: lineNumber, column: indent + 1, text: String(trimmed),
                                        message: "an example line does not start with '- '", expected: "lines '- example'")
                }
                let afterDash = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
                let text = String(afterDash).trimmingCharacters(in: .whitespaces)
                let column = indent + 1 + (trimmed.unicodeScalars.count - afterDash.unicodeScalars.count)
                result.append(Example(text: text, path: document.path, line: lineNumber, column: column))
            }
            return result
        }

        func isBlock(_ node: YAMLNode) -> Bool {
            guard let style = node.node.scalar?.style else { return false }
            return style == .literal || style == .folded
        }

        /// An example's text with its annotations taken out and made slot spans.
        static func annotated(_ example: Example) throws(TrainingError) -> AnnotatedUtterance {
            let scalars = Array(example.text.unicodeScalars)
            var builder = UtteranceBuilder()
            var plain = ""
            var index = 0
            func error(at position: Int, _ message: String, expected: String = annotationSyntax) -> TrainingError {
                TrainingError(path: example.path, line: example.line, column: example.column + position, text: example.text,
                              message: message, expected: expected)
            }
            func scan(from start: Int, to closing: Unicode.Scalar) -> Int? {
                var position = start
                while position < scalars.count {
                    if scalars[position] == closing { return position }
                    position += 1
                }
                return nil
            }
            while index < scalars.count {
                guard scalars[index] == "[" else {
                    plain.unicodeScalars.append(scalars[index])
                    index += 1
                    continue
                }
                guard let close = scan(from: index + 1, to: "]") else {
                    throw error(at: index, "the annotation '\(String(String.UnicodeScalarView(scalars[index...])))' does not close")
                }
                let value = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                guard !value.isEmpty else { throw error(at: index, "an annotation marks no text") }
                let after = close + 1
                let slot: String, entity: String, resolved: String?
                if after < scalars.count, scalars[after] == "(" {
                    guard let end = scan(from: after + 1, to: ")") else {
                        throw error(at: after, "the entity of '[\(value)]' does not close", expected: "')' after the entity's name")
                    }
                    let inside = String(String.UnicodeScalarView(scalars[(after + 1)..<end]))
                    let parts = inside.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard let name = parts.first, !name.isEmpty else { throw error(at: after, "'[\(value)]()' names no entity") }
                    (slot, entity, resolved) = (name, name, parts.count > 1 ? parts[1] : nil)
                    index = end + 1
                } else if after < scalars.count, scalars[after] == "{" {
                    guard let end = scan(from: after + 1, to: "}") else {
                        throw error(at: after, "the entity of '[\(value)]' does not close", expected: "'}' after the entity's JSON")
                    }
                    let json = String(String.UnicodeScalarView(scalars[after...end]))
                    guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else {
                        throw error(at: after, "'\(json)' is not a JSON object", expected: #"{"entity": "<name>", "value": …, "role": …, "group": …}"#)
                    }
                    guard let name = object["entity"] as? String, !name.isEmpty else {
                        throw error(at: after, "'\(json)' names no entity", expected: #"{"entity": "<name>", …}"#)
                    }
                    for key in ["value", "role", "group"] where object[key] != nil && !(object[key] is String) {
                        throw error(at: after, "'\(key)' in '\(json)' is not a string", expected: "a string")
                    }
                    (slot, entity, resolved) = ((object["role"] as? String) ?? name, name, object["value"] as? String)
                    index = end + 1
                } else {
                    throw error(at: index, "the annotation '[\(value)]' names no entity")
                }
                builder.append(plain, slot: nil, entity: nil)
                plain = ""
                builder.append(value, slot: slot, entity: entity, value: resolved)
            }
            builder.append(plain, slot: nil, entity: nil)
            return builder.utterance(source: "\(example.path):\(example.line)")
        }
    }
}

extension TrainingError {
    /// A YAML error as a training-data error.
    init(_ error: GrammarError, path: String) {
        self.init(path: error.location?.file ?? path, line: error.location?.line, column: error.location?.column, keyPath: error.keyPath,
                  text: error.text, message: error.message, expected: error.expected)
    }
}
