import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// A question the dialogue asks the user.
public struct Question: Sendable, Hashable, CustomStringConvertible {
    /// What is asked.
    public enum Kind: Sendable, Hashable {
        /// Which of these? (disambiguation)
        case choose([ResolutionOption])
        /// Did you mean this? (confirmationRequired)
        case confirm(ResolutionOption)
        /// What should it be? (needsValue)
        case value
        /// That value does not work; which one then? (unsupported)
        case replace(said: String)
        /// Which app? (the app itself is ambiguous)
        case chooseApp([String])
        /// Unlock the device first.
        case unlock
    }

    public let kind: Kind
    /// The parameter asked about (nil for app and unlock questions).
    public let parameter: String?
    /// The question in words (English).
    public let prompt: String

    public var description: String { prompt }
}

/// Where the dialogue stands.
public enum InteractionStep: Sendable {
    /// Waiting for the user's answer to this question (pass it to ``Interaction/answer(_:)``).
    case question(Question)
    /// The handler handled the intent.
    case finished(IntentResponse)
    /// Confirmation failed: the handler's response says why.
    case failed(IntentResponse)
}

/// SiriKit's dialogue for one hypothesis: resolve every parameter (asking the user while a
/// resolution needs an answer), confirm, handle.
///
/// ```swift
/// let interaction = Interaction(engine: engine, hypothesis: result.best!, handler: Messages())
/// var step = await interaction.start()
/// while case .question(let question) = step {
///     print(question.prompt)
///     step = await interaction.answer(readLine() ?? "")
/// }
/// ```
///
/// Answers are read like Siri reads them: a choice by number ("2") or by name (matched
/// fuzzily against the options); yes or no in the utterance's language; a missing value
/// looked up in the app's vocabulary for the parameter (so "Sparkel" becomes a
/// confirmation of "Sparkle Sparkly"), else taken as said.
public actor Interaction {
    public let engine: Engine
    public let handler: any IntentHandler
    /// Whose vocabulary answers are looked up in (nil: the apps' own, ``Engine/defaultUser``).
    public let user: UserSession?
    private var intent: ResolvedIntent
    private var pending: (parameter: Int, value: Int, question: Question)?
    private var needsUnlock: Bool
    private var appChoices: [String]
    private var finished = false

    /// A dialogue for `hypothesis` (parsed with `user`'s vocabulary: answers are looked up
    /// in it too).
    public init(engine: Engine, hypothesis: IntentHypothesis, handler: any IntentHandler, user: UserSession? = nil) {
        self.engine = engine
        self.handler = handler
        self.user = user
        self.intent = ResolvedIntent(app: hypothesis.app, intent: hypothesis.intent, parameters: hypothesis.parameters, language: hypothesis.language)
        self.needsUnlock = hypothesis.requiresUnlock
        if case .ambiguous(let apps) = hypothesis.appSelection { appChoices = apps } else { appChoices = [] }
    }

    /// The intent as it stands.
    public var current: ResolvedIntent { intent }

    /// Starts (or continues) the dialogue: the next question, or the handler's response.
    public func start() async -> InteractionStep { await advance() }

    /// Takes the user's answer to the pending question.
    public func answer(_ text: String) async -> InteractionStep {
        if needsUnlock {
            if Answers.isYes(text, language: intent.language) { needsUnlock = false }
            return await advance()
        }
        if !appChoices.isEmpty {
            let names = appChoices.map { engine.app($0)?.displayName ?? $0 }
            if let choice = Answers.choose(text, among: names, language: intent.language), let app = engine.app(appChoices[choice]) {
                intent = ResolvedIntent(app: app, intent: intent.intent, parameters: intent.parameters, language: intent.language)
                appChoices = []
            }
            return await advance()
        }
        guard let pending else { return await advance() }
        self.pending = nil
        let parameter = intent.parameters[pending.parameter]
        let old = parameter.values[pending.value]
        var values = parameter.values
        switch pending.question.kind {
        case .choose(let options):
            if let choice = Answers.choose(text, among: options.map(\.value), language: intent.language) {
                let option = options[choice]
                values[pending.value] = ParameterValue(value: .string(option.value), text: old.text, identifier: option.identifier, span: old.span,
                                                       match: old.match, edits: old.edits, resolution: Resolution(.success, reason: "chosen by the user"))
            }
        case .confirm(let option):
            if Answers.isYes(text, language: intent.language) {
                values[pending.value] = ParameterValue(value: .string(option.value), text: old.text, identifier: option.identifier, span: old.span,
                                                       match: old.match, edits: old.edits, resolution: Resolution(.success, reason: "confirmed by the user"))
            } else {
                values[pending.value] = ParameterValue(value: nil, resolution: Resolution(.needsValue, reason: "the user said no"))
            }
        case .value, .replace:
            values[pending.value] = engine.resolveAnswer(text, parameter: parameter.definition, app: intent.app, language: intent.language, user: user)
        case .chooseApp, .unlock:
            break
        }
        intent.parameters[pending.parameter] = ParameterResult(name: parameter.name, definition: parameter.definition, values: values)
        return await advance()
    }

    private func advance() async -> InteractionStep {
        if finished { return .finished(IntentResponse(.success)) }
        if !appChoices.isEmpty {
            let names = appChoices.map { engine.app($0)?.displayName ?? $0 }
            return .question(Question(kind: .chooseApp(appChoices), parameter: nil,
                                      prompt: "Which app? " + names.enumerated().map { "\($0 + 1). \($1)" }.joined(separator: "  ")))
        }
        if needsUnlock {
            return .question(Question(kind: .unlock, parameter: nil, prompt: "\(intent.app.displayName) needs you to unlock your device first. Unlocked?"))
        }
        for (parameterIndex, parameter) in intent.parameters.enumerated() {
            for (valueIndex, value) in parameter.values.enumerated() {
                let resolution = await handler.resolve(value, of: parameter.name, in: intent)
                if resolution.isFinal { continue }
                let question = Self.question(for: resolution, parameter: parameter.name, value: value)
                pending = (parameterIndex, valueIndex, question)
                return .question(question)
            }
        }
        let confirmation = await handler.confirm(intent)
        guard confirmation.code == .ready || confirmation.code == .success else { return .failed(confirmation) }
        finished = true
        return .finished(await handler.handle(intent))
    }

    static func question(for resolution: Resolution, parameter: String, value: ParameterValue) -> Question {
        switch resolution.kind {
        case .disambiguation:
            return Question(kind: .choose(resolution.options), parameter: parameter,
                            prompt: "Which \(parameter)? " + resolution.options.enumerated().map { "\($0 + 1). \($1.value)" }.joined(separator: "  "))
        case .confirmationRequired:
            let option = resolution.options.first ?? ResolutionOption(value: value.value?.string ?? "", identifier: value.identifier)
            return Question(kind: .confirm(option), parameter: parameter, prompt: "Did you mean \(option.value)?")
        case .unsupported:
            return Question(kind: .replace(said: value.text ?? ""), parameter: parameter,
                            prompt: "Sorry, '\(value.text ?? "")' doesn't work for \(parameter). What should it be?")
        default:
            return Question(kind: .value, parameter: parameter, prompt: "What should the \(parameter) be?")
        }
    }
}

