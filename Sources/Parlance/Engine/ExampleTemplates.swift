import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// The apps' example phrases (`IntentPhrases` → `IntentExamples`) as templates: each
/// example becomes a sentence of its intent, tied to its app (metadata `app`), with the
/// app's name turned into `{app}` and the app's vocabulary into slots of the parameter
/// it fills ("Play Sunday Morning Jazz on Tempo" → "Play {media:mediaSearch.mediaName}
/// on {app}"), so one example covers every playlist.
struct ExampleTemplates {
    /// (path for messages, YAML text) per app with examples for the language.
    private(set) var files: [(String, String)] = []
    private(set) var issues: [AppIssue] = []

    /// - Parameter userVocabulary: the users' vocabulary of every app, indexed with keys as
    ///   `tokenizer` writes them.
    init(language: Language, tag: String, apps: [App], catalogue: IntentCatalogue, lists: VocabularyLists,
         userVocabulary: VocabularyShard, tokenizer: Tokenizer) {
        for (appIndex, app) in apps.enumerated() {
            let phrases = app.intentPhrases(for: language)
            guard !phrases.isEmpty else { continue }
            // The app's names and app vocabulary, indexed for exact spans; its user
            // vocabulary is in the shared index.
            var items = [VocabularyItem(identifier: "app", phrases: app.names, type: .parameter("app"), source: .app)]
            items += (app.vocabulary.vocabulary(for: language)?.items ?? []).filter { !lists.lists(of: $0.type).isEmpty }
            let index = VocabularyIndex(items: items, tokenizer: tokenizer)
            func spans(_ tokens: TokenizedText) -> [(range: Range<Int>, type: VocabularyType)] {
                index.allSpans(in: tokens, policy: .fixed(0)).map { ($0.scalarRange, index.items[$0.match.itemIndex].type) }
                    + userVocabulary.index.allSpans(in: tokens, policy: .fixed(0)).filter { userVocabulary.owners[$0.match.itemIndex].app == appIndex }
                    .map { ($0.scalarRange, userVocabulary.index.items[$0.match.itemIndex].type) }
            }
            var intents: [String: [String]] = [:]
            var order: [String] = []
            for phrase in phrases {
                guard app.supports(phrase.intentName) else {
                    issues.append(AppIssue(.warning, file: app.folder ?? app.bundleIdentifier, keyPath: "IntentPhrases",
                                           message: "examples of '\(phrase.intentName)', which IntentsSupported does not list; ignored"))
                    continue
                }
                let intent = catalogue[phrase.intentName]
                for example in phrase.examples {
                    let template = Self.template(example, spans: spans(tokenizer.tokenize(example)), intent: intent, lists: lists)
                    guard !template.isEmpty else { continue }
                    if intents[phrase.intentName] == nil { order.append(phrase.intentName) }
                    intents[phrase.intentName, default: []].append(template)
                }
            }
            guard !order.isEmpty else { continue }
            var yaml = "language: \(Self.quoted(tag))\nintents:\n"
            for name in order {
                yaml += "  \(Self.quoted(name)):\n    data:\n      - sentences:\n"
                for template in intents[name]! { yaml += "          - \(Self.quoted(template))\n" }
                yaml += "        metadata:\n          app: \(Self.quoted(app.bundleIdentifier))\n"
            }
            files.append(("\(app.folder ?? app.bundleIdentifier) (IntentPhrases, \(tag))", yaml))
        }
    }

    /// One example as a template: exact spans of the app's names and vocabulary become
    /// slots (longest first, no overlaps, never two slots with no word between them); the
    /// rest stays literal, with the template language's special characters removed.
    ///
    /// Two slots side by side would leave the matcher to guess where one value ends and the
    /// next begins, at every word of every utterance: with a large user vocabulary, common
    /// words are titles too ("Play", "Jazz"), and "Play Sunday Morning Jazz on Tempo" must
    /// stay "Play {media} on {app}", not "{media} {media} on {app}".
    /// - Parameter spans: where the example says the app's names and vocabulary (exactly),
    ///   with the vocabulary's type.
    static func template(_ example: String, spans: [(range: Range<Int>, type: VocabularyType)], intent: IntentDefinition?,
                         lists: VocabularyLists) -> String {
        let scalars = Array(example.unicodeScalars)
        let spans = spans.sorted { ($0.range.count, -$0.range.lowerBound) > ($1.range.count, -$1.range.lowerBound) }
        var chosen: [(Range<Int>, String)] = []
        // Whether only spaces and punctuation stand between two spans.
        func touches(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            if a.overlaps(b) { return true }
            let gap = a.upperBound <= b.lowerBound ? a.upperBound..<b.lowerBound : b.upperBound..<a.lowerBound
            return !scalars[gap].contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        for span in spans where span.range.upperBound <= scalars.count && !chosen.contains(where: { touches($0.0, span.range) }) {
            if span.type == .parameter("app") {
                chosen.append((span.range, "{app}"))
            } else if let slot = slot(for: span.type, intent: intent, lists: lists) {
                chosen.append((span.range, "{\(slot.list):\(slot.parameter)}"))
            }
        }
        chosen.sort { $0.0.lowerBound < $1.0.lowerBound }
        var result = ""
        var position = 0
        func literal(_ range: Range<Int>) {
            for scalar in scalars[range] {
                switch scalar {
                case "(", ")", "[", "]", "{", "}", "<", ">", "|", ";", "\"", "\\": result.unicodeScalars.append(" ")
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        for (range, slot) in chosen {
            literal(position..<range.lowerBound)
            result += slot
            position = range.upperBound
        }
        literal(position..<scalars.count)
        return result.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    /// The parameter of `intent` (and its list) that vocabulary of `type` fills.
    static func slot(for type: VocabularyType, intent: IntentDefinition?, lists: VocabularyLists) -> (list: String, parameter: String)? {
        guard let intent else { return nil }
        let candidates = lists.lists(of: type)
        for parameter in intent.parameters {
            if let list = parameter.list, candidates.contains(list), case .vocabulary = parameter.kind { return (list, parameter.name) }
        }
        return nil
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
