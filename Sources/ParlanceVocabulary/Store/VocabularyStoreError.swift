/// Why a ``VocabularyStore`` could not be opened, read or written.
public struct VocabularyStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// There is no store at the path, and the caller asked not to create one.
        case missing
        /// The path names a folder, not a file.
        case folder
        /// The file is not an SQLite database. It was left untouched.
        case notSQLite
        /// The file is an SQLite database of some other application (its `application_id`
        /// is not Parlance's). It was left untouched.
        case notParlanceStore(applicationID: Int32)
        /// The store was written by a newer Parlance whose schema this one does not know.
        /// It was left untouched.
        case newerSchema(version: Int, supported: Int)
        /// The app identifier is empty.
        case invalidScope
        /// SQLite failed: its message, result code and what was being done. Code 5
        /// (`SQLITE_BUSY`) means another process held the store longer than the busy timeout.
        case sqlite(code: Int32, message: String)
    }

    /// The store's path.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// An error about the store at `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    init(path: String, _ error: SQLiteError) {
        if error.code == SQLiteError.notADatabase {
            self.init(path: path, reason: .notSQLite)
        } else {
            self.init(path: path, reason: .sqlite(code: error.extendedCode, message: "\(error.operation): \(error.message)"))
        }
    }

    /// Whether a read-only connection met a hot journal it cannot roll back
    /// (`SQLITE_READONLY_ROLLBACK`): a writer died in the middle of a write.
    var needsHotJournalRollback: Bool {
        if case .sqlite(let code, _) = reason { return code == SQLiteError.readOnlyRollback }
        return false
    }

    /// Whether SQLite reported the database busy (`SQLITE_BUSY` and its extended codes).
    var isBusy: Bool {
        if case .sqlite(let code, _) = reason { return code & 0xFF == SQLiteError.busy }
        return false
    }

    public var description: String {
        switch reason {
        case .missing:
            return "\(path): no vocabulary store there"
        case .folder:
            return "\(path): a folder; expected a vocabulary store file (an SQLite file that 'vocab set' creates), such as \(path)/vocabulary.sqlite"
        case .notSQLite:
            return "\(path): not an SQLite database, so not a Parlance vocabulary store; the file was left unchanged"
        case .notParlanceStore(let applicationID):
            return "\(path): an SQLite database of another application (application_id \(VocabularyStoreError.hex(applicationID)), expected \(VocabularyStoreError.hex(VocabularyStore.applicationID)) for Parlance); the file was left unchanged"
        case .newerSchema(let version, let supported):
            return "\(path): written by a newer Parlance (store schema version \(version); this version reads up to \(supported)); the file was left unchanged"
        case .invalidScope:
            return "\(path): the app identifier is empty; expected an app identifier such as com.example.yoga"
        case .sqlite(let code, let message):
            let hint = code & 0xFF == SQLiteError.busy ? " (another process held the store longer than the busy timeout)" : ""
            return "\(path): \(message) (SQLite error \(code))\(hint)"
        }
    }

    static func hex(_ value: Int32) -> String {
        "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true)
    }
}
