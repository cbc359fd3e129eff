import ArgumentParser

/// `parlance vocab …`: vocabulary on the command line.
///
/// One subcommand a line: add new ones (lookup, spans, …) to the list below.
struct VocabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab",
        abstract: "Work with vocabulary: user vocabulary stores and lookups.",
        subcommands: [
            VocabSetCommand.self,
            VocabShowCommand.self,
            VocabClearCommand.self,
            VocabLookupCommand.self,
            VocabSpansCommand.self,
        ]
    )
}
