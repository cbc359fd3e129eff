import ParlanceText
import Testing

/// Which text could be in a language, by script.
@Suite struct WritingScriptsTests {
    @Test func scriptsOfLanguages() throws {
        let english = try Language("en").writingScripts
        let japanese = try Language("ja").writingScripts
        let chinese = try Language("zh-Hans").writingScripts
        let russian = try Language("ru").writingScripts
        #expect(english.writesLetters(of: "Pay my bill"))
        #expect(!english.writesLetters(of: "寝たまんまヨガ"))
        #expect(japanese.writesLetters(of: "UnicornChatでスパークル"))
        #expect(japanese.writesLetters(of: "電話"))          // Han is Japanese too
        #expect(!japanese.writesLetters(of: "Pay my bill 42"))
        #expect(chinese.writesLetters(of: "用独角兽聊天"))
        #expect(!chinese.writesLetters(of: "すぱーくる"))     // kana only
        #expect(russian.writesLetters(of: "Позвони маме"))
        #expect(!russian.writesLetters(of: "call mom"))
    }
}
