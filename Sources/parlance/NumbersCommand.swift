import ArgumentParser
import Parlance

struct NumbersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "numbers",
        abstract: "Find numbers in text: digits of any script, decimals, number words, percentages and ordinals.")

    @Option(name: .shortAndLong, help: "BCP-47 language tag, e.g. en, de-CH, ja-JP, zh-Hans.")
    var language: String

    @Flag(help: "Print a JSON array of {text, value, start, end}; start/end are Unicode-scalar offsets.")
    var json = false

    @Argument(help: "The text, or - to read standard input.")
    var text: String

    struct Row: Encodable {
        let text: String
        let value: Double
        let start: Int
        let end: Int
    }

    func run() throws {
        let language = try Input.language(self.language)
        let matches = try NumberReader(language: language).numbers(in: Input.text(text))
        if json {
            let rows = matches.map { Row(text: $0.text, value: $0.value, start: $0.scalarRange.lowerBound, end: $0.scalarRange.upperBound) }
            print(try JSON.string(rows))
        } else {
            for match in matches {
                let value = match.integerValue.map(String.init) ?? String(match.value)
                print("\(match.scalarRange.lowerBound)\t\(match.scalarRange.upperBound)\t\(match.kind)\t\(value)\t\(match.text)")
            }
        }
    }
}
