import ArgumentParser
import Foundation
import Parlance
import ParlanceEval

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit the confidence calibration: the probability that a parse's best hypothesis is right.",
        discussion: """
            Parses every test of PATHS (Parlance test files or folders, Corpora/tests/README.md: requests in \
            scope with their answers, and requests no app can handle, `understood: false`) with the ranking's own \
            confidence (each request twice: in its language, and with no language given), and fits a logistic regression from the best hypothesis's features \
            (ConfidenceFeatures: edits, free text, template coverage, how the app was chosen, resolutions, the margin \
            over rivals) to whether it was right. Each path is parsed with the apps of --apps (default: the sample \
            apps) and the apps folder it brings (like 'eval'). Writes the calibration to --output (JSON); \
            'parse --calibration FILE' or EngineOptions.calibration uses it. Fit on requests you will not measure \
            on: 'parlance eval' on held-out requests gives the calibration's ECE.

            Requests that need other apps are fitted on together through samples: '--samples FILE' writes the \
            features of PATHS as CSV, '--from-samples FILE' (repeatable) fits on such files beside PATHS.

            Learned readings (a custom intent said in other words than its examples) get weights of their own, \
            fitted on the learned readings among the best hypotheses alone. --templates-from FILE keeps FILE's \
            weights for template readings and fits only the learned readings' part.
            """)

    @OptionGroup var engineOptions: EngineOptionGroup

    @Option(name: .shortAndLong, help: "The calibration file to write (JSON).")
    var output: String

    @Option(help: "The L2 penalty on the weights.")
    var regularization: Double = 1

    @Option(name: .customLong("templates-from"), help: ArgumentHelp("A calibration whose weights for template readings are kept: only the learned readings' part is fitted.", valueName: "FILE"))
    var templatesFrom: String?

    @Option(help: ArgumentHelp("Also write the samples of PATHS as CSV: per best hypothesis its features (ConfidenceFeatures; languageGiven says whether the request was parsed with its language), whether it was right, the test file and the request.", valueName: "FILE"))
    var samples: String?

    @Option(name: .customLong("from-samples"), help: ArgumentHelp("Fit also on the samples of FILE (CSV written by --samples; repeatable): requests parsed with other apps than these, fitted on together.", valueName: "FILE"))
    var fromSamples: [String] = []

    @Argument(help: "Parlance test files or folders to fit on.")
    var paths: [String] = []

    func run() throws {
        try reportingErrors {
            guard !paths.isEmpty || !fromSamples.isEmpty else { throw UsageError("missing PATHS: Parlance test files or folders to fit on (or --from-samples FILE)") }
            guard regularization.isFinite, regularization >= 0 else { throw UsageError("--regularization \(regularization): expected 0 or more") }
            // Read before any request is parsed: a bad file is said at once.
            let kept = try templatesFrom.map { try ConfidenceCalibration(contentsOf: URL(fileURLWithPath: $0)) }
            var samples: [ConfidenceCalibration.Sample] = []
            var sources: [String] = []
            for file in fromSamples {
                guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("\(file): cannot read the file; expected samples written by 'parlance calibrate --samples'") }
                let read = try CalibrationSamples.read(String(decoding: data, as: UTF8.self), source: file)
                samples += read
                sources.append("\(file) (\(read.count) samples)")
            }
            var rows: [String] = []
            var engines: [String: Engine] = [:]
            var lines: [String] = []
            let moment = try engineOptions.referenceMoment()
            for path in paths {
                let tests = try UtteranceTest.load(path)
                let apps = UtteranceTest.appsFolder(of: path).map { [$0] } ?? []
                let key = apps.joined(separator: "\u{1}")
                let engine = try engines[key] ?? engineOptions.engine(languages: nil, extraApps: apps, calibrated: false)
                engines[key] = engine
                let user = try engineOptions.session(for: engine)
                var right = 0, outOfScope = 0
                for test in tests {
                    if !test.understood { outOfScope += 1 }
                    // Each request as a caller giving its language reads it, and as one giving none.
                    for language in Set([test.parseLanguage, nil]) {
                        let result = engine.parse(test.utterance, language: language, locked: test.locked, user: user, now: test.now ?? moment)
                        guard result.best != nil else { continue }
                        let correct = test.mismatch(of: result.best) == nil
                        if correct && language == test.parseLanguage { right += 1 }
                        let sample = ConfidenceCalibration.Sample(features: ConfidenceFeatures(of: result, at: 0, languageGiven: language != nil),
                                                                  correct: correct)
                        samples.append(sample)
                        if self.samples != nil { rows.append(CalibrationSamples.row(sample, file: test.location.file, utterance: test.utterance)) }
                    }
                }
                lines.append("\(path): \(tests.count) requests (\(outOfScope) out of scope), best hypothesis right for \(right)")
            }
            // Written before fitting: samples of requests that cannot be fitted on alone (all out
            // of scope) are still samples to fit on beside others (--from-samples).
            if let file = self.samples {
                do {
                    try CalibrationSamples.document(rows).write(toFile: file, atomically: true, encoding: .utf8)
                } catch {
                    throw UsageError("\(file): cannot write the samples (\(error.localizedDescription))")
                }
            }
            guard samples.contains(where: \.correct), samples.contains(where: { !$0.correct }) else {
                throw UsageError("the requests of \((paths + fromSamples).joined(separator: ", ")) give no right and wrong hypotheses both: nothing to fit")
            }
            let learned = samples.filter(\.features.isLearned)
            let record = (paths + sources).joined(separator: ", ") + " (\(samples.count) best hypotheses, \(learned.count) of them learned readings)"
            var fitted: ConfidenceCalibration
            if let kept {
                fitted = kept
            } else {
                fitted = ConfidenceCalibration.fit(samples, regularization: regularization, fittedOn: record)
            }
            // Learned readings get weights of their own when they are both right and wrong somewhere.
            if learned.contains(where: \.correct), learned.contains(where: { !$0.correct }) {
                fitted = fitted.refittingLearned(samples, regularization: regularization,
                                                 fittedOn: templatesFrom == nil ? record : "templates: \(Self.templatePart(of: fitted.fittedOn ?? templatesFrom!)); learned readings: \(record)")
            } else if templatesFrom != nil {
                throw UsageError("the requests of \((paths + fromSamples).joined(separator: ", ")) give no right and wrong learned readings both: nothing to fit")
            }
            var calibration = Calibration()
            for sample in samples { calibration.record(confidence: fitted.probability(sample.features), correct: sample.correct) }
            do {
                try fitted.json().write(to: URL(fileURLWithPath: output))
            } catch {
                throw UsageError("\(output): cannot write the calibration (\(error.localizedDescription))")
            }
            for line in lines { print(line) }
            print("fitted on \(samples.count) best hypotheses (\(samples.filter(\.correct).count) right); ECE on them \(String(format: "%.4f", calibration.expectedCalibrationError)); written to \(output)")
        }
    }

    /// What a kept calibration's template part was fitted on: its record, without the
    /// learned readings' part of an earlier `--templates-from` fit.
    static func templatePart(of record: String) -> String {
        guard record.hasPrefix("templates: ") else { return record }
        let rest = record.dropFirst("templates: ".count)
        return String(rest.range(of: "; learned readings: ").map { rest[..<$0.lowerBound] } ?? rest)
    }
}
