import ParlanceDateTime
import ParlanceGrammar
import ParlanceVocabulary

/// What an utterance was understood as: hypotheses, best first.
public struct ParseResult: Sendable {
    /// The utterance as given.
    public let utterance: String
    /// The language of the best hypothesis (or the one asked for); nil when nothing matched
    /// and no language was given.
    public let language: String?
    /// The hypotheses, best first (the ranking's order; confidences never rise along it).
    public let hypotheses: [IntentHypothesis]
    /// The confidence the best hypothesis needs to be taken as understood (``EngineOptions/threshold``).
    public let threshold: Double

    public init(utterance: String, language: String?, hypotheses: [IntentHypothesis], threshold: Double = 0) {
        self.utterance = utterance
        self.language = language
        self.hypotheses = hypotheses
        self.threshold = threshold
    }

    /// The best hypothesis, understood or not (see ``understood``).
    public var best: IntentHypothesis? { hypotheses.first }

    /// Whether the utterance was understood: there is a best hypothesis and its confidence
    /// reaches ``threshold``. When it is not, the hypotheses are still listed (for
    /// `explain`), but no app should act on them: the request is probably one no app can
    /// handle, or one said too unclearly to act on.
    public var understood: Bool { best.map { $0.confidence >= threshold } ?? false }

    /// The best hypothesis when the utterance was understood (``understood``), else nil.
    public var understoodBest: IntentHypothesis? { understood ? best : nil }
}

/// One reading of an utterance: an app, an intent, its parameters and their resolutions.
public struct IntentHypothesis: Sendable {
    /// The app that would receive the intent.
    public var app: App { fields.app }
    /// How the app was chosen.
    public var appSelection: AppSelection { fields.appSelection }
    /// The intent's definition (custom intents have one made from the app's examples).
    public var intent: IntentDefinition { fields.intent }
    /// The language the utterance was read in.
    public var language: String { fields.language }
    /// The parameters: every parameter said, and the required ones that were not, in the
    /// catalogue's order.
    public var parameters: [ParameterResult] { fields.parameters }
    /// A confidence in [0, 1]: the grammar match's (``RankingKey/confidence(matchedScalars:)``),
    /// lowered for every value that needs the user's help (``Resolution/confidenceFactor``)
    /// and divided among the apps of an app ambiguity.
    public let confidence: Double
    /// True when the device is locked and the app lists the intent in IntentsRestrictedWhileLocked.
    public let requiresUnlock: Bool
    /// The grammar match behind it (template, ranking key, slots).
    public var match: Hypothesis { fields.match }
    /// How it ranks among readings (``ReadingKey``).
    let reading: ReadingKey
    /// What orders readings that tie on ``reading`` (``Reader/tieBreaks(of:)``).
    let tieBreak: TieBreak

    struct TieBreak: Sendable, Hashable {
        /// The grammar match's position among the grammar's readings, best first.
        var grammarRank: Int
        /// The first rank of the matches the grammar ranks alike with this one
        /// (``RankingKey/ties(with:)``).
        var tieGroup: Int
        /// The most values found in the app's vocabulary (not counting its name) by any of
        /// the app's readings with the same reading key in the tie group: what orders apps
        /// there.
        var appEvidence: Int
        /// Among the best readings that tie on ``reading``, the values said that the app's
        /// vocabulary knows (``Reader/knownValues(of:readings:)``); 0 for the others.
        var knownValues: Int = 0
    }

    /// The fields that hold references, in one immutable box: a hypothesis is copied as the
    /// engine ranks readings across apps and languages, and the app, the intent's definition
    /// and the parameters would cost a retain and a release per reference on every copy.
    private final class Fields: Sendable {
        let app: App
        let appSelection: AppSelection
        let intent: IntentDefinition
        let language: String
        let parameters: [ParameterResult]
        let match: Hypothesis

        init(app: App, appSelection: AppSelection, intent: IntentDefinition, language: String, parameters: [ParameterResult],
             match: Hypothesis) {
            self.app = app
            self.appSelection = appSelection
            self.intent = intent
            self.language = language
            self.parameters = parameters
            self.match = match
        }
    }

    private let fields: Fields

    public init(app: App, appSelection: AppSelection, intent: IntentDefinition, language: String, parameters: [ParameterResult],
                confidence: Double, requiresUnlock: Bool, match: Hypothesis) {
        var evidence = 0
        if case .vocabulary(let matches) = appSelection { evidence = matches }
        self.init(app: app, appSelection: appSelection, intent: intent, language: language, parameters: parameters, confidence: confidence,
                  requiresUnlock: requiresUnlock, match: match, reading: ReadingKey(parameters: parameters, match: match),
                  tieBreak: TieBreak(grammarRank: 0, tieGroup: 0, appEvidence: evidence))
    }

