import Foundation
import Testing
@testable import ParlanceTraining

/// Bad training data and bad model files: each a ``TrainingError`` naming the file and the
/// line and column or key path, never a crash.
struct TrainingDataErrorTests {
    static func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = TrainedParserTests.temporaryURL(name)
        try Data(bytes).write(to: url)
        return url
    }

    static func file(_ name: String, _ text: String) throws -> URL { try file(name, Array(text.utf8)) }

    static func error(_ format: TrainingDataFormat, _ url: URL) -> TrainingError? {
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try TrainingData.load(format, from: [url])
            return nil
        } catch {
            return error
        }
    }

    static let oneIntent = #"{"language": "en", "intents": {"on": {"utterances": [{"data": [{"text": "turn on the "}, "#

    @Test func snipsDatasetErrorsNameTheKeyPath() throws {
        let unknown = try Self.file("unknown.json", Self.oneIntent + #"{"text": "kitchen", "entity": "rom", "slot_name": "room"}]}]}}, "entities": {"room": {"data": []}}}"#)
        #expect(Self.error(.snipsDataset, unknown) == TrainingError(
            path: unknown.path, keyPath: "intents.on.utterances[0].data[1].entity", message: "unknown entity 'rom'",
            expected: "one of the dataset's entities: room"))

        let empty = try Self.file("empty.json", #"{"language": "en", "intents": {"off": {"utterances": []}}, "entities": {}}"#)
        #expect(Self.error(.snipsDataset, empty) == TrainingError(
            path: empty.path, keyPath: "intents.off.utterances", message: "intent 'off' has no utterances", expected: "at least one utterance"))

        let wrongType = try Self.file("type.json", Self.oneIntent + #"{"text": "kitchen"}]}]}}, "entities": {"room": {"data": [], "use_synonyms": "yes"}}}"#)
        #expect(Self.error(.snipsDataset, wrongType) == TrainingError(
            path: wrongType.path, keyPath: "entities.room.use_synonyms", message: "use_synonyms is a string", expected: "true or false"))

        let text = try Self.file("text.json", Self.oneIntent + #"{"text": 3}]}]}}, "entities": {}}"#)
        #expect(Self.error(.snipsDataset, text)?.keyPath == "intents.on.utterances[0].data[1].text")

        let malformed = try Self.file("malformed.json", "{\n  \"language\": \"en\",\n  \"intents\": {,\n}\n")
        let syntax = try #require(Self.error(.snipsDataset, malformed))
        #expect(syntax.path == malformed.path && syntax.line == 3 && syntax.message.hasPrefix("invalid JSON"))
    }

    @Test func invalidUTF8IsLocated() throws {
        let json = try Self.file("latin1.json", Array("{\"language\": \"en\",\n \"intents\": {\"caf".utf8) + [0xE9] + Array("\": {}}}".utf8))
        #expect(Self.error(.snipsDataset, json) == TrainingError(
            path: json.path, line: 2, column: 18, message: "the file is not valid UTF-8 (byte 0xE9 at offset 36)", expected: "UTF-8 text"))
        let yaml = try Self.file("latin1.yml", Array("nlu:\n- intent: caf".utf8) + [0xE9, 0x0A])
        #expect(Self.error(.rasa, yaml)?.line == 2)
    }

    @Test func rasaErrorsNameTheLineAndColumn() throws {
        let unclosed = try Self.file("unclosed.yml", """
            version: "3.1"
            nlu:
            - intent: weather
              examples: |
                - weather in [Berlin](city)
                - rain in [Paris tomorrow
            """)
        #expect(Self.error(.rasa, unclosed) == TrainingError(
            path: unclosed.path, line: 6, column: 15, text: "rain in [Paris tomorrow", message: "the annotation '[Paris tomorrow' does not close",
            expected: RasaNLU.annotationSyntax))

        let entity = try Self.file("entity.yml", "nlu:\n- intent: weather\n  examples: |\n    - weather in [Berlin](city\n")
        let open = try #require(Self.error(.rasa, entity))
        #expect(open.line == 4 && open.column == 26 && open.message == "the entity of '[Berlin]' does not close")

        let noEntity = try Self.file("json.yml", "nlu:\n- intent: weather\n  examples: |\n    - weather in [Berlin]{\"role\": \"to\"}\n")
        #expect(Self.error(.rasa, noEntity)?.message == #"'{"role": "to"}' names no entity"#)

        let empty = try Self.file("empty.yml", "nlu:\n- intent: greet\n  examples: |\n\n- intent: bye\n  examples: |\n    - bye\n")
        let emptyError = try #require(Self.error(.rasa, empty))
        #expect(emptyError.line == 3 && emptyError.message == "intent 'greet' has no examples")

        let wrongType = try Self.file("type.yml", "nlu:\n- intent: greet\n  examples:\n    hello: there\n")
        let typeError = try #require(Self.error(.rasa, wrongType))
        #expect(typeError.line == 4 && typeError.keyPath == "nlu[0].examples" && typeError.message == "examples is a mapping")

        let notYAML = try Self.file("syntax.yml", "nlu:\n- intent: [greet\n")
        #expect(Self.error(.rasa, notYAML)?.message.hasPrefix("invalid YAML") == true)

        let noNLU = try Self.file("stories.yml", "stories:\n- story: x\n")
        #expect(Self.error(.rasa, noNLU)?.message == "the file has no 'nlu' items")
    }

    @Test func missingFilesAndLanguagesAreErrors() throws {
        #expect(Self.error(.snips, URL(fileURLWithPath: "/no/such/folder")) == TrainingError(path: "/no/such/folder", message: "no such file or folder"))
        let url = try Self.file("x.yml", "nlu:\n- intent: a\n  examples: |\n    - a\n")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: TrainingError.self) { try TrainingData.load(.rasa, from: [url], language: "not a language!") }
    }

    /// A truncated model, one of another format version, and a file that is no model.
    @Test func badModelFilesAreRefusedWithTheirName() throws {
        let parser = try TrainedParser(training: TrainedParserTests.lights.get(), strategy: .templatesFirst, tagging: TrainedParserTests.quick)
        let bytes = parser.image()
        func readError(_ name: String, _ bytes: [UInt8]) throws -> TrainingError {
            let url = try Self.file(name, bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try TrainedParser(contentsOf: url)
            } catch {
                #expect(error.path == url.path && error.description.hasPrefix(url.path + ": "))
                return error
            }
            Issue.record("\(name) was read")
            return TrainingError(path: "", message: "")
        }
        #expect(try readError("truncated.model", Array(bytes.prefix(bytes.count / 2))).message.contains("truncated or damaged"))
        var otherVersion = bytes
        otherVersion[12] &+= 1
        #expect(try readError("version.model", otherVersion).message.hasPrefix("format version \(TrainedParser.imageVersion + 1)"))
        var flipped = bytes
        flipped[bytes.count - 5] ^= 0x40
        #expect(try readError("damaged.model", flipped).message.contains("the payload's digest differs"))
        #expect(try readError("text.model", Array("not a model at all\n".utf8)).message.contains("not a Parlance image"))
        let missing = URL(fileURLWithPath: "/no/such/file.model")
        #expect(throws: TrainingError.self) { try TrainedParser(contentsOf: missing) }
    }
}
