import Foundation
@testable import Parlance
import ParlanceTestSupport
import ParlanceText
import ParlanceVocabulary
import Testing

/// German keeps diacritics, English folds them, so each has its own index of the users'
/// vocabulary; a parse that reads both takes German's spans from the English search,
/// measuring again those the fold may have changed (``Reader``'s `partnerUserSpans`).
/// Wherever it does, they must be exactly the spans German's own index finds.
@Suite struct PartnerSpansTests {
    /// Names that fold into each other (Müller, Muller; Jürgen, Jurgen; Straße, Strasse),
    /// names the fold leaves alone, Japanese names, and a few hundred seeded ones built from
    /// syllables with and without marks.
    static let names: [String] = {
        var names = ["Müller", "Muller", "Mueller", "Jürgen Weiß", "Jurgen Weiss", "Straße", "Strasse", "Björk", "Bjork", "Zoë Ruiz",
                     "Zoe Ruiz", "Renée", "Renee", "Sparkle Sparkly", "Frank Barrett", "村上 拓真", "ルイージ", "Señor Frog", "Senor Frog",
                     "Ångström", "Angstrom", "Öztürk", "Ozturk", "Frank Müller"]
        let syllables = ["mül", "mul", "jür", "jur", "bjö", "bjo", "ka", "ri", "to", "na", "zoë", "zoe", "ré", "re", "sa", "ßa", "ssa", "lo"]
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<400 {
            let words = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                (0..<Int.random(in: 2...3, using: &generator)).map { _ in syllables.randomElement(using: &generator)! }.joined().capitalized
            }
            names.append(words.joined(separator: " "))
        }
        return names
    }()

    static let engine = Result { () throws(EngineError) -> Engine in
        var apps = EngineFixture.apps
        for index in apps.indices where apps[index].bundleIdentifier == "com.example.unicornchat" {
            let mine = apps[index].userVocabulary.speakableStrings(of: .contactName)
            _ = apps[index].userVocabulary.setVocabulary(mine + names.map { SpeakableString(spokenPhrase: $0) }, of: .contactName)
        }
        return try Engine(apps: apps, grammars: EngineFixture.corpora.appendingPathComponent("grammars"), languages: ["en", "de"])
    }

    /// Utterances around the names, as written and with one or two letters changed, plus
    /// every English and German utterance of Corpora/tests.
    static func utterances() throws -> [String] {
        var generator = SeededGenerator(seed: 7)
        let frames = ["Send %@ a message saying hi", "Schick %@ eine Nachricht", "call %@ now", "%@", "Ruf %@ und %@ an"]
        var utterances: [String] = []
        for name in names {
            for variant in [name, typo(name, using: &generator), typo(typo(name, using: &generator), using: &generator)] {
                let frame = frames.randomElement(using: &generator)!
                let other = names.randomElement(using: &generator)!
                utterances.append(String(format: frame, variant, other))
            }
        }
        let tests = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests").path)
        utterances += tests.filter { $0.language == "en" || $0.language == "de" || $0.language == "ja" }.map(\.utterance)
        return utterances
    }

    static func typo(_ text: String, using generator: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        guard scalars.count > 2 else { return text }
        let at = Int.random(in: 0..<(scalars.count - 1), using: &generator)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöüßé".unicodeScalars)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: scalars[at] = letters.randomElement(using: &generator)!
        case 1: scalars.insert(letters.randomElement(using: &generator)!, at: at)
        case 2: scalars.remove(at: at)
        default: scalars.swapAt(at, at + 1)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test func germanSpansTakenFromEnglishAreGermansOwn() throws {
        let engine = try Self.engine.get()
        let german = try #require(engine.models.first { $0.tag == "de" })
        let english = try #require(engine.models.first { $0.tag == "en" })
        #expect(engine.diacriticsFoldingPartners[german.position] === english)
        #expect(engine.diacriticsFoldingPartners[english.position] == nil)
        var taken = 0, takenWithFoldedLetters = 0, searched = 0
        for utterance in try Self.utterances() {
            for policy in [EditPolicy.default, .fixed(0), .fixed(2)] {
                let memo = engine.memo(reading: utterance, user: engine.defaultUser)
                memo.searchedForms = [english.form]
                let tokens = memo.utterance(in: german).tokens
                let own = german.vocabulary(with: engine.defaultUser).userSpans(in: memo.utterance(in: german), policy: policy)
                guard let fromEnglish = Reader(engine: engine, model: german, user: engine.defaultUser).partnerUserSpans(policy: policy, memo: memo) else {
                    searched += 1
                    continue
                }
                taken += 1
                if tokens.normalizedScalars != memo.utterance(in: english).tokens.normalizedScalars { takenWithFoldedLetters += 1 }
                #expect(fromEnglish == own, "\(utterance) with \(policy): from English \(fromEnglish), German's own \(own)")
            }
        }
        // Every way is exercised: spans taken as they are (ASCII and Japanese text), spans
        // measured again (text with ä, ö, ü, é), and German's own search (too many to measure).
        #expect(taken > 4_000 && takenWithFoldedLetters > 2_000 && searched > 100,
                "taken \(taken) (\(takenWithFoldedLetters) with letters the fold changes), searched \(searched)")
    }

    @Test func aParseGivenGermanSearchesGermansOwnIndex() throws {
        let engine = try Self.engine.get()
        let german = try #require(engine.models.first { $0.tag == "de" })
        let memo = engine.memo(reading: "Schick Frank Barrett eine Nachricht", user: engine.defaultUser)
        // No English read in the parse: nothing to take.
        #expect(Reader(engine: engine, model: german, user: engine.defaultUser).partnerUserSpans(policy: .default, memo: memo) == nil)
        // And the parse without a language finds the same names as the German one.
        let given = try #require(engine.parse("Schick Frank Barrett eine Nachricht dass ich komme", language: "de").best)
        let guessed = try #require(engine.parse("Schick Frank Barrett eine Nachricht dass ich komme").best)
        #expect(given.intent.name == guessed.intent.name && given.app.bundleIdentifier == guessed.app.bundleIdentifier)
        #expect(given.parameter("recipients")?.values.map(\.value) == guessed.parameter("recipients")?.values.map(\.value))
    }
}