    init(app: App, appSelection: AppSelection, intent: IntentDefinition, language: String, parameters: [ParameterResult],
         confidence: Double, requiresUnlock: Bool, match: Hypothesis, reading: ReadingKey, tieBreak: TieBreak) {
        fields = Fields(app: app, appSelection: appSelection, intent: intent, language: language, parameters: parameters, match: match)
        self.reading = reading
        self.tieBreak = tieBreak
        self.confidence = confidence
        self.requiresUnlock = requiresUnlock
    }

    /// The same hypothesis with another app selection, confidence and tie break (the rest is shared).
    func with(appSelection: AppSelection, confidence: Double, tieBreak: TieBreak) -> IntentHypothesis {
        IntentHypothesis(fields: appSelection == self.appSelection ? fields
                            : Fields(app: app, appSelection: appSelection, intent: intent, language: language, parameters: parameters, match: match),
                         confidence: confidence, requiresUnlock: requiresUnlock, reading: reading, tieBreak: tieBreak)
    }

    /// The same hypothesis ranked by another reading key (the rest is shared).
    func with(reading: ReadingKey) -> IntentHypothesis {
        IntentHypothesis(fields: fields, confidence: confidence, requiresUnlock: requiresUnlock, reading: reading, tieBreak: tieBreak)
    }

    private init(fields: Fields, confidence: Double, requiresUnlock: Bool, reading: ReadingKey, tieBreak: TieBreak) {
        self.fields = fields
        self.confidence = confidence
        self.requiresUnlock = requiresUnlock
        self.reading = reading
        self.tieBreak = tieBreak
    }

    /// The parameter named `name`.
    public func parameter(_ name: String) -> ParameterResult? { parameters.first { $0.name == name } }

    /// Whether every parameter is resolved (success or not required).
    public var isResolved: Bool { parameters.allSatisfy { $0.values.allSatisfy(\.resolution.isFinal) } }
}

/// How the app of a hypothesis was chosen.
public enum AppSelection: Sendable, Hashable, CustomStringConvertible {
    /// The utterance names the app (the text as said).
    case mentioned(String)
    /// The template came from the app's own example phrases.
    case example
    /// Not named: the app supports the intent and this many parameter values matched its vocabulary.
    case vocabulary(matches: Int)
    /// Not named, and other apps are as plausible: the app itself needs disambiguation
    /// among these bundle identifiers (this one included).
    case ambiguous([String])

    public var description: String {
        switch self {
        case .mentioned(let text): "mentioned as \"\(text)\""
        case .example: "the app's own example phrase"
        case .vocabulary(let matches): matches == 0 ? "supports the intent" : "\(matches) value(s) matched its vocabulary"
        case .ambiguous(let apps): "ambiguous between \(apps.joined(separator: ", "))"
        }
    }

    /// True for ``ambiguous(_:)``.
    public var isAmbiguous: Bool {
        if case .ambiguous = self { return true }
        return false
    }
}

/// A parameter's values and their resolutions.
public struct ParameterResult: Sendable {
    /// The parameter's name (a dotted path for a field).
    public let name: String
    /// Its definition, when the intent is in the catalogue.
    public let definition: ParameterDefinition?
    /// One element per value said; one element with a nil value when none was said.
    public let values: [ParameterValue]

    public init(name: String, definition: ParameterDefinition?, values: [ParameterValue]) {
        self.name = name
        self.definition = definition
        self.values = values
    }
}

/// One value of a parameter, resolved.
public struct ParameterValue: Sendable, Hashable {
    /// How the value was found.
    public enum MatchKind: String, Sendable, Hashable {
        /// A vocabulary or list value, as written.
        case exact
        /// A vocabulary or list value, with edits.
        case fuzzy
        /// Free text.
        case text
        /// Free text that is part of vocabulary items ("Sam" of "Sam Rivera"), or that holds
        /// an item said with a typo ("Bicyle crossing"): the words are the user's, the value
        /// the item's.
        case partial
        /// A number.
        case number
        /// Implied by the template (`slots:`), not said.
        case fixed
        /// Not said; taken from the app's vocabulary (the only account).
        case implied
        /// A date, a time or an interval, read by the language's date reader (``ParameterValue/dateTime``).
        case dateTime

        /// Words no vocabulary item matches whole (free text, or part of items).
        var isFreeText: Bool { self == .text || self == .partial }
    }

    /// The value: a vocabulary phrase as the app writes it, an enumeration case, a number,
    /// the text as said; nil when nothing was said.
    public let value: DataValue?
    /// The text of the utterance it came from.
    public let text: String?
    /// The vocabulary item's identifier.
    public let identifier: String?
    /// [start, end) in Unicode scalar offsets of the utterance.
    public let span: Range<Int>?
    /// How it was found; nil when nothing was said.
    public let match: MatchKind?
    /// Edits between what was said and the vocabulary phrase.
    public let edits: Int
    /// SiriKit's resolution.
    public let resolution: Resolution
    /// For a date parameter read by the date reader, what it means: a moment to the precision
    /// said or an interval (SiriKit's date components, or their range). ``value`` holds its
    /// ISO 8601 form (``DateTimeMatch/Value/iso``).
    public let dateTime: DateTimeMatch.Value?

