import Foundation
import ParlanceCorpora
import ParlanceGrammar
import ParlanceTraining

extension MatchCalibration {
    /// The calibration of Home Assistant matching shipped with Parlance
    /// (`Corpora/calibration/home-assistant.json`, embedded; Corpora/calibration/README.md),
    /// fitted on the test sentences of the shared corpus's languages and corrupted copies of
    /// them. Nil when the build has none or it is not this version's.
    public static let homeAssistant: MatchCalibration? = {
        guard let file = EmbeddedCorpora.files.first(where: { $0.path == "calibration/home-assistant.json" }) else { return nil }
        return try? MatchCalibration(json: Data(file.bytes), source: file.path)
    }()
}

/// Corrupted copies of a sentence, as people and recognizers corrupt what they say: a typo
/// in a word (a letter replaced, dropped, doubled, or two swapped), a word left out, two
/// words swapped, a stray word. Deterministic for a seed. In text without spaces
/// (Japanese, Chinese, Thai) the characters are the words.
///
/// What the match calibration is fitted on besides the sentences as written: they give
/// readings that are wrong as well as right, with the ranking's numbers of each.
public struct SentenceCorruption: Sendable {
    private var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    private mutating func below(_ bound: Int) -> Int { generator.next(below: max(1, bound)) }

    /// `sentence` with one corruption, `noise` the stray words to draw from; nil when the
    /// sentence is too short for the one drawn.
    public mutating func corrupt(_ sentence: String, noise: [String]) -> String? {
        var words = sentence.split(whereSeparator: \.isWhitespace).map { Array($0.unicodeScalars) }
        let unspaced = words.count == 1
        if unspaced { words = words[0].map { [$0] } }
        guard !words.isEmpty else { return nil }
        let join = { (words: [[Unicode.Scalar]]) -> String in
            var text = String.UnicodeScalarView()
            for (index, word) in words.enumerated() {
                if index > 0 && !unspaced { text.append(" ") }
                text.append(contentsOf: word)
            }
            return String(text)
        }
        switch below(4) {
        case 0:
            // A typo: in a word of three letters or more, or (unspaced) a character replaced
            // by another of the sentence, dropped or doubled.
            if unspaced {
                let at = below(words.count)
                switch below(3) {
                case 0: words[at] = words[below(words.count)]
                case 1: words.remove(at: at)
                default: words.insert(words[at], at: at)
                }
                guard !words.isEmpty else { return nil }
            } else {
                let long = words.indices.filter { words[$0].filter(\.properties.isAlphabetic).count >= 3 }
                guard !long.isEmpty else { return nil }
                let index = long[below(long.count)]
                var word = words[index]
                let at = below(word.count)
                switch below(4) {
                case 0:
                    let replacement = word[below(word.count)]
                    word[at] = replacement == word[at] ? (word[at] == "e" ? "a" : "e") : replacement
                case 1: word.remove(at: at)
                case 2: word.insert(word[at], at: at)
                default:
                    guard at + 1 < word.count else { return nil }
                    word.swapAt(at, at + 1)
                }
                words[index] = word
            }
        case 1:
            guard words.count >= 3 else { return nil }
            words.remove(at: below(words.count))
        case 2:
            guard words.count >= 2 else { return nil }
            let at = below(words.count - 1)
            words.swapAt(at, at + 1)
        default:
            guard let other = noise.isEmpty ? nil : noise[below(noise.count)] else { return nil }
            let strays = unspaced ? other.unicodeScalars.map { [$0] } : other.split(whereSeparator: \.isWhitespace).map { Array($0.unicodeScalars) }
            guard !strays.isEmpty else { return nil }
            words.insert(strays[below(strays.count)], at: below(words.count + 1))
        }
        let corrupted = join(words)
        return corrupted == sentence ? nil : corrupted
    }
}

extension HomeAssistantCorpus {
    /// One sample of the match calibration: the best hypothesis's features and whether it
    /// was right (intent and every slot, as ``ItemOutcome/topCorrect`` scores it).
    public struct CalibrationSample: Sendable {
        public let features: [Double]
        public let correct: Bool
        /// True for a test sentence as written, false for a corrupted copy.
        public let asWritten: Bool
    }

    /// The samples of one language: each test sentence as written and `corruptions`
    /// corrupted copies of it (``SentenceCorruption``, seeded with `seed`), matched without
    /// calibration. A sentence nothing matches gives no sample.
    public static func calibrationSamples(_ suite: LanguageSuite, corruptions: Int, seed: UInt64) -> [CalibrationSample] {
        var corruption = SentenceCorruption(seed: seed)
        let noise = suite.items.map(\.utterance)
        var samples: [CalibrationSample] = []
        let raw = HomeAssistantSubject(grammar: suite.subject.grammar, lists: suite.subject.lists, options: suite.subject.options, calibration: nil)
        for item in suite.items {
            var sentences = [(item.utterance, true)]
            for _ in 0..<corruptions {
                if let corrupted = corruption.corrupt(item.utterance, noise: noise) { sentences.append((corrupted, false)) }
            }
            for (sentence, asWritten) in sentences {
                let result = raw.match(sentence, context: item.context)
                guard result.best != nil else { continue }
                let outcome = ItemOutcome(item: item, prediction: raw.prediction(of: result, calibrated: false), nanoseconds: 0)
                samples.append(CalibrationSample(features: MatchCalibration.features(of: result, at: 0), correct: outcome.topCorrect, asWritten: asWritten))
            }
        }
        return samples
    }
}
