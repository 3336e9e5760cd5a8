import CSQLiteOptions
import Foundation
import GRDB

/// A read of a current store through SQLite's C interface alone, for a command that reads a few
/// rows and ends (`wfs diff`): one connection without GRDB's set-up (its default functions and
/// collations, its statement authorizer, its format check, its dispatch queue), whose statements
/// are prepared without GRDB's authorizer and read in one transaction.
///
/// It answers only when everything is as expected: ``open(path:)`` gives nil for a store that
/// cannot be opened or whose migrations are not exactly this binary's, and every query throws
/// on anything else (a missing row included) so that the caller does the same read through
/// ``WireframeStore``, which reports it. It never writes: a store that needs migrating is left to
/// ``WireframeStore``. Closing the last connection to the store checkpoints it, as closing a
/// command's ``WireframeStore`` that did not write does.
public final class DirectReader {
    /// The store file.
    public let path: String
    private var connection: OpaquePointer?
    /// The statements prepared so far, by their SQL (a handful: found by a linear search), each
    /// prepared once (the two REFs of a `diff` ask the same questions).
    private var statements: [(sql: String, statement: Statement)] = []

    /// A query's result that the caller must get through ``WireframeStore`` instead.
    struct Unanswered: Error {}

    private init(path: String, connection: OpaquePointer) {
        self.path = path
        self.connection = connection
    }

