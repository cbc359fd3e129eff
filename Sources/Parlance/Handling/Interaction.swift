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
        /// Which app? (the app itself is ambiguous; bundle identifiers)
        case chooseApp([String])
        /// Unlock the device first.
        case unlock
        /// Go ahead? The handler's confirm answered ``ResponseCode/userConfirmationRequired``
        /// with this response.
        case confirmIntent(IntentResponse)
    }

    public let kind: Kind
    /// The parameter asked about (nil for app, unlock and intent questions).
    public let parameter: String?
    /// The question in words, in ``language``, naming the parameter as people do
    /// ("Which account do you want to pay? 1. 12 Oak Street  2. 48 Elm Avenue").
    public let prompt: String
    /// The language of ``prompt``: the dialogue file's tag ("ja"; "en" for a language with no file).
    public let language: String
    /// How many times this has been asked, this time included: 1 the first time. The
    /// dialogue ends rather than ask more than ``Interaction/maximumAttempts`` times.
    public let attempt: Int

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
    /// The dialogue ended without handling the intent: the user cancelled or said no, or
    /// no answer settled a question in ``Interaction/maximumAttempts`` asks.
    case cancelled(Cancellation)
}

/// How and why a dialogue ended without handling its intent.
public struct Cancellation: Sendable, Hashable {
    /// Why.
    public enum Reason: Sendable, Hashable {
        /// The user said cancel ("never mind", "abbrechen", 「やめて」, "算了").
        case cancelled
        /// The user said no to the intent's confirmation, or to unlocking the device.
        case declined
        /// Asked ``Interaction/maximumAttempts`` times without an answer that settles it:
        /// about this parameter, or (nil) about the app, the unlock or the confirmation.
        case tooManyAttempts(parameter: String?)
    }

