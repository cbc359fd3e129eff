import Testing
@testable import ParlanceText

@Test func japaneseOffsetsSliceTheInput() throws {
    let text = "寝たまんまヨガでディープリラクゼーションを開始"
    let tokenized = try Tokenizer(language: Language("ja")).tokenize(text)
    #expect(!tokenized.tokens.isEmpty)
    for token in tokenized.units {
        #expect(tokenized.original(scalars: token.scalarRange) == tokenized.original(token))
    }
}
