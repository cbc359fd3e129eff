import ParlanceText
import ParlanceTraining
import Testing

/// How much of a request a label's examples say: what a learned reading accounts for, the
/// way a template accounts for the words it spells.
struct IntentRankerTests {
    static let ranker = Result { () throws -> IntentRanker in
        let tokenizer = try Tokenizer(language: Language("en"))
        return IntentRanker(examples: [("Log my morning pills", "LogDose"), ("Tell it I took my medication", "LogDose"),
                                       ("When is my next dose", "NextDose"), ("Which pill is next", "NextDose")],
                            tokenizer: tokenizer, numbers: try NumberReader(language: Language("en")), ignoredWords: ["please"])
    }

    /// A word is said by a label's examples as written, in another form that begins with the
    /// same four letters ("pill" for "pills", "medicine" for "medication"), or when it says
    /// nothing of any label (an ignored word).
    @Test func wordsTheExamplesSay() throws {
        let ranker = try Self.ranker.get()
        // "log" 3, "my" 2, "pill" 4 (a form of "pills"), "please" 6 (ignored); "blue" and "now" are not said.
        #expect(ranker.scalarsSaid(in: "log my blue pill now please", by: "LogDose") == (said: 15, looked: 22))
        // "pill" is said by NextDose as written; "log" is not its word.
        #expect(ranker.scalarsSaid(in: "log my blue pill now please", by: "NextDose") == (said: 12, looked: 22))
        #expect(ranker.scalarsSaid(in: "the medicine", by: "LogDose") == (said: 8, looked: 11))
        // Words inside a range the caller counts itself are left out of both counts.
        #expect(ranker.scalarsSaid(in: "log my blue pill", by: "LogDose", leaving: [7..<11]) == (said: 9, looked: 9))
        #expect(ranker.scalarsSaid(in: "", by: "LogDose") == (said: 0, looked: 0))
        #expect(ranker.scalarsSaid(in: "log it", by: "NoSuchLabel") == (said: 0, looked: 5))
    }

    /// A number is said when the label's examples say a number, whatever its words.
    @Test func numbersAreSaidAsNumbers() throws {
        let tokenizer = try Tokenizer(language: Language("en"))
        let ranker = IntentRanker(examples: [("Add 2 glasses of water", "LogWater"), ("How much have I drunk", "Total")],
                                  tokenizer: tokenizer, numbers: try NumberReader(language: Language("en")))
        #expect(ranker.says(IntentRanker.numberWord, label: "LogWater"))
        #expect(!ranker.says(IntentRanker.numberWord, label: "Total"))
        // "twenty five" is one number: both its words are said; "glass" is a form of "glasses".
        #expect(ranker.scalarsSaid(in: "twenty five glass", by: "LogWater") == (said: 15, looked: 15))
        #expect(ranker.scalarsSaid(in: "twenty five glass", by: "Total") == (said: 0, looked: 15))
    }

    /// A question mark, in any script's form, is a word of its own: asking is evidence of
    /// the intent whose examples ask ("Is my order ready?") over the one whose examples act.
    @Test func aQuestionMarkIsEvidence() throws {
        let tokenizer = try Tokenizer(language: Language("en"))
        let ranker = IntentRanker(examples: [("Order my usual coffee", "OrderUsual"), ("Get me my usual coffee", "OrderUsual"),
                                             ("Is my order ready?", "CheckStatus"), ("Check my order status", "CheckStatus")],
                                  tokenizer: tokenizer)
        let labels: Set = ["OrderUsual", "CheckStatus"]
        func status(_ text: String) -> Double { ranker.ranked(text, among: labels).first { $0.label == "CheckStatus" }?.probability ?? 0 }
        #expect(status("has my coffee finished yet?") > 2 * status("has my coffee finished yet"))
        #expect(ranker.ranked("done yet?", among: labels).first?.label == "CheckStatus")
        #expect(IntentRanker.words(of: "coffee ready？", tokenizer: tokenizer).last == IntentRanker.questionWord)
        #expect(!IntentRanker.words(of: "coffee ready", tokenizer: tokenizer).contains(IntentRanker.questionWord))
    }

    /// A ranker read back from its image ranks, and accounts for words, exactly as the one
    /// written; an image of other inputs, or cut short, is refused naming its file.
    @Test func imageReadsBackTheSameRanker() throws {
        let ranker = try Self.ranker.get()
        let tokenizer = try Tokenizer(language: Language("en"))
        let numbers = try NumberReader(language: Language("en"))
        var inputs = ImageDigest()
        inputs.combine("the examples above")
        let image = ranker.image(inputs: inputs)
        let read = try image.withUnsafeBytes { try IntentRanker(image: $0, source: "ranker.image", inputs: inputs, tokenizer: tokenizer, numbers: numbers) }
        #expect(read.labels == ranker.labels)
        #expect(read.ignoredWords == ranker.ignoredWords)
        for text in ["log my blue pill now please", "when is the next one", "twenty five pills", "", "what's the weather"] {
            let (a, b) = (ranker.ranked(text, among: ["LogDose", "NextDose"]), read.ranked(text, among: ["LogDose", "NextDose"]))
            #expect(a.map(\.label) == b.map(\.label) && a.map(\.probability) == b.map(\.probability), "\(text)")
            for label in ranker.labels {
                #expect(read.scalarsSaid(in: text, by: label) == ranker.scalarsSaid(in: text, by: label), "\(text) as \(label)")
                #expect(read.unsaidRuns(in: text, by: label) == ranker.unsaidRuns(in: text, by: label), "\(text) as \(label)")
            }
        }
        var other = ImageDigest()
        other.combine("other examples")
        #expect(throws: ImageError.self) {
            try image.withUnsafeBytes { try IntentRanker(image: $0, source: "ranker.image", inputs: other, tokenizer: tokenizer, numbers: numbers) }
        }
        for cut in [0, 16, image.count / 2, image.count - 1] {
            let error = #expect(throws: ImageError.self) {
                try Array(image.prefix(cut)).withUnsafeBytes {
                    try IntentRanker(image: $0, source: "ranker.image", inputs: inputs, tokenizer: tokenizer, numbers: numbers)
                }
            }
            #expect(error?.source == "ranker.image", "cut at \(cut)")
        }
    }
}
