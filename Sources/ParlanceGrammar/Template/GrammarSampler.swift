/// Sentences a grammar says, drawn at random: what a learned reading is trained on beside
/// the apps' example phrases.
///
/// Each sentence follows one template of an intent: an alternative takes one branch, an
/// optional part is said or not, a permutation's items come in a random order, a rule says
/// what its template says (to a bounded depth), a list of values says one of its values, a
/// number range one of its numbers in digits. Open lists (wildcards, lists the engine fills
/// with vocabulary) say nothing: their words are names, not the phrasing of the intent;
/// except those given a stand-in word, which say it (the engine's date lists say one word
/// for every date, as the requests it ranks have their dates read into that word).
///
/// Deterministic for a seed (SplitMix64), and stable under edits: each draw of an intent
/// picks its template by rendezvous hashing (the template whose text hashes highest with the
/// draw's number) and expands it from a seed of the draw and the template's text, so editing,
/// adding or removing a template redraws only the draws that template wins, and the other
/// intents' sentences stay as they were. (One random stream for the whole grammar redrew
/// every sentence after the first one edited: a learned reading trained on them moved by a
/// few requests either way with any edit, whatever the edit did.)
public struct GrammarSampler {
    /// How deep rules may nest in one sentence; deeper references say nothing.
    static let maximumDepth = 16

    private let grammar: LanguageGrammar
    private let seed: UInt64
    /// The current draw's random stream.
    private var state: UInt64
    /// The word each open list named here says.
    private let standIns: [String: String]

    public init(_ grammar: LanguageGrammar, seed: UInt64 = 0x5eed_5a91e, standIns: [String: String] = [:]) {
        self.grammar = grammar
        self.standIns = standIns
        self.seed = seed
        state = seed
    }

    /// Up to `perIntent` distinct sentences of every intent (fewer when its templates say
    /// fewer), drawn with at most four tries per sentence wanted, from the templates of the
    /// data blocks `including` keeps.
    ///
    /// - Complexity: O(intents × perIntent × (templates + the size of one expansion)).
    public mutating func sentences(perIntent: Int, including: (IntentData) -> Bool = { _ in true }) -> [(intent: String, text: String)] {
        var result: [(intent: String, text: String)] = []
        for intent in grammar.intents {
            let templates = intent.data.filter(including).flatMap { data in data.sentences.map { (template: $0, data: data) } }
            guard !templates.isEmpty else { continue }
            let keys = templates.map { Self.digest($0.template.text) }
            let intentKey = Self.mixed(seed ^ Self.digest(intent.name))
            var seen: Set<String> = []
            for draw in 0..<(4 * perIntent) where seen.count < perIntent {
                let drawKey = Self.mixed(intentKey &+ UInt64(draw) &* 0x9E37_79B9_7F4A_7C15)
                // The template that wins this draw: the highest hash of the draw and its text.
                var chosen = 0
                var highest: UInt64 = 0
                for (index, key) in keys.enumerated() {
                    let score = Self.mixed(drawKey ^ key)
                    if index == 0 || score > highest { (chosen, highest) = (index, score) }
                }
                state = Self.mixed(drawKey &+ keys[chosen])
                let (template, data) = templates[chosen]
                var text = ""
                say(template.expression, rules: grammar.expansionRules(for: data), lists: grammar.lists(for: data), depth: 0, into: &text)
                let cleaned = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                if !cleaned.isEmpty, seen.insert(cleaned).inserted { result.append((intent.name, cleaned)) }
            }
        }
        return result
    }

    /// A text's 64-bit FNV-1a hash, the same in every process (unlike `Hasher`'s).
    static func digest(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// SplitMix64's finalizer: `value`'s bits mixed.
    static func mixed(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func say(_ expression: Expression, rules: [String: Template], lists: [String: SlotList], depth: Int,
                              into text: inout String) {
        switch expression {
        case .literal(let literal):
            text += literal.original
        case .sequence(let items):
            for item in items { say(item, rules: rules, lists: lists, depth: depth, into: &text) }
        case .alternative(let branches):
            guard !branches.isEmpty else { return }
            say(branches[next(below: branches.count)], rules: rules, lists: lists, depth: depth, into: &text)
        case .optional(let item):
            if next(below: 2) == 0 { say(item, rules: rules, lists: lists, depth: depth, into: &text) }
        case .permutation(let items):
            var order = Array(items.indices)
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, next(below: i + 1)) }
            for index in order {
                text += " "
                say(items[index], rules: rules, lists: lists, depth: depth, into: &text)
                text += " "
            }
        case .rule(let reference):
            guard depth < Self.maximumDepth, let rule = rules[reference.ruleName] else { return }
            say(rule.expression, rules: rules, lists: lists, depth: depth + 1, into: &text)
        case .list(let reference):
            guard let list = lists[reference.listName] else { return }
            switch list.kind {
            case .values(let values):
                guard !values.isEmpty, depth < Self.maximumDepth else { return }
                say(values[next(below: values.count)].input.expression, rules: rules, lists: lists, depth: depth + 1, into: &text)
            case .range(let range):
                let steps = max(0, min((range.upperBound - range.lowerBound) / max(1, range.step), 1_000))
                text += " \(range.lowerBound + range.step * next(below: steps + 1)) "
            case .wildcard, .external:
                text += standIns[reference.listName].map { " \($0) " } ?? " "
            }
        }
    }

    /// A number in 0..<bound (SplitMix64).
    private mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Int(Self.mixed(state) % UInt64(max(1, bound)))
    }
}
