import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// An index read back from its image answers exactly as the index it was made from.
struct VocabularyIndexImageTests {
    static func phrases(seed: UInt64, count: Int) -> [String] {
        var generator = SeededGenerator(seed: seed)
        var phrases = (0..<count).map { _ in VocabularyIndexTests.randomPhrase(&generator) }
        for _ in 0..<(count / 2) {
            let edited = VocabularyIndexTests.randomEdit(VocabularyIndexTests.scalars(phrases.randomElement(using: &generator)!), &generator)
            phrases.append(String(String.UnicodeScalarView(edited.compactMap(Unicode.Scalar.init))))
        }
        return phrases
    }

    static func readBack(_ index: VocabularyIndex, items: [VocabularyItem]) throws -> VocabularyIndex {
        let inputs = VocabularyIndex.imageInputs(items: items, tokenizer: index.tokenizer)
        let image = index.image(inputs: inputs)
        return try image.withUnsafeBytes { bytes in
            try VocabularyIndex(image: bytes, source: "test image", items: items, tokenizer: index.tokenizer, inputs: inputs)
        }
    }

    static func describe(_ matches: [VocabularyMatch]) -> [String] {
        matches.map { "\($0.itemIndex):\($0.edits):\($0.matchedText):\($0.writtenEdits)" }
    }

    @Test(arguments: VocabularyIndexTests.configurations.indices)
    func readBackIndexAnswersAlike(_ configuration: Int) throws {
        let (_, scalarLabels, jumpFanOut) = VocabularyIndexTests.configurations[configuration]
        let items = VocabularyIndexTests.items(Self.phrases(seed: 77 &+ UInt64(configuration), count: 600))
        let index = VocabularyIndex(items: items, tokenizer: VocabularyIndexTests.english,
                                    forceScalarLabels: scalarLabels, jumpFanOut: jumpFanOut)
        let copy = try Self.readBack(index, items: items)
        #expect(copy.keyCount == index.keyCount)
        #expect(copy.entryCount == index.entryCount)
        #expect(copy.memoryFootprint == index.memoryFootprint)
        // Nothing is lost: the copy's image is the original's, byte for byte.
        let inputs = VocabularyIndex.imageInputs(items: items, tokenizer: index.tokenizer)
        #expect(copy.image(inputs: inputs) == index.image(inputs: inputs))

        var generator = SeededGenerator(seed: 99)
        let original = index.makeSearcher(), readBack = copy.makeSearcher()
        for _ in 0..<400 {
            var query = VocabularyIndexTests.scalars(items.randomElement(using: &generator)!.phrases[0].lowercased())
            for _ in 0..<Int.random(in: 0...3, using: &generator) { query = VocabularyIndexTests.randomEdit(query, &generator) }
            guard !query.isEmpty else { continue }
            for edits in 0...2 {
                let a = VocabularyIndexTests.lookup(original, query, policy: .fixed(edits), verbosity: .all)
                let b = VocabularyIndexTests.lookup(readBack, query, policy: .fixed(edits), verbosity: .all)
                #expect(Self.describe(a) == Self.describe(b))
            }
        }
        for prefix in ["a", "ab", "漢", "x"] {
            #expect(Self.describe(index.lookupPrefix(prefix)) == Self.describe(copy.lookupPrefix(prefix)))
        }
    }

    @Test(arguments: ["en", "de", "ja", "zh"])
    func spansInUtterancesAgree(_ tag: String) throws {
        let tokenizer = try Tokenizer(language: Language(tag))
        let words = VocabularySpanTests.languageWords.first { $0.tag == tag }!
        var generator = SeededGenerator(seed: 5)
        var phrases: [String] = []
        for _ in 0..<500 {
            let count = Int.random(in: 1...3, using: &generator)
            phrases.append((0..<count).map { _ in words.words.randomElement(using: &generator)! }.joined(separator: words.spaced ? " " : ""))
        }
        let items = VocabularyIndexTests.items(phrases)
        let index = VocabularyIndex(items: items, tokenizer: tokenizer)
        let copy = try Self.readBack(index, items: items)
        for _ in 0..<100 {
            let count = Int.random(in: 3...10, using: &generator)
            let utterance = (0..<count).map { _ in words.words.randomElement(using: &generator)! }.joined(separator: words.spaced ? " " : "")
            let text = tokenizer.tokenize(utterance)
            let a = index.spans(in: text).map { "\($0.units) \($0.match.itemIndex) \($0.match.edits)" }
            let b = copy.spans(in: text).map { "\($0.units) \($0.match.itemIndex) \($0.match.edits)" }
            #expect(a == b, "\(utterance)")
        }
    }

