import Foundation
import ParlanceText

/// Vocabulary read from a path, whatever its kind: the loading edge for tools and engines
/// that accept "a vocabulary" without caring which of Apple's (or plain) formats it is in.
///
/// | path | read as |
/// |---|---|
/// | a folder | an app: its `<lang>.lproj/AppIntentVocabulary.plist` for the language (with Apple's fallbacks) and its `UserVocabulary.json` if present |
/// | `*.plist` | one `AppIntentVocabulary.plist` (XML or binary) |
/// | `*.json` | a user vocabulary interchange file (`UserVocabulary.json`) |
/// | `*.tsv` | a table with a header line; the first column is the entry, order is priority |
/// | anything else | a plain UTF-8 list, one entry a line, order is priority |
///
/// Lists become user vocabulary of `listType`.
public struct LoadedVocabulary: Sendable {
    /// Every item, in the order the source gives them.
    public var items: [VocabularyItem]
    /// What was skipped or repaired while reading.
    public var warnings: [VocabularyWarning]

    public init(items: [VocabularyItem], warnings: [VocabularyWarning] = []) {
        self.items = items
        self.warnings = warnings
    }

    /// Reads the vocabulary at `path` for `language`.
    ///
    /// - Throws: ``VocabularyLoadError`` naming the file (and key path or line) that is wrong.
    public static func load(path: String, language: Language, listType: VocabularyStringType = .contactName,
                            app: String = "") throws(VocabularyLoadError) -> LoadedVocabulary {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw VocabularyLoadError(file: path, problem: .unreadable, expected: "a vocabulary file or an app folder", found: "no such file")
        }
        if isFolder.boolValue { return try loadApp(folder: path, language: language, app: app) }
        switch (path as NSString).pathExtension.lowercased() {
        case "plist":
            let vocabulary = try AppVocabulary(contentsOf: path, language: language.tag)
            return LoadedVocabulary(items: vocabulary.items, warnings: vocabulary.warnings)
        case "json":
            let loaded = try UserVocabulary.load(interchangeFile: path, app: app)
            return LoadedVocabulary(items: loaded.vocabulary.items, warnings: loaded.warnings)
        case "tsv":
            let lines = try VocabularyList.load(contentsOf: path).dropFirst()
            let entries = lines.map { line in line.firstIndex(of: "\t").map { String(line[..<$0]) } ?? line }
            return list(entries, type: listType, app: app)
        default:
            return list(try VocabularyList.load(contentsOf: path), type: listType, app: app)
        }
    }

    private static func list(_ entries: [String], type: VocabularyStringType, app: String) -> LoadedVocabulary {
        var vocabulary = UserVocabulary(app: app)
        let warnings = vocabulary.setVocabularyStrings(entries, of: type)
        return LoadedVocabulary(items: vocabulary.items, warnings: warnings)
    }

    private static func loadApp(folder: String, language: Language, app: String) throws(VocabularyLoadError) -> LoadedVocabulary {
        let bundle = try AppVocabularyBundle(contentsOf: folder)
        var source = LoadedVocabulary(items: [], warnings: bundle.warnings)
        if let vocabulary = bundle.vocabulary(for: language) {
            source.items += vocabulary.items
            source.warnings += vocabulary.warnings
        }
        let userFile = (folder as NSString).appendingPathComponent(UserVocabulary.interchangeFileName)
        if FileManager.default.fileExists(atPath: userFile) {
            let loaded = try UserVocabulary.load(interchangeFile: userFile, app: app)
            source.items += loaded.vocabulary.items
            source.warnings += loaded.warnings
        }
        return source
    }
}