    /// Opens an existing, current store and starts a read transaction; nil when it cannot.
    public static func open(path: String, busyTimeout: Double = WireframeStore.defaultBusyTimeout) -> DirectReader? {
        var handle: OpaquePointer?
        // No SQLITE_OPEN_CREATE: a missing file is not made here.
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
            if let handle { sqlite3_close(handle) }
            return nil
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, CInt(busyTimeout * 1000))
        let reader = DirectReader(path: path, connection: handle)
        // A small page cache, 16 pages (the default is 2 MB): each page cached is fresh heap, a
        // page fault for every three or four, and `diff`'s read visits most pages once (16 pages
        // read the same pages as the default, 4 read some again).
        guard (try? reader.execute("PRAGMA cache_size = 16")) != nil, (try? reader.execute("BEGIN")) != nil,
            (try? reader.isCurrent()) == true
        else {
            reader.close()
            return nil
        }
        return reader
    }

    /// Ends the read and closes the connection (the last one to the store checkpoints it).
    public func close() {
        guard let connection else { return }
        if sqlite3_get_autocommit(connection) == 0 { _ = try? execute("COMMIT") }
        for (_, statement) in statements { statement.finish() }
        statements = []
        if sqlite3_close(connection) != SQLITE_OK { sqlite3_close_v2(connection) }
        self.connection = nil
    }

    deinit { close() }

    // MARK: Statements

    /// A prepared statement, finalized by ``finish()``.
    struct Statement {
        let handle: OpaquePointer

        /// Steps once: true for a row, false at the end.
        func step() throws -> Bool {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw Unanswered()
            }
        }

        func reset() { sqlite3_reset(handle) }
        func finish() { sqlite3_finalize(handle) }

        func bind(_ index: CInt, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
        func bind(_ index: CInt, _ value: String) {
            // SQLITE_TRANSIENT: SQLite copies the text.
            sqlite3_bind_text(handle, index, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }

        func isNull(_ column: CInt) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
        func int64(_ column: CInt) -> Int64 { sqlite3_column_int64(handle, column) }
        func optionalInt64(_ column: CInt) -> Int64? { isNull(column) ? nil : int64(column) }
        /// Text as GRDB reads it (`String(cString:)`); throws for NULL.
        func string(_ column: CInt) throws -> String {
            guard let text = sqlite3_column_text(handle, column) else { throw Unanswered() }
            return String(cString: text)
        }
        func optionalString(_ column: CInt) -> String? {
            sqlite3_column_text(handle, column).map { String(cString: $0) }
        }
        /// A blob's bytes as `Data`; nil for NULL.
        func data(_ column: CInt) -> Data? {
            guard !isNull(column) else { return nil }
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column), count > 0 else { return Data() }
            return Data(bytes: bytes, count: count)
        }
        /// A blob's bytes in place, valid until the statement steps or is reset (empty for NULL).
        func blob(_ column: CInt) -> UnsafeRawBufferPointer {
            let start = sqlite3_column_blob(handle, column)
            return UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(handle, column)))
        }
        /// A blob's bytes as hexadecimal text (a stored hash); nil for NULL.
        func hex(_ column: CInt) -> String? {
            guard !isNull(column) else { return nil }
            let count = Int(sqlite3_column_bytes(handle, column))
            return HashBytes.hex(UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: count))
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var handle: OpaquePointer?
        guard let connection, sqlite3_prepare_v2(connection, sql, -1, &handle, nil) == SQLITE_OK, let handle else {
            if let handle { sqlite3_finalize(handle) }
            throw Unanswered()
        }
        return Statement(handle: handle)
    }

    /// Runs `body` on the statement of `sql` (prepared on its first use, kept until ``close()``),
    /// reset afterwards.
    func with<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        let statement: Statement
        if let index = statements.firstIndex(where: { $0.sql == sql }) {
            statement = statements[index].statement
        } else {
            statement = try prepare(sql)
            statements.append((sql, statement))
        }
        defer {
            statement.reset()
            sqlite3_clear_bindings(statement.handle)
        }
        return try body(statement)
    }

    func execute(_ sql: String) throws {
        try with(sql) { statement in while try statement.step() {} }
    }

    /// Whether the applied migrations are exactly the ones this binary knows (each identifier is
    /// the table's key, so the same count, each of them known, is the same set).
    func isCurrent() throws -> Bool {
        let known = WireframeStore.knownMigrations
        return try with("SELECT identifier FROM grdb_migrations") { statement in
            var count = 0
            while try statement.step() {
                let identifier = try statement.string(0)
                guard known.contains(identifier) else { return false }
                count += 1
            }
            return count == known.count
        }
    }

    // MARK: Queries

    /// Whether a session has this name.
    public func hasSession(named name: String) throws -> Bool {
        try with("SELECT 1 FROM session WHERE name = ?") { statement in
            statement.bind(1, name)
            return try statement.step()
        }
    }

    /// A revision by id; throws when there is none.
    public func revision(id: Int64) throws -> Revision {
        try with(Self.revisionByIdSQL) { statement in
            statement.bind(1, id)
            guard try statement.step() else { throw Unanswered() }
            let record = try Self.record(statement)
            let path = try with("SELECT path FROM document WHERE id = ?") { document in
                document.bind(1, record.documentId)
                guard try document.step() else { throw Unanswered() }
                return try document.string(0)
            }
            return try revision(record, documentPath: path)
        }
    }

    /// A document's revision by its number; throws when there is none.
    public func revision(documentPath: String, number: Int) throws -> Revision {
        try with(Self.revisionByNumberSQL) { statement in
            statement.bind(1, documentPath)
            statement.bind(2, Int64(number))
            guard try statement.step() else { throw Unanswered() }
            return try revision(try Self.record(statement), documentPath: documentPath)
        }
    }

    /// A document's newest revision; throws when there is none or no such document.
    public func head(documentPath: String) throws -> Revision {
        let documentId = try with("SELECT id FROM document WHERE path = ?") { statement in
            statement.bind(1, documentPath)
            guard try statement.step() else { throw Unanswered() }
            return statement.int64(0)
        }
        return try with(Self.headSQL) { statement in
            statement.bind(1, documentId)
            guard try statement.step() else { throw Unanswered() }
            return try revision(try Self.record(statement), documentPath: documentPath)
        }
    }

    static let revisionByIdSQL = "SELECT \(RevisionRecord.selection(header: false)) FROM revision WHERE id = ?"
    static let revisionByNumberSQL =
        "SELECT \(RevisionRecord.selection(header: false)) FROM revision JOIN document ON document.id = revision.documentId WHERE document.path = ? AND revision.number = ?"
    static let headSQL =
        "SELECT \(RevisionRecord.selection(header: false)) FROM revision WHERE documentId = ? ORDER BY createdAt DESC, number DESC LIMIT 1"

    /// A row of ``RevisionRecord/selection(header:)``, as ``RevisionRecord/init(indexedRow:)`` reads it.
    static func record(_ statement: Statement) throws -> RevisionRecord {
        let createdAt: Timestamp?
        switch sqlite3_column_type(statement.handle, 9) {
        case SQLITE_INTEGER: createdAt = Timestamp(microseconds: statement.int64(9))
        case SQLITE_TEXT: createdAt = Timestamp(text: try statement.string(9))
        default: createdAt = nil
        }
        guard let createdAt, !statement.isNull(0), !statement.isNull(1), !statement.isNull(2), !statement.isNull(4),
            !statement.isNull(8)
        else { throw Unanswered() }
        var record = RevisionRecord(
            id: statement.int64(0), documentId: statement.int64(1), number: statement.int64(2),
            parentId: statement.optionalInt64(3), isDeletion: statement.int64(4) != 0, contentHash: statement.hex(5),
            sourceHash: statement.hex(6), header: nil, screenCount: statement.int64(8), createdAt: createdAt,
            author: try statement.string(10), origin: try statement.string(11), message: statement.optionalString(12),
            sessionId: statement.optionalInt64(13))
        record.headerId = statement.optionalInt64(14)
        return record
    }

    /// The public value of a record, with its session's name.
    func revision(_ record: RevisionRecord, documentPath: String) throws -> Revision {
        let sessionName = try record.sessionId.map { id in
            try with("SELECT name FROM session WHERE id = ?") { statement in
                statement.bind(1, id)
                guard try statement.step() else { throw Unanswered() }
                return try statement.string(0)
            }
        }
        return record.revision(documentPath: documentPath, sessionName: sessionName)
    }

    /// What ``WireframeStore/screenComparison(oldId:newId:)`` gives, for two revisions of one
    /// document (throws for two documents).
    public func screenComparison(oldId: Int64, newId: Int64) throws -> ScreenComparison {
        let (old, new) = try with(
            "SELECT documentId, number, (SELECT data FROM revisionHeader WHERE revisionHeader.id = revision.headerId) FROM revision WHERE id = ?"
        ) { statement in
            func side(_ id: Int64) throws -> (document: Int64, number: Int64, header: [UInt8]?) {
                statement.reset()
                statement.bind(1, id)
                guard try statement.step() else { throw Unanswered() }
                return (statement.int64(0), statement.int64(1), statement.data(2).map { [UInt8]($0) })
            }
            return (try side(oldId), try side(newId))
        }
        guard old.document == new.document else { throw Unanswered() }
        let sides = try keyOrderedScreens(documentId: old.document, numbers: (old.number, new.number))
        var comparison = ScreenComparison(oldHeader: old.header, newHeader: new.header, keys: sides.keys)
        // The versions to read, each as one number: its id, then its key's index and side, so
        // that sorting the numbers puts them in id order, which is pack order.
        var wanted: [UInt64] = []
        var encodable = sides.keys.count < 1 << Self.indexBits
        func want(_ id: Int64, _ index: Int, side: UInt64) {
            encodable = encodable && id >= 0 && id < 1 << (63 - Self.indexBits)
            wanted.append(UInt64(truncatingIfNeeded: id) << (Self.indexBits + 1) | UInt64(index) << 1 | side)
        }
        for index in sides.keys.indices where sides.old[index] != sides.new[index] {
            if let id = sides.old[index] {
                comparison.oldIds[index] = id
                want(id, index, side: 0)
            }
            if let id = sides.new[index] {
                comparison.newIds[index] = id
                want(id, index, side: 1)
            }
        }
        guard encodable else { throw Unanswered() }
        Self.sort(&wanted)
        try readContents(wanted, into: &comparison)
        return comparison
    }

    /// The bits of a wanted version's number that hold its key's index.
    static let indexBits = 24

    /// Reads the wanted versions (in id order) pack after pack: each pack read once, from its
    /// row's bytes in place, and inflated into one buffer that the next pack reuses.
    private func readContents(_ wanted: [UInt64], into comparison: inout ScreenComparison) throws {
        let packStatement = try prepare("SELECT id, size, lengths, data FROM screenPack WHERE id <= ? ORDER BY id DESC LIMIT 1")
        defer { packStatement.finish() }
        let inflater = ScreenPacks.RawInflater()
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ScreenPacks.packSize, alignment: 1)
        defer { buffer.deallocate() }
        var offsets: [Int] = []
        offsets.reserveCapacity(256)
        var packId: Int64 = -1, packCount = 0
        for code in wanted {
            let id = Int64(code >> UInt64(Self.indexBits + 1))
            let index = Int((code >> 1) & (1 << UInt64(Self.indexBits) - 1))
            if !(id >= packId && id - packId < Int64(packCount)) {
                packStatement.reset()
                packStatement.bind(1, id)
                guard try packStatement.step(), !packStatement.isNull(2), !packStatement.isNull(3) else { throw Unanswered() }
                packId = packStatement.int64(0)
                let size = Int(packStatement.int64(1))
                guard ScreenPacks.offsets(lengths: packStatement.blob(2), into: &offsets), offsets[offsets.count - 1] == size, size > 0
                else { throw Unanswered() }
                packCount = offsets.count - 1
                guard id - packId < Int64(packCount) else { throw Unanswered() }
                if size > buffer.count {
                    buffer.deallocate()
                    buffer = .allocate(byteCount: size, alignment: 1)
                }
                guard inflater.inflate(packStatement.blob(3), into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<size])) else {
                    throw Unanswered()
                }
            }
            let slot = Int(id - packId)
            let content = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[offsets[slot]..<offsets[slot + 1]]))
            if code & 1 == 0 { comparison.oldContents[index] = content } else { comparison.newContents[index] = content }
        }
    }

    /// Sorts numbers in place (a heapsort: no generic sort, whose first use costs a run-time
    /// look-up of protocol conformances).
    static func sort(_ values: inout [UInt64]) {
        values.withUnsafeMutableBufferPointer { values in
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end, values[child] < values[child + 1] { child += 1 }
                    guard values[root] < values[child] else { return }
                    values.swapAt(root, child)
                    root = child
                }
            }
            let count = values.count
            var start = count / 2
            while start > 0 {
                start -= 1
                siftDown(start, count)
            }
            var end = count
            while end > 1 {
                end -= 1
                values.swapAt(0, end)
                siftDown(0, end)
            }
        }
    }

    /// ``WireframeStore/keyOrderedScreens(_:documentId:numbers:)`` on this connection.
    func keyOrderedScreens(documentId: Int64, numbers: (old: Int64, new: Int64)) throws -> (keys: [String], old: [Int64?], new: [Int64?]) {
        try with(WireframeStore.keyOrderedScreensSQL) { statement in
            statement.bind(1, documentId)
            statement.bind(2, numbers.old)
            statement.bind(3, numbers.new)
            var sides = KeyOrderedSides(numbers: numbers)
            while try statement.step() {
                try sides.add(from: statement.int64(1), until: statement.optionalInt64(2), id: statement.int64(3)) {
                    try statement.string(0)
                }
            }
            return (sides.keys, sides.old, sides.new)
        }
    }
}
