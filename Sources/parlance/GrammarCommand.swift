import ArgumentParser
import Foundation
import Parlance

struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Check and match a Home Assistant intents grammar (sentences/<language>/*.yaml).",
        subcommands: [Check.self, Match.self, GrammarExplainCommand.self, GrammarCalibrateCommand.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load and compile a grammar; print every error (file:line:column, the text, what was expected).",
            discussion: "Exits with status 2 when any language has errors.")

        @Argument(help: "The corpus root: the folder holding sentences/ (and lists/).")
        var path: String

        @Option(name: .shortAndLong, help: "The language folder to check, e.g. en or zh-cn; all of sentences/ by default.")
        var language: String?

        func run() throws {
            let corpus = URL(fileURLWithPath: path)
            let languages = language.map { [$0] } ?? GrammarCheck.languages(corpus: corpus)
            guard !languages.isEmpty else { throw Diagnostics.fail("no languages in \(corpus.appendingPathComponent("sentences").path)") }
            var failed = false
            for language in languages {
                let errors = GrammarCheck.errors(corpus: corpus, language: language)
                if errors.isEmpty {
                    print("\(language): ok")
                } else {
                    failed = true
                    for error in errors { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
                    print("\(language): \(errors.count) error\(errors.count == 1 ? "" : "s")")
                }
            }
            if failed { throw ExitCode(2) }
        }
    }

    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Match an utterance against every intent of a grammar; print the hypotheses, best first.",
            discussion: """
                Each hypothesis shows its intent, confidence, slots (value, kind, span in Unicode scalars, \
                what was said) and the template that matched. Exits with status 1 when nothing matches.
                """)

        @OptionGroup var query: GrammarQuery

        @Flag(help: "Print JSON: {utterance, ambiguous, hypotheses: [{intent, confidence, slots: [{name, value, text, start, end, kind, edits}], …}]}.")
        var json = false

        func run() throws {
            try reportingErrors {
                let prepared = try query.prepare()
                let result = prepared.compiled.match(prepared.utterance, lists: prepared.lists, context: prepared.context, options: prepared.options)
                if json {
                    print(try JSON.string(MatchOutput(result), pretty: true))
                } else {
                    print(result.explanation, terminator: "")
                }
                if result.best == nil { throw ExitCode(1) }
            }
        }
    }
}

/// What `grammar match` and `grammar explain` take: the grammar, the home's lists, the
/// context, the options and the utterance.
struct GrammarQuery: ParsableArguments {
    @Option(help: "The corpus root: the folder holding sentences/ (and lists/).")
    var grammar: String

    @Option(name: .shortAndLong, help: "The language folder, e.g. en or zh-cn.")
    var language: String

    @Option(help: "A _fixtures.yaml whose entities, areas and floors fill {name}, {area} and {floor}.")
    var fixtures: String?

    @Option(name: .customLong("context"), help: "Context as KEY=VALUE, e.g. area=Kitchen (repeatable).")
    var contextItems: [String] = []

    @Option(help: "The slot that ranks first when filled, as Home Assistant ranks \"name\".")
    var prefer: String?

    @Option(help: "Corrections: off, auto (only when nothing matches exactly or only with wildcards) or always.")
    var fuzzy: String = "auto"

    @Option(help: "The most hypotheses to print.")
    var limit: Int = 5

    @Argument(help: "The utterance, or - to read standard input.")
    var utterance: String

    /// The compiled grammar with everything to query it.
    struct Prepared {
        let compiled: CompiledGrammar
        let lists: ExternalLists
        let context: [String: DataValue]
        let options: MatchOptions
        let utterance: String
    }

    /// Loads and compiles the grammar, reads the fixtures and checks the options.
    func prepare() throws -> Prepared {
        let corpus = URL(fileURLWithPath: grammar)
        let loaded = try GrammarLoader.load(corpus: corpus, language: language)
        let compiled = try CompiledGrammar(loaded)
        var lists = ExternalLists.empty
        if let fixtures {
            let url = URL(fileURLWithPath: fixtures)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw UsageError("cannot read the fixtures \(url.path)")
            }
            let home = try TestCorpusLoader.parseFixtures(yaml: Input.decode(data, source: url.path), path: fixtures)
            lists = compiled.prepare(home.slotLists(language: compiled.language))
        }
        var context: [String: DataValue] = [:]
        for item in contextItems {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("--context '\(item)' is not KEY=VALUE; expected e.g. --context area=Kitchen")
            }
            context[String(item[..<equals])] = .string(String(item[item.index(after: equals)...]))
        }
        let fuzziness: MatchOptions.Fuzziness
        switch fuzzy {
        case "off": fuzziness = .off
        case "auto": fuzziness = .whenExactFails
        case "always": fuzziness = .always
        default: throw UsageError("--fuzzy '\(fuzzy)' is not one of off, auto, always")
        }
        guard limit > 0 else { throw UsageError("--limit \(limit): expected a positive number") }
        return Prepared(compiled: compiled, lists: lists, context: context,
                        options: MatchOptions(fuzziness: fuzziness, preferredSlot: prefer, limit: limit),
                        utterance: Input.text(utterance).trimmingCharacters(in: .newlines))
    }
}

/// The JSON of `grammar match`.
struct MatchOutput: Encodable {
    struct Slot: Encodable {
        let name: String
        let value: JSONValue
        let text: String
        let listValue: String?
        let start: Int?
        let end: Int?
        let kind: String
        let edits: Int
    }

    struct TemplateSource: Encodable {
        let text: String
        let file: String
        let line: Int
        let column: Int

        init(_ template: Template) {
            text = template.text
            file = template.location.file
            line = template.location.line
            column = template.location.column
        }
    }

    struct Ranking: Encodable {
        let wordEdits: Int
        let wildcards: Int
        let wildcardCharacters: Int
        let valueEdits: Int
        let preferredSlotCharacters: Int?
        let literalCharacters: Int
        let requirementsMet: Int
        let skippedWords: Int
    }

    struct Hypothesis: Encodable {
        let intent: String
        let confidence: Double
        let nearTie: Bool
        let slots: [Slot]
        let context: [String: JSONValue]
        let response: String
        let metadata: [String: JSONValue]
        let template: TemplateSource
        let ranking: Ranking

        init(_ hypothesis: Parlance.Hypothesis) {
            let key = hypothesis.ranking
            intent = hypothesis.intent
            confidence = (hypothesis.confidence * 1000).rounded() / 1000
            nearTie = hypothesis.isNearTie
            slots = hypothesis.slots.map { slot in
                Slot(name: slot.name, value: JSONValue(slot.value), text: slot.text, listValue: slot.listValue, start: slot.span?.lowerBound,
                     end: slot.span?.upperBound, kind: slot.kind.rawValue, edits: slot.edits)
            }
            context = hypothesis.context.mapValues(JSONValue.init)
            response = hypothesis.response
            metadata = hypothesis.metadata.mapValues(JSONValue.init)
            template = TemplateSource(hypothesis.template)
            ranking = Ranking(wordEdits: key.wordEdits, wildcards: key.wildcards, wildcardCharacters: key.wildcardScalars,
                              valueEdits: key.valueEdits, preferredSlotCharacters: key.lacksPreferredSlot ? nil : key.preferredSlotLength,
                              literalCharacters: key.literalScalars, requirementsMet: key.requirementsMet, skippedWords: key.skippedWords)
        }
    }

    let utterance: String
    let ambiguous: Bool
    let hypotheses: [Hypothesis]

    init(_ result: MatchResult) {
        utterance = result.utterance
        ambiguous = result.isAmbiguous
        hypotheses = result.hypotheses.map(Hypothesis.init)
    }
}
