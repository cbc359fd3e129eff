@testable import Parlance
import Foundation
import Testing

/// The dialogue files: complete, consistent, and read strictly.
@Suite struct DialogueTextsTests {
    static let languages = ["en", "de", "es", "fr", "ja", "zh-Hans"]

    static func file(_ language: String) throws -> DialogueTexts {
        try DialogueTexts(contentsOf: EngineFixture.corpora.appendingPathComponent("dialogue/\(language).yaml"))
    }

    /// Every built-in file loads, names every intent and parameter of the catalogue itself
    /// (not through English), and names nothing the catalogue lacks (a typo would silently
    /// fall back).
    @Test(arguments: languages)
    func everyFileNamesTheWholeCatalogue(_ language: String) throws {
        let texts = try Self.file(language)
        #expect(texts.language == language)
        #expect(try DialogueTexts.builtIn(for: language).language == language)
        let catalogue = IntentCatalogue.standard.intents
        let parameters = Set(catalogue.flatMap { $0.parameters.map(\.name) })
        #expect(Set(texts.parameters.keys) == parameters, "\(language): \(parameters.symmetricDifference(texts.parameters.keys).sorted())")
        #expect(Set(texts.intents.keys) == Set(catalogue.map(\.name)))
        for intent in catalogue {
            let wording = try #require(texts.intents[intent.name])
            #expect(wording.name?.isEmpty == false, "\(language): \(intent.name) has no name")
            for parameter in wording.parameters.keys {
                #expect(intent.parameter(parameter) != nil, "\(language): \(intent.name) has no parameter \(parameter)")
            }
        }
        // A gendered template is used with gendered names, and only there.
        let gendered = texts.prompts.values.contains { $0.forms.count > 1 }
        #expect(texts.parameters.values.contains { $0.gender != nil } == gendered, "\(language): genders in names and templates disagree")
    }

    /// No answer word means two things once normalized as the engine normalizes, the
    /// English words every language also reads included: each is read as what it says.
    @Test(arguments: languages)
    func everyAnswerWordReadsAsItsMeaning(_ language: String) throws {
        let texts = try DialogueTexts.builtIn(for: language)
        let reader = AnswerReader(texts: texts, tokenizer: try Tokenizer(language: Language(language)))
        for word in texts.words.cancel { #expect(reader.isCancel(word), "\(language): cancel '\(word)'") }
        for word in texts.words.yes {
            #expect(reader.yesOrNo(word) == true && !reader.isCancel(word), "\(language): yes '\(word)'")
        }
        for word in texts.words.no {
            #expect(reader.yesOrNo(word) == false && !reader.isCancel(word), "\(language): no '\(word)'")
        }
        let five = (1...5).map { ["option \($0)"] }
        for (position, words) in texts.words.ordinals where position <= 5 {
            for word in words {
                let expected = position == DialogueTexts.AnswerWords.lastPosition ? 4 : position - 1
                #expect(reader.choice(word, among: five) == .option(expected), "\(language): ordinal '\(word)'")
            }
        }
    }

    /// A malformed file is an error naming the file, the line and the key, and what was expected.
    @Test func aBadFileSaysWhereAndWhat() throws {
        let url = EngineFixture.corpora.appendingPathComponent("dialogue/en.yaml")
        let good = try String(contentsOf: url, encoding: .utf8)
        func error(_ yaml: String) -> DialogueDataError? {
            do {
                _ = try DialogueTexts(yaml: yaml, source: "dialogue/xx.yaml")
                return nil
            } catch {
                return error
            }
        }
        let placeholder = try #require(error(good.replacingOccurrences(of: "choose: \"Which {parameter}? {options}\"", with: "choose: \"Which {paramter}? {options}\"")))
        #expect(placeholder.file == "dialogue/xx.yaml")
        #expect(placeholder.keyPath == "prompts.choose")
        #expect(placeholder.line > 1)
        #expect(placeholder.description.contains("unknown placeholder {paramter}"))
        #expect(placeholder.description.contains("{options}, {parameter}"))

        let missing = try #require(error(good.replacingOccurrences(of: "  done: \"Done.\"\n", with: "")))
        #expect(missing.keyPath == "messages.done")
        #expect(missing.description.contains("missing"))

        let twice = try #require(error(good.replacingOccurrences(of: "no: [no, nope,", with: "no: [yes, no, nope,")))
        #expect(twice.keyPath == "words.yes")
        #expect(twice.description.contains("'yes' is in both words.yes and words.no"))

        let unknown = try #require(error(good + "\nfarewell: bye\n"))
        #expect(unknown.keyPath == "farewell")

        let gender = try #require(error(good.replacingOccurrences(of: "billPayee: account", with: "billPayee: {name: account, gender: x}")))
        #expect(gender.keyPath == "parameters.billPayee.gender")
        #expect(gender.description.contains("m, f or n"))

        let yaml = try #require(error("language: en\nprompts: [\n"))
        #expect(yaml.description.hasPrefix("dialogue/xx.yaml:"))
        #expect(yaml.description.contains("invalid YAML"))

        #expect(throws: DialogueDataError.self) { try DialogueTexts(contentsOf: URL(fileURLWithPath: "/nonexistent/de.yaml")) }
        do {
            _ = try DialogueTexts(contentsOf: URL(fileURLWithPath: "/nonexistent/de.yaml"))
        } catch {
            #expect(error.file == "/nonexistent/de.yaml")
        }
    }
}