    /// An image written on purpose, with a payload digest to match (the digest catches
    /// damage, not forgery): each forged word is refused, or the index it makes answers
    /// without reading outside its tables (the searches read them through raw pointers).
    @Test(arguments: VocabularyIndexTests.configurations.indices)
    func aForgedImageIsRefusedOrHarmless(_ configuration: Int) throws {
        let (_, scalarLabels, jumpFanOut) = VocabularyIndexTests.configurations[configuration]
        let items = VocabularyIndexTests.items(Self.phrases(seed: 5, count: 120))
        let index = VocabularyIndex(items: items, tokenizer: VocabularyIndexTests.english, forceScalarLabels: scalarLabels, jumpFanOut: jumpFanOut)
        let inputs = VocabularyIndex.imageInputs(items: items, tokenizer: index.tokenizer)
        let image = index.image(inputs: inputs)
        var generator = SeededGenerator(seed: 41 &+ UInt64(configuration))
        var refused = 0
        for round in 0..<1_500 {
            var forged = image
            let position = 64 + generator.next(below: (image.count - 68) / 4) * 4
            let value: UInt32 = [0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, UInt32(generator.next(below: 1 << 16)), 1][round % 5]
            withUnsafeBytes(of: value) { forged.replaceSubrange(position..<(position + 4), with: $0) }
            var digest = ImageDigest()
            forged.withUnsafeBytes { digest.combine(UnsafeRawBufferPointer(rebasing: $0[64...])) }
            let (low, high) = digest.words
            withUnsafeBytes(of: low) { forged.replaceSubrange(48..<56, with: $0) }
            withUnsafeBytes(of: high) { forged.replaceSubrange(56..<64, with: $0) }
            let copy: VocabularyIndex
            do {
                copy = try forged.withUnsafeBytes { bytes in
                    try VocabularyIndex(image: bytes, source: "forged", items: items, tokenizer: index.tokenizer, inputs: inputs)
                }
            } catch {
                refused += 1
                continue
            }
            let searcher = copy.makeSearcher()
            for phrase in [items[round % items.count].phrases[0], "ab", "x"] {
                for edits in 0...2 {
                    _ = VocabularyIndexTests.lookup(searcher, VocabularyIndexTests.scalars(phrase.lowercased()), policy: .fixed(edits), verbosity: .all)
                }
                _ = copy.lookupPrefix(phrase)
                _ = copy.spans(in: index.tokenizer.tokenize(phrase + " and " + phrase))
            }
        }
        #expect(refused > 0)
    }

    @Test func otherItemsMakeTheImageStale() throws {
        var items = VocabularyIndexTests.items(["Sparkle Sparkly", "Travis", "Deep Relaxation"])
        let tokenizer = VocabularyIndexTests.english
        let index = VocabularyIndex(items: items, tokenizer: tokenizer)
        let image = index.image(inputs: VocabularyIndex.imageInputs(items: items, tokenizer: tokenizer))
        func error(_ items: [VocabularyItem], tokenizer: Tokenizer = VocabularyIndexTests.english, image: [UInt8]) -> ImageError? {
            image.withUnsafeBytes { bytes -> ImageError? in
                do {
                    _ = try VocabularyIndex(image: bytes, source: "test", items: items, tokenizer: tokenizer,
                                            inputs: VocabularyIndex.imageInputs(items: items, tokenizer: tokenizer))
                    return nil
                } catch { return error as? ImageError }
            }
        }
        #expect(error(items, image: image) == nil)
        items[1].priority = 7
        #expect(error(items, image: image)?.kind == .stale)
        items[1].priority = 1
        items[2].pronunciations = ["deep relax ation"]
        #expect(error(items, image: image)?.kind == .stale)
        items[2].pronunciations = []
        #expect(error(items, tokenizer: try Tokenizer(language: Language("de")), image: image)?.kind == .stale)
        #expect(error(items, image: Array(image.dropLast(8)))?.kind == .damaged)
        var flipped = image
        flipped[flipped.count / 2] ^= 1
        #expect(error(items, image: flipped)?.kind == .damaged)
    }
}
