import Foundation
import Testing
@testable import ParlanceVocabulary

@Suite struct VocabularyStoreTests {
    let app = "com.example.yoga"

    @Test func setsAndReadsPerAppAndUser() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try VocabularyStore(path: directory.path("vocabulary.sqlite"))
        #expect(store.journalMode == "wal")

        let warnings = try store.set(["Morning Flow", "Sunset Stretch", "Morning Flow", String(repeating: "x", count: 600)],
                                     app: app, user: "alice", type: .workoutActivityName)
        #expect(warnings.count == 1)
        try store.set(["Evening Calm"], app: app, user: "bob", type: .workoutActivityName)
        try store.set([SpeakableString(vocabularyIdentifier: "c-42", spokenPhrase: "Celestra", pronunciationHint: "seh-lest-ra")],
                      app: "com.example.messages", user: "alice", type: .contactName)

        let alice = try store.items(app: app, user: "alice", type: .workoutActivityName)
        #expect(alice.map(\.phrases) == [["Morning Flow"], ["Sunset Stretch"]])
        #expect(alice.map(\.priority) == [0, 1])
        #expect(alice.allSatisfy { $0.source == .user && $0.type == .user(.workoutActivityName) })
        #expect(try store.items(app: app, user: "bob", type: .workoutActivityName).map(\.phrases) == [["Evening Calm"]])
        #expect(try store.items(app: app, type: .workoutActivityName).isEmpty)
        #expect(try store.speakableStrings(app: "com.example.messages", user: "alice", type: .contactName)
                == [SpeakableString(vocabularyIdentifier: "c-42", spokenPhrase: "Celestra", pronunciationHint: "seh-lest-ra")])
        #expect(try store.scopes() == [VocabularyScope(app: "com.example.messages", user: "alice"),
                                       VocabularyScope(app: app, user: "alice"), VocabularyScope(app: app, user: "bob")])

        // Reopening reads the same.
        let reopened = try VocabularyStore(path: store.path, createIfMissing: false)
        #expect(try reopened.items(app: app, user: "alice", type: .workoutActivityName) == alice)
    }

    @Test func replacesAndRemoves() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try VocabularyStore(path: directory.path("vocabulary.sqlite"))
        try store.set(["Morning Flow", "Sunset Stretch"], app: app, type: .workoutActivityName)
        try store.set(["Yoga Friends"], app: app, type: .contactGroupName)
        try store.set(["Evening Calm"], app: app, type: .workoutActivityName)
        #expect(try store.items(app: app, type: .workoutActivityName).map(\.phrases) == [["Evening Calm"]])

        try store.remove(app: app, type: .workoutActivityName)
        #expect(try store.items(app: app, type: .workoutActivityName).isEmpty)
        #expect(try store.vocabulary(app: app).types == [.contactGroupName])

        try store.removeAll(app: app)
        #expect(try store.vocabulary(app: app).types.isEmpty)
        #expect(try store.scopes().isEmpty)
    }

    @Test func importsAndExportsTheInterchangeFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try VocabularyStore(path: directory.path("vocabulary.sqlite"))
        try store.set(["Old Playlist"], app: app, user: "alice", type: .mediaPlaylistTitle)
        try store.set(["Kept"], app: app, user: "alice", type: .photoTag)
        let file = try directory.write(#"{"mediaPlaylistTitle": ["Road Trip", {"identifier": "p-1", "phrase": "Focus"}], "carName": []}"#,
                                       to: "UserVocabulary.json")
        try store.importInterchangeFile(file, app: app, user: "alice")
        let vocabulary = try store.vocabulary(app: app, user: "alice")
        #expect(vocabulary.types == [.photoTag, .carName, .mediaPlaylistTitle])
        #expect(vocabulary.speakableStrings(of: .mediaPlaylistTitle).map(\.vocabularyIdentifier) == [nil, "p-1"])

        try store.importInterchangeFile(file, app: app, user: "alice", replacingAll: true)
        #expect(try store.vocabulary(app: app, user: "alice").types == [.carName, .mediaPlaylistTitle])

        let exported = directory.path("exported.json")
        try store.exportInterchangeFile(to: exported, app: app, user: "alice")
        #expect(try UserVocabulary.load(interchangeFile: exported, app: app, user: "alice").vocabulary
                == store.vocabulary(app: app, user: "alice"))

        // A bad file writes nothing.
        let bad = try directory.write(#"{"mediaPlaylistTitle": ["A"], "nope": []}"#, to: "bad.json")
        #expect(throws: VocabularyLoadError.self) { try store.importInterchangeFile(bad, app: app, user: "alice") }
        #expect(try store.speakableStrings(app: app, user: "alice", type: .mediaPlaylistTitle).count == 2)
    }

    @Test func rejectsAnEmptyAppIdentifier() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try VocabularyStore(path: directory.path("vocabulary.sqlite"))
        let error = #expect(throws: VocabularyStoreError.self) { try store.set(["x"], app: "", type: .carName) }
        #expect(error?.reason == .invalidScope)
    }

    @Test func aMissingStoreIsNotCreatedWhenAskedNotTo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("none.sqlite")
        let error = #expect(throws: VocabularyStoreError.self) { try VocabularyStore(path: path, createIfMissing: false) }
        #expect(error?.reason == .missing)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func readersSeeTheOldSetOrTheNewOneNeverAMix() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("vocabulary.sqlite")
        let writer = try VocabularyStore(path: path)
        let setA = (0..<2_000).map { "alpha \($0)" }
        let setB = (0..<3_000).map { "beta \($0)" }
        try writer.set(setA, app: app, type: .contactName)

        let reader = try VocabularyStore(path: path)
        let reads = Task.detached { () throws -> (reads: Int, mixed: Int) in
            var reads = 0, mixed = 0
            let deadline = ContinuousClock.now + .seconds(2)
            while ContinuousClock.now < deadline {
                let phrases = try reader.speakableStrings(app: "com.example.yoga", type: .contactName).map(\.spokenPhrase)
                if phrases != setA && phrases != setB { mixed += 1 }
                reads += 1
            }
            return (reads, mixed)
        }
        var writes = 0
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            try writer.set(writes % 2 == 0 ? setB : setA, app: app, type: .contactName)
            writes += 1
        }
        let result = try await reads.value
        #expect(writes > 2)
        #expect(result.reads > 2)
        #expect(result.mixed == 0)
    }

    @Test func aReaderSeesChangesThroughTheChangeToken() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("vocabulary.sqlite")
        let writer = try VocabularyStore(path: path)
        let reader = try VocabularyStore(path: path)
        try writer.set(["Ada"], app: app, user: "alice", type: .contactName)
        try writer.set(["Road Trip"], app: app, user: "alice", type: .mediaPlaylistTitle)

        var token = try reader.changeToken(app: app, user: "alice")
        #expect(try reader.changes(since: token).isEmpty)

        try writer.set(["Ada", "Grace"], app: app, user: "alice", type: .contactName)
        var changes = try reader.changes(since: token)
        #expect(changes.changedTypes == [.contactName])
        token = changes.token
        #expect(try reader.changes(since: token).isEmpty)

        // Another user's write changes the store but not this scope.
        try writer.set(["Bob's Mix"], app: app, user: "bob", type: .mediaPlaylistTitle)
        changes = try reader.changes(since: token)
        #expect(changes.isEmpty)
        token = changes.token

        // Removing and setting again is a change, even if the reader missed the removal.
        try writer.remove(app: app, user: "alice", type: .mediaPlaylistTitle)
        try writer.set(["Road Trip"], app: app, user: "alice", type: .mediaPlaylistTitle)
        changes = try reader.changes(since: token)
        #expect(changes.changedTypes == [.mediaPlaylistTitle])
        token = changes.token

        try writer.removeAll(app: app, user: "alice")
        changes = try reader.changes(since: token)
        #expect(changes.changedTypes == [.contactName, .mediaPlaylistTitle])

        // Writes through the reader's own connection count too.
        token = changes.token
        try reader.set(["Carol"], app: app, user: "alice", type: .contactName)
        #expect(try reader.changes(since: token).changedTypes == [.contactName])
    }
}

