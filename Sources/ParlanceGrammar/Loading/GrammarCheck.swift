import Foundation
import Yams

/// Checks a language of a corpus and reports every problem found, not only the first one
/// ``GrammarLoader`` stops at: what `parlance grammar check` prints.
///
/// ```swift
/// for error in GrammarCheck.errors(corpus: corpus, language: "en") { print(error) }
/// // sentences/en/light_HassTurnOn.yaml:12:34: unclosed '(' opened at column 20 in "turn (on [the] {name}"; …
/// // sentences/en/light_HassTurnOn.yaml:14:21: unknown list 'nmae' …
/// ```
///
/// In three stages, each run only when the one before found nothing (a file that does not
/// read cannot be merged, a grammar with unknown names cannot be compiled):
/// 1. every file read, and in a file that fails, every template parsed on its own, so all
///    syntax errors of the file are reported;
/// 2. every list and rule reference, once per template and rule;
/// 3. compiling (``CompiledGrammar``).
public enum GrammarCheck {
    /// Every problem of `sentences/<language>` (with the shared `lists/`), in file order.
    public static func errors(corpus: URL, language: String,
                              externalLists: Set<String> = GrammarLoader.defaultExternalLists) -> [GrammarError] {
        let source: GrammarLoader.CorpusSource
        do {
            source = try GrammarLoader.CorpusSource(corpus: corpus, language: language)
        } catch {
            return [error]
        }
        var errors: [GrammarError] = []
        func read(_ url: URL) -> IntentsFile? {
            let document: YAMLDocument
            do {
                document = try YAMLDocument.read(url, path: source.relative(url))
            } catch {
                errors.append(error)
                return nil
            }
            do {
                return try source.loader.read(document, slotCombination: nil)
            } catch {
                errors.append(error)
                errors += templateErrors(in: document, loader: source.loader).filter { $0.location != error.location }
                return nil
            }
        }
        let listsFolder = corpus.appendingPathComponent("lists")
        let sharedLists = (GrammarLoader.yamlFiles(in: listsFolder) + GrammarLoader.yamlFiles(in: listsFolder.appendingPathComponent(language)))
            .compactMap(read)
        let common = read(source.languageFolder.appendingPathComponent("_common.yaml"))
        let files = GrammarLoader.yamlFiles(in: source.languageFolder).filter { $0.lastPathComponent != "_common.yaml" }.compactMap(read)
        guard errors.isEmpty, let common else { return errors }

        let grammar: LanguageGrammar
        do {
            grammar = try GrammarLoader.merged(language: language, common: common, files: files, sharedLists: sharedLists,
                                               externalLists: externalLists, contextAreaCombinations: [])
        } catch {
            return [error]
        }
        errors = ReferenceChecker(grammar: grammar, externalLists: externalLists).errors()
        guard errors.isEmpty else { return errors }
        do {
            _ = try CompiledGrammar(grammar)
        } catch {
            return [error]
        }
        return []
    }

    /// The languages of a corpus: the folders of `sentences/`, sorted.
    public static func languages(corpus: URL) -> [String] {
        GrammarLoader.subfolders(of: corpus.appendingPathComponent("sentences")).map(\.lastPathComponent)
    }

    /// Every template of a document parsed on its own: sentences, expansion rules, and list
    /// values written with template syntax, wherever they stand.
    static func templateErrors(in document: YAMLDocument, loader: IntentsFileLoader) -> [GrammarError] {
        var errors: [GrammarError] = []
        func visit(_ node: YAMLNode, path: [String]) {
            switch node.node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    let name = key.string ?? "\(key)"
                    visit(node.child(name, value), path: path + [name])
                }
            case .sequence(let sequence):
                for (index, element) in sequence.enumerated() { visit(node.element(index, element), path: path + ["[]"]) }
            case .scalar(let scalar):
                guard isTemplate(path: path, text: scalar.string) else { return }
                do {
                    _ = try loader.template(node, document: document)
                } catch {
                    errors.append(error)
                }
            case .alias:
                return
            }
        }
        visit(document.root, path: [])
        return errors
    }

    /// Whether a scalar at `path` is parsed as a template by the loader.
    static func isTemplate(path: [String], text: String) -> Bool {
        let last = path.last ?? ""
        let parent = path.count > 1 ? path[path.count - 2] : ""
        let grandparent = path.count > 2 ? path[path.count - 3] : ""
        if last == "[]", parent == "sentences" { return true }
        if parent == "expansion_rules" { return true }
        if last == "[]", parent == "values" { return TemplateParser.isTemplate(text) }
        if last == "in", parent == "[]", grandparent == "values" { return TemplateParser.isTemplate(text) }
        return false
    }
}
