import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceTraining

/// The Snips 2017 benchmark's files in ../shared: read, trained at a small size, saved and
/// read back with the same parses.
struct SnipsBenchmarkTests {
    @Test(SharedData.required) func roundTripOfASmallModel() throws {
        let all = try TrainingData.load(.snips, from: [try SharedData.url("corpora/snips-2017")])
        #expect(all.intents.count == 7 && all.utterances.count == 2100)
        let training = all.sampled(perIntent: 20, seed: 3)
        let parser = try TrainedParser(training: training, strategy: .templatesFirst, tagging: TrainedParserTests.quick)
        #expect(parser.statistics.queries == 140)
        let url = TrainedParserTests.temporaryURL("snips.model")
        defer { try? FileManager.default.removeItem(at: url) }
        try parser.save(to: url)
        let read = try TrainedParser(contentsOf: url)
        // Held-out queries (every tenth), parsed by both.
        let held = all.utterances.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        var correct = 0
        for (intent, utterance) in held {
            let parse = parser.parse(utterance.text)
            #expect(read.parse(utterance.text) == parse)
            if parse?.intent == intent { correct += 1 }
        }
        // A gate against a model that stopped learning, not a measure (20 an intent, a small tagger).
        #expect(Double(correct) / Double(held.count) > 0.85)
    }
}
