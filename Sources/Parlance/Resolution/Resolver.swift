import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// SiriKit's resolution of an intent's parameters for one app.
///
/// Per value said:
/// - a vocabulary match of the app → **success**; when other items of the app match the
///   same words as well (two accounts called "City Power") → **disambiguation** among
///   them, most important first; a fuzzy match whose confidence (1 − edits ÷ letters) is
///   below ``EngineOptions/confirmationThreshold`` → **confirmationRequired**;
/// - free text for a vocabulary parameter → **unsupported** when the app has vocabulary
///   for it (an unknown contact), else **success** (the app decides);
/// - a list value, a number, free text, a fixed slot → **success**.
///
/// Per parameter not said: one the app's vocabulary implies
/// (``ParameterDefinition/defaultsToVocabulary``; the items of its first vocabulary type
/// and the app's parameter vocabulary) → **success** with its only item, or
/// **disambiguation** among several ("pay my bill" with two payee accounts); else a
/// required one → **needsValue**, unless a parameter said stands in for it (recipients of
/// a message to a group); else **notRequired** (left out of results).
struct Resolver {
    let engine: Engine
    let model: LanguageModel
    let app: Int
    /// What the grammar was offered, by ``SlotMatch/foundIndex``.
    let offers: [Reader.Offer]
    /// Every vocabulary item found in the utterance (several may stand on the same words).
    let vocabularyOffers: [Reader.Offer]
    let found: FoundValues

    func parameters(of intent: IntentDefinition, from match: Hypothesis) -> [ParameterResult] {
        let slots = match.slots
        let parameters = intent.parameters
        var result: [ParameterResult] = []
        result.reserveCapacity(parameters.count)
        // (A parse resolves a few readings, each asking every parameter for its slots.)
        return intent.withParameterIndices(of: slots) { slotParameter in
            let undefined = zip(slots, slotParameter).contains { $0.1 < 0 && $0.0.name != "app" }
            for (index, parameter) in parameters.enumerated() {
                var values: [ParameterValue] = []
                for (slot, parameterIndex) in zip(slots, slotParameter) where parameterIndex == index { values.append(resolve(slot, parameter)) }
                if !values.isEmpty {
                    result.append(ParameterResult(name: parameter.name, definition: parameter, values: values))
                } else if let value = unsaid(parameter, in: match) {
                    result.append(ParameterResult(name: parameter.name, definition: parameter, values: [value]))
                }
            }
            // Slots the catalogue does not define (custom intents' examples) are reported as
            // said, by name in the order each first came.
            guard undefined else { return result }
            var names: [String] = []
            for (slot, parameterIndex) in zip(slots, slotParameter) where parameterIndex < 0 && slot.name != "app" && !names.contains(slot.name) {
                names.append(slot.name)
            }
            for name in names {
                let values = zip(slots, slotParameter).filter { $0.1 < 0 && $0.0.name == name }.map { resolve($0.0, nil) }
                result.append(ParameterResult(name: name, definition: nil, values: values))
            }
            return result
        }
    }

