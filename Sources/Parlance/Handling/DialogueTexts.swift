/// The dialogue in one language: the questions ``Interaction`` asks, what it says when the
/// dialogue ends, the spoken names of intents and parameters, and the words it reads in
/// answers (cancel, yes, no, ordinals, numbers). Read from `Corpora/dialogue/<language>.yaml`
/// (``builtIn(for:)``) or any file of the same shape (``init(yaml:source:)``).
///
/// ```swift
/// let german = try DialogueTexts.builtIn(for: "de")
/// german.parameterName("billPayee", intent: "INPayBillIntent")  // "Konto"
/// german.message(.cancelled)                                   // "Okay, abgebrochen."
/// ```
///
/// A plain value: lookups and rendering are pure; reading the file is the only I/O.
public struct DialogueTexts: Sendable {
    /// The file's language tag ("en", "zh-Hans").
    public let language: String
    /// Where it was read from ("dialogue/ja.yaml" for a built-in file).
    public let source: String
    let prompts: [PromptKind: Template]
    let messages: [MessageKind: Template]
    let list: ListStyle
    let parameters: [String: SpokenName]
    let intents: [String: IntentWording]
    /// The words read in answers.
    let words: AnswerWords

    /// A kind of question, as the file's `prompts` key names it.
    public enum PromptKind: String, Sendable, Hashable, CaseIterable {
        /// Which of these? (a disambiguation) `{parameter}`, `{options}`.
        case choose
        /// An answer that fits several options: `{said}`, `{options}`, `{parameter}`.
        case chooseAmong
        /// An answer that fits no option: `{parameter}`, `{options}`.
        case chooseAgain
        /// Did you mean this value? `{value}`, `{parameter}`.
        case confirm
        /// What should it be? `{parameter}`.
        case value
        /// That value does not work; which one then? `{said}`, `{parameter}`.
        case replace
        /// Which app? `{options}`.
        case chooseApp
        /// An answer that fits several apps: `{said}`, `{options}`.
        case chooseAppAmong
        /// Unlock the device first: `{app}`.
        case unlock
        /// The handler asks the user to confirm the intent: `{intent}`, `{app}`, `{details}`.
        case confirmIntent
        /// A yes-or-no question asked again after an answer that was neither: `{prompt}`.
        case yesOrNo

        /// The placeholders its template may use.
        var placeholders: Set<String> {
            switch self {
            case .choose, .chooseAgain: ["parameter", "options"]
            case .chooseAmong: ["said", "options", "parameter"]
            case .confirm: ["value", "parameter"]
            case .value: ["parameter"]
            case .replace: ["said", "parameter"]
            case .chooseApp: ["options"]
            case .chooseAppAmong: ["said", "options"]
            case .unlock: ["app"]
            case .confirmIntent: ["intent", "app", "details"]
            case .yesOrNo: ["prompt"]
            }
        }

        /// The kinds an intent's parameter may word its own way.
        static let perParameter: [PromptKind] = [.choose, .chooseAgain, .confirm, .value, .replace]
    }

    /// What is said when a dialogue ends or a request is not understood.
    public enum MessageKind: String, Sendable, Hashable, CaseIterable {
        /// The user cancelled.
        case cancelled
        /// The user said no to the intent (or to unlocking).
        case declined
        /// Asked too often for one parameter: `{parameter}`.
        case tooManyAttempts
        /// Asked too often for the app, an unlock or a confirmation.
        case gaveUp
        /// The intent was handled and the app said nothing.
        case done
        /// No intent was understood in a request.
        case notUnderstood

        var placeholders: Set<String> { self == .tooManyAttempts ? ["parameter"] : [] }
    }

    /// A grammatical gender of a spoken name, which picks a template's form (de, fr).
    public enum Gender: String, Sendable, Hashable, CaseIterable {
        case m, f, n
    }

    /// A name as said, with its gender where the language has them.
    struct SpokenName: Sendable, Hashable {
        var name: String
        var gender: Gender?
    }

    /// A text with `{placeholders}`, in one form per gender (`other` for a name without one).
    struct Template: Sendable, Hashable {
        var forms: [String: String]

        func text(for gender: Gender?) -> String {
            gender.flatMap { forms[$0.rawValue] } ?? forms["other"] ?? ""
        }

        /// The text with every `{name}` of `values` filled in (an unknown one is left as written).
        static func fill(_ text: String, _ values: [String: String]) -> String {
            var result = ""
            var rest = text[...]
            while let open = rest.firstIndex(of: "{") {
                result += rest[..<open]
                guard let close = rest[open...].firstIndex(of: "}") else { break }
                let name = String(rest[rest.index(after: open)..<close])
                result += values[name] ?? String(rest[open...close])
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }
    }

    /// How lists are written.
    struct ListStyle: Sendable, Hashable {
        /// One option: `{n}`, `{option}`.
        var option: String
        var separator: String
        /// The values of an intent to confirm, when there are any: `{pairs}`.
        var details: String
        /// One value: `{parameter}`, `{value}`.
        var pair: String
        var pairSeparator: String
    }

    /// An intent's name and its parameters' own wording.
    struct IntentWording: Sendable, Hashable {
        var name: String?
        var parameters: [String: ParameterWording]
    }

    struct ParameterWording: Sendable, Hashable {
        var name: SpokenName?
        var prompts: [PromptKind: Template]
    }

