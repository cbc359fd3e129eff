import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// ``VocabularyIndex/forEachKey(_:)``: every key as the index normalized it, with its items,
/// whichever labels the index stores.
struct IndexKeysTests {
    @Test(arguments: [false, true])
    func everyKeyWithItsItems(scalarLabels: Bool) throws {
        let tokenizer = try Tokenizer(language: Language("ja"))
        let items = [
            VocabularyItem(identifier: "a", phrases: ["Kenji Sato", "ケンジ"], type: .user(.contactName), source: .user),
            VocabularyItem(identifier: "b", phrases: ["Kenji  SATO"], type: .user(.contactName), source: .user),
            VocabularyItem(identifier: "c", phrases: ["木村さくら"], type: .user(.contactName), source: .user),
        ]
        let index = VocabularyIndex(items: items, tokenizer: tokenizer, forceScalarLabels: scalarLabels, jumpFanOut: 12)
        var keys: [String: [Int]] = [:]
        index.forEachKey { key, owners in keys[String(String.UnicodeScalarView(key)), default: []] += owners }
        // One key per distinct normalized phrase; items sharing it are listed together.
        #expect(keys.count == 3)
        #expect(keys["kenji sato"]?.sorted() == [0, 1])
        #expect(keys["けんじ"] == [0])            // katakana folded to hiragana in Japanese
        #expect(keys["木村さくら"] == [2])
        #expect(keys.values.reduce(0) { $0 + $1.count } == index.entryCount)
    }
}