    /// A value said.
    func resolve(_ slot: SlotMatch, _ parameter: ParameterDefinition?) -> ParameterValue {
        if let index = slot.foundIndex, !offers[index].isAppName {
            return resolveVocabulary(slot, offer: offers[index], parameter: parameter)
        }
        switch slot.kind {
        case .wildcard:
            if let parameter, case .vocabulary = parameter.kind, let list = parameter.list, model.vocabulary.hasItems(app: app, list: list) {
                return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .text,
                                      resolution: Resolution(.unsupported, reason: "'\(slot.text)' matches no \(list) of \(engine.apps[app].displayName)"))
            }
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .text,
                                  resolution: Resolution(.success, reason: "free text"))
        case .number:
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .number, resolution: Resolution(.success, reason: "a number"))
        case .fixed, .context:
            return ParameterValue(value: slot.value, match: .fixed, resolution: Resolution(.success, reason: "implied by the phrasing"))
        case .fuzzy:
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .fuzzy, edits: slot.edits,
                                  resolution: Resolution(.success, reason: "'\(slot.listValue ?? slot.text)' with \(slot.edits) edit(s)"))
        case .exact, .text:
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: slot.kind == .exact ? .exact : .text,
                                  resolution: Resolution(.success, reason: "a value of the list"))
        }
    }

    /// A vocabulary match: success, disambiguation among equally good items of the app, or
    /// confirmation of a doubtful correction.
    func resolveVocabulary(_ slot: SlotMatch, offer: Reader.Offer, parameter: ParameterDefinition?) -> ParameterValue {
        let vocabulary = model.vocabulary
        let item = vocabulary.item(offer.span.match.itemIndex)
        let phrase = offer.span.match.isPronunciation ? (item.phrases.first ?? offer.span.match.matchedText) : offer.span.match.matchedText
        let list = parameter?.list
        // Other items of this app found on the same words, as well matched.
        var rivals: [VocabularyMatch] = []
        var seen: Set<Int> = [offer.span.match.itemIndex]
        for other in vocabularyOffers where other.app == app && other.span.scalarRange == offer.span.scalarRange
            && other.span.edits == offer.span.edits && seen.insert(other.span.match.itemIndex).inserted {
            if let list, !vocabulary.owner(other.span.match.itemIndex).lists.contains(list) { continue }
            let identifier = vocabulary.item(other.span.match.itemIndex).identifier
            if identifier != nil, identifier == item.identifier { continue }
            rivals.append(other.span.match)
        }
        let base = ParameterValue.self
        if !rivals.isEmpty {
            let all = ([offer.span.match] + rivals).sorted { $0.ranks(before: $1) }
            let options = all.map { ResolutionOption(value: vocabulary.item($0.itemIndex).phrases.first ?? $0.matchedText, identifier: vocabulary.item($0.itemIndex).identifier) }
            return base.init(value: nil, text: slot.text, span: slot.span, match: offer.span.edits > 0 ? .fuzzy : .exact, edits: offer.span.edits,
                             resolution: Resolution(.disambiguation, options: options, reason: "\(options.count) items match '\(slot.text)'"))
        }
        // (Letters are counted only for a match with edits: the confidence is 1 without.)
        var letters = 0
        if offer.span.edits > 0 {
            for scalar in phrase.unicodeScalars where scalar.properties.isAlphabetic || scalar.properties.numericType != nil { letters += 1 }
        }
        let confidence = 1 - Double(offer.span.edits) / Double(max(1, letters))
        let option = ResolutionOption(value: phrase, identifier: item.identifier)
        if offer.span.edits > 0 && confidence < engine.options.confirmationThreshold {
            return base.init(value: .string(phrase), text: slot.text, identifier: item.identifier, span: slot.span, match: .fuzzy,
                             edits: offer.span.edits,
                             resolution: Resolution(.confirmationRequired, options: [option],
                                                    reason: "'\(slot.text)' is \(offer.span.edits) edit(s) from '\(phrase)' (confidence \(Self.format(confidence)))"))
        }
        return base.init(value: .string(phrase), text: slot.text, identifier: item.identifier, span: slot.span,
                         match: offer.span.edits > 0 ? .fuzzy : .exact, edits: offer.span.edits,
                         resolution: Resolution(.success, options: [], reason: offer.span.edits > 0
                            ? "'\(slot.text)' is \(offer.span.edits) edit(s) from '\(phrase)' (confidence \(Self.format(confidence)))"
                            : "'\(phrase)' in \(item.source) vocabulary (\(item.type))"))
    }

    /// Whether ``resolve(_:_:)`` reports `slot` as free text (``MatchKind/text``): no
    /// vocabulary item other than an app name was found for it, and the grammar took it as
    /// free text or as a list value without an output. (What ``Reader`` ranks by before
    /// resolving; debug builds check the two agree.)
    static func isFreeText(_ slot: SlotMatch, offers: [Reader.Offer]) -> Bool {
        if let index = slot.foundIndex, !offers[index].isAppName { return false }
        return slot.kind == .wildcard || slot.kind == .text
    }

    /// The items a parameter not said defaults to for `app`, most important first, or nil
    /// when it does not default to vocabulary: the app's items of the parameter's first
    /// vocabulary type (a bill payee defaults to the user's payee accounts, not to every
    /// organization).
    static func defaultItems(of parameter: ParameterDefinition, app: Int, in vocabulary: ModelVocabulary) -> [Int]? {
        guard parameter.defaultsToVocabulary, let list = parameter.list else { return nil }
        return vocabulary.defaultItems(app: app, list: list, type: primaryType(of: parameter))
    }

    /// Whether a parameter not said has items to default to for `app` (``defaultItems(of:app:in:)``
    /// not empty), without gathering them.
    static func hasDefaultItems(_ parameter: ParameterDefinition, app: Int, in vocabulary: ModelVocabulary) -> Bool {
        guard parameter.defaultsToVocabulary, let list = parameter.list else { return false }
        return vocabulary.hasDefaultItems(app: app, list: list, type: primaryType(of: parameter))
    }

    private static func primaryType(of parameter: ParameterDefinition) -> VocabularyType? {
        parameter.kind.vocabularyTypes.first.map { VocabularyType.user($0) }
    }

    /// A parameter not said in `match`, or nil when it is simply not required (or waived by
    /// another parameter said: ``ParameterDefinition/waivedBy``).
    func unsaid(_ parameter: ParameterDefinition, in match: Hypothesis) -> ParameterValue? {
        if let candidates = Resolver.defaultItems(of: parameter, app: app, in: model.vocabulary), let list = parameter.list {
            let vocabulary = model.vocabulary
            if candidates.count == 1 {
                let item = vocabulary.item(candidates[0])
                return ParameterValue(value: .string(item.phrases.first ?? ""), identifier: item.identifier, match: .implied,
                                      resolution: Resolution(.success, reason: "the only \(list) of \(engine.apps[app].displayName)"))
            }
            if candidates.count > 1 {
                let options = candidates.map { ResolutionOption(value: vocabulary.item($0).phrases.first ?? "", identifier: vocabulary.item($0).identifier) }
                return ParameterValue(value: nil, resolution: Resolution(.disambiguation, options: options,
                                                                         reason: "not said; \(engine.apps[app].displayName) has \(options.count)"))
            }
        }
        guard parameter.isNeeded(saying: { name in match.slots.contains { $0.name == name } }) else { return nil }
        return ParameterValue(value: nil, resolution: Resolution(.needsValue, reason: "required and not said"))
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(rounded)
    }
}

extension IntentDefinition {
    /// Calls `body` with each slot's parameter: its index in ``parameters`` (-1 for none of
    /// this intent's), each name compared once, in a buffer on the stack.
    func withParameterIndices<Slots: RandomAccessCollection<SlotMatch>, Result>(
        of slots: Slots, _ body: (UnsafeMutableBufferPointer<Int>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(slots.count, 1)) { buffer in
            for (index, slot) in slots.enumerated() {
                buffer[index] = parameters.firstIndex { $0.name == slot.name } ?? -1
            }
            return body(UnsafeMutableBufferPointer(rebasing: buffer[..<slots.count]))
        }
    }
}
