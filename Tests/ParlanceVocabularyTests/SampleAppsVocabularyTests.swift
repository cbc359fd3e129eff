import Foundation
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// The sample apps in Corpora/apps (the CLI's embedded default) load without errors or warnings.
struct SampleAppsVocabularyTests {
    static let apps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpora/apps")

    @Test(arguments: ["Commander", "UnicornChat", "ExciteYoga", "BillPay", "Tempo", "RideNow", "Snapshots", "Jotter", "CarLink", "TableTime"])
    func loads(_ app: String) throws {
        let folder = Self.apps.appendingPathComponent(app).path
        let loaded = try LoadedVocabulary.load(path: folder, language: Language("en"), app: app)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let bundle = try AppVocabularyBundle(contentsOf: folder)
        // Every app ships vocabulary or example phrases (TableTime has no SiriKit vocabulary type).
        #expect(!loaded.items.isEmpty || bundle.localizations.contains { !$0.vocabulary.intentPhrases.isEmpty })
        #expect(bundle.developmentRegion == "en")
    }

    @Test func yogaWorkoutsShareIdentifiersAcrossLanguages() throws {
        let bundle = try AppVocabularyBundle(contentsOf: Self.apps.appendingPathComponent("ExciteYoga").path)
        let synonyms = bundle.items(withIdentifier: "deep_relaxation").flatMap(\.phrases)
        #expect(synonyms.contains("Deep Relaxation"))
        #expect(synonyms.contains("ディープリラクゼーション"))
        let japanese = try #require(bundle.vocabulary(for: Language("ja-JP")))
        #expect(japanese.items.contains { $0.phrases.contains("太陽礼拝") && $0.pronunciations.contains("たいようれいはい") })
    }

    @Test func userVocabularyKeepsIdentifiersAndOrder() throws {
        let loaded = try LoadedVocabulary.load(path: Self.apps.appendingPathComponent("BillPay").path, language: Language("en"))
        let accounts = loaded.items.filter { $0.type == .user(.paymentsAccountNickname) }
        #expect(accounts.map(\.identifier) == ["account:city-power:12-oak", "account:city-power:48-elm"])
        #expect(accounts.map(\.priority) == [0, 1])
    }
}
