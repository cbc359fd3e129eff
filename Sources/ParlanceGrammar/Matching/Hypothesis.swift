/// How to match an utterance.
public struct MatchOptions: Sendable, Hashable {
    /// When template words and list values may match with edits.
    public enum Fuzziness: Sendable, Hashable {
        /// Exact matches only.
        case off
        /// Corrections only where they can still win (see ``RankingKey``): of list values
        /// when the exact pass finds nothing or only hypotheses with wildcards, of template
        /// words when nothing else matches. The best hypothesis is the same as with
        /// ``always``, for the cost of one exact pass on most clean input.
        case whenExactFails
        /// Edits always allowed: every hypothesis within the budget is returned.
        case always
        /// Corrections (of list values and template words) only when the exact pass finds
        /// nothing at all: for grammars whose open lists are wildcards backed by values the
        /// caller found (``FoundValues``), where hypotheses with wildcards are the rule.
        case whenNothingMatches
    }

    /// When edits are allowed.
    public var fuzziness: Fuzziness
    /// The most edits one hypothesis may carry in all (each word or value also stays within
    /// its own ``EditBudget``).
    public var maxEdits: Int
    /// A slot whose presence ranks a hypothesis first among those with as few edits, the
    /// longer its text the better (hassil's `best_slot_name`; Home Assistant passes "name",
    /// so a named entity beats an area that happens to share its first word).
    public var preferredSlot: String?
    /// The most hypotheses returned, best first.
    public var limit: Int
    /// Whether a slot filled several times keeps every value, in utterance order ("to Anna
    /// and Ben"); by default the last one wins, as in hassil.
    public var keepsRepeatedSlots: Bool = false
    /// The most paths followed per automaton state and utterance position, best scores
    /// first. nil: twice ``limit`` (at least 16), or every path where a ``preferredSlot`` or
    /// the grammar's context rules weigh a path's captures beyond its score; `Int.max`:
    /// every path (slower on long utterances with many vocabulary values, same best
    /// hypotheses).
    public var beamWidth: Int?
    /// The most paths followed at one utterance position across all automaton states, best
    /// scores first: a bound on the work per character of the utterance whatever the grammar
    /// (a permutation of wildcards keeps thousands of states alive at once, and a grammar
    /// with context rules has no beam). Past it, a path outscored by this many others at its
    /// position is dropped, even where a preferred slot or a context rule would have chosen
    /// it. nil: 64 paths per path of the beam, or 1,024 without a beam, five times the most
    /// that any test utterance of the 25 languages' corpora or the sample apps reaches; an
    /// utterance longer than ``positionsAtFullBudget`` positions shares that many positions'
    /// worth (``positionBudget(beamWidth:positions:)``); `Int.max`: no bound.
    public var positionBudget: Int?

    /// How many positions' worth of the default position budget an utterance has: up to this
    /// many positions (longer than any request of the corpora), the whole budget at each; a
    /// longer utterance shares this many positions' worth evenly among its positions, never
    /// less than ``leastPositionBudget`` at each. So matching time has a ceiling beside the
    /// one per character: a hostile grammar (a permutation of wildcards and a context rule)
    /// that fills the budget at every position took 6.7 s over 10,000 characters.
    public static let positionsAtFullBudget = 256
    /// The default position budget's floor, however long the utterance.
    public static let leastPositionBudget = 8

    /// The position budget used with a beam of `beamWidth` (`Int.max`: none) over an
    /// utterance of `positions` positions.
    public func positionBudget(beamWidth: Int, positions: Int) -> Int {
        if let positionBudget { return positionBudget }
        let (wide, overflow) = beamWidth.multipliedReportingOverflow(by: 64)
        let whole = beamWidth == .max ? 1024 : overflow ? Int.max : max(1024, wide)
        guard positions > Self.positionsAtFullBudget, whole < Int.max else { return whole }
        return max(Self.leastPositionBudget, whole / positions * Self.positionsAtFullBudget + whole % positions * Self.positionsAtFullBudget / positions)
    }
    /// The most characters a hypothesis may leave unexplained: the scalars its wildcards
    /// take plus the edits in its values (``RankingKey/wildcardScalars`` plus
    /// ``RankingKey/valueEdits``, both only growing along a path). Paths past it are dropped
    /// as soon as they are: a caller that already holds a reading leaving fewer characters
    /// unexplained asks only for readings that could beat it (nil: no limit).
    public var maxUnexplained: Int?
    /// How hypotheses and the beam's paths are ranked (``RankingOrder``): hassil's order by
    /// default.
    public var order: RankingOrder = .hassil
    /// Where free text under a beam is pushed: where it ends (linear in the utterance's
    /// length), or at each of its ends where it starts (the plain way, which tests compare
    /// it with). See ``FreeTextSources``.
    var freeTextPushing = FreeTextPushing.whereItEnds

