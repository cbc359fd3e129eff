#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ParlanceText

/// User vocabulary on disk: an SQLite database (system SQLite, WAL mode) holding every
/// (app, user)'s sets, safe to share between processes.
///
/// ```swift
/// let store = try VocabularyStore(path: "/var/lib/parlance/vocabulary.sqlite")
/// try store.set(["Morning Flow", "Sunset Stretch"], app: "com.example.yoga", user: "alice", type: .workoutActivityName)
/// try store.items(app: "com.example.yoga", user: "alice", type: .workoutActivityName).map(\.phrases)
/// // [["Morning Flow"], ["Sunset Stretch"]]
/// ```
///
/// Sets follow ``UserVocabulary``'s rules (order, first duplicate wins, 1024-byte UTF-16
/// limit). Replacing a set is one transaction: a reader, in this process or another, sees
/// the old set or the new one, never a mix, and a writer killed mid-way leaves the old set.
/// Writers in several processes take turns, each waiting up to the busy timeout.
///
/// A long-running reader notices writes without reopening: keep a
/// ``VocabularyChangeToken`` and ask ``changes(since:)``, which costs one pragma when
/// nothing changed and names the types that did otherwise.
///
/// Opening refuses, without writing anything to it, a file that is not SQLite, an SQLite
/// database of another application (`PRAGMA application_id`), and a store of a newer
/// schema version (`PRAGMA user_version`); older schemas are migrated.
///
/// Thread safety: one instance owns one SQLite connection and serializes every call with a
/// lock, so it may be shared between threads (calls then run one at a time). For parallel
/// reads, open one instance per thread: connections do not block each other's reads.
public final class VocabularyStore: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// SQLite's journal mode for the store: "wal" except on file systems without shared
    /// memory, where SQLite keeps its rollback journal.
    public let journalMode: String

    private let connection: SQLiteConnection
    private let lock = Lock()
    /// Tells this instance's change tokens from another's: `PRAGMA data_version` is
    /// per connection.
    private let instanceID = UInt64.random(in: 1...UInt64.max)
    /// Commits made through this connection, which its `data_version` does not count.
    private var localCommits: Int64 = 0

    /// Called inside every write transaction just before it commits. Lets tests stop a
    /// writer at the worst moment.
    /// Set it before sharing the store between threads.
    @_spi(Testing) public var beforeCommit: (@Sendable () -> Void)?

    /// Opens the store at `path`, creating it when there is no file yet (or an empty one).
    ///
    /// - Parameters:
    ///   - createIfMissing: When false, a missing file is an error instead of a new store.
    ///   - busyTimeout: How long a call waits for another process's write before failing.
    /// - Throws: ``VocabularyStoreError`` for a file that is not a Parlance store or has a
    ///   newer schema (the file is left byte-for-byte as it was), or when SQLite fails.
    public init(path: String, createIfMissing: Bool = true, busyTimeout: Duration = .seconds(5)) throws(VocabularyStoreError) {
        self.path = path
        let exists = access(path, F_OK) == 0
        guard exists || createIfMissing else { throw VocabularyStoreError(path: path, reason: .missing) }
        var info = stat()
        if exists, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            // SQLite would say only "disk I/O error".
            throw VocabularyStoreError(path: path, reason: .folder)
        }
        let timeout = Self.milliseconds(busyTimeout)

        var state = FileState.empty
        if exists {
            // Look at the file through a read-only connection first: whatever it turns out
            // to be, nothing can be written to it.
            do {
                do {
                    let probe = try SQLiteConnection(path: path, mode: .readOnly)
                    probe.setBusyTimeout(milliseconds: timeout)
                    state = try Self.inspect(probe, path: path)
                } catch let error as VocabularyStoreError where error.needsHotJournalRollback {
                    // A process died in the middle of a write (a SIGKILL while `vocab set`
                    // created the store) and left a hot journal, which only a connection
                    // that may write can roll back: until then every read-only look fails.
                    // Rolling it back is SQLite's own recovery (the file returns to its last
                    // committed state); then look again.
                    try Self.rollBackHotJournal(path: path, timeout: timeout)
                    let probe = try SQLiteConnection(path: path, mode: .readOnly)
                    probe.setBusyTimeout(milliseconds: timeout)
                    state = try Self.inspect(probe, path: path)
                }
            } catch let error as VocabularyStoreError {
                throw error
            } catch let error as SQLiteError {
                throw VocabularyStoreError(path: path, error)
            } catch {
                preconditionFailure("unexpected error \(error)")
            }
        }

        do {
            connection = try SQLiteConnection(path: path, mode: createIfMissing ? .readWriteCreate : .readWrite)
        } catch {
            throw VocabularyStoreError(path: path, error)
        }
        connection.setBusyTimeout(milliseconds: timeout)
        // Processes creating the store at once: SQLite answers SQLITE_BUSY at once, without
        // waiting in the busy handler, where waiting could deadlock (switching the journal to
        // WAL while another connection reads). Those steps are retried until the timeout.
        let deadline = ContinuousClock.now + busyTimeout
        var schemaReady = state == .parlance(version: Self.schemaVersion)
        var mode = "unknown"
        while true {
            do throws(VocabularyStoreError) {
                if !schemaReady {
                    try Self.prepareSchema(connection, path: path)
                    schemaReady = true
                }
                do {
                    // After the schema exists: a WAL switch on an empty file would write a
                    // header without Parlance's application id for others to see.
                    mode = try connection.text("PRAGMA journal_mode = WAL") ?? "unknown"
                    // In WAL mode, NORMAL loses no committed data when a process dies; only a
                    // power failure can undo the last commits, and never corrupts.
                    try connection.execute("PRAGMA synchronous = NORMAL")
                    // Keep the WAL file from staying at its largest size after a big set.
                    try connection.execute("PRAGMA journal_size_limit = 67108864")
                } catch {
                    throw VocabularyStoreError(path: path, error)
                }
                break
            } catch {
                guard error.isBusy, ContinuousClock.now < deadline else { throw error }
                usleep(10_000)
            }
        }
        journalMode = mode
    }

    /// Opens `path` with write access and reads its schema, which makes SQLite roll back a
    /// hot journal left by a process that died while writing.
    private static func rollBackHotJournal(path: String, timeout: Int32) throws {
        let recovering = try SQLiteConnection(path: path, mode: .readWrite)
        recovering.setBusyTimeout(milliseconds: timeout)
        _ = try recovering.text("SELECT count(*) FROM sqlite_schema")
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }

    // MARK: - Writing

    /// Replaces the (app, user)'s set of `type` with `strings`, most important first, in one
    /// transaction. See ``UserVocabulary/setVocabularyStrings(_:of:)`` for the rules.
    ///
    /// - Returns: Warnings for the strings discarded.
    @discardableResult
    public func set(_ strings: some Sequence<String>, app: String, user: String = "", type: VocabularyStringType) throws(VocabularyStoreError) -> [VocabularyWarning] {
        try set(strings.map { SpeakableString(spokenPhrase: $0) }, app: app, user: user, type: type)
    }

    /// Replaces the (app, user)'s set of `type` with `items`, in one transaction.
    @discardableResult
    public func set(_ items: [SpeakableString], app: String, user: String = "", type: VocabularyStringType) throws(VocabularyStoreError) -> [VocabularyWarning] {
        let prepared = UserVocabulary.prepare(items, of: type)
        try write(app: app) { () throws(SQLiteError) in
            let scope = try scopeID(app: app, user: user, create: true)!
            try replace(scope: scope, type: type, with: prepared.kept, generation: try nextGeneration())
        }
        return prepared.warnings
    }

    /// Saves every set of `vocabulary` under its app and user in one transaction. With
    /// `replacingAll`, types the vocabulary does not have are removed too; otherwise they
    /// stay as they are.
    public func save(_ vocabulary: UserVocabulary, replacingAll: Bool = false) throws(VocabularyStoreError) {
        try write(app: vocabulary.app) { () throws(SQLiteError) in
            let generation = try nextGeneration()
            let scope = try scopeID(app: vocabulary.app, user: vocabulary.user, create: true)!
            if replacingAll { try deleteSets(scope: scope, type: nil) }
            for type in vocabulary.types {
                try replace(scope: scope, type: type, with: vocabulary.speakableStrings(of: type), generation: generation)
            }
        }
    }

    /// Removes the (app, user)'s set of `type`.
    public func remove(app: String, user: String = "", type: VocabularyStringType) throws(VocabularyStoreError) {
        try write(app: app) { () throws(SQLiteError) in
            guard let scope = try scopeID(app: app, user: user, create: false) else { return }
            try deleteSets(scope: scope, type: type)
        }
    }

    /// Removes every set of the (app, user), like SiriKit's `removeAllVocabularyStrings()`.
    public func removeAll(app: String, user: String = "") throws(VocabularyStoreError) {
        try write(app: app) { () throws(SQLiteError) in
            guard let scope = try scopeID(app: app, user: user, create: false) else { return }
            try deleteSets(scope: scope, type: nil)
            let statement = try connection.prepare("DELETE FROM scope WHERE id = ?")
            try statement.bind(.integer(scope))
            _ = try statement.step()
        }
    }

    // MARK: - Reading

    /// The (app, user)'s entries of `type`, most important first; empty when there is no set.
    public func speakableStrings(app: String, user: String = "", type: VocabularyStringType) throws(VocabularyStoreError) -> [SpeakableString] {
        try read { () throws(SQLiteError) in try selectItems(app: app, user: user, type: type) }
    }

    /// The (app, user)'s entries of `type` as vocabulary items: source `.user`, priority =
    /// position.
    public func items(app: String, user: String = "", type: VocabularyStringType) throws(VocabularyStoreError) -> [VocabularyItem] {
        try speakableStrings(app: app, user: user, type: type).enumerated().map { $0.element.item(type: type, priority: $0.offset) }
    }

    /// Every set of the (app, user), read from one snapshot.
    public func vocabulary(app: String, user: String = "") throws(VocabularyStoreError) -> UserVocabulary {
        try read { () throws(SQLiteError) in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            var vocabulary = UserVocabulary(app: app, user: user)
            for type in try selectGenerations(app: app, user: user).keys {
                vocabulary.setVocabulary(try selectItems(app: app, user: user, type: type), of: type)
            }
            return vocabulary
        }
    }

    /// Every (app, user) that has vocabulary, sorted.
    public func scopes() throws(VocabularyStoreError) -> [VocabularyScope] {
        try read { () throws(SQLiteError) in
            let statement = try connection.prepare("SELECT app, user FROM scope ORDER BY app, user")
            var scopes: [VocabularyScope] = []
            while try statement.step() { scopes.append(VocabularyScope(app: statement.text(0) ?? "", user: statement.text(1) ?? "")) }
            return scopes
        }
    }

    // MARK: - Change detection

    /// A token for the (app, user)'s sets as they are now; pass it to ``changes(since:)`` later.
    public func changeToken(app: String, user: String = "") throws(VocabularyStoreError) -> VocabularyChangeToken {
        try read { () throws(SQLiteError) in try currentToken(app: app, user: user) }
    }

    /// Which of the token's (app, user)'s types changed (were set, replaced or removed) since
    /// the token was taken, by any process, and a token for now.
    ///
    /// - Complexity: One `PRAGMA data_version` when nothing in the store changed; otherwise
    ///   one query over the scope's sets (not their items).
    public func changes(since token: VocabularyChangeToken) throws(VocabularyStoreError) -> VocabularyChanges {
        try read { () throws(SQLiteError) in
            if token.instanceID == instanceID, token.localCommits == localCommits,
               try connection.integer("PRAGMA data_version") == token.dataVersion {
                return VocabularyChanges(changedTypes: [], token: token)
            }
            let current = try currentToken(app: token.app, user: token.user)
            let changed = VocabularyStringType.allCases.filter { token.generations[$0] != current.generations[$0] }
            return VocabularyChanges(changedTypes: changed, token: current)
        }
    }

    private func currentToken(app: String, user: String) throws(SQLiteError) -> VocabularyChangeToken {
        // data_version first: a commit landing between the two reads then shows up in the
        // generations and, again, as a changed data_version next time, which only costs a
        // query. The other order could miss it.
        let dataVersion = try connection.integer("PRAGMA data_version") ?? 0
        return VocabularyChangeToken(app: app, user: user, generations: try selectGenerations(app: app, user: user),
                                     instanceID: instanceID, dataVersion: dataVersion, localCommits: localCommits)
    }

    // MARK: - Transactions

    private func read<R>(_ body: () throws(SQLiteError) -> R) throws(VocabularyStoreError) -> R {
        do {
            return try lock.withLock { () throws(SQLiteError) in try body() }
        } catch {
            throw VocabularyStoreError(path: path, error)
        }
    }

    /// Runs `body` in a write transaction. IMMEDIATE takes the write lock up front, waiting
    /// for other writers under the busy timeout; a deferred transaction that upgrades later
    /// would fail at once instead.
    private func write(app: String, _ body: () throws(SQLiteError) -> Void) throws(VocabularyStoreError) {
        guard !app.isEmpty else { throw VocabularyStoreError(path: path, reason: .invalidScope) }
        do {
            try lock.withLock { () throws(SQLiteError) in
                try connection.execute("BEGIN IMMEDIATE")
                do throws(SQLiteError) {
                    try body()
                    beforeCommit?()
                    try connection.execute("COMMIT")
                    localCommits += 1
                } catch {
                    if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                    throw error
                }
            }
        } catch {
            throw VocabularyStoreError(path: path, error)
        }
    }

    // MARK: - Statements (called with the lock held)

    private func scopeID(app: String, user: String, create: Bool) throws(SQLiteError) -> Int64? {
        if create {
            let insert = try connection.prepare("INSERT INTO scope (app, user) VALUES (?, ?) ON CONFLICT (app, user) DO NOTHING")
            try insert.bind(.text(app), .text(user))
            _ = try insert.step()
        }
        let select = try connection.prepare("SELECT id FROM scope WHERE app = ? AND user = ?")
        try select.bind(.text(app), .text(user))
        return try select.step() ? select.integer(0) : nil
    }

    /// A generation number never used before in this store: the set rows keep it, so a
    /// reader's remembered number cannot come back after a remove and a new set.
    private func nextGeneration() throws(SQLiteError) -> Int64 {
        try connection.execute("UPDATE store_meta SET value = value + 1 WHERE key = 'generation'")
        return try connection.integer("SELECT value FROM store_meta WHERE key = 'generation'") ?? 0
    }

    private func replace(scope: Int64, type: VocabularyStringType, with items: [SpeakableString], generation: Int64) throws(SQLiteError) {
        let delete = try connection.prepare("DELETE FROM vocabulary_item WHERE scope_id = ? AND type = ?")
        try delete.bind(.integer(scope), .text(type.rawValue))
        _ = try delete.step()
        let insert = try connection.prepare("""
            INSERT INTO vocabulary_item (scope_id, type, position, phrase, identifier, pronunciation) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for (position, item) in items.enumerated() {
            try insert.bind(.integer(scope), .text(type.rawValue), .integer(Int64(position)),
                            .text(item.spokenPhrase), .text(item.vocabularyIdentifier), .text(item.pronunciationHint))
            _ = try insert.step()
            insert.reset()
        }
        let upsert = try connection.prepare("""
            INSERT INTO vocabulary_set (scope_id, type, generation) VALUES (?, ?, ?)
            ON CONFLICT (scope_id, type) DO UPDATE SET generation = excluded.generation
            """)
        try upsert.bind(.integer(scope), .text(type.rawValue), .integer(generation))
        _ = try upsert.step()
    }

    /// Deletes one type's set, or all of the scope's sets when `type` is nil.
    private func deleteSets(scope: Int64, type: VocabularyStringType?) throws(SQLiteError) {
        for table in ["vocabulary_item", "vocabulary_set"] {
            let statement = try connection.prepare(
                "DELETE FROM \(table) WHERE scope_id = ?" + (type == nil ? "" : " AND type = ?"))
            if let type {
                try statement.bind(.integer(scope), .text(type.rawValue))
            } else {
                try statement.bind(.integer(scope))
            }
            _ = try statement.step()
        }
    }

    private func selectItems(app: String, user: String, type: VocabularyStringType) throws(SQLiteError) -> [SpeakableString] {
        let statement = try connection.prepare("""
            SELECT i.phrase, i.identifier, i.pronunciation FROM vocabulary_item i JOIN scope s ON s.id = i.scope_id
            WHERE s.app = ? AND s.user = ? AND i.type = ? ORDER BY i.position
            """)
        try statement.bind(.text(app), .text(user), .text(type.rawValue))
        var items: [SpeakableString] = []
        while try statement.step() {
            items.append(SpeakableString(vocabularyIdentifier: statement.text(1), spokenPhrase: statement.text(0) ?? "",
                                         pronunciationHint: statement.text(2)))
        }
        return items
    }

    /// The generation of each of the scope's sets. Type names this version does not know
    /// (written by a newer Parlance of the same schema) are left out.
    private func selectGenerations(app: String, user: String) throws(SQLiteError) -> [VocabularyStringType: Int64] {
        let statement = try connection.prepare("""
            SELECT v.type, v.generation FROM vocabulary_set v JOIN scope s ON s.id = v.scope_id WHERE s.app = ? AND s.user = ?
            """)
        try statement.bind(.text(app), .text(user))
        var generations: [VocabularyStringType: Int64] = [:]
        while try statement.step() {
            if let type = statement.text(0).flatMap(VocabularyStringType.init(rawValue:)) { generations[type] = statement.integer(1) }
        }
        return generations
    }

    /// SQLite's `PRAGMA integrity_check` result: "ok" for a sound file.
    func integrityCheck() throws(VocabularyStoreError) -> String {
        try read { () throws(SQLiteError) in try connection.text("PRAGMA integrity_check") ?? "" }
    }
}

/// Whose vocabulary: an app and one of its users ("" for an app's single, anonymous user).
public struct VocabularyScope: Sendable, Hashable, CustomStringConvertible {
    /// The app identifier, e.g. com.example.yoga.
    public var app: String
    /// The user identifier; empty for the app's single user.
    public var user: String

    /// A scope; `user` defaults to the app's single user.
    public init(app: String, user: String = "") {
        self.app = app
        self.user = user
    }

    public var description: String { user.isEmpty ? app : "\(app) (user \(user))" }
}

/// The state of one (app, user)'s sets at some moment, to ask a ``VocabularyStore`` later
/// what has changed since.
public struct VocabularyChangeToken: Sendable, Hashable {
    /// The app whose sets the token describes.
    public let app: String
    /// The user whose sets the token describes.
    public let user: String
    /// Each set's generation: a number the store hands out once, on every write of the set.
    public let generations: [VocabularyStringType: Int64]
    let instanceID: UInt64
    let dataVersion: Int64
    let localCommits: Int64
}

/// The answer of ``VocabularyStore/changes(since:)``.
public struct VocabularyChanges: Sendable, Hashable {
    /// The types set, replaced or removed since the token, in ``VocabularyStringType`` order:
    /// rebuild these and keep the rest.
    public var changedTypes: [VocabularyStringType]
    /// The token for now.
    public var token: VocabularyChangeToken

    /// True when nothing changed.
    public var isEmpty: Bool { changedTypes.isEmpty }
}
