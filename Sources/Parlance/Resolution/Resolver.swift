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
/// - free text for a vocabulary parameter that is part of the app's items ("Sam" of Sam
///   Rivera and Sam Okafor, ``PartialMatch``) → **disambiguation** among them, or
///   **success** with the one item; free text holding an item of the app said with a
///   typo among other words ("Bicyle crossing") → **confirmationRequired** of that item;
///   else **unsupported** when the app has vocabulary for it (an unknown contact), else
///   **success** (the app decides);
/// - a list value, a number, free text, a fixed slot → **success**.
///
/// Per parameter not said: one the app's vocabulary implies
/// (``ParameterDefinition/defaultsToVocabulary``; the items of its first vocabulary type
/// and the app's parameter vocabulary) → **success** with its only item, or
/// **disambiguation** among several ("pay my bill" with two payee accounts); else a
/// required one → **needsValue**, unless a parameter said stands in for it (recipients of
/// a message to a group); else **notRequired** (left out of results).
struct Resolver {
    /// The read the hypothesis comes from. (A reference: a resolver is copied into the
    /// closures of its calls, and copies of the engine, model and offers cost a retain each.)
    let scope: Reader.Scope
    let app: Int

    var engine: Engine { scope.reader.engine }
    var model: LanguageModel { scope.reader.model }
    /// The language's vocabulary as the parse's user sees it.
    var vocabulary: ModelVocabulary { scope.reader.vocabulary }
    /// What the grammar was offered, by ``SlotMatch/foundIndex``.
    var offers: [Reader.Offer] { scope.offers }
    /// Every vocabulary item found in the utterance (several may stand on the same words).
    var vocabularyOffers: [Reader.Offer] { scope.vocabularyOffers }

    func parameters(of intent: IntentDefinition, from match: Hypothesis) -> [ParameterResult] {
        let slots = match.slots
        let parameters = intent.parameters
        var result: [ParameterResult] = []
        result.reserveCapacity(parameters.count)
        // (A parse resolves a few readings, each asking every parameter for its slots. Slots
        // and parameters are read in place, by index: bound to locals they would be copied,
        // a retain and a release for each of their strings.)
        return intent.withParameterIndices(of: slots) { slotParameter in
            let undefined = slots.indices.contains { slotParameter[$0] < 0 && slots[$0].name != "app" }
            for parameter in parameters.indices {
                let list = parameters[parameter].list
                let isVocabulary = if case .vocabulary = parameters[parameter].kind { true } else { false }
                var values: [ParameterValue] = []
                if parameters[parameter].kind == .dateTime, slots.indices.contains(where: { slotParameter[$0] == parameter }),
                   let value = dateTimeValue(parameters[parameter], slots: slots.indices.filter { slotParameter[$0] == parameter }.map { slots[$0] }) {
                    values.append(value)
                } else {
                    for index in slots.indices where slotParameter[index] == parameter {
                        values.append(resolve(slots[index], list: list, isVocabulary: isVocabulary))
                    }
                }
                if !values.isEmpty {
                    result.append(ParameterResult(name: parameters[parameter].name, definition: parameters[parameter], values: values))
                } else if let value = unsaid(parameters[parameter], in: match) {
                    result.append(ParameterResult(name: parameters[parameter].name, definition: parameters[parameter], values: [value]))
                }
            }
            // Slots the catalogue does not define (custom intents' examples) are reported as
            // said, by name in the order each first came.
            guard undefined else { return result }
            var names: [String] = []
            for index in slots.indices where slotParameter[index] < 0 && slots[index].name != "app" && !names.contains(slots[index].name) {
                names.append(slots[index].name)
            }
            for name in names {
                let values = slots.indices.filter { slotParameter[$0] < 0 && slots[$0].name == name }.map {
                    resolve(slots[$0], list: nil, isVocabulary: false)
                }
                result.append(ParameterResult(name: name, definition: nil, values: values))
            }
            return result
        }
    }