    /// The defaults: corrections where they can win, two edits at most, no preferred slot,
    /// eight hypotheses.
    public init(fuzziness: Fuzziness = .whenExactFails, maxEdits: Int = 2, preferredSlot: String? = nil, limit: Int = 8) {
        self.fuzziness = fuzziness
        self.maxEdits = maxEdits
        self.preferredSlot = preferredSlot
        self.limit = limit
    }
}

/// The hypotheses for one utterance, best first.
public struct MatchResult: Sendable {
    /// The utterance as given.
    public let utterance: String
    /// Complete matches, best first (at most ``MatchOptions/limit``), one per intent and set
    /// of slot values.
    public let hypotheses: [Hypothesis]

    /// The best hypothesis, if any template matched.
    public var best: Hypothesis? { hypotheses.first }

    /// True when the best hypothesis and the next one of a different intent rank the same
    /// on everything but the final tie-breakers (see ``RankingKey/ties(with:)``): the
    /// utterance is ambiguous between intents, and the order between them is arbitrary.
    public var isAmbiguous: Bool { hypotheses.first?.isNearTie ?? false }
}

/// One complete match of an utterance: an intent, its slots, and how well it matched.
public struct Hypothesis: Sendable {
    /// The intent's name.
    public var intent: String { fields.intent }
    /// The slots: those the utterance filled, in utterance order, then the data block's
    /// fixed slots and slots copied from the context. A slot filled twice keeps its last value.
    public var slots: [SlotMatch] { fields.slots }
    /// The context after matching: the given context with what matched values brought
    /// (an entity's domain) merged over it.
    public var context: [String: DataValue] { fields.context }
    /// The data block's metadata.
    public var metadata: [String: DataValue] { fields.metadata }
    /// The response key (`response:`, or "default").
    public var response: String { fields.response }
    /// The template that matched.
    public var template: Template { fields.template }
    /// The ranking key.
    public let ranking: RankingKey
    /// A confidence in [0, 1] derived from the ranking key (see ``RankingKey/confidence``),
    /// halved on a near-tie with another intent.
    public private(set) var confidence: Double
    /// True when a hypothesis of another intent ranks the same up to the tie-breakers.
    public private(set) var isNearTie: Bool

    /// The fields that hold references, in one immutable box: hypotheses are copied into
    /// candidate lists, rankings and results, and a struct of strings, arrays and
    /// dictionaries costs a retain and a release per reference on every copy.
    private final class Fields: Sendable {
        let intent: String
        let slots: [SlotMatch]
        let context: [String: DataValue]
        let metadata: [String: DataValue]
        let response: String
        let template: Template

        init(intent: String, slots: [SlotMatch], context: [String: DataValue], metadata: [String: DataValue], response: String,
             template: Template) {
            self.intent = intent
            self.slots = slots
            self.context = context
            self.metadata = metadata
            self.response = response
            self.template = template
        }
    }

    private let fields: Fields

    init(intent: String, slots: [SlotMatch], context: [String: DataValue], metadata: [String: DataValue], response: String,
         template: Template, ranking: RankingKey, confidence: Double, isNearTie: Bool) {
        fields = Fields(intent: intent, slots: slots, context: context, metadata: metadata, response: response, template: template)
        self.ranking = ranking
        self.confidence = confidence
        self.isNearTie = isNearTie
    }

    /// The same hypothesis with another confidence and near-tie mark (the box is shared).
    func with(confidence: Double, isNearTie: Bool) -> Hypothesis {
        var copy = self
        copy.confidence = confidence
        copy.isNearTie = isNearTie
        return copy
    }

