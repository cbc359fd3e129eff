import ParlanceVocabulary

/// A SiriKit domain: a group of intents an app declares support for together.
public enum SiriDomain: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case messaging
    case payments
    case workouts
    case rideBooking
    case voipCalling
    case photos
    case listsAndNotes
    case media
    case carCommands
    case restaurantReservations
    /// Intents an app defines itself (names not in the catalogue).
    case custom

    public var description: String { rawValue }
}

/// What fills a parameter, and so how its values are found and resolved.
public enum ParameterKind: Sendable, Hashable, CustomStringConvertible {
    /// Terms from vocabulary: the user's vocabulary of these types and the app's parameter
    /// vocabulary for the parameter's key path (`INStartWorkoutIntent.workoutName`). What
    /// is said but matches no vocabulary still fills the parameter, as free text, and
    /// resolves as unsupported when the app has vocabulary for it.
    case vocabulary([VocabularyStringType])
    /// Free text (a message's content, a note).
    case text
    /// A number (a party size, a goal value).
    case number
    /// A currency amount: its number; the currency code is the parameter `<name>.currencyCode`.
    case currencyAmount
    /// A date or time expression, as a normalized token ("tomorrow", "monday", "tonight").
    case dateTime
    /// A place, as said ("the airport").
    case location
    /// One case of a SiriKit enumeration, by its Swift case name (`electricity`).
    case enumeration(String, [String])
    /// A yes/no value (`locked`, `playShuffled`).
    case boolean

    public var description: String {
        switch self {
        case .vocabulary(let types): "vocabulary(\(types.map(\.rawValue).joined(separator: ", ")))"
        case .text: "text"
        case .number: "number"
        case .currencyAmount: "currencyAmount"
        case .dateTime: "dateTime"
        case .location: "location"
        case .enumeration(let name, _): "enumeration(\(name))"
        case .boolean: "boolean"
        }
    }

    /// The user vocabulary types, for vocabulary parameters.
    public var vocabularyTypes: [VocabularyStringType] {
        if case .vocabulary(let types) = self { return types }
        return []
    }
}

/// One parameter of an intent, named as SiriKit names the property (a dotted path for a
/// field of a structured value: `mediaSearch.artistName`, `currencyAmount.currencyCode`).
public struct ParameterDefinition: Sendable, Hashable {
    /// The property name or path.
    public let name: String
    /// What fills it.
    public let kind: ParameterKind
    /// Whether the intent cannot be handled without it (an unsaid required parameter
    /// resolves as needsValue).
    public let isRequired: Bool
    /// The grammar slot list that fills it (`{contact:recipients}`): a vocabulary list,
    /// a value list of the enumeration, a number range or a wildcard; see Corpora/grammars/README.md.
    public let list: String?
    /// Whether it takes several values (`recipients`), each resolved on its own.
    public let allowsMultipleValues: Bool
    /// Whether an unsaid value defaults to the app's vocabulary for it: the only item is
    /// taken, several ask which one ("pay my bill" with two payee accounts).
    public let defaultsToVocabulary: Bool
    /// Parameters that stand in for this one when said: a required parameter is then not
    /// needed (a message to a group, `speakableGroupName`, names no `recipients`), and
    /// resolves as notRequired instead of needsValue.
    public let waivedBy: [String]
    /// For a date and time (``ParameterKind/dateTime``), which moments it takes: a booking's
    /// are to come, a photo search's have been. It decides which "Monday" is meant, and a
    /// moment on the wrong side of now resolves as unsupported.
    public let timing: Timing

    /// Which moments a date-and-time parameter takes.
    public enum Timing: String, Sendable, Hashable {
        /// Any: a day or time that does not say is the next one ("bills due Friday").
        case anyTime
        /// To come: a reservation, a pick-up, a reminder. A moment past resolves as unsupported.
        case upcoming
        /// Past: a search of messages or photos ("from Monday" is last Monday). A moment to
        /// come resolves as unsupported.
        case past
    }

    public init(_ name: String, _ kind: ParameterKind, list: String? = nil, required: Bool = false, multiple: Bool = false,
                defaultsToVocabulary: Bool = false, waivedBy: [String] = [], timing: Timing = .anyTime) {
        self.name = name
        self.waivedBy = waivedBy
        self.timing = timing
        self.kind = kind
        switch kind {
        case _ where list != nil: self.list = list
        case .text: self.list = "text"
        case .number: self.list = "number"
        case .currencyAmount: self.list = "amount"
        case .dateTime: self.list = "date"
        case .location: self.list = "place"
        case .enumeration(let name, _): self.list = name
        case .vocabulary, .boolean: self.list = nil
        }
        self.isRequired = required
        self.allowsMultipleValues = multiple
        self.defaultsToVocabulary = defaultsToVocabulary
    }
}

extension ParameterDefinition {
    /// Whether the intent cannot go on without this parameter when it is not said and
    /// `isSaid` tells which of the others are: required, and waived by none of those said.
    @inline(__always)
    func isNeeded(saying isSaid: (String) -> Bool) -> Bool {
        isRequired && !waivedBy.contains(where: isSaid)
    }
}

/// An intent: its SiriKit class name, domain and parameters.
public struct IntentDefinition: Sendable, Hashable {
    /// The class name, e.g. `INSendMessageIntent`.
    public let name: String
    /// The domain.
    public let domain: SiriDomain
    /// The parameters, in SiriKit's order.
    public let parameters: [ParameterDefinition]
    /// The intent-specific response codes besides the common ones (see ``ResponseCode``).
    public let responseCodes: [String]

    public init(_ name: String, _ domain: SiriDomain, _ parameters: [ParameterDefinition], responseCodes: [String] = []) {
        self.name = name
        self.domain = domain
        self.parameters = parameters
        self.responseCodes = responseCodes
    }

    /// The parameter named `name`.
    public func parameter(_ name: String) -> ParameterDefinition? { parameters.first { $0.name == name } }
}

/// The intents Parlance understands, by name.
///
/// ```swift
/// let send = IntentCatalogue.standard["INSendMessageIntent"]!
/// send.parameter("recipients")?.kind      // .vocabulary([.contactName])
/// ```
public struct IntentCatalogue: Sendable {
    /// The intents, in catalogue order.
    public let intents: [IntentDefinition]
    private let byName: [String: Int]

    public init(_ intents: [IntentDefinition]) {
        self.intents = intents
        var byName: [String: Int] = [:]
        for (index, intent) in intents.enumerated() where byName[intent.name] == nil { byName[intent.name] = index }
        self.byName = byName
    }

    /// The intent named `name`.
    public subscript(name: String) -> IntentDefinition? { byName[name].map { intents[$0] } }

    /// The intents of `domain`.
    public func intents(in domain: SiriDomain) -> [IntentDefinition] { intents.filter { $0.domain == domain } }

    /// The catalogue with `intent` added (a custom intent); an existing name is kept.
    public func adding(_ intent: IntentDefinition) -> IntentCatalogue {
        byName[intent.name] == nil ? IntentCatalogue(intents + [intent]) : self
    }
}