extension Engine {
    /// An answer given for a parameter, resolved like a value said in an utterance: looked
    /// up in the app's vocabulary for the parameter's list, else taken as free text.
    func resolveAnswer(_ text: String, parameter: ParameterDefinition?, app: App, language: String, user: UserSession?) -> ParameterValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return ParameterValue(value: nil, resolution: Resolution(.needsValue, reason: "no answer")) }
        guard let parameter, let model = model(for: language), let appIndex = apps.firstIndex(where: { $0.bundleIdentifier == app.bundleIdentifier }) else {
            return ParameterValue(value: .string(trimmed), text: trimmed, match: .text, resolution: Resolution(.success, reason: "as answered"))
        }
        switch parameter.kind {
        case .number, .currencyAmount:
            if let number = Double(trimmed) {
                return ParameterValue(value: number.rounded() == number ? .int(Int(number)) : .double(number), text: trimmed, match: .number,
                                      resolution: Resolution(.success, reason: "a number"))
            }
            return ParameterValue(value: nil, text: trimmed, resolution: Resolution(.needsValue, reason: "'\(trimmed)' is not a number"))
        case .enumeration(_, let cases):
            if let found = cases.first(where: { $0.lowercased() == trimmed.lowercased() }) {
                return ParameterValue(value: .string(found), text: trimmed, match: .exact, resolution: Resolution(.success, reason: "a case"))
            }
            return ParameterValue(value: nil, text: trimmed, resolution: Resolution(.unsupported, reason: "not one of \(cases.joined(separator: ", "))"))
        case .vocabulary:
            guard let list = parameter.list else { break }
            let vocabulary = model.vocabulary(with: user ?? defaultUser)
            let candidates = Set(vocabulary.items(app: appIndex, list: list))
            guard !candidates.isEmpty else { break }
            let matches = vocabulary.lookup(trimmed, policy: options.editPolicy(for: model.language), verbosity: .all, limit: 50)
                .filter { candidates.contains($0.itemIndex) }
            guard let best = matches.first else {
                return ParameterValue(value: .string(trimmed), text: trimmed, match: .text,
                                      resolution: Resolution(.unsupported, reason: "'\(trimmed)' matches no \(list) of \(app.displayName)"))
            }
            let item = vocabulary.item(best.itemIndex)
            let phrase = item.phrases.first ?? best.matchedText
            let option = ResolutionOption(value: phrase, identifier: item.identifier)
            let tied = matches.filter { $0.edits == best.edits && vocabulary.item($0.itemIndex).identifier != item.identifier }
            if !tied.isEmpty {
                let options = ([best] + tied).map { ResolutionOption(value: vocabulary.item($0.itemIndex).phrases.first ?? $0.matchedText,
                                                                     identifier: vocabulary.item($0.itemIndex).identifier) }
                return ParameterValue(value: nil, text: trimmed, resolution: Resolution(.disambiguation, options: options, reason: "several match"))
            }
            if best.edits > 0 {
                return ParameterValue(value: .string(phrase), text: trimmed, identifier: item.identifier, match: .fuzzy, edits: best.edits,
                                      resolution: Resolution(.confirmationRequired, options: [option], reason: "\(best.edits) edit(s) from '\(phrase)'"))
            }
            return ParameterValue(value: .string(phrase), text: trimmed, identifier: item.identifier, match: .exact,
                                  resolution: Resolution(.success, reason: "in the vocabulary"))
        default:
            break
        }
        return ParameterValue(value: .string(trimmed), text: trimmed, match: .text, resolution: Resolution(.success, reason: "as answered"))
    }
}

