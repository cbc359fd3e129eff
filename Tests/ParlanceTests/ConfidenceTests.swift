import Foundation
import Parlance
import ParlanceEval
import Testing

/// Issue 39: a confidence that is the probability of being right, refusal of what no app
/// can handle, a recognizer's n-best list, readable output.
@Suite struct ConfidenceTests {
    /// The sample apps and both blind sets' apps: requests out of scope are refused in
    /// front of every app there is, the hardest case.
    static let built: Result<Engine, EngineError> = Result { () throws(EngineError) -> Engine in
        let tests = EngineFixture.corpora.appendingPathComponent("tests")
        let own = AppLoader.load(tests.appendingPathComponent("blind/apps").path).apps + AppLoader.load(tests.appendingPathComponent("blind-2/apps").path).apps
        return try Engine(apps: EngineFixture.apps + own, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
    }

    static let outOfScope = EngineFixture.corpora.appendingPathComponent("tests/blind-out-of-scope")
    static let outOfScope2 = EngineFixture.corpora.appendingPathComponent("tests/blind-out-of-scope-2")
    static let nbest = EngineFixture.corpora.appendingPathComponent("tests/blind-nbest")

    @Test func theBuiltInCalibrationLoads() throws {
        let calibration = try #require(ConfidenceCalibration.builtIn, "Corpora/calibration/confidence.json is embedded")
        #expect(calibration.features == ConfidenceFeatures.names)
        #expect(EngineOptions().calibration == calibration)
    }

    @Test func confidencesAreProbabilitiesThatNeverRiseDownTheList() throws {
        let engine = try EngineFixture.engine
        for (utterance, language) in [("Pay my bill with BillPay", "en"), ("Schick Oma eine Nachricht", "de"), ("Envía un mensaje a Celestra", "es"),
                                      ("ヨガを始めて", "ja"), ("给老王发消息", "zh-Hans"), ("joue de la musique", "fr")] {
            let result = engine.parse(utterance, language: language)
            var previous = 1.0, total = 0.0
            for hypothesis in result.hypotheses {
                #expect((0...1).contains(hypothesis.confidence), "\(utterance)")
                #expect(hypothesis.confidence <= previous + 1e-12, "\(utterance): confidences rise down the list")
                previous = hypothesis.confidence
                total += hypothesis.confidence
            }
            // Exclusive answers: their probabilities add up to at most 1.
            #expect(total <= 1 + 1e-9, "\(utterance): \(total)")
        }
    }

    @Test func aPlainRequestIsUnderstoodAndItsJSONSaysSo() throws {
        let engine = try EngineFixture.engine
        for (utterance, language) in [("Send a message to Sparkle Sparkly saying are you ready for your talk", "en"),
                                      ("Schick Sparkle Sparkly mit UnicornChat eine Nachricht: bis gleich", "de")] {
            let result = engine.parse(utterance, language: language)
            #expect(result.understood, "\(utterance): \(result.best.map { "\($0.intent.name) \($0.confidence)" } ?? "none")")
            #expect(result.best?.confidence ?? 0 > 0.8)
            guard case .object(let fields) = result.json else { Issue.record("not an object"); continue }
            #expect(fields["understood"] == .bool(true))
        }
    }

    @Test func requestsNoAppCanHandleAreNotUnderstoodYetListed() throws {
        let engine = try Self.built.get()
        var refused = 0
        let requests = [("tell me a joke", "en"), ("what's the weather like tomorrow", "en"), ("wie spät ist es in Tokio", "de"),
                        ("¿quién ganó el partido de anoche?", "es"), ("éteins la lumière du salon", "fr"), ("明日の天気は？", "ja"),
                        ("今天股市怎么样", "zh-Hans")]
        for (utterance, language) in requests {
            let result = engine.parse(utterance, language: language)
            if !result.understood { refused += 1 }
            guard case .object(let fields) = result.json else { continue }
            #expect(fields["understood"] == .bool(result.understood))
        }
        #expect(refused >= requests.count - 1, "\(refused) of \(requests.count) refused")
    }

    @Test func explainSaysWhenNoGrammarSpellsTheUtterance() throws {
        let engine = try EngineFixture.engine
        // Italian and Portuguese: no grammar here.
        for utterance in ["accendi la luce in cucina per favore", "qual é a previsão do tempo para amanhã"] {
            let explanation = engine.explain(utterance)
            #expect(explanation.notes.contains { $0.contains("language with no grammar") }, "\(utterance): \(explanation.notes)")
            #expect(explanation.description.contains("understood") || explanation.result.best == nil)
        }
        let understood = engine.explain("Schick Sparkle Sparkly mit UnicornChat eine Nachricht: bis gleich")
        #expect(!understood.notes.contains { $0.contains("language with no grammar") })
        #expect(understood.description.contains("\nunderstood: "))
    }

    @Test func theThresholdIsTheCallers() throws {
        var options = EngineOptions()
        options.threshold = 0
        let engine = try Engine(apps: EngineFixture.apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"), options: options)
        let result = engine.parse("Pay my bill with BillPay", language: "en")
        #expect(result.threshold == 0)
        #expect(result.understood)
        let strict = ParseResult(utterance: result.utterance, language: result.language, hypotheses: result.hypotheses, threshold: 1)
        #expect(strict.understood == (result.best?.confidence == 1))
        // A threshold outside [0, 1] is an answer, not a crash: above 1 nothing is understood.
        for bad in [1.5, .nan, .infinity] {
            #expect(!ParseResult(utterance: result.utterance, language: result.language, hypotheses: result.hypotheses, threshold: bad).understood)
        }
        #expect(ParseResult(utterance: result.utterance, language: result.language, hypotheses: result.hypotheses, threshold: -1).understood)
    }

    @Test func noTwoHypothesesGiveTheSameAnswerAndTheLimitHolds() throws {
        var options = EngineOptions()
        options.limit = 2
        let engine = try Engine(apps: EngineFixture.apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"), options: options)
        for utterance in ["Pay my bill", "play some music", "Send a message to Kenji", "book a table"] {
            let result = engine.parse(utterance, language: "en")
            #expect(result.hypotheses.count <= 2)
            let full = try EngineFixture.engine.parse(utterance, language: "en")
            for (index, a) in full.hypotheses.enumerated() {
                for b in full.hypotheses[(index + 1)...] {
                    let same = a.app.bundleIdentifier == b.app.bundleIdentifier && a.intent.name == b.intent.name
                        && a.parameters.map { $0.values.map(\.value) } == b.parameters.map { $0.values.map(\.value) }
                        && a.parameters.map { $0.values.map(\.identifier) } == b.parameters.map { $0.values.map(\.identifier) }
                        && a.parameters.map { $0.values.map(\.resolution.kind) } == b.parameters.map { $0.values.map(\.resolution.kind) }
                        && a.appSelection.isAmbiguous == b.appSelection.isAmbiguous
                    #expect(!same, "\(utterance): \(a.intent.name) → \(a.app.displayName) listed twice")
                }
            }
        }
    }

    @Test func aCalibrationFileRoundTripsAndABadOneNamesItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calibration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let calibration = try #require(ConfidenceCalibration.builtIn)
        let good = folder.appendingPathComponent("good.json")
        try calibration.json().write(to: good)
        #expect(try ConfidenceCalibration(contentsOf: good) == calibration)
        let cases: [(String, String)] = [
            ("{", "not a calibration"),
            (#"{"features": ["ranking"], "weights": [1], "bias": 0}"#, "are not this version's"),
            ("", "not a calibration"),
        ]
        for (text, message) in cases {
            let bad = folder.appendingPathComponent("bad.json")
            try Data(text.utf8).write(to: bad)
            #expect {
                try ConfidenceCalibration(contentsOf: bad)
            } throws: { error in
                "\(error)".contains(bad.path) && "\(error)".contains(message)
            }
        }
    }

    /// Learned readings get weights of their own, fitted on them alone; template readings
    /// keep the calibration's weights.
    @Test func learnedReadingsHaveTheirOwnPart() throws {
        let learned = try #require(ConfidenceFeatures.names.firstIndex(of: "learned"))
        var samples: [ConfidenceCalibration.Sample] = []
        for index in 0..<400 {
            var values = [Double](repeating: 0, count: ConfidenceFeatures.names.count)
            values[learned] = 1
            values[0] = index % 2 == 0 ? 0.9 : 0.2
            // Learned readings right 60% of the time at 0.9, 10% at 0.2.
            let correct = index % 2 == 0 ? index % 10 < 6 : index % 20 == 1
            samples.append(.init(features: ConfidenceFeatures(values: values), correct: correct))
        }
        let templates = ConfidenceCalibration(features: ConfidenceFeatures.names,
                                              weights: [4] + [Double](repeating: 0, count: ConfidenceFeatures.names.count - 1), bias: -2)
        let both = templates.refittingLearned(samples, regularization: 0.01, fittedOn: "test")
        #expect(both.weights == templates.weights && both.bias == templates.bias)
        var template = [Double](repeating: 0, count: ConfidenceFeatures.names.count)
        template[0] = 0.9
        var read = template
        read[learned] = 1
        #expect(both.probability(ConfidenceFeatures(values: template)) == templates.probability(ConfidenceFeatures(values: template)))
        #expect(!ConfidenceFeatures(values: template).isLearned && ConfidenceFeatures(values: read).isLearned)
        #expect(abs(both.probability(ConfidenceFeatures(values: read)) - 0.6) < 0.03)
        // Written and read back with its part.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-calibration-\(ProcessInfo.processInfo.processIdentifier).json")
        try both.json().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try ConfidenceCalibration(contentsOf: file) == both)
    }

    /// Samples written as CSV (`calibrate --samples`) read back as they were, whatever the
    /// request holds (commas, quotes, a line break); a file that is not this version's, or
    /// is damaged, is refused with its line and what was expected.
    @Test func samplesRoundTripAsCSVAndABadFileNamesItsLine() throws {
        let engine = try Self.built.get()
        let requests = ["Send a message to Sparkle Sparkly saying \"hi\", see you at 5", "Pay my bill with BillPay", "tell me a joke\nplease"]
        var samples: [ConfidenceCalibration.Sample] = []
        var rows: [String] = []
        for request in requests {
            let result = engine.parse(request, language: "en")
            guard result.best != nil else { continue }
            let sample = ConfidenceCalibration.Sample(features: ConfidenceFeatures(of: result, at: 0, languageGiven: true), correct: request.hasPrefix("Send"))
            samples.append(sample)
            rows.append(CalibrationSamples.row(sample, file: "Corpora/tests/en/x,y.yaml", utterance: request))
        }
        #expect(samples.count >= 2)
        let document = CalibrationSamples.document(rows)
        #expect(try CalibrationSamples.read(document, source: "samples.csv") == samples)
        #expect(try CalibrationSamples.read(document.replacingOccurrences(of: "\n", with: "\r\n"), source: "samples.csv") == samples)
        let header = CalibrationSamples.header.joined(separator: ",")
        let width = ConfidenceFeatures.names.count
        let zeros = [String](repeating: "0", count: width).joined(separator: ",")
        let cases: [(String, String)] = [
            ("", "samples.csv: empty"),
            ("ranking,correct,file,utterance\n", "samples.csv:1: the header names"),
            ("\(header)\n\(zeros),1,\"f\"\n", "samples.csv:2: \(width + 2) fields"),
            ("\(header)\n\(zeros),2,\"f\",\"u\"\n", "samples.csv:2: '2' for correct"),
            ("\(header)\n\(zeros),1,\"f\",\"u\"\nnan,\(zeros.dropFirst(2)),0,\"f\",\"u\"\n", "samples.csv:3: 'nan' for ranking"),
            ("\(header)\n\(zeros),1,\"f\",\"u\n", "samples.csv:2: a quoted field that never closes"),
            ("\(header)\n\(zeros),1,f\"x\",\"u\"\n", "samples.csv:2: a quote inside an unquoted field"),
        ]
        for (text, message) in cases {
            #expect {
                try CalibrationSamples.read(text, source: "samples.csv")
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func fittingFindsTheSignal() {
        // A feature that separates right from wrong gets a positive weight, and the fitted
        // probabilities match the rates they stand for.
        var samples: [ConfidenceCalibration.Sample] = []
        for index in 0..<400 {
            var values = [Double](repeating: 0, count: ConfidenceFeatures.names.count)
            values[0] = index % 2 == 0 ? 0.9 : 0.2
            // Right 90% of the time at 0.9, 20% at 0.2.
            let correct = index % 2 == 0 ? index % 20 != 0 : index % 10 < 2
            samples.append(.init(features: ConfidenceFeatures(values: values), correct: correct))
        }
        let fitted = ConfidenceCalibration.fit(samples, regularization: 0.01)
        #expect(fitted.weights[0] > 0)
        var high = [Double](repeating: 0, count: ConfidenceFeatures.names.count)
        high[0] = 0.9
        var low = high
        low[0] = 0.2
        #expect(abs(fitted.probability(ConfidenceFeatures(values: high)) - 0.9) < 0.03)
        #expect(abs(fitted.probability(ConfidenceFeatures(values: low)) - 0.2) < 0.03)
    }

    /// The held-out requests no app can handle (written blind), with every app loaded: the
    /// false-accept rate at the default threshold, and the ECE of the best hypothesis's
    /// confidence over them and the second blind set (held out from the fit too).
    @Test func heldOutRequestsOutOfScopeAndInScope() throws {
        let engine = try Self.built.get()
        let tests = try UtteranceTest.load(Self.outOfScope.path).filter { $0.location.file.hasSuffix("held-out.yaml") }
        #expect(tests.count >= 300)
        var accepted = 0
        var calibration = Calibration()
        var scores: [ScoredConfidence] = []
        for test in tests {
            let result = engine.parse(test.utterance, language: test.parseLanguage)
            if result.understood { accepted += 1 }
            calibration.record(confidence: result.best?.confidence ?? 0, correct: false)
            scores.append(ScoredConfidence(confidence: result.best?.confidence ?? 0, correct: false))
        }
        let secondSet = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests/blind-2").path)
        var right = 0, kept = 0
        for test in secondSet {
            let result = engine.parse(test.utterance, language: test.language, locked: test.locked, now: test.now)
            let correct = test.mismatch(of: result.best) == nil
            calibration.record(confidence: result.best?.confidence ?? 0, correct: correct)
            scores.append(ScoredConfidence(confidence: result.best?.confidence ?? 0, correct: correct))
            if correct {
                right += 1
                if result.understood { kept += 1 }
            }
        }
        let falseAccepts = Double(accepted) / Double(tests.count)
        let keptRate = Double(kept) / Double(max(1, right))
        let auroc = ScoredConfidence.auroc(scores) ?? 0
        print("held out: \(accepted)/\(tests.count) out of scope answered (\(String(format: "%.1f", falseAccepts * 100))%); blind-2 right answers kept \(kept)/\(right) (\(String(format: "%.1f", keptRate * 100))%); ECE \(String(format: "%.4f", calibration.expectedCalibrationError)); AUROC \(String(format: "%.4f", auroc))")
        // Floors under the level measured when the calibration was fitted (6.5%, 91.5%, 0.051,
        // 0.957: Corpora/calibration/README.md), so that a regression fails; the goals are 5%, 97%, 0.05, 0.97.
        // (2026-12-01, fitted with every app: 4.2%, 96.8%, 0.043, 0.971.)
        #expect(falseAccepts <= 0.08)
        #expect(keptRate >= 0.90)
        #expect(calibration.expectedCalibrationError <= 0.06)
        #expect(auroc >= 0.95)
    }

    /// The second set of requests no app can handle (Corpora/tests/blind-out-of-scope-2,
    /// written blind on 2026-12-01, held out: never fitted on, never read), with every app:
    /// the share answered at the default threshold, per language. Only counts are printed.
    @Test func secondOutOfScopeSetHeldOut() throws {
        let engine = try Self.built.get()
        let tests = try UtteranceTest.load(Self.outOfScope2.path)
        #expect(tests.count >= 300)
        #expect(tests.allSatisfy { !$0.understood })
        var answered: [String: (answered: Int, total: Int)] = [:]
        for test in tests {
            let result = engine.parse(test.utterance, language: test.parseLanguage)
            for key in ["all", "language " + test.language] {
                answered[key, default: (0, 0)].total += 1
                if result.understood { answered[key, default: (0, 0)].answered += 1 }
            }
        }
        for key in answered.keys.sorted() {
            let (count, total) = answered[key]!
            print("blind-out-of-scope-2 \(key): \(count)/\(total) answered")
        }
        let all = answered["all"] ?? (0, 1)
        // 64 of 344 (18.6%) answered when the set joined, 48 (14.0%) after the calibration
        // was fitted with every app (Corpora/calibration/README.md); the goal is 5%.
        #expect(Double(all.answered) / Double(all.total) <= 0.16)
    }

    /// Recognizer n-best lists written blind, the right text never first: the engine's
    /// choice against the recognizer's first text.
    @Test func nBestListsChooseTheTextTheEngineReads() throws {
        let engine = try EngineFixture.engine
        let tests = try UtteranceTest.load(Self.nbest.path)
        #expect(tests.count >= 150)
        var chosen = 0, first = 0
        var misses: [String] = []
        for test in tests {
            let alternatives = try #require(test.alternatives)
            let read = try engine.parse(alternatives: alternatives, language: test.language, locked: test.locked, now: test.now)
            if test.mismatch(of: read.best?.best) == nil { chosen += 1 } else {
                misses.append("\(test.language) \(alternatives.map(\.text)) → #\((read.chosen ?? -1) + 1)")
            }
            if test.mismatch(of: engine.parse(alternatives[0].text, language: test.language, locked: test.locked, now: test.now).best) == nil { first += 1 }
        }
        print("n-best: the chosen alternative right for \(chosen)/\(tests.count); the recognizer's first text right for \(first)/\(tests.count)")
        for miss in misses.prefix(60) { print("  ✗ \(miss)") }
        // Measured 155/170 (91.2%) against 72/170 for the recognizer's first text when the lists
        // were written; 159/170 (93.5%) against 78 with the prior that a value said is one the
        // app knows (Engine.unknownValueShare); the goal is 90%.
        #expect(chosen > first)
        #expect(Double(chosen) / Double(tests.count) >= 0.90)
    }

    /// The recognizer does not know the app's contacts, the engine does: a less likely text
    /// that names one beats a likelier one that hears the name as common words; texts that
    /// name no known value either way are chosen by confidence alone.
    @Test func aValueTheAppKnowsOutweighsAMishearing() throws {
        let engine = try EngineFixture.engine
        let misheard = try engine.parse(alternatives: [
            .init(text: "request 15 dollars from me a chin in BillPay", confidence: 0.81),
            .init(text: "request 15 dollars from Mia Chen in BillPay", confidence: 0.6),
        ], language: "en")
        #expect(misheard.chosen == 1)
        #expect(misheard.scores[1] > misheard.scores[0])
        let neither = try engine.parse(alternatives: [
            .init(text: "mets en pause mon yoga", confidence: 0.8),
            .init(text: "mets en pose mon yoga", confidence: 0.7),
        ], language: "fr")
        #expect(neither.chosen == 0)
    }

    @Test func badAlternativesAreErrorsOrAnswersNeverCrashes() throws {
        let engine = try EngineFixture.engine
        #expect(try engine.parse(alternatives: []).chosen == nil)
        #expect(throws: AlternativesError.self) { try engine.parse(alternatives: [.init(text: "pay my bill", confidence: 1.5)]) }
        #expect(throws: AlternativesError.self) { try engine.parse(alternatives: [.init(text: "pay my bill", confidence: .nan)]) }
        // Thousands of alternatives: the first Engine.maxAlternatives are read.
        let many = (0..<5000).map { RecognitionAlternative(text: "pay my bill \($0 % 7)", confidence: 0.5) }
        let read = try engine.parse(alternatives: many, language: "en")
        #expect(read.alternatives.count == Engine.maxAlternatives)
        // Mixed scripts and empty texts.
        let mixed = try engine.parse(alternatives: [.init(text: "", confidence: 0.9), .init(text: "给Sparkle Sparkly发消息 bitte", confidence: 0.8),
                                                    .init(text: "Pay my bill with BillPay", confidence: 0.7)])
        #expect(mixed.chosen != 0)
    }
}
