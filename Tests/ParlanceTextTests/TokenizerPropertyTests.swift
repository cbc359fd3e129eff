import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceText

/// Seeded random Unicode text: every token slices exactly its original text, offsets are
/// consistent across views, and normalization is idempotent.
struct TokenizerPropertyTests {
    /// Scalars drawn from blocks that stress the pipeline: ASCII, Latin with marks, combining
    /// marks alone, Greek, Cyrillic, Arabic, Devanagari, Thai, Hangul, kana (full and half
    /// width), Han, fullwidth forms, emoji, joiners, controls and ignorables.
    static let blocks: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0xA0...0x17F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF,
        0x600...0x6FF, 0x900...0x97F, 0xE00...0xE7F, 0xAC00...0xAC40, 0x3040...0x30FF, 0xFF61...0xFF9F,
        0x4E00...0x4E80, 0xFF01...0xFF5E, 0x1F600...0x1F64F, 0x200B...0x200F, 0x2010...0x2027, 0xFE00...0xFE0F,
        0x1D400...0x1D4FF, 0x2460...0x24FF, 0xFB00...0xFB06,
    ]

    static func randomText(_ generator: inout SeededGenerator) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...40, using: &generator) {
            let block = blocks.randomElement(using: &generator)!
            if let scalar = Unicode.Scalar(UInt32.random(in: block, using: &generator)) { view.append(scalar) }
            if Int.random(in: 0..<5, using: &generator) == 0 { view.append(" ") }
        }
        return String(view)
    }

    @Test(arguments: ["en", "fr", "de", "ja", "zh-Hans", "th", "ar"])
    func offsetsSliceTheOriginalAndNormalizationIsIdempotent(_ tag: String) throws {
        let language = try Language(tag)
        let tokenizer = try Tokenizer(language: language)
        let normalizer = Normalizer(language: language)
        var generator = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(tag.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for _ in 0..<400 {
            let text = Self.randomText(&generator)
            let tokenized = tokenizer.tokenize(text)
            let scalars = Array(text.unicodeScalars)
            let utf8 = Array(text.utf8)
            for token in tokenized.tokens + tokenized.units {
                let bySlice = String(String.UnicodeScalarView(scalars[token.scalarRange]))
                let byBytes = String(decoding: utf8[token.utf8Range], as: UTF8.self)
                #expect(bySlice == byBytes, "token \(token) of \(String(reflecting: text))")
                #expect(String(tokenized.original(token)) == bySlice)
                #expect(!token.normalizedRange.isEmpty)
            }
            for pair in zip(tokenized.tokens, tokenized.tokens.dropFirst()) {
                #expect(pair.0.scalarRange.upperBound <= pair.1.scalarRange.lowerBound)
            }
            let once = normalizer.normalize(text)
            #expect(normalizer.normalize(once) == once, "not idempotent on \(String(reflecting: text))")
            for token in tokenized.tokens {
                let normalized = tokenized.normalized(token)
                #expect(normalizer.normalize(normalized) == normalized)
            }
        }
    }

    @Test func oneMegabyteOfTextTokenizes() throws {
        let sentence = "Send a message to Sparkle Sparkly saying are you ready, 寝たまんまヨガ! "
        let text = String(repeating: sentence, count: 1_000_000 / sentence.utf8.count + 1)
        let tokenized = try Tokenizer(language: Language("en")).tokenize(text)
        #expect(tokenized.tokens.count > 100_000)
        #expect(tokenized.tokens.last!.scalarRange.upperBound <= text.unicodeScalars.count)
    }
}

/// Plain Latin text is read without ICU (``PlainWords``): its tokens must be ICU's, on
/// random text dense in the characters that ICU's rules join across classes (letters next to
/// digits, underscores, . , ; : ' " between words), in Latin letters beyond ASCII and the
/// characters beside them that are not letters (× ÷, IPA, combining marks), and on every test
/// utterance of Corpora/tests, in locales whose word rules differ (Swedish and Finnish join
/// letters across a colon).
struct PlainWordsTests {
    static func expectSameTokens(_ text: String, _ tokenizer: Tokenizer) {
        let fast = tokenizer.tokenize(text), icu = tokenizer.tokenize(text, usingICUOnly: true)
        #expect(fast.tokens == icu.tokens, "\(tokenizer.language.tag): \(String(reflecting: text))")
        #expect(fast.units == icu.units)
        #expect(fast.normalizedScalars == icu.normalizedScalars)
    }

