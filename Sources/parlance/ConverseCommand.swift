import ArgumentParser
import Foundation
import Parlance

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show why the top hypotheses for an utterance won or lost: vocabulary found, templates, ranking keys, app choice, resolutions."
    )

    @OptionGroup var engineOptions: EngineOptionGroup

    @Option(help: "The utterance's language (BCP-47); default: try every grammar.")
    var language: String?

    @Flag(help: "Explain as on a locked device.")
    var locked = false

    @Argument(help: "The utterance, or - to read standard input.")
    var utterance: String

    func run() throws {
        try reportingErrors {
            if let language { _ = try Input.language(language) }
            let engine = try engineOptions.engine(languages: nil)
            try Input.requireGrammar(language, in: engine)
            let user = try engineOptions.session(for: engine)
            print(engine.explain(Input.text(utterance), language: language, locked: locked, user: user, now: try engineOptions.referenceMoment()))
        }
    }
}

struct ConverseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "converse",
        abstract: "Run SiriKit's resolve → confirm → handle dialogue in the terminal.",
        discussion: """
        Type an utterance; Parlance asks what it needs (which one? did you mean? what should \
        the message say?) and a handler prints what the app would do. An empty line or end \
        of input quits.
        """
    )

    @OptionGroup var engineOptions: EngineOptionGroup

    @Option(help: "The language (BCP-47); default: try every grammar.")
    var language: String?

    @Flag(help: "Start on a locked device.")
    var locked = false

    @Argument(help: "A first utterance (optional).")
    var utterance: String?

    func run() async throws {
        do {
            if let language { _ = try Input.language(language) }
            let engine = try engineOptions.engine(languages: nil)
            try Input.requireGrammar(language, in: engine)
            let user = try engineOptions.session(for: engine)
            var pending = utterance
            while true {
                let text: String
                if let first = pending {
                    text = first
                    pending = nil
                } else {
                    print("> ", terminator: "")
                    guard let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
                    text = line
                }
                let result = engine.parse(text, language: language, locked: locked, user: user, now: try engineOptions.referenceMoment())
                guard let best = result.best else {
                    print("Sorry, I didn't understand that.")
                    continue
                }
                print("[\(best.app.displayName) · \(best.intent.name)]")
                let interaction = Interaction(engine: engine, hypothesis: best, handler: PrintingHandler(), user: user)
                var step = await interaction.start()
                while case .question(let question) = step {
                    print(question.prompt)
                    print("? ", terminator: "")
                    guard let answer = readLine() else { return }
                    step = await interaction.answer(answer)
                }
                switch step {
                case .finished(let response):
                    print("→ \(response.code)\(response.message.map { ": \($0)" } ?? "")")
                case .failed(let response):
                    print("✗ \(response.code)\(response.message.map { ": \($0)" } ?? "")")
                case .question:
                    break
                }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw Diagnostics.fail("\(error)")
        }
    }
}

/// A handler that says what the app would do.
struct PrintingHandler: IntentHandler {
    func handle(_ intent: ResolvedIntent) async -> IntentResponse {
        var parts: [String] = []
        for parameter in intent.parameters {
            let values = parameter.values.compactMap { value -> String? in
                guard let data = value.value else { return nil }
                return (data.string ?? data.description) + (value.identifier.map { " [\($0)]" } ?? "")
            }
            if !values.isEmpty { parts.append("\(parameter.name)=\(values.joined(separator: ", "))") }
        }
        let message = "\(intent.app.displayName) would handle \(intent.intent.name)" + (parts.isEmpty ? "" : " with " + parts.joined(separator: "; "))
        return IntentResponse(.success, userActivity: UserActivity(activityType: "\(intent.app.bundleIdentifier).\(intent.intent.name)"),
                              message: message)
    }
}
