/// The store's schema and how a file becomes (or is refused as) a Parlance store.
///
/// Version 1:
///
/// ```sql
/// scope(id INTEGER PRIMARY KEY, app TEXT, user TEXT, UNIQUE(app, user))
/// vocabulary_set(scope_id, type TEXT, generation INTEGER, PRIMARY KEY(scope_id, type))
/// vocabulary_item(scope_id, type TEXT, position INTEGER, phrase TEXT, identifier TEXT,
///                 pronunciation TEXT, PRIMARY KEY(scope_id, type, position))
/// store_meta(key TEXT PRIMARY KEY, value INTEGER)   -- 'generation': the last one handed out
/// ```
///
/// `PRAGMA application_id` marks the file as Parlance's and `PRAGMA user_version` holds the
/// schema version. Types are stored by name (``VocabularyStringType`` raw value), so a
/// reordering of the enum cannot change what a store means.
extension VocabularyStore {
    /// "PRLN": what `PRAGMA application_id` holds in every Parlance store (and what
    /// `file(1)` reports for it).
    public static let applicationID: Int32 = 0x5052_4C4E

    /// The schema version this Parlance writes; stores with a lower version are migrated
    /// when opened, stores with a higher one are refused.
    public static var schemaVersion: Int { migrations.count }

    /// Step `i` moves a store from schema version `i` to `i + 1`, inside the transaction
    /// that opened it. To change the schema, append a step; never edit a shipped one.
    static let migrations: [String] = [
        // 0 → 1: the first schema.
        """
        CREATE TABLE scope (
            id INTEGER PRIMARY KEY,
            app TEXT NOT NULL,
            user TEXT NOT NULL,
            UNIQUE (app, user)
        );
        CREATE TABLE vocabulary_set (
            scope_id INTEGER NOT NULL,
            type TEXT NOT NULL,
            generation INTEGER NOT NULL,
            PRIMARY KEY (scope_id, type)
        ) WITHOUT ROWID;
        CREATE TABLE vocabulary_item (
            scope_id INTEGER NOT NULL,
            type TEXT NOT NULL,
            position INTEGER NOT NULL,
            phrase TEXT NOT NULL,
            identifier TEXT,
            pronunciation TEXT,
            PRIMARY KEY (scope_id, type, position)
        ) WITHOUT ROWID;
        CREATE TABLE store_meta (
            key TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO store_meta (key, value) VALUES ('generation', 0);
        """,
    ]

    /// What a database file is, as far as the store is concerned.
    enum FileState: Equatable {
        /// No pages yet: a new file, or one another process is creating right now.
        case empty
        /// A Parlance store at schema `version` (≤ the current one).
        case parlance(version: Int)
    }

    /// Reads the file's identity without changing it: `application_id`, `user_version` and
    /// the page count. Throws for foreign and newer files.
    ///
    /// - Parameter inWriteTransaction: True inside the write transaction that creates the
    ///   schema. SQLite gives an empty file its first page as soon as a write transaction
    ///   begins, so there "empty" means no application id, no version and no tables. Outside,
    ///   only a file without pages counts as empty: a blank database someone else made is
    ///   theirs.
    static func inspect(_ connection: SQLiteConnection, path: String, inWriteTransaction: Bool = false) throws(VocabularyStoreError) -> FileState {
        let applicationID: Int64, version: Int64, pages: Int64, objects: Int64
        do {
            // One statement, so one read transaction: read one by one, the values could come
            // from before and after another process creates the store.
            let statement = try connection.prepare("""
                SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),
                       (SELECT page_count FROM pragma_page_count), (SELECT count(*) FROM sqlite_schema)
                """)
            _ = try statement.step()
            (applicationID, version, pages, objects) = (statement.integer(0), statement.integer(1), statement.integer(2), statement.integer(3))
        } catch {
            throw VocabularyStoreError(path: path, error)
        }
        if pages == 0 { return .empty }
        if inWriteTransaction && applicationID == 0 && version == 0 && objects == 0 { return .empty }
        guard Int32(truncatingIfNeeded: applicationID) == Self.applicationID else {
            throw VocabularyStoreError(path: path, reason: .notParlanceStore(applicationID: Int32(truncatingIfNeeded: applicationID)))
        }
        guard version <= schemaVersion else {
            throw VocabularyStoreError(path: path, reason: .newerSchema(version: Int(version), supported: schemaVersion))
        }
        return .parlance(version: Int(version))
    }

    /// Creates or migrates the schema in one write transaction, checking the file again
    /// once the write lock is held: another process may have created it meanwhile.
    ///
    /// The whole of the first schema, application id included, is one transaction in
    /// rollback-journal mode, so another process sees either an empty file or a complete
    /// store, never a database without Parlance's application id.
    static func prepareSchema(_ connection: SQLiteConnection, path: String) throws(VocabularyStoreError) {
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            throw VocabularyStoreError(path: path, error)
        }
        do {
            let from: Int
            switch try inspect(connection, path: path, inWriteTransaction: true) {
            case .empty:
                try run(connection, path: path, "PRAGMA application_id = \(applicationID)")
                from = 0
            case .parlance(let version):
                from = version
            }
            for step in migrations.indices.dropFirst(from) {
                try run(connection, path: path, migrations[step])
                try run(connection, path: path, "PRAGMA user_version = \(step + 1)")
            }
            try run(connection, path: path, "COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    private static func run(_ connection: SQLiteConnection, path: String, _ sql: String) throws(VocabularyStoreError) {
        do {
            try connection.execute(sql)
        } catch {
            throw VocabularyStoreError(path: path, error)
        }
    }
}
