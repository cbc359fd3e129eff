import ArgumentParser
import Parlance

struct VocabSpansCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spans",
        abstract: "Find every vocabulary entry that occurs in an utterance, exactly or within the allowed edits.")

    @OptionGroup var options: VocabularyOptions

    @Flag(help: "Print JSON: an array of {text, start, end, match}; start/end are Unicode-scalar offsets.")
    var json = false

    @Argument(help: "The utterance, or - to read standard input.")
    var utterance: String

    struct SpanRow: Encodable {
        let text: String
        let start: Int
        let end: Int
        let match: MatchRow
    }

    func run() throws {
        try reportingErrors {
            let policy = try options.policy()
            let (index, tokenizer) = try options.index(stats: false)
            let tokenized = tokenizer.tokenize(Input.text(utterance))
            let rows = index.spans(in: tokenized, policy: policy).map { span in
                SpanRow(text: String(tokenized.original(scalars: span.scalarRange)), start: span.scalarRange.lowerBound,
                        end: span.scalarRange.upperBound, match: MatchRow(span.match))
            }
            if json {
                print(try JSON.string(rows))
            } else {
                for row in rows {
                    print("\(row.start)\t\(row.end)\t\(row.text)\t\(row.match.edits)\t\(row.match.type)\t\(row.match.identifier ?? "-")\t\(row.match.text)")
                }
            }
        }
    }
}

