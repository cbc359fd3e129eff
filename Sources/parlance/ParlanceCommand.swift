import ArgumentParser
import Parlance

@main
struct ParlanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "Multilingual vocabulary and phrase-matching NLU: text → tokens → vocabulary → intents.",
        subcommands: [TokenizeCommand.self, NumbersCommand.self, VocabCommand.self, GrammarCommand.self, EvalCommand.self]
    )
}
