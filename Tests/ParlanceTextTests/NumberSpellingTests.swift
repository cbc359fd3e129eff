import Testing
@testable import ParlanceText

/// Spellings for grammars that match numbers in words: one per rule set, from ICU.
struct NumberSpellingTests {
    @Test func englishCardinalsOrdinalsAndDecimals() throws {
        let reader = try NumberReader(language: Language("en"))
        let spellings = reader.spellings(of: [21, 2.5, 1])
        #expect(spellings[21]?.contains("twenty-one") == true)
        #expect(spellings[21]?.contains("twenty-first") == true)
        #expect(spellings[2.5]?.contains("two point five") == true)
        #expect(spellings[1]?.contains("one") == true)
        #expect(Set(spellings[21] ?? []).count == spellings[21]?.count)
    }

    @Test func germanCompoundsAndChinese() throws {
        let german = try NumberReader(language: Language("de")).spellings(of: [21])
        // ICU marks the compound's morphemes with soft hyphens (ein­und­zwanzig).
        #expect(german[21]?.contains { $0.replacingSoftHyphens == "einundzwanzig" } == true)
        let chinese = try NumberReader(language: Language("zh")).spellings(of: [50])
        #expect(chinese[50]?.contains("五十") == true)
    }
}

extension String {
    fileprivate var replacingSoftHyphens: String { String(unicodeScalars.filter { $0 != "\u{AD}" }.map(Character.init)) }
}
