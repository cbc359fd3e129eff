import CSQLite

// Every call into SQLite sits in this file, behind a connection and a statement type;
// result codes become `SQLiteError`.

/// A failed SQLite call: the result code, SQLite's message and what was being done.
struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, ...).
    let code: Int32
    /// The extended result code, e.g. `SQLITE_BUSY_RECOVERY`.
    let extendedCode: Int32
    let message: String
    let operation: String

    var description: String { "\(operation): \(message) (SQLite error \(extendedCode))" }

    static let notADatabase = SQLITE_NOTADB
    static let busy = SQLITE_BUSY
    /// A hot journal that a read-only connection cannot roll back.
    static let readOnlyRollback = Int32(SQLITE_READONLY) | (3 << 8)
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns. The C macro is a
/// cast that Swift does not import.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection. Not thread-safe: the owner serializes use (``VocabularyStore``
/// holds a lock around every call).
final class SQLiteConnection {
    private let handle: OpaquePointer

    enum Mode {
        case readOnly
        case readWrite
        case readWriteCreate

        var flags: Int32 {
            // NOMUTEX: the owner's lock already serializes; SQLite's own mutex would be a second one.
            let base = SQLITE_OPEN_NOMUTEX
            switch self {
            case .readOnly: return base | SQLITE_OPEN_READONLY
            case .readWrite: return base | SQLITE_OPEN_READWRITE
            case .readWriteCreate: return base | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    init(path: String, mode: Mode) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, mode.flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code & 0xFF, extendedCode: code, message: message, operation: "open \(path)")
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs SQL without results (one or more statements).
    func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql) }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return SQLiteStatement(connection: self, statement: statement, sql: sql)
    }

    /// The first column of the first row, as an integer; nil when there is no row.
    func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : nil
    }

    /// The first column of the first row, as text; nil when there is no row or it is NULL.
    func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// False inside an explicit transaction.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    fileprivate func error(_ code: Int32, _ operation: String) -> SQLiteError {
        SQLiteError(code: code & 0xFF, extendedCode: sqlite3_extended_errcode(handle),
                    message: String(cString: sqlite3_errmsg(handle)), operation: operation)
    }
}

/// A prepared statement, reusable after ``reset()``.
final class SQLiteStatement {
    private let connection: SQLiteConnection
    private let statement: OpaquePointer
    private let sql: String

    fileprivate init(connection: SQLiteConnection, statement: OpaquePointer, sql: String) {
        self.connection = connection
        self.statement = statement
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Binds parameters 1, 2, ... in order; nil binds NULL.
    func bind(_ values: SQLiteValue...) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let integer):
                code = sqlite3_bind_int64(statement, index, integer)
            case .text(nil):
                code = sqlite3_bind_null(statement, index)
            case .text(let text?):
                var text = text
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { characters in
                        guard let base = characters.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, transient) }
                        return sqlite3_bind_text(statement, index, base, Int32(characters.count), transient)
                    }
                }
            }
            guard code == SQLITE_OK else { throw connection.error(code, sql) }
        }
    }

    /// Runs the statement to its next row: true for a row, false when done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.error(code, sql)
        }
    }

    /// Makes the statement ready to run again, with its bindings cleared.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// The column's text, decoded as UTF-8 with its full length (embedded NULs included);
    /// nil for NULL.
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// A value to bind to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String?)
}