    /// The answer words of the file, as written (``AnswerReader`` normalizes them).
    struct AnswerWords: Sendable, Hashable {
        var cancel: [String]
        var yes: [String]
        var no: [String]
        var fillers: [String]
        /// Ordinal phrases by position, 1-based; ``lastPosition`` for the last option.
        var ordinals: [Int: [String]]
        /// Number words by value.
        var numbers: [Int: [String]]
        /// Choices by number: `{n}` stands for digits or a word of ``numbers``.
        var numberForms: [String]

        /// The position ``ordinals`` gives the last option.
        static let lastPosition = -1

        /// These words and `other`'s, without repeats (a language's answers also read English ones).
        func adding(_ other: AnswerWords) -> AnswerWords {
            func union(_ a: [String], _ b: [String]) -> [String] { a + b.filter { !a.contains($0) } }
            return AnswerWords(cancel: union(cancel, other.cancel), yes: union(yes, other.yes), no: union(no, other.no),
                               fillers: union(fillers, other.fillers),
                               ordinals: ordinals.merging(other.ordinals) { union($0, $1) },
                               numbers: numbers.merging(other.numbers) { union($0, $1) },
                               numberForms: union(numberForms, other.numberForms))
        }
    }

    // MARK: Names

    /// The spoken name of `parameter` in `intent` ("billPayee" of INPayBillIntent → "account"):
    /// the intent's own name for it, else the language's name for the parameter, else its
    /// property name in words ("mediaSearch.mediaName" → "media name").
    public func parameterName(_ parameter: String, intent: String) -> String {
        spokenName(parameter, intent: intent).name
    }

    /// The name of `intent` ("INPayBillIntent" → "Pay a bill"), else its class name in words.
    public func intentName(_ intent: String) -> String {
        intents[intent]?.name ?? Self.words(ofIdentifier: intent.hasPrefix("IN") && intent.hasSuffix("Intent")
                                                ? String(intent.dropFirst(2).dropLast(6)) : intent)
    }

    func spokenName(_ parameter: String, intent: String) -> SpokenName {
        intents[intent]?.parameters[parameter]?.name ?? parameters[parameter]
            ?? SpokenName(name: Self.words(ofIdentifier: String(parameter.split(separator: ".").last ?? Substring(parameter))))
    }

    /// An identifier in lower-case words: "mediaName" → "media name", "PayBill" → "pay bill".
    static func words(ofIdentifier identifier: String) -> String {
        var words: [String] = []
        var current = ""
        for character in identifier {
            if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character.isLetter || character.isNumber { current += character.lowercased() } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    // MARK: Rendering

    /// A question of `kind` about `parameter` of `intent` (nil for app, unlock and intent
    /// questions), with `values` filling its other placeholders: the intent's own wording
    /// for the parameter when it has one, else the language's.
    func prompt(_ kind: PromptKind, parameter: String? = nil, intent: String, values: [String: String] = [:]) -> String {
        var values = values
        var gender: Gender?
        var template = prompts[kind]
        if let parameter {
            let name = spokenName(parameter, intent: intent)
            values["parameter"] = name.name
            gender = name.gender
            if let own = intents[intent]?.parameters[parameter]?.prompts[kind] { template = own }
        }
        return Template.fill(template?.text(for: gender) ?? "", values)
    }

    /// What is said when the dialogue ends (``MessageKind``), about `parameter` of `intent` where it names one.
    public func message(_ kind: MessageKind, parameter: String? = nil, intent: String = "") -> String {
        var values: [String: String] = [:]
        var gender: Gender?
        if let parameter {
            let name = spokenName(parameter, intent: intent)
            values["parameter"] = name.name
            gender = name.gender
        }
        return Template.fill(messages[kind]?.text(for: gender) ?? "", values)
    }

    /// Options numbered from 1: "1. 12 Oak Street  2. 48 Elm Avenue".
    public func optionList(_ options: [String]) -> String {
        options.enumerated().map { Template.fill(list.option, ["n": String($0.offset + 1), "option": $0.element]) }
            .joined(separator: list.separator)
    }

    /// The values of an intent to confirm, as `{details}` of ``PromptKind/confirmIntent``
    /// (empty when there are none).
    func details(_ pairs: [(parameter: String, value: String)], intent: String) -> String {
        guard !pairs.isEmpty else { return "" }
        let written = pairs.map { Template.fill(list.pair, ["parameter": parameterName($0.parameter, intent: intent), "value": $0.value]) }
        return Template.fill(list.details, ["pairs": written.joined(separator: list.pairSeparator)])
    }

    /// These texts with what they lack taken from `other` (English): the names of intents
    /// and parameters, and the answer words, which gain `other`'s (a German answer may say
    /// "OK" or "cancel").
    func fillingGaps(from other: DialogueTexts) -> DialogueTexts {
        var intents = self.intents
        for (intent, wording) in other.intents {
            var mine = intents[intent] ?? IntentWording(name: nil, parameters: [:])
            if mine.name == nil { mine.name = wording.name }
            for (parameter, theirs) in wording.parameters where mine.parameters[parameter]?.name == nil && parameters[parameter] == nil {
                // Only the name: a prompt of another language would read oddly here.
                if let name = theirs.name { mine.parameters[parameter, default: ParameterWording(name: nil, prompts: [:])].name = name }
            }
            intents[intent] = mine
        }
        return DialogueTexts(language: language, source: source, prompts: prompts, messages: messages, list: list,
                             parameters: parameters.merging(other.parameters) { mine, _ in mine }, intents: intents,
                             words: words.adding(other.words))
    }
}
