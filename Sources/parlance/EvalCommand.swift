import ArgumentParser
import Foundation
import Parlance
import ParlanceEval
import ParlanceTraining

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate on a labelled corpus: exact match, intent accuracy, slot P/R/F1, calibration, latency.",
        discussion: """
            Formats:
              home-assistant  PATH is a corpus laid out like home-assistant/intents (sentences/, tests/, lists/); \
            --language (repeatable) picks languages, every language present by default.
              snips           the Snips 2017 benchmark JSON: a model is trained on --train (files, or a folder searched \
            for train_<Intent>.json, train_<Intent>_full.json with --full), --train-size N queries per intent drawn with \
            --seed, or read from --model (saved by 'parlance train'), and evaluated on --test (files, or a folder of JSON \
            test files; PATH works too).
              parlance        the project's corpus (default Corpora/tests, YAML; see Corpora/tests/README.md) through the engine
                              with the apps of --apps (default Corpora/apps).

            Prints a table (or --json), writes --report FILE.html, shows progress on standard error. \
            Bad input (a missing path, an unknown format, malformed JSON or YAML) exits with status 2; home-assistant \
            reports a language it cannot load, evaluates the others, then exits with status 2.
            """)

    @OptionGroup var engineOptions: EngineOptionGroup

    @Option(help: "The corpus format: home-assistant, snips or parlance.")
    var format: String

    @Option(name: .shortAndLong, help: "A language to evaluate (repeatable; home-assistant: every language present by default).")
    var language: [String] = []

    @Option(help: "snips: training files, or a folder searched recursively for train_<Intent>.json.")
    var train: String?

    @Option(help: "snips: a model saved by 'parlance train' to evaluate instead of training one.")
    var model: String?

    @OptionGroup var training: TrainingOptions

    @Option(help: "snips: test files, or a folder whose JSON files are all test data.")
    var test: [String] = []

    @Flag(help: "Print the summary as JSON: total, passed, exactMatch, intentAccuracy, slotPrecision, slotRecall, slotF1, ece, latency, byLanguage, byIntent, failures.")
    var json = false

    @Option(help: "Write a self-contained HTML report (charts, confusion matrix, failures) to this file.")
    var report: String?

    @Option(help: "Threads parsing in parallel (default: every core).")
    var workers: Int?

    @Option(help: "The most failures kept for the JSON and HTML lists.")
    var maxFailures: Int = 1000

    @Argument(help: "The corpus: home-assistant root folder; parlance test files or folders (default Corpora/tests); snips test files (as --test).")
    var paths: [String] = []

    func run() throws {
        try reportingErrors {
            var runner = EvaluationRunner(workers: workers, failureLimit: max(0, maxFailures))
            let title: String
            var notLoaded: [String] = []
            switch format {
            case "home-assistant":
                (title, notLoaded) = try runHomeAssistant(&runner)
            case "snips":
                title = try runSnips(&runner)
            case "parlance":
                title = try runParlance(&runner)
            default:
                throw UsageError("unknown format '\(format)'; expected home-assistant, snips or parlance")
            }
            let evaluation = runner.evaluation
            if json {
                print(try EvaluationSummary(evaluation).json())
            } else {
                print(TextReport.render(evaluation, title: title), terminator: "")
            }
            if let report {
                do {
                    try HTMLReport.render(evaluation, title: title).write(toFile: report, atomically: true, encoding: .utf8)
                } catch {
                    throw UsageError("\(report): cannot write the report (\(error.localizedDescription))")
                }
            }
            // The table of what loaded is printed; the run still fails as bad input.
            if !notLoaded.isEmpty { throw Diagnostics.fail("not loaded: \(notLoaded.joined(separator: ", ")) (errors above)") }
        }
    }

    /// Evaluates each language; a language whose files cannot be loaded is reported and left
    /// out, and the others run (its name is returned among those not loaded).
    func runHomeAssistant(_ runner: inout EvaluationRunner) throws -> (title: String, notLoaded: [String]) {
        guard paths.count == 1 else { throw UsageError("home-assistant takes one PATH, the corpus root; got \(paths.count)") }
        let corpus = try HomeAssistantCorpus(root: URL(fileURLWithPath: paths[0]))
        let languages = language.isEmpty ? corpus.available : language
        for language in languages where !corpus.available.contains(language) {
            throw UsageError("\(paths[0]): no language '\(language)'; expected one of \(corpus.available.joined(separator: ", "))")
        }
        // Tests first (cheap), so the progress display knows the total; grammars one at a time.
        var total = 0
        var notLoaded: [String] = []
        for language in languages {
            do {
                let (items, _, tests) = try corpus.items(language)
                total += items.count
                for warning in tests.warnings.prefix(10) { Diagnostics.warn(corpus.describe(warning)) }
                if tests.warnings.count > 10 { Diagnostics.warn("… and \(tests.warnings.count - 10) more warnings in tests/\(language)") }
            } catch {
                FileHandle.standardError.write(Data("error: \(error); language \(language) left out\n".utf8))
                notLoaded.append(language)
            }
        }
        // The built-in match calibration, or --calibration's (written by 'grammar calibrate').
        var calibration = MatchCalibration.homeAssistant
        if let file = engineOptions.calibration {
            guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("\(file): cannot read the file; expected a match calibration written by 'parlance grammar calibrate'") }
            calibration = try MatchCalibration(json: data, source: file)
        }
        let progress = ProgressReporter.standardError(total: total)
        for language in languages where !notLoaded.contains(language) {
            do {
                let suite = try corpus.load(language, calibration: calibration)
                for warning in suite.warnings.prefix(10) { Diagnostics.warn(corpus.describe(warning)) }
                if suite.warnings.count > 10 { Diagnostics.warn("… and \(suite.warnings.count - 10) more warnings in sentences/\(language)") }
                runner.run(suite.items, subject: suite.subject) { progress.update($0) }
            } catch {
                FileHandle.standardError.write(Data("error: \(error); language \(language) left out\n".utf8))
                notLoaded.append(language)
            }
        }
        progress.finish()
        var title = "home-assistant \(languages.filter { !notLoaded.contains($0) }.joined(separator: " "))"
        if !notLoaded.isEmpty { title += " (not loaded: \(notLoaded.joined(separator: " ")))" }
        return (title, notLoaded)
    }

    func runSnips(_ runner: inout EvaluationRunner) throws -> String {
        guard (train == nil) != (model == nil) else {
            throw UsageError("snips needs --train PATH (training files or a folder) or --model FILE (a saved model), not both")
        }
        let testPaths = test + paths
        guard !testPaths.isEmpty else { throw UsageError("snips needs --test PATH (test files or a folder)") }
        let chosenStrategy = try training.parsedStrategy()
        // Test files are checked and counted before training (bad input fails fast), then
        // streamed one file at a time.
        var testFiles: [URL] = []
        for path in testPaths { testFiles += try SnipsCorpus.testFiles(URL(fileURLWithPath: path)) }
        var total = 0
        for file in testFiles { total += try SnipsCorpus.read(file, encoding: .utf8).count }
        let parser: TrainedParser
        let title: String
        if let model {
            parser = try TrainedParser(contentsOf: URL(fileURLWithPath: model))
            title = "snips (model \(model), \(parser.statistics.queries) queries)"
        } else {
            var queries: [SnipsQuery] = []
            for file in try SnipsCorpus.trainingFiles(URL(fileURLWithPath: train!), full: training.full) { queries += try SnipsCorpus.read(file, encoding: .utf8OrLatin1) }
            let drawn = SnipsCorpus.sample(queries, perIntent: training.trainSize, seed: training.seed)
            let started = ContinuousClock.now
            parser = try TrainedParser(training: SnipsCorpus.trainingData(drawn), strategy: chosenStrategy)
            FileHandle.standardError.write(Data("trained in \(milliseconds(since: started)) ms: \(parser.statistics)\n".utf8))
            let size = training.trainSize.map { "\($0)/intent" } ?? "all"
            title = "snips (train \(training.full ? "full" : "small"), \(size), seed \(training.seed), \(drawn.count) queries)"
        }
        let progress = ProgressReporter.standardError(total: total)
        for file in testFiles {
            let items = try SnipsCorpus.read(file, encoding: .utf8).map(\.item)
            runner.run(items, subject: parser) { progress.update($0) }
        }
        progress.finish()
        return title
    }

    func runParlance(_ runner: inout EvaluationRunner) throws -> String {
        let roots = paths.isEmpty ? [GrammarSource.corporaFolder.appendingPathComponent("tests").path] : paths
        var items: [EvaluationItem] = []
        var tests: [UtteranceTest] = []
        for path in roots {
            items += try ParlanceCorpus.items(URL(fileURLWithPath: path))
            tests += try UtteranceTest.load(path)
        }
        if !language.isEmpty { items = items.filter { language.contains($0.language) } }
        // A test folder with apps of its own (Corpora/tests/blind) is run with them too.
        let engine = try engineOptions.engine(languages: nil, extraApps: roots.compactMap(UtteranceTest.appsFolder(of:)))
        let progress = ProgressReporter.standardError(total: items.count)
        let user = try engineOptions.session(for: engine)
        runner.run(items, subject: EngineSubject(engine: engine, tests: tests, user: user)) { progress.update($0) }
        progress.finish()
        return "parlance \(roots.joined(separator: " "))"
    }

}
