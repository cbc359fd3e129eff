import Foundation
@testable import Parlance
import Testing

/// `parlance explain` says why each hypothesis ranks after the one before it. The reason
/// must be the criterion that actually ordered them, and the values it quotes must be the
/// values compared: an explanation that names a criterion on which the two are equal
/// ("supports the intent vs supports the intent") explains nothing.
@Suite struct ExplanationTests {
    /// The engine's order of two readings that tie on the reading key (``Reader``'s ranking),
    /// from what the hypotheses carry: true when `winner` may come before `loser`.
    static func mayPrecede(_ winner: IntentHypothesis, _ loser: IntentHypothesis) -> Bool {
        if winner.reading != loser.reading { return winner.reading < loser.reading }
        let (w, l) = (winner.tieBreak, loser.tieBreak)
        if w.tieGroup != l.tieGroup {
            // Matches in two tie groups are ranked apart by the grammar's key.
            return w.tieGroup < l.tieGroup && !winner.match.ranking.ties(with: loser.match.ranking)
                && winner.match.ranking < loser.match.ranking
        }
        if w.appEvidence != l.appEvidence { return w.appEvidence > l.appEvidence }
        return w.grammarRank <= l.grammarRank
    }

    /// The "(a vs b" pairs a reason quotes.
    static func quotedPairs(_ reason: String) -> [(String, String)] {
        let pattern = try! NSRegularExpression(pattern: #"\((#?[^()]*?) vs (#?[^(),]*)"#)
        let text = reason as NSString
        return pattern.matches(in: reason, range: NSRange(location: 0, length: text.length)).map {
            (text.substring(with: $0.range(at: 1)), text.substring(with: $0.range(at: 2)))
        }
    }

    @Test func everyReasonNamesTheCriterionThatDecidedWithValuesThatDiffer() throws {
        let engine = try EngineFixture.engine
        let tests = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests").path)
        var pairs = 0, byGrammar = 0, byEvidence = 0, byAppOrder = 0
        for test in tests {
            let explanation = engine.explain(test.utterance, language: test.language, locked: test.locked)
            let hypotheses = explanation.result.hypotheses
            let reasons = explanation.reasonsLost
            #expect(reasons.count == max(0, hypotheses.count - 1))
            for (offset, reason) in reasons.enumerated() {
                let (winner, loser) = (hypotheses[offset], hypotheses[offset + 1])
                pairs += 1
                // The stored keys give the order the engine returned.
                #expect(Self.mayPrecede(winner, loser), "\(test.utterance): #\(offset + 2) carries keys that rank it before #\(offset + 1)")
                for (lost, won) in Self.quotedPairs(reason) {
                    #expect(lost != won, "\(test.utterance): #\(offset + 2) lost to #\(offset + 1) on equal values: \(reason)")
                }
                if reason.hasPrefix("the grammar ranks its match lower") {
                    byGrammar += 1
                    #expect(winner.tieBreak.tieGroup < loser.tieBreak.tieGroup && !winner.match.ranking.ties(with: loser.match.ranking),
                            "\(test.utterance): \(reason)")
                } else if reason.hasPrefix("its app has fewer values in its vocabulary") {
                    byEvidence += 1
                    #expect(loser.tieBreak.appEvidence < winner.tieBreak.appEvidence && loser.app.bundleIdentifier != winner.app.bundleIdentifier,
                            "\(test.utterance): \(reason)")
                } else if reason.hasPrefix("the same reading for another app") {
                    byAppOrder += 1
                    #expect(loser.match.ranking == winner.match.ranking && loser.intent.name == winner.intent.name
                            && loser.app.bundleIdentifier != winner.app.bundleIdentifier, "\(test.utterance): \(reason)")
                }
            }
        }
        // The ways of deciding among tied readings that the sample apps give occur, so each
        // is checked (vocabulary evidence between two apps whose readings tie on everything
        // else does not occur with them; `RankingTests` builds such a case).
        #expect(pairs > 1500 && byGrammar > 0 && byAppOrder > 0,
                "pairs \(pairs), by the grammar's key \(byGrammar), by vocabulary evidence \(byEvidence), by app order \(byAppOrder)")
    }

    /// A message to a contact no app knows reads as a contact or as a group of several
    /// messaging apps; the readings tie on every criterion of the reading key, and the
    /// grammar's order of its two readings of one template decides, not the apps' vocabulary.
    @Test func readingsOfOneTemplateForTwoAppsAreOrderedByTheGrammar() throws {
        let engine = try EngineFixture.engine
        let explanation = engine.explain("Send a message to Sparkle Sparkly saying are you ready for your talk", language: "en")
        let hypotheses = explanation.result.hypotheses
        let reasons = explanation.reasonsLost
        #expect(hypotheses.first?.app.displayName == "UnicornChat")
        // A reading that fills the group instead of the recipients, after one that fills the recipients.
        let group = try #require(hypotheses.indices.dropFirst().first { index in
            hypotheses[index].parameter("speakableGroupName") != nil && hypotheses[index - 1].parameter("recipients") != nil
                && hypotheses[index].reading == hypotheses[index - 1].reading
        })
        #expect(reasons[group - 1] == "tie on every deciding criterion; the grammar lists this reading of the same template later",
                "\(explanation)")
    }

    /// Two readings of one request, one with a value the app knows in part (the contact Mia
    /// Chen), the other with a payee it does not have: the first goes first, and `explain`
    /// says why the other lost: the part is explained by the contact, all but a letter, so
    /// the key itself decides (ee8dff4; before, the two tied on the key and the values the
    /// app knows broke the tie).
    @Test func partOfAnItemExplainsMoreThanAnUnknownValue() throws {
        let engine = try EngineFixture.engine
        let explanation = engine.explain("BillPayでMiaに25ドル送って", language: "ja")
        let hypotheses = explanation.result.hypotheses
        #expect(hypotheses.first?.intent.name == "INSendPaymentIntent", "\(explanation)")
        #expect(hypotheses.first?.parameter("payee")?.values.first?.identifier == "friend:mia", "\(explanation)")
        let bill = try #require(hypotheses.firstIndex { $0.intent.name == "INPayBillIntent" }, "\(explanation)")
        #expect(explanation.reasonsLost[bill - 1].contains("more characters left unexplained"), "\(explanation)")
    }
}
