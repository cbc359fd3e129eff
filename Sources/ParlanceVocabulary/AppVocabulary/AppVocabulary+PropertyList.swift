import Foundation

/// Apple's key names, exactly as `AppIntentVocabulary.plist` spells them.
enum AppVocabularyKey {
    static let parameterVocabularies = "ParameterVocabularies"
    static let parameterNames = "ParameterNames"
    static let parameterVocabulary = "ParameterVocabulary"
    static let itemIdentifier = "VocabularyItemIdentifier"
    static let itemSynonyms = "VocabularyItemSynonyms"
    static let itemPhrase = "VocabularyItemPhrase"
    static let itemPronunciation = "VocabularyItemPronunciation"
    static let itemExamples = "VocabularyItemExamples"
    static let intentPhrases = "IntentPhrases"
    static let intentName = "IntentName"
    static let intentExamples = "IntentExamples"
}

extension AppVocabulary {
    /// Loads an `AppIntentVocabulary.plist`, XML or binary.
    ///
    /// Items get type `.parameter(keyPath)`, source `.app`, and as priority their position
    /// among the file's items (0 = first in the file). Empty phrases and examples are
    /// skipped with a warning in ``warnings``; so are entries left without phrases.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - language: The language of the phrases (usually from the `.lproj` name), stored in
    ///     ``language`` and in every item.
    /// - Throws: ``VocabularyLoadError`` naming the file and the key path, e.g.
    ///   `ParameterVocabularies[0].ParameterVocabulary[3].VocabularyItemSynonyms[0].VocabularyItemPhrase`,
    ///   when the file is unreadable, not a property list, a damaged binary property list
    ///   (which object is wrong and how), has a value of the wrong type, or lacks a required key.
    public init(contentsOf path: String, language: String? = nil) throws(VocabularyLoadError) {
        try self.init(propertyList: Array(FileBytes.read(path)), file: path, language: language)
    }

    /// Decodes the bytes of an `AppIntentVocabulary.plist` (XML or binary); `file` names
    /// it in errors and warnings. See ``init(contentsOf:language:)``.
    public init(propertyList bytes: [UInt8], file: String, language: String? = nil) throws(VocabularyLoadError) {
        let root = try PropertyListFile.parse(bytes, file: file)
        var decoder = AppVocabularyDecoder(language: language)
        try decoder.decode(DocumentNode(file: file, value: root))
        self.init(language: language, parameterVocabularies: decoder.parameterVocabularies,
                  intentPhrases: decoder.intentPhrases, warnings: decoder.warnings)
    }
}

/// Walks a parsed `AppIntentVocabulary.plist`, checking every type on the way.
private struct AppVocabularyDecoder {
    typealias Key = AppVocabularyKey
    let language: String?
    var parameterVocabularies: [ParameterVocabulary] = []
    var intentPhrases: [IntentPhrase] = []
    var warnings: [VocabularyWarning] = []
    /// The next item's priority: its position among the file's items.
    var nextPriority = 0

    init(language: String?) { self.language = language }

    mutating func decode(_ root: DocumentNode) throws(VocabularyLoadError) {
        let dictionary = try root.dictionary()
        warnings += root.unknownKeys(in: dictionary, known: [Key.parameterVocabularies, Key.intentPhrases])
        if let vocabularies = root.optional(Key.parameterVocabularies, in: dictionary) {
            for entry in try vocabularies.array() { try decodeParameterVocabulary(entry) }
        }
        if let phrases = root.optional(Key.intentPhrases, in: dictionary) {
            for entry in try phrases.array() { try decodeIntentPhrase(entry) }
        }
    }

    mutating func decodeParameterVocabulary(_ node: DocumentNode) throws(VocabularyLoadError) {
        let dictionary = try node.dictionary()
        warnings += node.unknownKeys(in: dictionary, known: [Key.parameterNames, Key.parameterVocabulary])
        var names: [String] = []
        for (nameNode, name) in try node.required(Key.parameterNames, in: dictionary, expected: "an array of strings").strings() {
            if name.isBlank {
                warnings.append(nameNode.warning("empty parameter name skipped"))
            } else {
                names.append(name)
            }
        }
        let entries = try node.required(Key.parameterVocabulary, in: dictionary, expected: "an array of dictionaries").array()
        var items: [VocabularyItem] = []
        for entry in entries {
            if let item = try decodeItem(entry, firstParameter: names.first ?? "") { items.append(item) }
        }
        guard !names.isEmpty else {
            warnings.append(node.warning("no parameter names; its \(items.count) item(s) skipped"))
            return
        }
        parameterVocabularies.append(ParameterVocabulary(parameterNames: names, items: items))
    }

    mutating func decodeItem(_ node: DocumentNode, firstParameter: String) throws(VocabularyLoadError) -> VocabularyItem? {
        let dictionary = try node.dictionary()
        warnings += node.unknownKeys(in: dictionary, known: [Key.itemIdentifier, Key.itemSynonyms])
        let identifier = try node.required(Key.itemIdentifier, in: dictionary, expected: "a string").string()
        var phrases: [String] = []
        var pronunciations: [String] = []
        var examples: [String] = []
        let synonyms = try node.required(Key.itemSynonyms, in: dictionary, expected: "an array of dictionaries").array()
        for synonym in synonyms {
            let members = try synonym.dictionary()
            warnings += synonym.unknownKeys(in: members, known: [Key.itemPhrase, Key.itemPronunciation, Key.itemExamples])
            let phraseNode = try synonym.required(Key.itemPhrase, in: members, expected: "a string")
            let phrase = try phraseNode.string()
            // Validate the optional members even when the phrase is skipped: a wrong type is
            // an error wherever it is.
            let pronunciation = try synonym.optional(Key.itemPronunciation, in: members)?.string()
            let synonymExamples = try synonym.optional(Key.itemExamples, in: members)?.strings() ?? []
            guard !phrase.isBlank else {
                warnings.append(phraseNode.warning("empty phrase skipped"))
                continue
            }
            phrases.append(phrase)
            if let pronunciation, !pronunciation.isBlank { pronunciations.append(pronunciation) }
            for (exampleNode, example) in synonymExamples {
                if example.isBlank {
                    warnings.append(exampleNode.warning("empty example skipped"))
                } else {
                    examples.append(example)
                }
            }
        }
        guard !phrases.isEmpty else {
            warnings.append(node.warning("item '\(identifier)' has no phrases; skipped"))
            return nil
        }
        defer { nextPriority += 1 }
        return VocabularyItem(identifier: identifier, phrases: phrases, pronunciations: pronunciations, examples: examples,
                              type: .parameter(firstParameter), source: .app, priority: nextPriority, language: language)
    }

    mutating func decodeIntentPhrase(_ node: DocumentNode) throws(VocabularyLoadError) {
        let dictionary = try node.dictionary()
        warnings += node.unknownKeys(in: dictionary, known: [Key.intentName, Key.intentExamples])
        let name = try node.required(Key.intentName, in: dictionary, expected: "a string").string()
        var examples: [String] = []
        for (exampleNode, example) in try node.required(Key.intentExamples, in: dictionary, expected: "an array of strings").strings() {
            if example.isBlank {
                warnings.append(exampleNode.warning("empty example skipped"))
            } else {
                examples.append(example)
            }
        }
        intentPhrases.append(IntentPhrase(intentName: name, examples: examples))
    }
}
