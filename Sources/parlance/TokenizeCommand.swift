import ArgumentParser
import Parlance

struct TokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokenize",
        abstract: "Split text into normalized tokens (ICU word breaks; characters in unspaced scripts with --units).")

    @Option(name: .shortAndLong, help: "BCP-47 language tag, e.g. en, de-CH, ja-JP, zh-Hans.")
    var language: String

    @Flag(help: "Print a JSON array of {text, normalized, start, end}; start/end are Unicode-scalar offsets.")
    var json = false

    @Flag(help: "Print matching units: single characters in unspaced scripts, words elsewhere.")
    var units = false

    @Argument(help: "The text, or - to read standard input.")
    var text: String

    struct Row: Encodable {
        let text: String
        let normalized: String
        let start: Int
        let end: Int
    }

    func run() throws {
        let language = try Input.language(language)
        let tokenized = try Tokenizer(language: language).tokenize(Input.text(text))
        let rows = (units ? tokenized.units : tokenized.tokens).map { token in
            Row(text: String(tokenized.original(token)), normalized: tokenized.normalized(token),
                start: token.scalarRange.lowerBound, end: token.scalarRange.upperBound)
        }
        if json {
            print(try JSON.string(rows))
        } else {
            for row in rows { print("\(row.start)\t\(row.end)\t\(row.text)\t\(row.normalized)") }
        }
    }
}
