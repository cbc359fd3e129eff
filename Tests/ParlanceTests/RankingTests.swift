import Foundation
@testable import Parlance
import Testing

/// Vocabulary evidence chooses between apps, not between two readings of one app's words.
/// A user's music library of thousands of titles holds titles such as "This" or "Music":
/// "add this song to Road Trip" must still read "this song" as the song playing (a value of
/// the grammar's own list), not as a request for the playlist "This" because a user entry
/// spells the word.
@Suite struct RankingTests {
    /// The sample apps, Tempo's user also having a playlist called "This"; with `otherMusicApp`
    /// a second music app (Tempo's intents, no user vocabulary) beside it.
    static func engine(otherMusicApp: Bool) throws -> Engine {
        var apps = EngineFixture.apps
        let tempo = try #require(apps.firstIndex { $0.bundleIdentifier == "com.example.tempo" })
        let playlists = apps[tempo].userVocabulary.speakableStrings(of: .mediaPlaylistTitle)
        _ = apps[tempo].userVocabulary.setVocabulary(playlists + [SpeakableString(spokenPhrase: "This")], of: .mediaPlaylistTitle)
        if otherMusicApp {
            var other = apps[tempo]
            other.bundleIdentifier = "com.example.beatbox"
            other.displayName = "Beatbox"
            other.bundleName = "Beatbox"
            other.alternativeNames = []
            other.userVocabulary = UserVocabulary(app: other.bundleIdentifier)
            apps.append(other)
        }
        return try Engine(apps: apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"), languages: ["en"])
    }

    @Test func aUserEntrySpellingAListValueDoesNotOutrankIt() throws {
        let engine = try Self.engine(otherMusicApp: false)
        let explanation = engine.explain("Add this song to Road Trip in Tempo", language: "en")
        let hypotheses = explanation.result.hypotheses
        let best = try #require(hypotheses.first)
        #expect(best.intent.name == "INAddMediaIntent")
        #expect(best.parameter("mediaSearch.reference")?.values.first?.value == "currentlyPlaying", "\(explanation)")
        #expect(best.parameter("mediaSearch.mediaName") == nil)
        // The playlist reading is still offered, after it, for the grammar's order.
        let playlist = try #require(hypotheses.firstIndex { $0.parameter("mediaSearch.mediaName") != nil })
        #expect(playlist > 0)
        #expect(explanation.reasonsLost[playlist - 1].contains("template order"), "\(explanation)")
    }

    @Test func vocabularyEvidenceStillChoosesBetweenApps() throws {
        let engine = try Self.engine(otherMusicApp: true)
        // No app named: Tempo holds a playlist spelled by the words, Beatbox nothing. The
        // song playing is the reading, and it could be either app's: the app itself is asked.
        let liked = engine.explain("I don't like this song", language: "en")
        let best = try #require(liked.result.best)
        #expect(best.intent.name == "INUpdateMediaAffinityIntent")
        #expect(best.parameter("mediaSearch.reference")?.values.count == 1)
        #expect(best.appSelection.isAmbiguous, "\(liked)")
        // A playlist only Tempo's user has goes to Tempo.
        let added = engine.explain("Add this song to Road Trip", language: "en")
        let top = try #require(added.result.best)
        #expect(top.app.bundleIdentifier == "com.example.tempo", "\(added)")
        #expect(top.parameter("mediaDestination.playlistName")?.values.first?.value == "Road Trip")
    }
}
