import ArgumentParser
import Foundation
import Parlance
@_spi(Testing) import ParlanceVocabulary

/// The store and whose vocabulary in it: shared by `vocab set`, `show` and `clear`.
struct VocabStoreOptions: ParsableArguments {
    @Option(help: "The vocabulary store, an SQLite file (created by 'set' when missing).")
    var store: String

    @Option(help: "The app identifier, e.g. com.example.yoga.")
    var app: String

    @Option(help: "The user identifier; omit for the app's single user.")
    var user: String = ""

    func open(createIfMissing: Bool) throws -> VocabularyStore {
        try VocabularyStore(path: store, createIfMissing: createIfMissing)
    }
}

private func vocabularyType(_ name: String?) throws -> VocabularyStringType? {
    guard let name else { return nil }
    return try VocabularyStringType(name: name)
}

private func report(_ warnings: [VocabularyWarning]) {
    for warning in warnings { Diagnostics.warn(warning.description) }
}

struct VocabSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Replace user vocabulary from a list (one entry a line) or a UserVocabulary.json file.",
        discussion: """
            A list replaces the set of --type with its lines, most important first. A JSON file \
            (UserVocabulary.json: {"contactName": ["Ada", {"identifier": "c1", "phrase": "Celestra", \
            "pronunciation": "seh-lest-ra"}]}) replaces every type it names, or only --type.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case list, json
    }

    @OptionGroup var scope: VocabStoreOptions

    @Option(help: "The vocabulary type, e.g. contactName, mediaPlaylistTitle (required for a list).")
    var type: String?

    @Option(help: "The file's format; by default JSON for a .json file or one that starts with '{', else a list.")
    var format: Format?

    @Flag(help: "With a JSON file, also remove the types the file does not name.")
    var replaceAll = false

    /// Stops inside the write transaction, just before it commits (tests kill the process there).
    @Option(help: .hidden)
    var debugPauseBeforeCommit: Double?

    @Argument(help: "The list or JSON file; - or nothing for standard input.")
    var file: String = "-"

    func run() throws {
        try reportingErrors {
            let type = try vocabularyType(type)
            let name = file == "-" ? "standard input" : file
            let bytes: [UInt8]? = file == "-" ? Array(FileHandle.standardInput.readDataToEndOfFile()) : nil
            let isJSON = try format.map { $0 == .json } ?? sniffJSON(bytes)
            let store = try scope.open(createIfMissing: true)
            if let seconds = debugPauseBeforeCommit {
                store.beforeCommit = {
                    FileHandle.standardError.write(Data("parlance: pausing before commit\n".utf8))
                    Thread.sleep(forTimeInterval: seconds)
                }
            }
            if isJSON {
                let loaded = try bytes.map { try UserVocabulary.decode(interchangeJSON: $0, file: name, app: scope.app, user: scope.user) }
                    ?? UserVocabulary.load(interchangeFile: file, app: scope.app, user: scope.user)
                report(loaded.warnings)
                var vocabulary = loaded.vocabulary
                if let type {
                    guard vocabulary.types.contains(type) else {
                        throw UsageError("\(name) has no '\(type)' set; it has: \(vocabulary.types.map(\.rawValue).joined(separator: ", "))")
                    }
                    vocabulary = UserVocabulary(app: scope.app, user: scope.user)
                    vocabulary.setVocabulary(loaded.vocabulary.speakableStrings(of: type), of: type)
                }
                try store.save(vocabulary, replacingAll: replaceAll)
            } else {
                guard let type else { throw UsageError("--type is required to set a list; e.g. --type contactName") }
                let entries = try bytes.map { try VocabularyList.decode($0, file: name) } ?? VocabularyList.load(contentsOf: file)
                report(try store.set(entries, app: scope.app, user: scope.user, type: type))
            }
        }
    }

    /// JSON when the file says so by its name or its first character.
    private func sniffJSON(_ bytes: [UInt8]?) throws -> Bool {
        if file.lowercased().hasSuffix(".json") { return true }
        let head: [UInt8]
        if let bytes {
            head = Array(bytes.prefix(64))
        } else {
            guard let handle = FileHandle(forReadingAtPath: file) else { return false }
            defer { try? handle.close() }
            head = Array(try handle.read(upToCount: 64) ?? Data())
        }
        let skipped = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return skipped.first == UInt8(ascii: "{")
    }
}

struct VocabShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print user vocabulary: the ordered strings of a type, or every type as 'type<TAB>string'.")

    @OptionGroup var scope: VocabStoreOptions

    @Option(help: "The vocabulary type; omit for all types.")
    var type: String?

    @Flag(help: "Print UserVocabulary.json (identifiers and pronunciations included).")
    var json = false

    func run() throws {
        try reportingErrors {
            let type = try vocabularyType(type)
            let store = try scope.open(createIfMissing: false)
            var vocabulary = try store.vocabulary(app: scope.app, user: scope.user)
            if let type {
                let strings = vocabulary.speakableStrings(of: type)
                vocabulary.removeAllVocabularyStrings()
                if !strings.isEmpty { vocabulary.setVocabulary(strings, of: type) }
            }
            if json {
                FileHandle.standardOutput.write(Data(vocabulary.interchangeJSON()))
            } else if let type {
                for entry in vocabulary.speakableStrings(of: type) { print(entry.spokenPhrase) }
            } else {
                for type in vocabulary.types {
                    for entry in vocabulary.speakableStrings(of: type) { print("\(type.rawValue)\t\(entry.spokenPhrase)") }
                }
            }
        }
    }
}

struct VocabClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove user vocabulary: one type, or without --type everything of the app and user.")

    @OptionGroup var scope: VocabStoreOptions

    @Option(help: "The vocabulary type; omit to remove every type.")
    var type: String?

    func run() throws {
        try reportingErrors {
            let type = try vocabularyType(type)
            let store = try scope.open(createIfMissing: false)
            if let type {
                try store.remove(app: scope.app, user: scope.user, type: type)
            } else {
                try store.removeAll(app: scope.app, user: scope.user)
            }
        }
    }
}
