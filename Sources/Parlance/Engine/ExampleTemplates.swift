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

    init(language: Language, tag: String, apps: [App], catalogue: IntentCatalogue, lists: VocabularyLists, tokenizer: Tokenizer) {
        for app in apps {
            let phrases = app.intentPhrases(for: language)
            guard !phrases.isEmpty else { continue }
            // The app's names and vocabulary, indexed for exact spans.
            var items = [VocabularyItem(identifier: "app", phrases: app.names, type: .parameter("app"), source: .app)]
            items += app.vocabularyItems(for: language).filter { !lists.lists(of: $0.type).isEmpty }
            let index = VocabularyIndex(items: items, tokenizer: tokenizer)
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
                    let template = Self.template(example, index: index, intent: intent, lists: lists, tokenizer: tokenizer)
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
    /// slots (longest first, no overlaps); the rest stays literal, with the template
    /// language's special characters removed.
    static func template(_ example: String, index: VocabularyIndex, intent: IntentDefinition?, lists: VocabularyLists,
                         tokenizer: Tokenizer) -> String {
        let scalars = Array(example.unicodeScalars)
        let spans = index.allSpans(in: tokenizer.tokenize(example), policy: .fixed(0))
            .sorted { ($0.scalarRange.count, -$0.scalarRange.lowerBound) > ($1.scalarRange.count, -$1.scalarRange.lowerBound) }
        var chosen: [(Range<Int>, String)] = []
        for span in spans where !chosen.contains(where: { $0.0.overlaps(span.scalarRange) }) {
            let item = index.items[span.match.itemIndex]
            if item.type == .parameter("app") {
                chosen.append((span.scalarRange, "{app}"))
            } else if let slot = slot(for: item.type, intent: intent, lists: lists) {
                chosen.append((span.scalarRange, "{\(slot.list):\(slot.parameter)}"))
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