    /// The same reading with `count` more template words counted as corrected (what the
    /// caller finds the template matched otherwise than written), its confidence with them
    /// (``RankingKey/confidence(matchedScalars:)`` costs an edit a quarter).
    public func withWordEdits(_ count: Int) -> Hypothesis {
        guard count > 0 else { return self }
        let key = ranking
        var edited = RankingKey(wordEdits: key.wordEdits + count, valueEdits: key.valueEdits, lacksPreferredSlot: key.lacksPreferredSlot,
                                preferredSlotLength: key.preferredSlotLength, wildcards: key.wildcards, literalScalars: key.literalScalars,
                                requirementsMet: key.requirementsMet, skippedWords: key.skippedWords, wildcardScalars: key.wildcardScalars,
                                templateOrder: key.templateOrder)
        edited.order = key.order
        var scaled = confidence
        for _ in 0..<count { scaled *= 0.75 }
        return Hypothesis(intent: intent, slots: slots, context: context, metadata: metadata, response: response, template: template,
                          ranking: edited, confidence: scaled, isNearTie: isNearTie)
    }

    /// The slot named `name`, if filled.
    public func slot(_ name: String) -> SlotMatch? { slots.first { $0.name == name } }

    /// The same reading with other slots (the caller's reading of its values: a value the
    /// template gave one slot that the vocabulary says is another's); its ranking stays.
    public func with(slots: [SlotMatch]) -> Hypothesis {
        Hypothesis(intent: intent, slots: slots, context: context, metadata: metadata, response: response, template: template,
                   ranking: ranking, confidence: confidence, isNearTie: isNearTie)
    }

