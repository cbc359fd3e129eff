import Testing
@testable import ParlanceText

/// Golden tokenizations: each token written as `original→normalized`, space-separated.
/// Re-record only on purpose, after checking the new output by eye.
struct TokenizerGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let language: String
        let text: String
        let expected: String
        var testDescription: String { "\(language): \(text)" }
    }

    static let cases: [Case] = [
        Case(language: "en", text: "Send “Hello” to Travis using Commander — it's 3.5 MILES to O’Brien's café",
             expected: "Send→send Hello→hello to→to Travis→travis using→using Commander→commander it's→it's 3.5→3.5 MILES→miles to→to O’Brien's→o'brien's café→cafe"),
        Case(language: "de", text: "Schalte das Licht in der Küche aus, Straße MAẞE Öl",
             expected: "Schalte→schalte das→das Licht→licht in→in der→der Küche→küche aus→aus Straße→strasse MAẞE→masse Öl→öl"),
        Case(language: "es", text: "¿Podrías enviar un mensaje a María? Está en el salón ¡Ya!",
             expected: "Podrías→podrias enviar→enviar un→un mensaje→mensaje a→a María→maria Está→esta en→en el→el salón→salon Ya→ya"),
        Case(language: "fr", text: "Allume la lumière du salon, s’il te plaît — Noël",
             expected: "Allume→allume la→la lumière→lumiere du→du salon→salon s’il→s'il te→te plaît→plait Noël→noel"),
        Case(language: "it", text: "Accendi la luce della cucina, perché è già l'ora",
             expected: "Accendi→accendi la→la luce→luce della→della cucina→cucina perché→perche è→e già→gia l'ora→l'ora"),
        Case(language: "pt-BR", text: "Você pode ligar a luz da sala? Não, obrigação",
             expected: "Você→voce pode→pode ligar→ligar a→a luz→luz da→da sala→sala Não→nao obrigação→obrigacao"),
        Case(language: "ru", text: "Включи свет на кухне, пожалуйста. Ёлка",
             expected: "Включи→включи свет→свет на→на кухне→кухне пожалуйста→пожалуйста Ёлка→ёлка"),
        Case(language: "ja", text: "寝たまんまヨガでディープリラクゼーションを開始ｶﾞｷﾞ ＡＢＣ１２３",
             expected: "寝→寝 た→た まんま→まんま ヨガ→よが で→で デ→で ィ→ぃ ー→ー プ→ぷ リラクゼーション→りらくぜーしょん を→を 開始→開始 ｶﾞ→が ｷﾞ→ぎ ＡＢＣ１２３→abc123"),
        Case(language: "zh-Hans", text: "用UnicornChat给Celestra发消息：你好！",
             expected: "用→用 UnicornChat→unicornchat 给→给 Celestra→celestra 发→发 消息→消息 你好→你好"),
        // Traditional Chinese stays traditional: no conversion between the two scripts.
        Case(language: "zh-Hant", text: "用獨角獸聊天傳送訊息給小明",
             expected: "用→用 獨角獸→獨角獸 聊天→聊天 傳送→傳送 訊息→訊息 給→給 小明→小明"),
        Case(language: "ko", text: "안녕하세요, 거실 불 켜 줘",
             expected: "안녕하세요→안녕하세요 거실→거실 불→불 켜→켜 줘→줘"),
        Case(language: "th", text: "เปิดไฟในห้องนั่งเล่นหน่อย",
             expected: "เปิด→เปิด ไฟ→ไฟ ใน→ใน ห้อง→ห้อง นั่ง→นั่ง เล่น→เล่น หน่อย→หน่อย"),
        Case(language: "ar", text: "أرسل رسالة إلى محمد ٤٢",
             expected: "أرسل→أرسل رسالة→رسالة إلى→إلى محمد→محمد ٤٢→٤٢"),
        Case(language: "hi", text: "रसोई की बत्ती जलाओ",
             expected: "रसोई→रसोई की→की बत्ती→बत्ती जलाओ→जलाओ"),
    ]

    @Test(arguments: cases)
    func tokens(_ testCase: Case) throws {
        let tokenized = try Tokenizer(language: Language(testCase.language)).tokenize(testCase.text)
        let rendered = tokenized.tokens.map { "\(tokenized.original($0))→\(tokenized.normalized($0))" }.joined(separator: " ")
        #expect(rendered == testCase.expected)
    }

    @Test func japaneseUnitsAreCharactersAndSliceTheInput() throws {
        let text = "寝たまんまヨガでディープリラクゼーションを開始"
        let tokenized = try Tokenizer(language: Language("ja")).tokenize(text)
        #expect(tokenized.units.count == text.count)
        #expect(tokenized.units.allSatisfy { $0.isCharacter })
        let scalars = Array(text.unicodeScalars)
        for unit in tokenized.units {
            let slice = String(String.UnicodeScalarView(scalars[unit.scalarRange]))
            #expect(slice == String(tokenized.original(unit)))
        }
        // ディープ is one word to a reader but four tokens to ICU 72: the units don't care.
        let normalizedUnits = tokenized.units.map(tokenized.normalized).joined()
        #expect(normalizedUnits.contains("でぃーぷりらくぜーしょん"))
        // A word token's normalized form is the concatenation of its characters'.
        #expect(tokenized.tokens.map(tokenized.normalized).joined() == normalizedUnits)
    }

    @Test func latinRunsInsideCJKStayWords() throws {
        let tokenized = try Tokenizer(language: Language("ja")).tokenize("UnicornChatでCelestraに送って")
        let units = tokenized.units.map(tokenized.normalized)
        #expect(units == ["unicornchat", "で", "celestra", "に", "送", "っ", "て"])
        #expect(tokenized.units[0].isCharacter == false)
    }

    @Test func emptyAndSeparatorOnlyTextHasNoTokens() throws {
        let tokenizer = try Tokenizer(language: Language("en"))
        #expect(tokenizer.tokenize("").tokens.isEmpty)
        #expect(tokenizer.tokenize(" \t\n , ; — !? ").tokens.isEmpty)
    }

    @Test func controlCharactersAndReplacementCharactersDoNotCrash() throws {
        let tokenizer = try Tokenizer(language: Language("en"))
        let text = "a\u{0}b\u{1}\u{7F}c\u{FFFD}d\u{200B}e\u{FEFF}\u{AD}f"
        let tokenized = tokenizer.tokenize(text)
        #expect(!tokenized.tokens.isEmpty)
        for token in tokenized.tokens { #expect(!tokenized.normalized(token).isEmpty) }
    }
}
