import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

extension Engine {
    /// The longest answer looked up in a vocabulary, in Unicode scalars: names are short,
    /// and a longer answer (a pasted page) is no name of the app's.
    static let longestVocabularyAnswer = 200

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
            if let number = Double(trimmed), number.isFinite {
                return ParameterValue(value: number.rounded() == number && abs(number) < 1e15 ? .int(Int(number)) : .double(number), text: trimmed,
                                      match: .number, resolution: Resolution(.success, reason: "a number"))
            }
            return ParameterValue(value: nil, text: trimmed, resolution: Resolution(.needsValue, reason: "'\(trimmed.prefix(40))' is not a number"))
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
            guard trimmed.unicodeScalars.count <= Self.longestVocabularyAnswer else {
                return ParameterValue(value: .string(trimmed), text: trimmed, match: .text,
                                      resolution: Resolution(.unsupported, reason: "too long to be a \(list) of \(app.displayName)"))
            }
            let matches = vocabulary.lookup(trimmed, policy: options.editPolicy(for: model.language), verbosity: .all, limit: 50)
                .filter { candidates.contains($0.itemIndex) }
            guard let best = matches.first else {
                return ParameterValue(value: .string(trimmed), text: trimmed, match: .text,
                                      resolution: Resolution(.unsupported, reason: "'\(trimmed)' matches no \(list) of \(app.displayName)"))
            }
            let item = vocabulary.item(best.itemIndex)
            let phrase = item.firstPhrase ?? best.matchedText
            let option = ResolutionOption(value: phrase, identifier: item.identifier)
            let tied = matches.filter { $0.edits == best.edits && vocabulary.item($0.itemIndex).identifier != item.identifier }
            if !tied.isEmpty {
                let options = ([best] + tied).map { ResolutionOption(value: vocabulary.item($0.itemIndex).firstPhrase ?? $0.matchedText,
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

    /// The value of a parameter not said, for `app`: its only item, a disambiguation among
    /// its items, or nil when the parameter does not default to the app's vocabulary (as
    /// ``Resolver`` resolves a parameter not said).
    func unsaidValue(of parameter: ParameterDefinition, app: App, language: String, user: UserSession?) -> ParameterValue? {
        guard let model = model(for: language), let appIndex = apps.firstIndex(where: { $0.bundleIdentifier == app.bundleIdentifier }) else { return nil }
        let vocabulary = model.vocabulary(with: user ?? defaultUser)
        guard let items = Resolver.defaultItems(of: parameter, app: appIndex, in: vocabulary), !items.isEmpty, let list = parameter.list else { return nil }
        let options = items.map { ResolutionOption(value: vocabulary.item($0).firstPhrase ?? "", identifier: vocabulary.item($0).identifier) }
        if options.count == 1 {
            return ParameterValue(value: .string(options[0].value), identifier: options[0].identifier, match: .implied,
                                  resolution: Resolution(.success, because: .onlyItem(list: list, app: app.displayName)))
        }
        return ParameterValue(value: nil, resolution: Resolution(.disambiguation, options: options, because: .notSaid(app: app.displayName, items: options.count)))
    }
}
