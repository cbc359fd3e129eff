import ParlanceTestSupport
import ParlanceText
import ParlanceVocabulary
import Testing
@testable import Parlance

/// The word index of a user's items holds exactly the (word, item) pairs its definition
/// names: each word of each key, in scripts written without spaces each character of a word
/// longer than one and each two characters next to each other, read here the slow way from
/// ``VocabularyIndex/forEachKey(_:)`` and compared hash by hash.
struct ItemWordIndexTests {
    static let phrases = [
        "Frank Barrett", "frank", "José García", "Ωμέγα Άλφα", "山田 太郎", "山田太郎", "村上 拓真", "ヨガ教室",
        "王小明", "王", "ABC山田", "山田ABC 東京", "Anna-Lena Müller", "Straße 5", "小", "田中 さん",
        "Sparkle Sparkly", "Ada Lovelace", "拓真", "東京 タワー 展望台",
    ]

    @Test(arguments: ["en", "ja", "zh-Hans", "de"])
    func holdsEveryPairItsDefinitionNames(_ language: String) throws {
        var generator = SeededGenerator(seed: 0x17E)
        var phrases = Self.phrases
        // And random mixtures of Latin letters, kana, ideographs and spaces.
        let alphabet: [Unicode.Scalar] = ["a", "b", "é", " ", "山", "田", "の", "カ", "王", "z", " "]
        for _ in 0..<300 {
            let length = Int.random(in: 1...9, using: &generator)
            phrases.append(String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! })))
        }
        let items = phrases.enumerated().map { index, phrase in
            VocabularyItem(identifier: "\(index)", phrases: [phrase], type: .user(.contactName), source: .user, priority: index)
        }
        let index = VocabularyIndex(items: items, tokenizer: try Tokenizer(language: Language(language)))
        let words = ItemWordIndex(index)

        var expected: [UInt64: Set<Int32>] = [:]
        index.forEachKey { key, owners in
            let values = key.map(\.value)
            func add(_ scalars: some Collection<UInt32>) {
                for item in owners { expected[ItemWordIndex.hash(values: scalars), default: []].insert(Int32(item)) }
            }
            for word in values.split(separator: 0x20) {
                add(word)
                if word.count > 1 { for scalar in word where scalar >= ItemWordIndex.firstUnspacedScalar { add([scalar]) } }
            }
            for position in values.indices.dropLast()
            where values[position] >= ItemWordIndex.firstUnspacedScalar && values[position + 1] >= ItemWordIndex.firstUnspacedScalar {
                add(values[position...(position + 1)])
            }
        }
        #expect(expected.count > 100)
        for (hash, owners) in expected {
            #expect(Array(words.items(with: hash)) == owners.sorted(), "hash \(hash)")
        }
        for _ in 0..<1_000 {
            let hash = UInt64.random(in: 0..<(1 << 32), using: &generator)
            if expected[hash] == nil { #expect(words.items(with: hash).isEmpty) }
        }
    }
}
