/// Why an utterance matched as it did: for each hypothesis the automaton path it took and
/// why it ranks where it does; when nothing matched, how far the best partial path got.
///
/// Made by ``CompiledGrammar/explain(_:lists:context:options:)``; its ``description`` is
/// what `parlance grammar explain` prints.
public struct MatchExplanation: Sendable, CustomStringConvertible {
    /// The result, as ``CompiledGrammar/match(_:lists:context:options:)`` returns it.
    public let result: MatchResult
    /// One explanation per hypothesis of ``result``, in the same order.
    public let hypotheses: [HypothesisExplanation]
    /// When nothing matched: the path that read the most of the utterance. Nil when a
    /// hypothesis exists or the utterance has nothing to read.
    public let partial: PartialMatch?
    /// The utterance's length in Unicode scalars (spans are offsets into it).
    public let utteranceLength: Int
}

/// One hypothesis with the path that produced it.
public struct HypothesisExplanation: Sendable {
    /// The hypothesis.
    public let hypothesis: Hypothesis
    /// The automaton path: template words, slots and skipped words in utterance order.
    public let path: [PathStep]
    /// For every hypothesis after the first: the first ranking key field on which it loses
    /// to the hypothesis before it (``RankingKey/firstDifference(from:)``).
    public let lostOn: RankingKey.Field?
}

/// One step of an automaton path: what the template expected and what the utterance said.
public struct PathStep: Sendable, Hashable, CustomStringConvertible {
    /// What the step consumed.
    public enum Kind: String, Sendable, Hashable {
        /// A template word (a piece of the template's literal text, normalized).
        case word
        /// A slot, filled from its list.
        case slot
        /// A skip word of the language, passed over.
        case skipWord = "skip word"
    }

    /// How the step matched.
    public enum Match: String, Sendable, Hashable {
        /// As written.
        case exact
        /// With edits.
        case fuzzy
        /// A number of a range list.
        case number
        /// A wildcard, taking any words.
        case wildcard
    }

    /// What the step consumed.
    public let kind: Kind
    /// What the template expected: the word, `{list}` or `{list:slot}` for a slot, the
    /// skip word as said for a skip word.
    public let expected: String
    /// The utterance's text the step consumed (punctuation aside).
    public let said: String
    /// The span in the utterance, in Unicode scalar offsets.
    public let span: Range<Int>
    /// How it matched.
    public let match: Match
    /// Edits between what was expected and what was said.
    public let edits: Int
    /// For a slot: the value it took (the list's value as written, the number, or the text).
    public let value: String?

    /// A path step, as the matcher reports it; public so callers can build expectations.
    public init(kind: Kind, expected: String, said: String, span: Range<Int>, match: Match, edits: Int = 0, value: String? = nil) {
        self.kind = kind
        self.expected = expected
        self.said = said
        self.span = span
        self.match = match
        self.edits = edits
        self.value = value
    }

    public var description: String {
        var text = "\(span.lowerBound)..<\(span.upperBound) \(kind.rawValue) \(expected) \"\(said)\" \(match.rawValue)"
        if edits > 0 { text += " (\(edits) edit\(edits == 1 ? "" : "s"))" }
        if let value { text += " → \(value)" }
        return text
    }
}

/// The path that read the most of an utterance nothing matched.
public struct PartialMatch: Sendable {
    /// Its steps.
    public let path: [PathStep]
    /// Where it stopped, in Unicode scalars of the utterance.
    public let consumedEnd: Int
    /// The utterance's text it read.
    public let read: String
    /// The utterance's text left over.
    public let left: String
    /// Templates it was following (those still reachable from where it stopped), at most
    /// ``PartialMatch/templateLimit``, with their intents.
    public let templates: [IntentTemplate]
    /// How many templates were reachable in all.
    public let templateCount: Int
    /// What would have let it go on: template words, `{list}` slots, or "end of the
    /// utterance" when a template could end there.
    public let expected: [String]
    /// Templates whose paths read the whole utterance but whose data block's conditions
    /// (`requires_context`, `excludes_context`, required keywords) rejected them.
    public let rejected: [IntentTemplate]

    /// At most this many templates are listed.
    public static let templateLimit = 3
    /// At most this many expected words and slots are listed.
    public static let expectedLimit = 12
}

