/// Phrases a grammar says are interchangeable, read from the grammar itself: the branches of
/// one alternative (`(play|put on|start playing)`, `(止めて|ストップして)`) and the inputs of one
/// list value's output (`outstanding`, `unpaid` and `still owe` all meaning `unpaid`).
///
/// A grammar's author writes these groups to say one thing several ways; they are the
/// language's paraphrases for the domain, from data, for any language a grammar is written
/// in. Rules no template uses count too: the built-in grammars keep the language's
/// paraphrase groups beyond their domains as such rules (`_paraphrases.yaml`,
/// `paraphrase_movie: "(film|movie)"`). A learned reading uses them to say an app's few
/// example phrases the other ways too ("Stop my podcast in 15 minutes" → "pause my podcast
/// in 15 minutes").
///
/// Only plain text counts: a branch or input holding a list, a rule, an optional part or a
/// permutation is left out of its group (its words are not one phrase), and so are empty
/// branches. A group has at least two distinct phrases, each of at most ``maximumWords``
/// words (spaces counted, so an unspaced phrase is one word here).
///
/// ```swift
/// let groups = ParaphraseGroups(grammar) { $0.metadata["app"] == nil }
/// groups.groups // [["play", "put on", "start playing", …], ["the", "my", "a"], …]
/// ```
public struct ParaphraseGroups: Sendable {
    /// The longest phrase kept, in space-separated words.
    public static let maximumWords = 4

    /// The groups, each of distinct phrases as written (whitespace collapsed), in the order
    /// the grammar says them; groups said more than once are kept once.
    public let groups: [[String]]

    /// The groups of every template and expansion rule of `grammar`'s data blocks that
    /// `including` keeps, and of the values of the lists those blocks see.
    ///
    /// - Complexity: O(size of the templates, rules and lists).
    public init(_ grammar: LanguageGrammar, including: (IntentData) -> Bool = { _ in true }) {
        var seen: Set<[String]> = []
        var groups: [[String]] = []
        func add(_ phrases: [String]) {
            var distinct: [String] = []
            for phrase in phrases where !phrase.isEmpty && !distinct.contains(phrase)
                && phrase.split(separator: " ").count <= Self.maximumWords {
                distinct.append(phrase)
            }
            guard distinct.count >= 2, seen.insert(distinct.sorted()).inserted else { return }
            groups.append(distinct)
        }
        func collect(_ expression: Expression) {
            expression.visit { node in
                if case .alternative(let branches) = node { add(branches.compactMap(\.plainText)) }
            }
        }
        var rulesRead: Set<String> = []
        var listsRead: Set<String> = []
        for intent in grammar.intents {
            for data in intent.data where including(data) {
                for template in data.sentences { collect(template.expression) }
                for (name, rule) in grammar.expansionRules(for: data).sorted(by: { $0.key < $1.key })
                    where data.expansionRules[name] != nil || rulesRead.insert(name).inserted {
                    collect(rule.expression)
                }
                for (name, list) in grammar.lists(for: data).sorted(by: { $0.key < $1.key })
                    where data.lists[name] != nil || listsRead.insert(name).inserted {
                    guard case .values(let values) = list.kind else { continue }
                    var byOutput: [DataValue: [String]] = [:]
                    var outputs: [DataValue] = []
                    for value in values {
                        let texts = value.input.expression.plainAlternatives
                        guard let output = value.output, !texts.isEmpty else { continue }
                        if byOutput[output] == nil { outputs.append(output) }
                        byOutput[output, default: []] += texts
                    }
                    for output in outputs { add(byOutput[output]!) }
                }
            }
        }
        self.groups = groups
    }
}

extension Expression {
    /// The texts this expression says when it is plain text or an alternative of plain texts
    /// (a list value's input `(closed|shut)`): the plain branches, empty when none is.
    var plainAlternatives: [String] {
        if let text = plainText { return [text] }
        switch self {
        case .alternative(let branches): return branches.compactMap(\.plainText).filter { !$0.isEmpty }
        case .sequence(let items) where items.count == 1: return items[0].plainAlternatives
        default: return []
        }
    }

    /// The text this expression says when it says only literal text (whitespace collapsed
    /// and trimmed), nil when it holds anything else (a list, a rule, an alternative, an
    /// optional part, a permutation).
    var plainText: String? {
        var text = ""
        func append(_ expression: Expression) -> Bool {
            switch expression {
            case .literal(let literal):
                text += literal.original
                return true
            case .sequence(let items):
                return items.allSatisfy(append)
            case .alternative, .optional, .permutation, .list, .rule:
                return false
            }
        }
        guard append(self) else { return nil }
        let words = Literal.hassilText(text).split(separator: " ")
        return words.isEmpty ? "" : words.joined(separator: " ")
    }
}
