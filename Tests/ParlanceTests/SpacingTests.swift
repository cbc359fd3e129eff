import Foundation
import Parlance
import Testing

/// Runs of spaces (typed, or left where a name or a date was lifted out) are one space to a
/// reading: a value's text keeps one space between words, while its span covers the run
/// (``SlotMatch/matchedText(_:)`` for a value cut after matching).
/// Code that reads a value's words by their place in the utterance must take them from the
/// utterance, not count into the value's text.
@Suite struct SpacingTests {
    /// Requests of the project's corpus with every space tripled: none crashes, and each is
    /// answered as with single spaces. ("Play   Sunday   Mornin   Jazz" stopped the process:
    /// a misspelled playlist inside a value, read by its place in the value's text.)
    @Test(arguments: [
        ("Play   Sunday   Mornin   Jazz", "en"),
        ("Show   my   UnicornChat   messages   from   the   Stardust   Team", "en"),
        ("Send   Rainbow   Dash   a   message   saying   hi", "en"),
        ("Spiel   meine   Playlist   Sumer   Trip", "de"),
        ("Envoie   un   message   à   Sparkle   Sparkly   pour   dire   coucou", "fr"),
        ("Pon   la   lista   Norah   Jonez", "es"),
        // A value cut from free text around a date reads as the matcher's values do.
        ("gibt   es   bei   tabletime   heute   abend   noch   freie   tische   bei   luigi", "de"),
    ])
    func runsOfSpacesReadAsOneSpace(request: String, language: String) throws {
        let engine = try EngineFixture.engine
        let spaced = engine.parse(request, language: language)
        let single = engine.parse(request.split(separator: " ").joined(separator: " "), language: language)
        let best = try #require(single.best, "\(request)")
        #expect(spaced.best?.intent.name == best.intent.name, "\(request)")
        #expect(spaced.best?.app.bundleIdentifier == best.app.bundleIdentifier, "\(request)")
        for parameter in best.parameters {
            #expect(spaced.best?.parameter(parameter.name)?.values.map(\.value) == parameter.values.map(\.value), "\(request): \(parameter.name)")
        }
    }
}