/// A template and the intent it belongs to.
public struct IntentTemplate: Sendable {
    /// The intent's name.
    public let intent: String
    /// The template.
    public let template: Template
}

extension MatchExplanation {
    /// The explanation as text: per hypothesis its intent and confidence, template, path
    /// (span, kind, what was expected, what was said, how it matched), ranking key and the
    /// field it lost on; or the best partial path.
    ///
    /// ```
    /// #1 HassTurnOn  confidence 0.97
    ///   template  sentences/en/homeassistant_HassTurnOn.yaml:12:14  <turn> on [the] {name}
    ///   path      0..<4    word  turn    "turn"          exact
    ///             5..<7    word  on      "on"            exact
    ///             12..<25  slot  {name}  "kitchen light"  exact → Kitchen Light
    ///   ranking   word edits 0, wildcards 0 (0 chars), value edits 0, …
    /// ```
    public var description: String {
        var output = "utterance \"\(result.utterance)\" (\(utteranceLength) scalars)\n"
        guard !hypotheses.isEmpty else {
            output += "no match\n"
            guard let partial else { return output + "  nothing to read\n" }
            output += "best partial path: read \(partial.consumedEnd) of \(utteranceLength) scalars"
            output += partial.left.isEmpty ? ", all of it, but no template ends there\n" : ", \"\(partial.left)\" left\n"
            if !partial.path.isEmpty { output += MatchExplanation.table(partial.path, label: "  path      ") }
            if partial.templateCount > 0 {
                output += "  following \(partial.templateCount) template\(partial.templateCount == 1 ? "" : "s")"
                output += partial.templateCount > partial.templates.count ? ", the first \(partial.templates.count):\n" : ":\n"
                for item in partial.templates { output += "            \(item.intent)  \(item.template.location)  \(item.template.text)\n" }
            }
            if !partial.expected.isEmpty { output += "  expected  \(partial.expected.joined(separator: ", "))\n" }
            for item in partial.rejected {
                output += "  rejected  \(item.intent)  \(item.template.location)  \(item.template.text): the data block's conditions are not met\n"
            }
            return output
        }
        for (rank, explanation) in hypotheses.enumerated() {
            let hypothesis = explanation.hypothesis
            output += "#\(rank + 1) \(hypothesis.intent)  confidence \(MatchResult.twoDecimals(hypothesis.confidence))"
            output += hypothesis.isNearTie ? "  (near tie with another intent)\n" : "\n"
            output += "  template  \(hypothesis.template.location)  \(hypothesis.template.text)\n"
            output += MatchExplanation.table(explanation.path, label: "  path      ")
            let unsaid = hypothesis.slots.filter { $0.kind == .fixed || $0.kind == .context }
            if !unsaid.isEmpty {
                output += "  slots     " + unsaid.map { "\($0.name)=\($0.value) (\($0.kind.rawValue))" }.joined(separator: ", ") + "\n"
            }
            output += "  ranking   \(hypothesis.ranking)\n"
            if let field = explanation.lostOn, rank > 0 {
                let winner = hypotheses[rank - 1].hypothesis.ranking.value(of: field)
                let loser = hypothesis.ranking.value(of: field)
                output += "  lost to #\(rank) on \(field.rawValue): \(loser) against \(winner) (\(field.largerIsBetter ? "more" : "fewer") ranks first"
                output += field == .templateOrder ? "; only the grammar's order decides)\n" : ")\n"
            }
        }
        return output
    }

    /// Path steps as aligned rows, the first prefixed by `label`, the rest indented as far.
    static func table(_ steps: [PathStep], label: String) -> String {
        let rows = steps.map { step -> [String] in
            var how = step.match.rawValue
            if step.edits > 0 { how += " (\(step.edits) edit\(step.edits == 1 ? "" : "s"))" }
            if let value = step.value { how += " → \(value)" }
            return ["\(step.span.lowerBound)..<\(step.span.upperBound)", step.kind.rawValue, step.expected, "\"\(step.said)\"", how]
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var output = ""
        for (index, row) in rows.enumerated() {
            var line = index == 0 ? label : String(repeating: " ", count: label.count)
            for column in 0..<4 { line += row[column] + String(repeating: " ", count: widths[column] - row[column].count + 2) }
            output += line + row[4] + "\n"
        }
        return output
    }
}
