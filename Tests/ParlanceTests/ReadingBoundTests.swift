import Foundation
@testable import Parlance
import Testing

/// A language read after another is skipped, before its search of the users' vocabulary,
/// when its grammar cannot beat the reading found so far even with every vocabulary list
/// explaining whatever words it takes (``Reader``'s `mayBeat`). Skipping must lose nothing:
/// wherever the bound says no, the full read finds no reading that ranks before the best.
@Suite struct ReadingBoundTests {
    @Test func aSkippedReadWouldHaveFoundNothingBetter() throws {
        let engine = try EngineFixture.engine
        let tests = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests").path)
        var skipped = 0, kept = 0
        // Every test utterance, read in each other language after its own best reading.
        for test in tests {
            guard let best = engine.parse(test.utterance, language: test.language).best, best.reading.wordEdits == 0 else { continue }
            for model in engine.models where model.tag != test.language {
                let reader = Reader(engine: engine, model: model, user: engine.defaultUser)
                let memo = engine.memo(reading: test.utterance, user: engine.defaultUser)
                let policy = engine.options.editPolicy(for: model.language)
                if reader.mayBeat(best.reading, policy: policy, freeText: true, memo: memo) {
                    kept += 1
                    continue
                }
                skipped += 1
                // The read the bound saves, made in full (a fresh memo: the bound does not
                // apply once the vocabulary is searched).
                let full = Reader(engine: engine, model: model, user: engine.defaultUser)
                    .read(locked: test.locked, memo: engine.memo(reading: test.utterance, user: engine.defaultUser), pass: .full(fuzziness: .off),
                          mustBeat: best.reading)
                if let top = full.first {
                    #expect(!Reader.isBetter(top, than: best), "\(test.utterance) in \(model.tag): \(top.intent.name) would beat \(best.intent.name)")
                }
            }
        }
        // Most reads of another language are skipped; some are not.
        #expect(skipped > 3 * kept && kept > 50, "skipped \(skipped), kept \(kept)")
    }

    /// The requests the bound is for: Latin-script names in Japanese and Chinese requests are
    /// no reason to search the users' vocabulary in English.
    @Test func latinNamesInJapaneseAndChineseAreNotSearchedInEnglish() throws {
        let engine = try EngineFixture.engine
        let english = try #require(engine.models.first { $0.tag == "en" })
        for (utterance, language) in [("Commanderを使ってTravisにmainをリビルドしてと送って", "ja"), ("用Commander给Travis发消息说重新构建main", "zh-Hans")] {
            let best = try #require(engine.parse(utterance, language: language).best)
            let memo = engine.memo(reading: utterance, user: engine.defaultUser)
            #expect(!Reader(engine: engine, model: english, user: engine.defaultUser).mayBeat(best.reading, policy: .default, freeText: true, memo: memo))
            #expect(memo.userSpans.isEmpty)
            #expect(engine.parse(utterance).language == language)
        }
        // An English request read after a German one is not skipped where English reads it.
        let request = "Send a message to Sparkle Sparkly saying hi"
        let german = try #require(engine.parse(request, language: "de").best)
        let memo = engine.memo(reading: request, user: engine.defaultUser)
        #expect(Reader(engine: engine, model: english, user: engine.defaultUser).mayBeat(german.reading, policy: .default, freeText: true, memo: memo))
    }
}
