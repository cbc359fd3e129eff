import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceDateTime

@Suite struct DateTimeVocabularyTests {
    @Test func everyBuiltInFileLoads() throws {
        #expect(DateTimeVocabulary.builtInLanguages == ["de", "en", "es", "fr", "ja", "zh-Hans"])
        for tag in DateTimeVocabulary.builtInLanguages {
            let vocabulary = try #require(try DateTimeVocabulary.builtIn(for: Language(tag)))
            #expect(vocabulary.language == tag)
            #expect(vocabulary.entries.count > 50)
        }
        // Regional tags and the bare Chinese tag find their file.
        #expect(try DateTimeVocabulary.builtIn(for: Language("en-GB"))?.language == "en")
        #expect(try DateTimeVocabulary.builtIn(for: Language("zh"))?.language == "zh-Hans")
    }

    @Test func aLanguageIsAddedByAFile() throws {
        let yaml = """
            language: it
            words:
              domani: day 1
              alle: at
              ore: hour-mark
              minuti: unit minute
              tra: later-before
            """
        let vocabulary = try DateTimeVocabulary(yaml: yaml, source: "it.yaml")
        let reader = try DateTimeReader(language: Language("it"), vocabulary: vocabulary)
        let found = reader.read("domani alle otto e tra venti minuti", now: saturday)
        #expect(found.map(describe) == ["2026-11-29T08:00:00/hour?", "2026-11-28T10:20:00/second"])
    }

    @Test func errorsNameTheFileLineAndWhatWasExpected() {
        func error(_ yaml: String) -> DateTimeVocabularyError? {
            do {
                _ = try DateTimeVocabulary(yaml: yaml, source: "xx.yaml")
                return nil
            } catch {
                return error
            }
        }
        let unknown = error("language: xx\nwords:\n  demain: day 1\n  hier: yesterday\n")
        #expect(unknown?.line == 4)
        #expect(unknown?.description.contains("xx.yaml:4: 'hier': unknown meaning 'yesterday'") == true)
        #expect(error("language: xx\nwords:\n  a: unit fortnight\n")?.line == 3)
        #expect(error("language: xx\nwords:\n  a: weekday 8\n") != nil)
        #expect(error("words:\n  a: day 1\n")?.message.contains("language") == true)
        #expect(error("language: xx\nwords:\n  a: day 1\n  a: day 2\n")?.message.contains("duplicate") == true)
        // An alias bomb is refused before it is expanded (issue 41).
        var bomb = "language: xx\nx0: &a0 [day 1, day 1, day 1, day 1, day 1, day 1, day 1, day 1, day 1]\n"
        for level in 1...8 { bomb += "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n" }
        #expect(error(bomb + "words: *a8\n")?.description
                == "xx.yaml:8: more than 1000000 nodes once its aliases are expanded; expected at most 1000000 nodes (an alias counts as the nodes it stands for)")
        #expect(throws: DateTimeReaderError.self) {
            _ = try DateTimeReader(language: Language("xx"), vocabulary: DateTimeVocabulary(yaml: "language: xx\nwords:\n  '24h': hour-mark\n", source: "xx.yaml"))
        }
    }

    @Test func aLanguageWithoutAFileIsAnErrorThatListsTheOthers() {
        #expect {
            _ = try DateTimeReader(language: Language("sv"))
        } throws: { error in
            "\(error)".contains("no date and time vocabulary for language 'sv'") && "\(error)".contains("zh-Hans")
        }
    }
}
