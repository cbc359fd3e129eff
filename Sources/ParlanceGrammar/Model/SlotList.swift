/// A named slot list: the values a `{list}` reference matches and what each puts in its slot.
public struct SlotList: Sendable, Hashable {
    /// What kind of list.
    public enum Kind: Sendable, Hashable {
        /// Text values: `values: ["red", {in: "(closed|shut)", out: "closed"}]`.
        case values([SlotValue])
        /// A number range: `range: {from: 0, to: 100, type: percentage}`.
        case range(NumberRange)
        /// Any text: `wildcard: true` (hassil matches as much as possible).
        case wildcard
        /// Values supplied when matching, not by the grammar: the entity names, areas and
        /// floors of a home (`{name}`, `{area}`, `{floor}`).
        case external
    }

    /// The list's name, as referenced in `{name}`.
    public let name: String
    /// What kind of list.
    public let kind: Kind
    /// Where the list is defined; nil for external lists.
    public let location: SourceLocation?

    public init(name: String, kind: Kind, location: SourceLocation?) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    /// True for `wildcard: true` lists.
    public var isWildcard: Bool { kind == .wildcard }
}

/// One value of a text slot list.
public struct SlotValue: Sendable, Hashable {
    /// What the input must say: a template (`"(closed|shut)"`) or plain text.
    public let input: Template
    /// What goes into the slot; nil when the value gives none (a template written as a plain
    /// string), in which case hassil puts the matched text.
    public let output: DataValue?
    /// Context items added when this value matches (`context: {domain: light}`).
    public let context: [String: DataValue]
    /// Metadata returned when this value matches.
    public let metadata: [String: DataValue]

    public init(input: Template, output: DataValue?, context: [String: DataValue] = [:], metadata: [String: DataValue] = [:]) {
        self.input = input
        self.output = output
        self.context = context
        self.metadata = metadata
    }
}

/// A `range` slot list: the integers `from...to` by `step`, each optionally with fractions.
///
/// ```yaml
/// brightness:
///   range: {type: percentage, from: 0, to: 100}
/// temperature:
///   range: {type: temperature, from: 0, to: 100, fractions: halves}
/// ```
public struct NumberRange: Sendable, Hashable {
    /// What the numbers measure; hassil's range types.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case number, percentage, temperature
    }

    /// Fractions added after every integer.
    public enum Fractions: String, Sendable, Hashable, CaseIterable {
        /// .5
        case halves
        /// .1 to .9
        case tenths

        /// The fractional parts added after each integer.
        public var parts: [Double] {
            switch self {
            case .halves: [0.5]
            case .tenths: (1...9).map { Double($0) / 10 }
            }
        }
    }

    /// The first integer.
    public let lowerBound: Int
    /// The last integer (inclusive).
    public let upperBound: Int
    /// The distance between integers (positive).
    public let step: Int
    /// What the numbers measure.
    public let unit: Unit
    /// Fractions after each integer, if any.
    public let fractions: Fractions?
    /// A factor applied to the matched number to give the slot value.
    public let multiplier: Double?
    /// Whether numbers may be written in digits ("42").
    public let digits: Bool
    /// Whether numbers may be written in words ("forty-two").
    public let words: Bool
    /// The language whose number words to use, when not the grammar's.
    public let wordsLanguage: String?

    public init(lowerBound: Int, upperBound: Int, step: Int = 1, unit: Unit = .number, fractions: Fractions? = nil,
                multiplier: Double? = nil, digits: Bool = true, words: Bool = true, wordsLanguage: String? = nil) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.step = step
        self.unit = unit
        self.fractions = fractions
        self.multiplier = multiplier
        self.digits = digits
        self.words = words
        self.wordsLanguage = wordsLanguage
    }

    /// The numbers in the range, in order: each integer, then its fractions.
    public var numbers: [Double] { numbers(through: upperBound) }

    /// The numbers in the range up to `limit` (inclusive), in order.
    public func numbers(through limit: Int) -> [Double] {
        guard lowerBound <= min(limit, upperBound) else { return [] }
        return stride(from: lowerBound, through: min(limit, upperBound), by: step).flatMap { integer in
            [Double(integer)] + (fractions?.parts ?? []).map { Double(integer) + $0 }
        }
    }
}
