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
        the message say? shall I go ahead?) in the utterance's language, and a handler prints \
        what the app would do (it asks you to confirm payments, as Siri does). Answer a choice \
        by number ("2"), ordinal ("the second one", 2番目) or part of an option ("elm"); a \
        confirmation with yes or no in the language. "cancel" (abbrechen, やめて, 算了…) \
        ends the dialogue and the command; so do an empty line and the end of input.
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
            // Every language's dialogue file is read before the first question: a malformed
            // one is an error naming the file and key, not a failure mid-dialogue.
            var readers: [(texts: DialogueTexts, reader: AnswerReader)] = []
            for tag in [language ?? "en"] + engine.languages {
                let texts = try DialogueTexts.builtIn(for: tag)
                readers.append((texts, AnswerReader(texts: texts, tokenizer: try Tokenizer(language: Language(tag)))))
            }
            let texts = readers[0].texts
            var pending = utterance
            while true {
                let text: String
                if let first = pending {
                    text = first
                    pending = nil
                } else {
                    print("> ", terminator: "")
                    guard let line = Self.readAnswer() else { return }
                    text = line
                }
                if let cancelled = readers.first(where: { $0.reader.isCancel(text) }) {
                    print(cancelled.texts.message(.cancelled))
                    return
                }
                let result = engine.parse(text, language: language, locked: locked, user: user, now: try engineOptions.referenceMoment())
                // A request below the confidence threshold is one no app should act on.
                guard let best = result.understoodBest else {
                    print(texts.message(.notUnderstood))
                    continue
                }
                print("[\(best.app.displayName) · \(best.intent.name)]")
                let interaction = Interaction(engine: engine, hypothesis: best, handler: PrintingHandler(), user: user)
                var step = await interaction.start()
                while case .question(let question) = step {
                    print(question.prompt)
                    print("? ", terminator: "")
                    guard let answer = Self.readAnswer() else { return }
                    step = await interaction.answer(answer)
                }
                switch step {
                case .finished(let response):
                    print("→ \(response.code): \(response.message ?? interaction.texts?.message(.done) ?? "")")
                case .failed(let response):
                    print("✗ \(response.code)\(response.message.map { ": \($0)" } ?? "")")
                case .cancelled(let cancellation):
                    print(cancellation.message)
                    if cancellation.reason == .cancelled { return }
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

    /// A line of standard input; nil at the end of input or for an empty line (both end
    /// the command).
    static func readAnswer() -> String? {
        guard let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return line
    }
}

/// A handler that says what the app would do. It asks the user to confirm a payment before
/// handling it, as Siri does before money moves.
struct PrintingHandler: IntentHandler {
    func confirm(_ intent: ResolvedIntent) async -> IntentResponse {
        intent.intent.domain == .payments ? IntentResponse(.userConfirmationRequired) : IntentResponse(.ready)
    }

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
