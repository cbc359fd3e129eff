import Foundation
import ParlanceGrammar
import Testing

/// The grammar matcher's calibration: fitted, read and written, and what a bad file says.
struct MatchCalibrationTests {
    /// A feature that separates right from wrong gets a positive weight, and the fitted
    /// probabilities match the rates they stand for.
    @Test func fittingFindsTheSignal() {
        var samples: [(features: [Double], correct: Bool)] = []
        for index in 0..<400 {
            var values = [Double](repeating: 0, count: MatchCalibration.names.count)
            values[0] = index % 2 == 0 ? 0.9 : 0.2
            // Right 90% of the time at 0.9, 20% at 0.2.
            samples.append((values, index % 2 == 0 ? index % 20 != 0 : index % 10 < 2))
        }
        let fitted = MatchCalibration.fit(samples, regularization: 0.01)
        #expect(fitted.weights[0] > 0)
        var high = [Double](repeating: 0, count: MatchCalibration.names.count)
        high[0] = 0.9
        var low = high
        low[0] = 0.2
        #expect(abs(LogisticRegression.probability(high, weights: fitted.weights, bias: fitted.bias) - 0.9) < 0.03)
        #expect(abs(LogisticRegression.probability(low, weights: fitted.weights, bias: fitted.bias) - 0.2) < 0.03)
    }

    /// The features of a real match, in the order of the names.
    @Test func featuresOfAMatch() throws {
        let compiled = try CompiledGrammar(GrammarLoaderTests.grammar("""
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on [the] {device}"]
                    lists:
                      device:
                        values: [kitchen light, bedroom lamp]
              HassTurnOff:
                data:
                  - sentences: ["turn off [the] {device}"]
                    lists:
                      device:
                        values: [kitchen light, bedroom lamp]
            """))
        let result = compiled.match("turn on the kitchen lihgt")
        let features = MatchCalibration.features(of: result, at: 0)
        #expect(features.count == MatchCalibration.names.count)
        let best = try #require(result.best)
        #expect(features[0] == best.confidence)
        #expect(features[2] >= 1, "a corrected value: \(features)")
        let calibration = MatchCalibration(weights: [Double](repeating: 0, count: MatchCalibration.names.count), bias: 0)
        #expect(calibration.probability(of: result, at: 0) == 0.5)
    }

    @Test func aCalibrationRoundTripsAndABadOneNamesItself() throws {
        let calibration = MatchCalibration(weights: (0..<MatchCalibration.names.count).map { Double($0) / 10 }, bias: -1, fittedOn: "a test")
        #expect(try MatchCalibration(json: calibration.json(), source: "m.json") == calibration)
        let cases: [(String, String)] = [
            ("{", "m.json: not a match calibration"),
            (#"{"features": ["confidence"], "weights": [1], "bias": 0}"#, "are not this version's"),
            ("", "not a match calibration"),
        ]
        for (text, message) in cases {
            #expect {
                try MatchCalibration(json: Data(text.utf8), source: "m.json")
            } throws: { error in
                "\(error)".contains(message)
            }
        }
        var wrongCount = try JSONSerialization.jsonObject(with: calibration.json()) as! [String: Any]
        wrongCount["weights"] = [1.0]
        #expect(throws: MatchCalibrationError.self) {
            try MatchCalibration(json: JSONSerialization.data(withJSONObject: wrongCount), source: "m.json")
        }
    }
}