    public let reason: Reason
    /// What to tell the user, in the dialogue's language ("OK, cancelled.").
    public let message: String
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
/// if case .cancelled(let cancellation) = step { print(cancellation.message) }
/// ```
///
/// Questions are asked in the hypothesis's language, from its dialogue file
/// (``DialogueTexts``; English where there is none), and answers read like Siri reads them
/// (``AnswerReader``):
/// - cancel ends the dialogue at any question ("cancel", "vergiss es", 「やめて」, "算了");
/// - a choice by ordinal ("the second one", 「2番目」, "第二个", "the last one"), by number
///   ("2"), or by any unambiguous part of an option ("elm", "Elm Avenue", "Elm Avenu");
///   a part that fits several asks again among those; an item of the app the options did
///   not list is taken too;
/// - yes or no to a confirmation: no to a value asks for the next option or for the value,
///   no to the intent (``ResponseCode/userConfirmationRequired``) or to unlocking ends the
///   dialogue; any other answer to a value's confirmation is taken as the value itself;
/// - a missing value is looked up in the app's vocabulary for the parameter (so "Sparkel"
///   becomes a confirmation of "Sparkle Sparkly"), else taken as said.
///
/// Nothing is asked more than ``maximumAttempts`` times: the dialogue then ends with
/// ``InteractionStep/cancelled(_:)`` and a message saying why.
public actor Interaction {
    /// The most times one question is asked (the first time and three more) before the
    /// dialogue gives up.
    public static let maximumAttempts = 4

    public let engine: Engine
    public let handler: any IntentHandler
    /// Whose vocabulary answers are looked up in (nil: the apps' own, ``Engine/defaultUser``).
    public let user: UserSession?
    /// The dialogue's words: the hypothesis's language's, else English; nil when the data
    /// file could not be read (every step is then ``InteractionStep/failed(_:)`` saying why).
    public nonisolated let texts: DialogueTexts?
    private let reader: AnswerReader?
    private let setupError: String?
    private var intent: ResolvedIntent
    private var pending: Pending?
    private var needsUnlock: Bool
    private var appChoices: [String]
    private var intentConfirmed = false
    private var attempts: [Topic: Int] = [:]
    /// The step the dialogue ended on.
    private var outcome: InteractionStep?

    /// What a question is about: what is counted against ``maximumAttempts``.
    private enum Topic: Hashable {
        case value(parameter: Int, value: Int)
        case app, unlock, intent
    }

    /// The question waiting for an answer.
    private struct Pending {
        var topic: Topic
        var question: Question
        /// For a value's confirmation, the options to offer next when the user says no.
        var alternatives: [ResolutionOption] = []
    }

    /// A dialogue for `hypothesis` (parsed with `user`'s vocabulary: answers are looked up
    /// in it too), worded by `texts` (by default ``DialogueTexts/builtIn(for:)`` for the
    /// hypothesis's language).
    public init(engine: Engine, hypothesis: IntentHypothesis, handler: any IntentHandler, user: UserSession? = nil,
                texts: DialogueTexts? = nil) {
        self.engine = engine
        self.handler = handler
        self.user = user
        self.intent = ResolvedIntent(app: hypothesis.app, intent: hypothesis.intent, parameters: hypothesis.parameters, language: hypothesis.language)
        self.needsUnlock = hypothesis.requiresUnlock
        if case .ambiguous(let apps) = hypothesis.appSelection { appChoices = apps } else { appChoices = [] }
        var loaded = texts
        var error: String?
        if loaded == nil {
            do { loaded = try DialogueTexts.builtIn(for: hypothesis.language) } catch let failure { error = failure.description }
        }
        self.texts = loaded
        let tokenizer = engine.model(for: hypothesis.language)?.compiled.tokenizer
            ?? (try? Language(hypothesis.language)).flatMap { try? Tokenizer(language: $0) }
        if let loaded, let tokenizer {
            reader = AnswerReader(texts: loaded, tokenizer: tokenizer, editPolicy: engine.options.editPolicy(for: tokenizer.language))
        } else {
            reader = nil
            error = error ?? "no tokenizer for '\(hypothesis.language)': ICU cannot segment it"
        }
        setupError = error
    }

    /// The intent as it stands.
    public var current: ResolvedIntent { intent }

    /// Starts (or continues) the dialogue: the next question, or how it ended.
    public func start() async -> InteractionStep {
        if let outcome { return outcome }
        if let pending { return .question(pending.question) }
        return await advance()
    }

    /// Takes the user's answer to the pending question; an answer that means cancel ends
    /// the dialogue whatever was asked.
    public func answer(_ text: String) async -> InteractionStep {
        if let outcome { return outcome }
        guard let reader, let texts else { return finish(.failed(IntentResponse(.failure, message: setupError))) }
        guard let pending else { return await advance() }
        self.pending = nil
        if reader.isCancel(text) { return end(.cancelled) }
        switch pending.topic {
        case .unlock:
            switch reader.yesOrNo(text) {
            case true?: needsUnlock = false
            case false?: return end(.declined)
            case nil: return askAgainYesOrNo(pending)
            }
        case .intent:
            switch reader.yesOrNo(text) {
            case true?: intentConfirmed = true
            case false?: return end(.declined)
            case nil: return askAgainYesOrNo(pending)
            }
        case .app:
            guard case .chooseApp(let apps) = pending.question.kind else { break }
            let names = apps.map { id in (engine.app(id).map { [$0.displayName] + $0.names } ?? []) + [id] }
            switch reader.choice(text, among: names) {
            case .option(let index):
                if let app = engine.app(apps[index]) { switchApp(to: app) }
            case .ambiguous(let indexes):
                let among = indexes.map { apps[$0] }
                return ask(.app, kind: .chooseApp(among), parameter: nil,
                           prompt: texts.prompt(.chooseAppAmong, intent: intent.intent.name, values: ["said": Self.quoted(text), "options": appList(among)]))
            case .none:
                return ask(.app, kind: .chooseApp(apps), parameter: nil,
                           prompt: texts.prompt(.chooseApp, intent: intent.intent.name, values: ["options": appList(apps)]))
            }
        case .value(let parameter, let value):
            if let step = take(text, for: pending, parameter: parameter, value: value, reader: reader, texts: texts) { return step }
        }
        return await advance()
    }

    // MARK: Answers

    /// Takes an answer about a value: the step to return at once (a question asked again),
    /// or nil to go on.
    private func take(_ text: String, for pending: Pending, parameter: Int, value: Int, reader: AnswerReader, texts: DialogueTexts) -> InteractionStep? {
        let name = intent.parameters[parameter].name
        switch pending.question.kind {
        case .choose(let options):
            switch reader.choice(text, among: options.map { [$0.value] + ($0.identifier.map { [$0] } ?? []) }) {
            case .option(let index):
                set(parameter, value, to: options[index], because: "chosen by the user")
            case .ambiguous(let indexes):
                let among = indexes.map { options[$0] }
                return ask(pending.topic, kind: .choose(among), parameter: name,
                           prompt: texts.prompt(.chooseAmong, parameter: name, intent: intent.intent.name,
                                                values: ["said": Self.quoted(text), "options": texts.optionList(among.map(\.value))]))
            case .none:
                // An item of the app the options did not list ("Aqua Water" when asked
                // between two City Power accounts) is an answer too.
                let answered = resolve(text, parameter: parameter)
                if answered.resolution.kind == .success, answered.identifier != nil {
                    replace(parameter, value, with: answered)
                } else {
                    return ask(pending.topic, kind: .choose(options), parameter: name,
                               prompt: texts.prompt(.chooseAgain, parameter: name, intent: intent.intent.name,
                                                    values: ["options": texts.optionList(options.map(\.value))]))
                }
            }
        case .confirm(let option):
            switch reader.yesOrNo(text) {
            case true?:
                set(parameter, value, to: option, because: "confirmed by the user")
            case false?:
                if let next = pending.alternatives.first {
                    return ask(pending.topic, kind: .confirm(next), parameter: name,
                               prompt: texts.prompt(.confirm, parameter: name, intent: intent.intent.name, values: ["value": next.value]),
                               alternatives: Array(pending.alternatives.dropFirst()))
                }
                replace(parameter, value, with: ParameterValue(value: nil, resolution: Resolution(.needsValue, reason: "the user said no")))
            case nil:
                // Neither yes nor no: the answer is the value ("Celestra" to "Did you mean Sparkle Sparkly?").
                replace(parameter, value, with: resolve(text, parameter: parameter))
            }
        case .value, .replace:
            replace(parameter, value, with: resolve(text, parameter: parameter))
        case .chooseApp, .unlock, .confirmIntent:
            break
        }
        return nil
    }

    private func resolve(_ text: String, parameter: Int) -> ParameterValue {
        engine.resolveAnswer(text, parameter: intent.parameters[parameter].definition, app: intent.app, language: intent.language, user: user)
    }

    private func set(_ parameter: Int, _ value: Int, to option: ResolutionOption, because reason: String) {
        let old = intent.parameters[parameter].values[value]
        replace(parameter, value, with: ParameterValue(value: .string(option.value), text: old.text, identifier: option.identifier, span: old.span,
                                                       match: old.match, edits: old.edits, resolution: Resolution(.success, reason: reason)))
    }

    private func replace(_ parameter: Int, _ value: Int, with new: ParameterValue) {
        let result = intent.parameters[parameter]
        var values = result.values
        values[value] = new
        intent.parameters[parameter] = ParameterResult(name: result.name, definition: result.definition, values: values)
    }

    /// Hands the intent to `app` (chosen by the user among equally plausible apps): the
    /// values said are resolved again with its vocabulary, and those not said default to
    /// its items, as the parse would have for it.
    private func switchApp(to app: App) {
        appChoices = []
        let parameters = intent.parameters.map { result -> ParameterResult in
            guard let definition = result.definition, case .vocabulary = definition.kind else { return result }
            let values = result.values.map { value -> ParameterValue in
                if let text = value.text, value.match != .fixed {
                    return engine.resolveAnswer(text, parameter: definition, app: app, language: intent.language, user: user)
                }
                if value.text == nil, value.match == .implied || value.resolution.kind == .disambiguation {
                    return engine.unsaidValue(of: definition, app: app, language: intent.language, user: user) ?? value
                }
                return value
            }
            return ParameterResult(name: result.name, definition: definition, values: values)
        }
        intent = ResolvedIntent(app: app, intent: intent.intent, parameters: parameters, language: intent.language)
    }

    // MARK: Questions

    private func advance() async -> InteractionStep {
        if let outcome { return outcome }
        guard let texts else { return finish(.failed(IntentResponse(.failure, message: setupError))) }
        let intentName = intent.intent.name
        if !appChoices.isEmpty {
            return ask(.app, kind: .chooseApp(appChoices), parameter: nil,
                       prompt: texts.prompt(.chooseApp, intent: intentName, values: ["options": appList(appChoices)]))
        }
        if needsUnlock {
            return ask(.unlock, kind: .unlock, parameter: nil, prompt: texts.prompt(.unlock, intent: intentName, values: ["app": intent.app.displayName]))
        }
        for (parameterIndex, parameter) in intent.parameters.enumerated() {
            for (valueIndex, value) in parameter.values.enumerated() {
                let resolution = await handler.resolve(value, of: parameter.name, in: intent)
                if resolution.isFinal { continue }
                return ask(about: resolution, of: value, parameter: parameterIndex, value: valueIndex, texts: texts)
            }
        }
        if !intentConfirmed {
            let confirmation = await handler.confirm(intent)
            switch confirmation.code {
            case .ready, .success:
                break
            case .userConfirmationRequired:
                let prompt = confirmation.message ?? texts.prompt(.confirmIntent, intent: intentName, values: [
                    "intent": texts.intentName(intentName), "app": intent.app.displayName, "details": texts.details(details, intent: intentName),
                ])
                return ask(.intent, kind: .confirmIntent(confirmation), parameter: nil, prompt: prompt)
            default:
                return finish(.failed(confirmation))
            }
        }
        return finish(.finished(await handler.handle(intent)))
    }

    /// The question a value's resolution asks.
    private func ask(about resolution: Resolution, of value: ParameterValue, parameter: Int, value valueIndex: Int, texts: DialogueTexts) -> InteractionStep {
        let name = intent.parameters[parameter].name
        let intentName = intent.intent.name
        let topic = Topic.value(parameter: parameter, value: valueIndex)
        switch resolution.kind {
        case .disambiguation where !resolution.options.isEmpty:
            return ask(topic, kind: .choose(resolution.options), parameter: name,
                       prompt: texts.prompt(.choose, parameter: name, intent: intentName, values: ["options": texts.optionList(resolution.options.map(\.value))]))
        case .confirmationRequired:
            let options = resolution.options.isEmpty ? [ResolutionOption(value: value.value?.string ?? value.text ?? "", identifier: value.identifier)]
                                                     : resolution.options
            return ask(topic, kind: .confirm(options[0]), parameter: name,
                       prompt: texts.prompt(.confirm, parameter: name, intent: intentName, values: ["value": options[0].value]),
                       alternatives: Array(options.dropFirst()))
        case .unsupported:
            let said = value.text ?? value.value?.string ?? ""
            return ask(topic, kind: .replace(said: said), parameter: name,
                       prompt: texts.prompt(.replace, parameter: name, intent: intentName, values: ["said": Self.quoted(said)]))
        default:
            return ask(topic, kind: .value, parameter: name, prompt: texts.prompt(.value, parameter: name, intent: intentName))
        }
    }

    /// Asks `prompt` about `topic`, or ends the dialogue when it was asked ``maximumAttempts`` times.
    private func ask(_ topic: Topic, kind: Question.Kind, parameter: String?, prompt: String, alternatives: [ResolutionOption] = []) -> InteractionStep {
        let attempt = attempts[topic, default: 0] + 1
        guard attempt <= Self.maximumAttempts else { return end(.tooManyAttempts(parameter: parameter)) }
        attempts[topic] = attempt
        let question = Question(kind: kind, parameter: parameter, prompt: prompt, language: texts?.language ?? "en", attempt: attempt)
        pending = Pending(topic: topic, question: question, alternatives: alternatives)
        return .question(question)
    }

    /// A yes-or-no question asked again after an answer that was neither.
    private func askAgainYesOrNo(_ pending: Pending) -> InteractionStep {
        let original = pending.question
        let prompt = texts?.prompt(.yesOrNo, intent: intent.intent.name, values: ["prompt": firstPrompt(pending)])
        return ask(pending.topic, kind: original.kind, parameter: original.parameter, prompt: prompt ?? original.prompt, alternatives: pending.alternatives)
    }

    /// The question as first asked (not wrapped in a "yes or no?" again).
    private func firstPrompt(_ pending: Pending) -> String {
        guard let texts else { return pending.question.prompt }
        switch pending.question.kind {
        case .unlock: return texts.prompt(.unlock, intent: intent.intent.name, values: ["app": intent.app.displayName])
        case .confirmIntent(let response):
            return response.message ?? texts.prompt(.confirmIntent, intent: intent.intent.name, values: [
                "intent": texts.intentName(intent.intent.name), "app": intent.app.displayName, "details": texts.details(details, intent: intent.intent.name),
            ])
        default: return pending.question.prompt
        }
    }

    private func end(_ reason: Cancellation.Reason) -> InteractionStep {
        let message: String
        switch reason {
        case .cancelled: message = texts?.message(.cancelled) ?? ""
        case .declined: message = texts?.message(.declined) ?? ""
        case .tooManyAttempts(let parameter?): message = texts?.message(.tooManyAttempts, parameter: parameter, intent: intent.intent.name) ?? ""
        case .tooManyAttempts(nil): message = texts?.message(.gaveUp) ?? ""
        }
        return finish(.cancelled(Cancellation(reason: reason, message: message)))
    }

    private func finish(_ step: InteractionStep) -> InteractionStep {
        outcome = step
        pending = nil
        return step
    }

    // MARK: Wording

    private func appList(_ apps: [String]) -> String {
        texts?.optionList(apps.map { engine.app($0)?.displayName ?? $0 }) ?? ""
    }

    /// The values of the intent, for a confirmation: parameter and value, as said or resolved.
    private var details: [(parameter: String, value: String)] {
        intent.parameters.flatMap { parameter in
            parameter.values.compactMap { value in value.value.map { (parameter.name, $0.string ?? $0.description) } }
        }
    }

    /// What the user said, short enough to repeat in a question.
    private static func quoted(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
    }
}