    @Test(arguments: ["en", "de", "fr", "sv", "fi", "ja", "zh-Hans"])
    func randomLatinTextTokenizesAsICUDoes(_ tag: String) throws {
        let tokenizer = try Tokenizer(language: Language(tag))
        let alphabet = Array("aZk0aZk09 .,;:'\"_-!?/()\t\n#@&éÀßøÿĀŁſǅȳɏ×÷ɐ\u{301}ªº¿".unicodeScalars)
        var generator = SeededGenerator(seed: 0xA5C1_1000 &+ UInt64(tag.utf8.count))
        var read = 0, readBeyondASCII = 0
        for _ in 0..<10_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...16, using: &generator) {
                view.append(alphabet.randomElement(using: &generator)!)
            }
            let text = String(view)
            if text.utf8.withContiguousStorageIfAvailable({ PlainWords.breakAlike($0) }) == true {
                read += 1
                if text.unicodeScalars.contains(where: { !$0.isASCII }) { readBeyondASCII += 1 }
            }
            Self.expectSameTokens(text, tokenizer)
        }
        // (The fast path must be taken often enough for the comparison to mean something.)
        #expect(read > 1000 && readBeyondASCII > 300, "read without ICU: \(read), of them beyond ASCII \(readBeyondASCII)")
    }

    @Test func corpusUtterancesTokenizeAsICUDoes() throws {
        let tests = SharedData.packageRoot.appendingPathComponent("Corpora/tests")
        let folders = try FileManager.default.contentsOfDirectory(atPath: tests.path)
        #expect(folders.count >= 6)
        var compared = 0
        // One folder per language; a folder with apps or a README of its own (the blind
        // sets) is a set of its own, with language folders inside (or none).
        var languageFolders: [(tag: String, path: URL)] = []
        for folder in folders where !folder.hasSuffix(".md") {
            let path = tests.appendingPathComponent(folder)
            if FileManager.default.fileExists(atPath: path.appendingPathComponent("apps").path)
                || FileManager.default.fileExists(atPath: path.appendingPathComponent("README.md").path) {
                for inner in try FileManager.default.contentsOfDirectory(atPath: path.path) where inner != "apps" && (try? Language(inner)) != nil {
                    languageFolders.append((inner, path.appendingPathComponent(inner)))
                }
            } else {
                languageFolders.append((folder, path))
            }
        }
        for (tag, folder) in languageFolders {
            let tokenizer = try Tokenizer(language: Language(tag))
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".yaml") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("  - utterance: ") {
                    Self.expectSameTokens(String(line.dropFirst("  - utterance: ".count)), tokenizer)
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }
}

/// Tokenizers of languages whose ICU word rules are the same share their iterators, which
/// remember the text they segmented last (``BreakIteratorPool/shared(kind:locale:)``): one
/// utterance tokenized in several languages is segmented once. Every tokenization right
/// after another language's tokenization of the same text must equal the one made after
/// other text, which ICU segments anew.
struct SharedSegmentationTests {
    @Test func languagesOfRootRulesShareOneSegmentation() throws {
        let tokenizers = try ["en", "de", "es", "fr", "ja", "zh-Hans"].map { try Tokenizer(language: Language($0)) }
        for tokenizer in tokenizers.dropFirst() {
            #expect(tokenizer.sharesSegmentation(with: tokenizers[0]), "\(tokenizer.language.tag) breaks words by other rules than en")
        }
    }

    @Test func rememberedSegmentsAreTheTextsOwn() throws {
        let tags = ["en", "de", "es", "fr", "ja", "zh-Hans", "sv", "fi", "th"]
        let tokenizers = try tags.map { try Tokenizer(language: Language($0)) }
        let pieces = ["send", "Müller", "l'heure", "3,5", "ヨガ", "ディープ", "を開始", "给段玉梅", "发消息", "สวัสดี", "x", "2026",
                      " ", " ", ", ", ". ", "'", "-", "の", "で", "é"]
        var generator = SeededGenerator(seed: 0x5E6_0001)
        var shared = 0
        for round in 0..<1500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) { text += pieces.randomElement(using: &generator)! }
            // Each language's segmentation of the text made fresh: after other text.
            let fresh = tokenizers.map { tokenizer in
                _ = tokenizer.tokenize("other text \(round)", usingICUOnly: true)
                return tokenizer.tokenize(text, usingICUOnly: true)
            }
            // Then in a random order, each right after another's segmentation of the same text.
            var previous = tokenizers.count - 1
            for index in tokenizers.indices.shuffled(using: &generator) {
                let tokenized = tokenizers[index].tokenize(text, usingICUOnly: true)
                if tokenizers[index].sharesSegmentation(with: tokenizers[previous]) { shared += 1 }
                #expect(tokenized.tokens == fresh[index].tokens, "\(tags[index]) after \(tags[previous]): \(String(reflecting: text))")
                #expect(tokenized.normalizedScalars == fresh[index].normalizedScalars)
                previous = index
            }
        }
        // (The remembered segments must be used often enough for the comparison to mean something.)
        #expect(shared > 3000)
    }
}

/// The tokenizer's own grapheme splitting for unspaced scripts against the standard
/// library's `Character` segmentation (the reference), on seeded random text of those scripts.
struct GraphemeReferenceTests {
    static let blocks: [ClosedRange<UInt32>] = [
        0x0E00...0x0E7F, 0x0E80...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF,
        0x4E00...0x4E40, 0xFF66...0xFF9F, 0x3099...0x309A, 0x200D...0x200D, 0xFE00...0xFE0F,
    ]

    @Test func unitsMatchCharacterSegmentation() throws {
        var generator = SeededGenerator(seed: 42)
        let tokenizer = try Tokenizer(language: Language("th"))
        for _ in 0..<2000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let block = Self.blocks.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: block, using: &generator)) { view.append(scalar) }
            }
            let text = String(view)
            let tokenized = tokenizer.tokenize(text)
            for token in tokenized.tokens where tokenized.units.contains(where: { $0.isCharacter && token.utf8Range.contains($0.utf8Range.lowerBound) }) {
                let expected = tokenized.original(token).map(String.init)
                let units = tokenized.units.filter { token.utf8Range.contains($0.utf8Range.lowerBound) }
                let got = units.map { String(tokenized.original($0)) }
                // Units whose text normalizes to nothing are dropped; compare the others.
                #expect(got.allSatisfy(expected.contains), "\(String(reflecting: text)): \(got) vs \(expected)")
                #expect(got.count <= expected.count)
            }
        }
    }
}