@Suite struct VocabularyStoreRefusalTests {
    func bytes(_ path: String) throws -> [UInt8] { try [UInt8](contentsOfFile: path) }

    @Test func aFileThatIsNotSQLiteIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, contents) in [("notes.txt", Array("hello world\n".utf8)),
                                 ("random.bin", (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })] {
            let path = try directory.write(bytes: contents, to: name)
            let error = #expect(throws: VocabularyStoreError.self) { try VocabularyStore(path: path) }
            #expect(error?.reason == .notSQLite)
            #expect(error?.description.contains("not an SQLite database") == true)
            #expect(try bytes(path) == contents)
        }
    }

    @Test func anotherApplicationsDatabaseIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        do {
            let other = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try other.execute("PRAGMA application_id = 1234; CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')")
        }
        let blank = directory.path("blank.sqlite")
        do {
            let other = try SQLiteConnection(path: blank, mode: .readWriteCreate)
            try other.execute("PRAGMA user_version = 0; VACUUM")
            try other.execute("CREATE TABLE t (x); DROP TABLE t")
        }
        for (file, id) in [(path, Int32(1234)), (blank, Int32(0))] {
            let before = try bytes(file)
            let error = #expect(throws: VocabularyStoreError.self) { try VocabularyStore(path: file) }
            #expect(error?.reason == .notParlanceStore(applicationID: id))
            #expect(try bytes(file) == before)
        }
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("future.sqlite")
        do {
            let store = try VocabularyStore(path: path)
            try store.set(["Ada"], app: "com.example.messages", type: .contactName)
        }
        do {
            let raw = try SQLiteConnection(path: path, mode: .readWrite)
            try raw.execute("PRAGMA user_version = \(VocabularyStore.schemaVersion + 1)")
        }
        let before = try bytes(path)
        let error = #expect(throws: VocabularyStoreError.self) { try VocabularyStore(path: path) }
        #expect(error?.reason == .newerSchema(version: VocabularyStore.schemaVersion + 1, supported: VocabularyStore.schemaVersion))
        #expect(try bytes(path) == before)
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(bytes: [], to: "empty.sqlite")
        let store = try VocabularyStore(path: path)
        try store.set(["Ada"], app: "com.example.messages", type: .contactName)
        #expect(try store.integrityCheck() == "ok")
    }

    /// A writer killed in the middle of a write leaves a hot journal, which a read-only
    /// connection cannot roll back: every later open failed with "attempt to write a
    /// readonly database (SQLite error 776)". The store rolls it back and opens.
    @Test func aFolderIsNoStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = #expect(throws: VocabularyStoreError.self) { try VocabularyStore(path: directory.path("")) }
        #expect(error?.reason == .folder)
        #expect(error?.description.contains("a folder; expected a vocabulary store file") == true)
    }

    @Test func aHotJournalLeftByAKilledWriterIsRolledBack() throws {
        let app = "com.example.yoga"
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("vocabulary.sqlite")
        do {
            let store = try VocabularyStore(path: path)
            _ = try store.set(["Kenji Sato", "Marguerite Duval"], app: app, type: .contactName)
        }
        // A write in progress in rollback-journal mode, its pages spilled to the file, and
        // the files copied as a SIGKILL would leave them.
        let writer = try SQLiteConnection(path: path, mode: .readWrite)
        _ = try writer.text("PRAGMA journal_mode = DELETE")
        try writer.execute("PRAGMA cache_size = 1")
        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("CREATE TABLE filler(x)")
        for _ in 0..<40 { try writer.execute("INSERT INTO filler VALUES (randomblob(8000))") }
        let crashed = directory.path("crashed.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: crashed)
        try FileManager.default.copyItem(atPath: path + "-journal", toPath: crashed + "-journal")
        try writer.execute("ROLLBACK")

        let reopened = try VocabularyStore(path: crashed, createIfMissing: false)
        #expect(try reopened.speakableStrings(app: app, type: .contactName).map(\.spokenPhrase) == ["Kenji Sato", "Marguerite Duval"])
        _ = try reopened.set(["Ingrid Bergström"], app: app, type: .contactName)
        #expect(try VocabularyStore(path: crashed).speakableStrings(app: app, type: .contactName).map(\.spokenPhrase) == ["Ingrid Bergström"])
        #expect(!FileManager.default.fileExists(atPath: crashed + "-journal"))
    }
}
