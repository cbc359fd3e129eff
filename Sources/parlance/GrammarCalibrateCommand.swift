import ArgumentParser
import Foundation
import Parlance
import ParlanceEval

struct GrammarCalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit the match calibration of a Home Assistant corpus: the probability that the best hypothesis is right.",
        discussion: """
            Matches every test sentence of the corpus's languages (tests/<language>/, as 'eval --format \
            home-assistant' does) as written and --corruptions corrupted copies of it (a typo, a word left out, two \
            words swapped, a stray word; seeded), and fits a logistic regression from the best hypothesis's \
            features (MatchCalibration: the matcher's confidence, edits, wildcards, template coverage, skipped \
            words, rivals) to whether it was right. Writes it to --output (JSON); 'eval --format home-assistant \
            --calibration FILE' uses it (the built-in one is Corpora/calibration/home-assistant.json).
            """)

    @Argument(help: "The corpus root: the folder holding sentences/, tests/ and lists/.")
    var path: String

    @Option(name: .shortAndLong, help: "A language to fit on (repeatable; every language with tests by default).")
    var language: [String] = []

    @Option(name: .shortAndLong, help: "The calibration file to write (JSON).")
    var output: String?

    @Option(help: ArgumentHelp("Fit nothing: measure the calibration of FILE on the samples (ECE of the sentences as written and of the corrupted copies).", valueName: "FILE"))
    var measure: String?

    @Option(help: "Corrupted copies of each test sentence.")
    var corruptions: Int = 1

    @Option(help: "The seed of the corruptions.")
    var seed: UInt64 = 1

    @Option(help: "The L2 penalty on the weights.")
    var regularization: Double = 1

    func run() throws {
        try reportingErrors {
            guard (output == nil) != (measure == nil) else { throw UsageError("give --output FILE (fit) or --measure FILE (measure a fitted calibration)") }
            let measured = try measure.map { file -> MatchCalibration in
                guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("\(file): cannot read the file; expected a match calibration") }
                return try MatchCalibration(json: data, source: file)
            }
            guard (0...100).contains(corruptions) else { throw UsageError("--corruptions \(corruptions): expected 0 to 100") }
            guard regularization.isFinite, regularization >= 0 else { throw UsageError("--regularization \(regularization): expected 0 or more") }
            let corpus = try HomeAssistantCorpus(root: URL(fileURLWithPath: path))
            let languages = language.isEmpty ? corpus.available : language
            for language in languages where !corpus.available.contains(language) {
                throw UsageError("\(path): no language '\(language)'; expected one of \(corpus.available.joined(separator: ", "))")
            }
            var samples: [HomeAssistantCorpus.CalibrationSample] = []
            for (index, language) in languages.enumerated() {
                let suite = try corpus.load(language, calibration: nil)
                let found = HomeAssistantCorpus.calibrationSamples(suite, corruptions: corruptions, seed: seed &+ UInt64(index))
                let written = found.filter(\.asWritten)
                let copies = found.filter { !$0.asWritten }
                print("\(language): \(written.count) sentences, \(written.filter(\.correct).count) right; \(copies.count) corrupted copies, \(copies.filter(\.correct).count) right")
                samples += found
            }
            if let measured {
                for (name, part) in [("as written", samples.filter(\.asWritten)), ("corrupted copies", samples.filter { !$0.asWritten }), ("both", samples)] {
                    var calibration = Calibration()
                    for sample in part { calibration.record(confidence: LogisticRegression.probability(sample.features, weights: measured.weights, bias: measured.bias), correct: sample.correct) }
                    print("\(name): \(part.count) best hypotheses, \(part.filter(\.correct).count) right; ECE \(String(format: "%.4f", calibration.expectedCalibrationError))")
                }
                return
            }
            guard let output else { return }
            guard samples.contains(where: \.correct), samples.contains(where: { !$0.correct }) else {
                throw UsageError("the sentences of \(languages.joined(separator: ", ")) give no right and wrong hypotheses both: nothing to fit")
            }
            let record = "\(path) tests of \(languages.joined(separator: " ")), \(corruptions) corrupted copies each (seed \(seed)): \(samples.count) best hypotheses"
            let fitted = MatchCalibration.fit(samples.map { ($0.features, $0.correct) }, regularization: regularization, fittedOn: record)
            var calibration = Calibration()
            for sample in samples { calibration.record(confidence: LogisticRegression.probability(sample.features, weights: fitted.weights, bias: fitted.bias), correct: sample.correct) }
            do {
                try fitted.json().write(to: URL(fileURLWithPath: output))
            } catch {
                throw UsageError("\(output): cannot write the calibration (\(error.localizedDescription))")
            }
            print("fitted on \(samples.count) best hypotheses (\(samples.filter(\.correct).count) right); ECE on them \(String(format: "%.4f", calibration.expectedCalibrationError)); written to \(output)")
        }
    }
}
