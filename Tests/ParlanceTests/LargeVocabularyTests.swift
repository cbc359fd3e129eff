import Foundation
@testable import Parlance
import ParlanceVocabulary
import Testing

/// The sample apps with a user vocabulary as large users have: common words among the
/// playlist titles ("Play", "Jazz", "Morning"), thousands of payees. What the apps'
/// examples and defaults mean must not change with it.
@Suite struct LargeVocabularyTests {
    /// Tempo's playlists with common words added, BillPay's payees with 2,000
    /// organizations; English only.
    static let engine = Result { () throws(EngineError) -> Engine in
        var apps = EngineFixture.apps
        for index in apps.indices {
            switch apps[index].bundleIdentifier {
            case "com.example.tempo":
                let mine = apps[index].userVocabulary.speakableStrings(of: .mediaPlaylistTitle)
                let common = ["Play", "Jazz", "Morning", "Sunday", "On", "Tempo Tantrum", "Mix"].map { SpeakableString(spokenPhrase: $0) }
                _ = apps[index].userVocabulary.setVocabulary(mine + common, of: .mediaPlaylistTitle)
            case "com.example.billpay":
                let mine = apps[index].userVocabulary.speakableStrings(of: .paymentsOrganizationName)
                let many = (0..<2_000).map { SpeakableString(vocabularyIdentifier: "org:\($0)", spokenPhrase: "Company Number \($0)") }
                _ = apps[index].userVocabulary.setVocabulary(mine + many, of: .paymentsOrganizationName)
            default: break
            }
        }
        return try Engine(apps: apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"), languages: ["en"])
    }

    @Test func anExampleKeepsItsWordsBetweenSlots() throws {
        // "Play", "Sunday", "Morning" and "Jazz" are playlists too; the example's whole title
        // is the slot, and "Play" stays the word it is.
        let spans: [(range: Range<Int>, type: VocabularyType)] = [
            (5..<24, .user(.mediaPlaylistTitle)), (0..<4, .user(.mediaPlaylistTitle)), (5..<11, .user(.mediaPlaylistTitle)),
            (20..<24, .user(.mediaPlaylistTitle)), (28..<33, .parameter("app")),
        ]
        let template = ExampleTemplates.template("Play Sunday Morning Jazz on Tempo", spans: spans,
                                                 intent: IntentCatalogue.standard["INPlayMediaIntent"],
                                                 lists: VocabularyLists(catalogue: .standard))
        #expect(template == "Play {playlist:mediaDestination.playlistName} on {app}"
            || template == "Play {media:mediaSearch.mediaName} on {app}", "\(template)")
        // Two values with a word between them stay two slots.
        let two = ExampleTemplates.template("Play Jazz on Tempo", spans: [(5..<9, .user(.mediaPlaylistTitle)), (13..<18, .parameter("app"))],
                                            intent: IntentCatalogue.standard["INPlayMediaIntent"], lists: VocabularyLists(catalogue: .standard))
        #expect(two.hasSuffix("on {app}") && two.hasPrefix("Play {"), "\(two)")
    }

    @Test func theExamplePhraseStillReadsAsItSays() throws {
        let engine = try Self.engine.get()
        let hypothesis = try #require(engine.parse("Play Sunday Morning Jazz on Tempo", language: "en").best)
        #expect(hypothesis.app.bundleIdentifier == "com.example.tempo")
        #expect(hypothesis.intent.name == "INPlayMediaIntent")
        let name = try #require(hypothesis.parameters.first { $0.values.contains { $0.value?.string == "Sunday Morning Jazz" } })
        #expect(name.values.count == 1)
    }

    @Test func payMyBillStillOffersTheTwoAccounts() throws {
        let engine = try Self.engine.get()
        let hypothesis = try #require(engine.parse("Pay my bill", language: "en").best)
        #expect(hypothesis.intent.name == "INPayBillIntent")
        let payee = try #require(hypothesis.parameter("billPayee")?.values.first)
        #expect(payee.resolution.kind == .disambiguation)
        #expect(payee.resolution.options.map(\.identifier) == ["account:city-power:12-oak", "account:city-power:48-elm"])
    }
}