    public init(value: DataValue?, text: String? = nil, identifier: String? = nil, span: Range<Int>? = nil, match: MatchKind? = nil,
                edits: Int = 0, resolution: Resolution, dateTime: DateTimeMatch.Value? = nil) {
        self.dateTime = dateTime
        self.value = value
        self.text = text
        self.identifier = identifier
        self.span = span
        self.match = match
        self.edits = edits
        self.resolution = resolution
    }
}

/// SiriKit's resolution of one parameter value, with the options and the reason.
public struct Resolution: Sendable, Hashable, CustomStringConvertible {
    /// SiriKit's resolution result kinds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case success, disambiguation, confirmationRequired, needsValue, unsupported, notRequired
    }

    /// The kind.
    public let kind: Kind
    /// For a disambiguation, the candidates, best first; for a confirmation, the one to confirm.
    public let options: [ResolutionOption]
    /// Why, in words ("2 accounts match 'City Power'"), written when asked: a parse
    /// resolves every value of the readings it ranks, and most reasons are never read.
    public var reason: String { because.text }
    let because: Reason

    public init(_ kind: Kind, options: [ResolutionOption] = [], reason: String) {
        self.init(kind, options: options, because: .text(reason))
    }

    init(_ kind: Kind, options: [ResolutionOption] = [], because reason: Reason) {
        self.kind = kind
        self.options = options
        self.because = reason
    }

    /// A reason, kept as its parts until written.
    enum Reason: Sendable {
        case text(String)
        /// Free text where the app has vocabulary: "'Bob' matches no contact of UnicornChat".
        case matchesNoItem(said: String, list: String, app: String)
        /// A list value said with edits: "'kitchen' with 1 edit(s)".
        case listValueWithEdits(value: String, edits: Int)
        /// Several items of the app on the same words: "2 items match 'my bill'".
        case itemsMatch(count: Int, said: String)
        /// A vocabulary item said with edits: "'Sparkel' is 1 edit(s) from 'Sparkle' (confidence 0.86)".
        case editsFromItem(said: String, edits: Int, phrase: String, confidence: Double)
        /// A vocabulary item said as written: "'Sparkle' in user vocabulary (contactName)".
        case inVocabulary(phrase: String, source: VocabularySource, type: VocabularyType)
        /// A parameter not said, implied by the app's one item: "the only payee of BillPay".
        case onlyItem(list: String, app: String)
        /// A parameter not said, with several items of the app: "not said; BillPay has 2".
        case notSaid(app: String, items: Int)
        /// Free text that is part of items of the app: "'Sam' is part of 2 contacts of PennyWise".
        case partOfItems(said: String, part: String, count: Int, list: String, app: String)

        var text: String {
            switch self {
            case .text(let text): text
            case .matchesNoItem(let said, let list, let app): "'\(said)' matches no \(list) of \(app)"
            case .listValueWithEdits(let value, let edits): "'\(value)' with \(edits) edit(s)"
            case .itemsMatch(let count, let said): "\(count) items match '\(said)'"
            case .editsFromItem(let said, let edits, let phrase, let confidence):
                "'\(said)' is \(edits) edit(s) from '\(phrase)' (confidence \(String((confidence * 100).rounded() / 100)))"
            case .inVocabulary(let phrase, let source, let type): "'\(phrase)' in \(source) vocabulary (\(type))"
            case .onlyItem(let list, let app): "the only \(list) of \(app)"
            case .notSaid(let app, let items): "not said; \(app) has \(items)"
            case .partOfItems(let said, let part, let count, let list, let app):
                "'\(part)'\(part == said ? "" : " (of '\(said)')") is part of \(count == 1 ? "one \(list)" : "\(count) \(list) items") of \(app)"
            }
        }
    }

    // Equal as written: a reason given as text equals the same reason kept as parts.
    public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
        lhs.kind == rhs.kind && lhs.options == rhs.options && lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(options)
        hasher.combine(reason)
    }

    /// Success or not required: nothing to ask.
    public var isFinal: Bool { kind == .success || kind == .notRequired }

    /// How much a value resolved this way lowers the confidence of its hypothesis
    /// (``IntentHypothesis/confidence``): a value said that the app does not know (unsupported)
    /// leaves the reading in doubt, ×0.6; a required value not said, ×0.8; a choice or a
    /// correction the user must confirm, ×0.9; nothing to ask, ×1.
    public var confidenceFactor: Double {
        switch kind {
        case .success, .notRequired: 1
        case .disambiguation, .confirmationRequired: 0.9
        case .needsValue: 0.8
        case .unsupported: 0.6
        }
    }

    public var description: String { "\(kind.rawValue) (\(reason))" }
}

/// One candidate of a disambiguation.
public struct ResolutionOption: Sendable, Hashable {
    /// The value, as the vocabulary writes it.
    public let value: String
    /// The vocabulary identifier.
    public let identifier: String?

    public init(value: String, identifier: String?) {
        self.value = value
        self.identifier = identifier
    }
}
