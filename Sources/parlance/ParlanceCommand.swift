import ArgumentParser
import Parlance

@main
struct ParlanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "Multilingual vocabulary and phrase-matching NLU: text → tokens → vocabulary → intents.",
        subcommands: [ParseCommand.self, ExplainCommand.self, ConverseCommand.self, TokenizeCommand.self, NumbersCommand.self, DateTimeCommand.self, VocabCommand.self, GrammarCommand.self, EvalCommand.self, CalibrateCommand.self, TrainCommand.self]
    )
}