    /// The slots as hassil's `entities`: name → value.
    public var slotValues: [String: DataValue] {
        Dictionary(slots.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

/// A filled slot.
public struct SlotMatch: Sendable, Hashable, CustomStringConvertible {
    /// How a slot was filled.
    public enum Kind: String, Sendable, Hashable {
        /// A list value matched as written.
        case exact
        /// A list value matched with edits.
        case fuzzy
        /// A number of a range list.
        case number
        /// A value whose list gives no output: the slot holds the text as said.
        case text
        /// A wildcard: any text.
        case wildcard
        /// A fixed slot of the data block (`slots:`).
        case fixed
        /// Copied from the context (`requires_context: {area: {slot: true}}`).
        case context
    }

    /// The slot's name.
    public let name: String
    /// The slot's value: the list value's output, the number (times the range's
    /// multiplier), or the text as said.
    public let value: DataValue
    /// The utterance's text the slot spans, as hassil reports it ("" for fixed and context slots).
    public let text: String
    /// The list value that matched, as the list writes it ("Kitchen Light" for "kitchn
    /// light"); nil for numbers, wildcards, fixed and context slots.
    public let listValue: String?
    /// The span in the utterance, in Unicode scalar offsets; nil for fixed and context slots.
    public let span: Range<Int>?
    /// How the slot was filled.
    public let kind: Kind
    /// Edits between the list value and the text (0 unless ``Kind/fuzzy``, or for value
    /// templates whose words matched with edits).
    public let edits: Int
    /// For a value the caller found (``FoundValues``), its position in ``FoundValues/values``.
    public let foundIndex: Int?

    /// A filled slot, as the matcher reports it; public so callers can build expectations.
    public init(name: String, value: DataValue, text: String = "", listValue: String? = nil, span: Range<Int>? = nil,
                kind: Kind, edits: Int = 0, foundIndex: Int? = nil) {
        self.foundIndex = foundIndex
        self.name = name
        self.value = value
        self.text = text
        self.listValue = listValue
        self.span = span
        self.kind = kind
        self.edits = edits
    }

    public var description: String {
        var result = "\(name)=\(value) [\(kind)"
        if let span { result += " \(span.lowerBound)..<\(span.upperBound)" }
        if edits > 0 { result += " edits \(edits)" }
        return result + "]"
    }
}

/// How hypotheses are ranked: a lexicographic key, smaller first.
///
/// 1. ``wordEdits``: fewer edits in template words (the sentence frame as written beats a
///    corrected one, whatever else differs);
/// 2. ``wildcards``: fewer (hassil's first criterion: a wildcard explains nothing);
/// 3. ``wildcardScalars``: less text left to wildcards (hassil gives a wildcard the shortest
///    span that lets the rest match);
/// 4. ``valueEdits``: fewer edits in list values. A misspelled known value still explains
///    more than a wildcard swallowing it ("cancel the kitchn timer" names the kitchen, not
///    a timer called "kitchn"), hence after 2–3;
/// 5. ``lacksPreferredSlot``: hypotheses filling ``MatchOptions/preferredSlot`` from the
///    utterance first, then ``preferredSlotLength``: longer text first (hassil's
///    `best_slot_name`);
/// 6. ``literalScalars``: more template text matched (hassil's second criterion);
/// 7. ``requirementsMet``: more `requires_context` entries satisfied (a block that asks for
///    a sensor measuring temperature, and gets one, says more than a block that asks nothing);
/// 8. ``skippedWords``: fewer skip words passed over;
/// 9. ``templateOrder``: the grammar's order (intents by name, then file order), so results
///    are deterministic.
///
/// Items 1–8 decide; 9 only breaks ties (see ``ties(with:)``). That is hassil's order
/// (``RankingOrder/hassil``); with ``RankingOrder/leastUnexplained`` items 2 and 3 become
/// the characters left unexplained (``wildcardScalars`` plus ``valueEdits``), then the
/// wildcards.
public struct RankingKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Edits in template words.
    public let wordEdits: Int
    /// Edits in list values.
    public let valueEdits: Int
    /// True when the preferred slot is not filled from the utterance.
    public let lacksPreferredSlot: Bool
    /// The length of the preferred slot's text, in Unicode scalars (code points, as
    /// hassil's len() counts them).
    public let preferredSlotLength: Int
    /// Wildcard slots filled.
    public let wildcards: Int
    /// Scalars of template text matched.
    public let literalScalars: Int
    /// `requires_context` entries the match satisfied.
    public let requirementsMet: Int
    /// Skip words passed over.
    public let skippedWords: Int
    /// Scalars covered by wildcards.
    public let wildcardScalars: Int
    /// The template's position in the grammar.
    public let templateOrder: Int
    /// The order the key ranks in (both keys compared are of one order).
    public var order: RankingOrder = .hassil

    /// Edits of every kind.
    public var edits: Int { wordEdits + valueEdits }

    /// Items 1–5 and 6–8 of the key, smaller first (two tuples: Swift compares tuples of
    /// up to six elements), without building arrays on the hot path.
    private var head: (Int, Int, Int, Int, Int, Int) {
        switch order {
        case .hassil: (wordEdits, wildcards, wildcardScalars, valueEdits, lacksPreferredSlot ? 1 : 0, -preferredSlotLength)
        case .leastUnexplained: (wordEdits, wildcardScalars + valueEdits, wildcards, valueEdits, lacksPreferredSlot ? 1 : 0, -preferredSlotLength)
        }
    }
    private var tail: (Int, Int, Int) { (-literalScalars, -requirementsMet, skippedWords) }

    public static func < (lhs: RankingKey, rhs: RankingKey) -> Bool {
        let (left, right) = (lhs.head, rhs.head)
        if left != right { return left < right }
        let (l, r) = (lhs.tail, rhs.tail)
        return (l.0, l.1, l.2, lhs.templateOrder) < (r.0, r.1, r.2, rhs.templateOrder)
    }

    /// True when the two keys agree on items 1–8, the ones that decide (in either order:
    /// the same fields decide).
    public func ties(with other: RankingKey) -> Bool {
        (wordEdits, wildcards, wildcardScalars, valueEdits, lacksPreferredSlot, preferredSlotLength) ==
            (other.wordEdits, other.wildcards, other.wildcardScalars, other.valueEdits, other.lacksPreferredSlot, other.preferredSlotLength)
            && tail == other.tail
    }

    /// The fields of the key, in the order they decide.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case wordEdits = "word edits"
        case wildcards = "wildcards"
        case wildcardScalars = "wildcard characters"
        case valueEdits = "value edits"
        case preferredSlot = "preferred slot filled"
        case preferredSlotLength = "preferred slot length"
        case literalScalars = "literal characters"
        case requirementsMet = "requirements met"
        case skippedWords = "skipped words"
        case templateOrder = "template order"

        /// True when a larger value ranks first (more literal text); false when a smaller does.
        public var largerIsBetter: Bool {
            switch self {
            case .preferredSlot, .preferredSlotLength, .literalScalars, .requirementsMet: true
            default: false
            }
        }
    }

    /// The value of `field` (``Field/preferredSlot``: 1 when filled, else 0).
    public func value(of field: Field) -> Int {
        switch field {
        case .wordEdits: wordEdits
        case .wildcards: wildcards
        case .wildcardScalars: wildcardScalars
        case .valueEdits: valueEdits
        case .preferredSlot: lacksPreferredSlot ? 0 : 1
        case .preferredSlotLength: preferredSlotLength
        case .literalScalars: literalScalars
        case .requirementsMet: requirementsMet
        case .skippedWords: skippedWords
        case .templateOrder: templateOrder
        }
    }

    /// The first field, in deciding order, on which this key and `other` differ; nil when
    /// they are equal. It is why one of them ranks before the other.
    ///
    /// ```swift
    /// second.ranking.firstDifference(from: first.ranking)  // .literalScalars: 8 against 10
    /// ```
    public func firstDifference(from other: RankingKey) -> Field? {
        // (In the order that puts unexplained characters second, they decide as the
        // wildcard characters do, value edits counted in.)
        if order == .leastUnexplained, wordEdits == other.wordEdits,
           wildcardScalars + valueEdits != other.wildcardScalars + other.valueEdits { return .wildcardScalars }
        return Field.allCases.first { value(of: $0) != other.value(of: $0) }
    }

    /// The confidence the key stands for, in [0, 1]: each edit costs a quarter, each
    /// wildcard and each skipped word a tenth, and the share of the utterance the template's
    /// own text covers adds up to a fifth (a bare `{name}` template is less telling than
    /// "turn on the {name}").
    ///
    /// `confidence = 0.75^edits × 0.9^(wildcards + skippedWords) × (0.8 + 0.2 × literal / matched)`
    public func confidence(matchedScalars: Int) -> Double {
        let coverage = matchedScalars > 0 ? min(1, Double(literalScalars) / Double(matchedScalars)) : 1
        var value = 1.0
        for _ in 0..<edits { value *= 0.75 }
        for _ in 0..<(wildcards + skippedWords) { value *= 0.9 }
        return value * (0.8 + 0.2 * coverage)
    }

    public var description: String {
        // A preferred slot is filled with text of one character at least: 0 means none was asked for.
        let preferred = lacksPreferredSlot ? "preferred slot missing, " : preferredSlotLength > 0 ? "preferred slot \(preferredSlotLength) chars, " : ""
        return "word edits \(wordEdits), wildcards \(wildcards) (\(wildcardScalars) chars), value edits \(valueEdits), \(preferred)literal \(literalScalars), requirements met \(requirementsMet), skipped \(skippedWords), template #\(templateOrder)"
    }
}

extension SlotMatch {
    /// `text` (a stretch of an utterance) as a slot's ``text`` reports what it matched:
    /// punctuation that ends a word or stands alone removed, runs of whitespace one space,
    /// case and diacritics kept, as hassil reports matched text. For a value cut from the
    /// utterance after matching, so that it reads as a value the matcher made.
    public static func matchedText(_ text: some StringProtocol) -> String {
        MatchInput.text(of: ArraySlice(text.unicodeScalars))
    }
}

extension Hypothesis {
    /// A reading of `intent` that no template of the grammar made (a learned reading): the
    /// `slots` the caller found (values found in the utterance), `template` naming where it
    /// comes from, and a ranking key that leaves the `unexplained` characters of the
    /// utterance to free text, as one wildcard does, and counts the `said` characters that
    /// its examples say as a template's literal text: it ranks after every template's
    /// reading that explains more of the utterance.
    public static func unmatched(intent: String, slots: [SlotMatch] = [], template: Template, unexplained: Int, said: Int = 0,
                                 confidence: Double) -> Hypothesis {
        let ranking = RankingKey(wordEdits: 0, valueEdits: 0, lacksPreferredSlot: false, preferredSlotLength: 0, wildcards: 1,
                                 literalScalars: said, requirementsMet: 0, skippedWords: 0, wildcardScalars: unexplained, templateOrder: Int.max)
        return Hypothesis(intent: intent, slots: slots, context: [:], metadata: [:], response: "default", template: template,
                          ranking: ranking, confidence: confidence, isNearTie: false)
    }
}

/// The order in which a grammar ranks its hypotheses, and in which its beam keeps the best
/// paths to each state: the hypotheses cut early are those the final order would rank lower.
public enum RankingOrder: Sendable, Hashable {
    /// hassil's: fewer template words corrected, then fewer wildcards, then less text left
    /// to them, then fewer value edits (``RankingKey``). Home Assistant's test suites expect it.
    case hassil
    /// Fewer template words corrected, then fewer characters left unexplained (text left to
    /// wildcards plus edits in values), then fewer wildcards, then fewer value edits: the
    /// order of a caller that offers found values for its wildcards and ranks its readings
    /// by what they leave unexplained (Parlance's engine, whose ``ReadingKey`` puts these
    /// first), so that the beam never cuts a path for one its final order ranks lower.
    case leastUnexplained
}