/// Reading short answers: yes/no words and choices.
enum Answers {
    /// Yes and no in the grammars' languages (by language code).
    static let yes: [String: Set<String>] = [
        "en": ["yes", "yeah", "yep", "sure", "ok", "okay", "correct", "right", "y"],
        "es": ["si", "sí", "vale", "claro", "correcto", "de acuerdo"],
        "de": ["ja", "genau", "richtig", "klar", "jawohl", "okay"],
        "fr": ["oui", "ouais", "d'accord", "exact", "bien sûr"],
        "ja": ["はい", "うん", "ええ", "そう", "そうです", "お願いします"],
        "zh": ["是", "是的", "对", "对的", "好", "好的", "嗯"],
    ]

    static func isYes(_ text: String, language: String) -> Bool {
        let answer = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased()
        let code = (try? Language(language).code) ?? language
        return (yes[code] ?? []).contains(answer) || (yes["en"] ?? []).contains(answer)
    }

    /// The option chosen: by number (1-based), else the option whose text the answer
    /// matches best (exact, contained, then fewest edits).
    static func choose(_ text: String, among options: [String], language: String) -> Int? {
        let answer = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        if let number = Int(answer), number >= 1, number <= options.count { return number - 1 }
        guard !answer.isEmpty, let tokenizer = try? Tokenizer(language: Language(language)) else { return nil }
        let items = options.enumerated().map { VocabularyItem(identifier: String($0.offset), phrases: [$0.element], type: .parameter("answer"), source: .app, priority: $0.offset) }
        let index = VocabularyIndex(items: items, tokenizer: tokenizer)
        if let best = index.lookup(answer, policy: .fixed(2), verbosity: .top, limit: 1).first { return best.itemIndex }
        if let span = index.spans(in: tokenizer.tokenize(answer)).min(by: { $0.match.ranks(before: $1.match) }) { return span.match.itemIndex }
        return nil
    }
}