    /// A value said, for a parameter that `list` fills (nil for none, or a slot the
    /// catalogue does not define), of a vocabulary kind or not.
    func resolve(_ slot: SlotMatch, list: String?, isVocabulary: Bool) -> ParameterValue {
        if let index = slot.foundIndex, index < offers.count, !offers[index].isAppName {
            return resolveVocabulary(slot, offer: offers[index], list: list)
        }
        switch slot.kind {
        case .wildcard:
            if isVocabulary, let list, vocabulary.hasItems(app: app, list: list) {
                if let partial = partialMatch(slot, list: list) { return partial }
                if let corrected = correctedItemInside(slot, list: list) { return corrected }
                return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .text,
                                      resolution: Resolution(.unsupported, because: .matchesNoItem(said: slot.text, list: list, app: engine.apps[app].displayName)))
            }
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .text,
                                  resolution: Resolution(.success, reason: "free text"))
        case .number:
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .number, resolution: Resolution(.success, reason: "a number"))
        case .fixed, .context:
            return ParameterValue(value: slot.value, match: .fixed, resolution: Resolution(.success, reason: "implied by the phrasing"))
        case .fuzzy:
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: .fuzzy, edits: slot.edits,
                                  resolution: Resolution(.success, because: .listValueWithEdits(value: slot.listValue ?? slot.text, edits: slot.edits)))
        case .exact, .text:
            return ParameterValue(value: slot.value, text: slot.text, span: slot.span, match: slot.kind == .exact ? .exact : .text,
                                  resolution: Resolution(.success, reason: "a value of the list"))
        }
    }

    /// A vocabulary match: success, disambiguation among equally good items of the app, or
    /// confirmation of a doubtful correction.
    func resolveVocabulary(_ slot: SlotMatch, offer: Reader.Offer, list: String?) -> ParameterValue {
        let item = vocabulary.item(offer.span.match.itemIndex)
        let phrase = Self.phrase(of: offer.span.match, item: item)
        // Other items of this app found on the same words, as well matched: each item once,
        // and each identifier once (one item may be found through several of its phrases
        // and pronunciations, or be both the app's and the user's).
        var rivals: [VocabularyMatch] = []
        var seen: Set<Int> = [offer.span.match.itemIndex]
        var identifiers: Set<String> = item.identifier.map { [$0] } ?? []
        for other in vocabularyOffers where other.app == app && other.span.scalarRange == offer.span.scalarRange
            && other.span.edits == offer.span.edits && seen.insert(other.span.match.itemIndex).inserted {
            if let list, !vocabulary.owner(other.span.match.itemIndex).lists.contains(list) { continue }
            if let identifier = vocabulary.item(other.span.match.itemIndex).identifier, !identifiers.insert(identifier).inserted { continue }
            rivals.append(other.span.match)
        }
        let base = ParameterValue.self
        if !rivals.isEmpty {
            let all = ([offer.span.match] + rivals).sorted { $0.ranks(before: $1) }
            let options = all.map { ResolutionOption(value: vocabulary.item($0.itemIndex).firstPhrase ?? $0.matchedText, identifier: vocabulary.item($0.itemIndex).identifier) }
            return base.init(value: nil, text: slot.text, span: slot.span, match: offer.span.edits > 0 ? .fuzzy : .exact, edits: offer.span.edits,
                             resolution: Resolution(.disambiguation, options: options, because: .itemsMatch(count: options.count, said: slot.text)))
        }
        let confidence = Self.correctionConfidence(of: phrase, edits: offer.span.edits)
        let option = ResolutionOption(value: phrase, identifier: item.identifier)
        if offer.span.edits > 0 && confidence < engine.options.confirmationThreshold {
            // No correction at all when the edits are words around the item's: a particle, an
            // article or a contraction the template does not place ("的读书会" for 读书会, "des
            // Mots du Jour" for Les Mots du Jour). The match stays a vocabulary match with its
            // edits, as the reading was ranked.
            if let list, let framed = framedItem(said: slot.text, phrase: phrase, list: list) {
                return base.init(value: .string(phrase), text: slot.text, identifier: item.identifier, span: slot.span, match: .fuzzy,
                                 edits: offer.span.edits, resolution: Resolution(.success, options: [], because: framed))
            }
            return base.init(value: .string(phrase), text: slot.text, identifier: item.identifier, span: slot.span, match: .fuzzy,
                             edits: offer.span.edits,
                             resolution: Resolution(.confirmationRequired, options: [option],
                                                    because: .editsFromItem(said: slot.text, edits: offer.span.edits, phrase: phrase, confidence: confidence)))
        }
        return base.init(value: .string(phrase), text: slot.text, identifier: item.identifier, span: slot.span,
                         match: offer.span.edits > 0 ? .fuzzy : .exact, edits: offer.span.edits,
                         resolution: Resolution(.success, options: [], because: offer.span.edits > 0
                            ? .editsFromItem(said: slot.text, edits: offer.span.edits, phrase: phrase, confidence: confidence)
                            : .inVocabulary(phrase: phrase, source: item.source, type: item.type)))
    }

    /// Free text that holds, among other words, an item of the app's `list` said with a
    /// typo ("Bicyle crossing", "Überfahrt mit Fahrad", 「不通車で」): the item the vocabulary
    /// found there, the one covering the most of the text (then with the fewest edits), to
    /// be confirmed, since both the words around it and the correction are guesses. (An
    /// item said without a typo is a part of the text ``partialMatch(_:list:)`` finds.)
    func correctedItemInside(_ slot: SlotMatch, list: String) -> ParameterValue? {
        guard let span = slot.span else { return nil }
        func ranksFirst(_ a: VocabularySpan, _ b: VocabularySpan) -> Bool {
            if a.scalarRange.count != b.scalarRange.count { return a.scalarRange.count > b.scalarRange.count }
            if a.edits != b.edits { return a.edits < b.edits }
            return a.match.ranks(before: b.match)
        }
        var best: VocabularySpan?
        for offer in vocabularyOffers where offer.app == app && !offer.isAppName && offer.span.edits > 0
            && span.lowerBound <= offer.span.scalarRange.lowerBound && offer.span.scalarRange.upperBound <= span.upperBound
            && vocabulary.owner(offer.span.match.itemIndex).lists.contains(list) && best.map({ ranksFirst(offer.span, $0) }) != false {
            best = offer.span
        }
        guard let best else { return nil }
        let item = vocabulary.item(best.match.itemIndex)
        let phrase = Self.phrase(of: best.match, item: item)
        let confidence = Self.correctionConfidence(of: phrase, edits: best.edits)
        // A part of the free text (as ``partialMatch(_:list:)`` finds one), so the reading
        // ranks as one that left the parameter to free text, as it was ranked before resolution.
        return ParameterValue(value: .string(phrase), text: slot.text, identifier: item.identifier, span: slot.span, match: .partial,
                              edits: best.edits,
                              resolution: Resolution(.confirmationRequired, options: [ResolutionOption(value: phrase, identifier: item.identifier)],
                                                     because: .editsFromItem(said: slot.text, edits: best.edits, phrase: phrase, confidence: confidence)))
    }

    /// The item's phrase a match names: the phrase matched, or for a pronunciation the
    /// item's first phrase.
    static func phrase(of match: VocabularyMatch, item: VocabularyItem) -> String {
        match.isPronunciation ? (item.firstPhrase ?? match.matchedText) : match.matchedText
    }

    /// How sure a correction is: 1 − edits ÷ the phrase's letters and digits (1 without
    /// edits, the letters not counted then).
    static func correctionConfidence(of phrase: String, edits: Int) -> Double {
        guard edits > 0 else { return 1 }
        var letters = 0
        for scalar in phrase.unicodeScalars where scalar.properties.isAlphabetic || scalar.properties.numericType != nil { letters += 1 }
        return 1 - Double(edits) / Double(max(1, letters))
    }

    /// Whether ``resolve(_:_:)`` reports `slot` as free text (``MatchKind/text``): no
    /// vocabulary item other than an app name was found for it, and the grammar took it as
    /// free text or as a list value without an output. (What ``Reader`` ranks by before
    /// resolving; debug builds check the two agree.)
    static func isFreeText(_ slot: SlotMatch, offers: [Reader.Offer]) -> Bool {
        if let index = slot.foundIndex, index < offers.count, !offers[index].isAppName { return false }
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
        if let candidates = Resolver.defaultItems(of: parameter, app: app, in: vocabulary), let list = parameter.list {
                if candidates.count == 1 {
                let item = vocabulary.item(candidates[0])
                return ParameterValue(value: .string(item.firstPhrase ?? ""), identifier: item.identifier, match: .implied,
                                      resolution: Resolution(.success, because: .onlyItem(list: list, app: engine.apps[app].displayName)))
            }
            if candidates.count > 1 {
                let options = candidates.map { ResolutionOption(value: vocabulary.item($0).firstPhrase ?? "", identifier: vocabulary.item($0).identifier) }
                return ParameterValue(value: nil, resolution: Resolution(.disambiguation, options: options,
                                                                         because: .notSaid(app: engine.apps[app].displayName, items: options.count)))
            }
        }
        guard parameter.isNeeded(saying: { name in match.slots.contains { $0.name == name } }) else { return nil }
        return ParameterValue(value: nil, resolution: Resolution(.needsValue, reason: "required and not said"))
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
