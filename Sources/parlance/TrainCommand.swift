import ArgumentParser
import Foundation
import ParlanceTraining

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train a parser on annotated utterances and save it: intents, slots, templates.",
        discussion: """
            Formats:
              snips          the Snips 2017 benchmark JSON, one intent per file (a folder is searched for \
            train_<Intent>.json, train_<Intent>_full.json with --full)
              snips-dataset  a snips-nlu dataset.json (language, intents, entities; builtin snips/... entities allowed)
              rasa           Rasa NLU training data YAML (nlu: intent, synonym, lookup, regex items; a folder is \
            searched for *.yml and *.yaml)

            --train-size N draws N utterances per intent with --seed (as 'parlance eval --format snips' does). \
            The model is written to --output; 'parlance eval --format snips --model FILE' evaluates it, and \
            TrainedParser(contentsOf:) reads it in code. Bad input (a missing file, malformed JSON or YAML, an \
            unknown entity, an annotation that does not close) exits with status 2, naming the file and line or key path.
            """)

    @Option(help: "The training data's format: snips, snips-dataset or rasa.")
    var format: String

    @Option(name: .shortAndLong, help: "The utterances' language (default: the dataset's own, else en).")
    var language: String?

    @OptionGroup var training: TrainingOptions

    @Option(name: .shortAndLong, help: "The model file to write.")
    var output: String

    @Argument(help: "Training files or folders.")
    var paths: [String]

    func run() throws {
        try reportingErrors {
            guard let format = TrainingDataFormat(rawValue: format) else {
                throw UsageError("unknown format '\(format)'; expected snips, snips-dataset or rasa")
            }
            let strategy = try training.parsedStrategy()
            guard !paths.isEmpty else { throw UsageError("train needs PATH (training files or folders)") }
            let data = try TrainingData.load(format, from: paths.map { URL(fileURLWithPath: $0) }, language: language,
                                             snipsFiles: training.full ? .full : .small)
            for warning in data.warnings { Diagnostics.warn(warning) }
            let started = ContinuousClock.now
            let parser = try TrainedParser(training: data.sampled(perIntent: training.trainSize, seed: training.seed), strategy: strategy)
            let trained = milliseconds(since: started)
            try parser.save(to: URL(fileURLWithPath: output))
            FileHandle.standardError.write(Data("trained in \(trained) ms: \(parser.statistics)\nsaved \(output)\n".utf8))
        }
    }
}

/// Whole milliseconds since an instant, for progress lines.
func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
    let elapsed = ContinuousClock.now - start
    return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
}

/// How a parser is trained, shared by `train` and `eval --format snips --train`: which
/// Snips files, how many utterances drawn per intent and with which seed, and the strategy.
struct TrainingOptions: ParsableArguments {
    @Flag(help: "snips: train on train_<Intent>_full.json instead of train_<Intent>.json.")
    var full = false

    @Option(help: "Utterances drawn per intent from the training data (default: all).")
    var trainSize: Int?

    @Option(help: "The seed of the training draw.")
    var seed: UInt64 = 1

    @Option(help: "templates (templates without wildcards first, then the fallback), templates-wildcards (any template first) or fallback (the fallback alone).")
    var strategy: String = "templates"

    /// `--strategy` as the parser's, or a usage error naming the choices.
    func parsedStrategy() throws -> TrainedParser.Strategy {
        guard let parsed = TrainedParser.Strategy(rawValue: strategy) else {
            throw UsageError("unknown strategy '\(strategy)'; expected templates, templates-wildcards or fallback")
        }
        return parsed
    }
}
