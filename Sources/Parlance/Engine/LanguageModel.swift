import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// Everything the engine needs for one language: the compiled grammar (built-in templates
/// and the apps' example phrases), one vocabulary index over every app's vocabulary, and
/// an index of the apps' names. Immutable and shared.
final class LanguageModel: Sendable {
    /// The grammar's language tag (its folder name).
    let tag: String
    let language: Language
    let compiled: CompiledGrammar
    /// Every app's vocabulary items (app vocabulary for this language, user vocabulary).
    let vocabulary: VocabularyIndex
    /// For each item of ``vocabulary``: its app and the grammar lists it can fill.
    let owners: [ItemOwner]
    /// The apps' names: one item per app.
    let appNames: VocabularyIndex
    /// For each (app, list): the items, most important first.
    let listItems: [AppList: [Int]]
    /// The scripts the language is written in.
    let scripts: WritingScripts

    struct ItemOwner: Sendable {
        let app: Int
        let lists: [String]
    }

    struct AppList: Sendable, Hashable {
        let app: Int
        let list: String
    }

    init(tag: String, language: Language, compiled: CompiledGrammar, apps: [App], lists: VocabularyLists) {
        self.tag = tag
        self.language = language
        self.scripts = language.writingScripts
        self.compiled = compiled
        var items: [VocabularyItem] = []
        var owners: [ItemOwner] = []
        for (appIndex, app) in apps.enumerated() {
            for item in app.vocabularyItems(for: language) {
                let itemLists = lists.lists(of: item.type)
                guard !itemLists.isEmpty else { continue }
                items.append(item)
                owners.append(ItemOwner(app: appIndex, lists: itemLists))
            }
        }
        vocabulary = VocabularyIndex(items: items, tokenizer: compiled.tokenizer)
        self.owners = owners
        var listItems: [AppList: [Int]] = [:]
        for (index, owner) in owners.enumerated() {
            for list in owner.lists { listItems[AppList(app: owner.app, list: list), default: []].append(index) }
        }
        for key in listItems.keys {
            listItems[key]?.sort { (items[$0].source, items[$0].priority, $0) < (items[$1].source, items[$1].priority, $1) }
        }
        self.listItems = listItems
        appNames = VocabularyIndex(items: apps.enumerated().map { index, app in
            VocabularyItem(identifier: app.bundleIdentifier, phrases: app.names, type: .parameter("app"), source: .app, priority: index)
        }, tokenizer: compiled.tokenizer)
    }

    /// The items of `list` for app `app`, most important first.
    func items(app: Int, list: String) -> [Int] { listItems[AppList(app: app, list: list)] ?? [] }
}

/// Which grammar lists each kind of vocabulary fills, from the catalogue: a user type fills
/// every list of a parameter that takes it; an app parameter vocabulary (`Intent.parameter`)
/// fills that parameter's list.
struct VocabularyLists: Sendable {
    let byType: [VocabularyStringType: [String]]
    let byKeyPath: [String: String]

    init(catalogue: IntentCatalogue) {
        var byType: [VocabularyStringType: [String]] = [:]
        var byKeyPath: [String: String] = [:]
        for intent in catalogue.intents {
            for parameter in intent.parameters {
                guard let list = parameter.list, case .vocabulary(let types) = parameter.kind else { continue }
                byKeyPath["\(intent.name).\(parameter.name)"] = list
                for type in types where !(byType[type] ?? []).contains(list) { byType[type, default: []].append(list) }
            }
        }
        self.byType = byType
        self.byKeyPath = byKeyPath
    }

    func lists(of type: VocabularyType) -> [String] {
        switch type {
        case .user(let userType): byType[userType] ?? []
        case .parameter(let keyPath): byKeyPath[keyPath].map { [$0] } ?? []
        }
    }
}
