import ArgumentParser
import Foundation
import Parlance

/// `parlance grammar explain`: why an utterance matched as it did, or how far it got.
struct GrammarExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Match an utterance and show the automaton path of each hypothesis, its ranking, and why it lost.",
        discussion: """
            For each hypothesis: the template, the path (template words, slots and skip words, each with \
            the span of the utterance it consumed, in Unicode scalars, and whether it matched exactly, \
            with edits, as a number or as a wildcard), the ranking key and the first field on which it \
            loses to the hypothesis before it. When nothing matches: the path that read the most of the \
            utterance, the templates it was following and what they expected next; exit status 1.
            """)

    @OptionGroup var query: GrammarQuery

    @Flag(help: "Print JSON: {utterance, length, hypotheses: [{intent, confidence, template, path: [{kind, expected, said, start, end, match, edits, value}], ranking, lostOn}], partial}.")
    var json = false

    func run() throws {
        try reportingErrors {
            let prepared = try query.prepare()
            let explanation = prepared.compiled.explain(prepared.utterance, lists: prepared.lists, context: prepared.context,
                                                        options: prepared.options)
            if json {
                print(try JSON.string(ExplainOutput(explanation), pretty: true))
            } else {
                print(explanation, terminator: "")
            }
            if explanation.result.best == nil { throw ExitCode(1) }
        }
    }
}

/// The JSON of `grammar explain`.
struct ExplainOutput: Encodable {
    struct Step: Encodable {
        let kind: String
        let expected: String
        let said: String
        let start: Int
        let end: Int
        let match: String
        let edits: Int
        let value: String?

        init(_ step: PathStep) {
            kind = step.kind.rawValue
            expected = step.expected
            said = step.said
            start = step.span.lowerBound
            end = step.span.upperBound
            match = step.match.rawValue
            edits = step.edits
            value = step.value
        }
    }

    struct TemplateReference: Encodable {
        let intent: String
        let template: MatchOutput.TemplateSource

        init(_ item: IntentTemplate) {
            intent = item.intent
            template = MatchOutput.TemplateSource(item.template)
        }
    }

    struct Hypothesis: Encodable {
        let match: MatchOutput.Hypothesis
        let path: [Step]
        let lostOn: String?
    }

    struct Partial: Encodable {
        let path: [Step]
        let consumedEnd: Int
        let read: String
        let left: String
        let templates: [TemplateReference]
        let templateCount: Int
        let expected: [String]
        let rejected: [TemplateReference]
    }

    let utterance: String
    let length: Int
    let hypotheses: [Hypothesis]
    let partial: Partial?

    init(_ explanation: MatchExplanation) {
        utterance = explanation.result.utterance
        length = explanation.utteranceLength
        hypotheses = explanation.hypotheses.map { item in
            Hypothesis(match: MatchOutput.Hypothesis(item.hypothesis), path: item.path.map(Step.init), lostOn: item.lostOn?.rawValue)
        }
        partial = explanation.partial.map { partial in
            Partial(path: partial.path.map(Step.init), consumedEnd: partial.consumedEnd, read: partial.read, left: partial.left,
                    templates: partial.templates.map(TemplateReference.init), templateCount: partial.templateCount,
                    expected: partial.expected, rejected: partial.rejected.map(TemplateReference.init))
        }
    }
}
