import Foundation
import GRDB

/// A read of a current store for a command that reads a few rows and ends (`wfs diff`), through
/// GRDB with the cheapest set-up it allows: one ``DatabaseQueue`` (no migrator, no WAL set-up, no
/// pragmas of its own, no foreign keys), each statement compiled once (`cachedStatement`), every row
/// read in one transaction, and the store's own queries of ``WireframeStore`` run on it.
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
    private var queue: DatabaseQueue?

    /// A query's result that the caller must get through ``WireframeStore`` instead.
    struct Unanswered: Error {}

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
    }

    /// Opens an existing, current store and starts a read transaction; nil when it cannot.
    public static func open(path: String, busyTimeout: Double = WireframeStore.defaultBusyTimeout) -> DirectReader? {
        // GRDB opens a read-write connection with SQLITE_OPEN_CREATE: a missing file is not
        // made here. Not `readonly`: a read-only connection cannot checkpoint on close, so it
        // would leave the WAL files behind (and a WAL that a command which wrote left unmoved).
        guard access(path, F_OK) == 0 else { return nil }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "DirectReader"
        // One read transaction from `open` to `close`, across the queries' blocks.
        configuration.allowsUnsafeTransactions = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        let reader = DirectReader(path: path, queue: queue)
        let current = try? queue.inDatabase { db in
            try db.beginTransaction(.deferred)
            return try isCurrent(db)
        }
        guard current == true else {
            reader.close()
            return nil
        }
        return reader
    }

    /// Ends the read and closes the connection (the last one to the store checkpoints it).
    public func close() {
        guard let queue else { return }
        self.queue = nil
        try? queue.inDatabase { db in if db.isInsideTransaction { try db.commit() } }
        try? queue.close()
    }

    deinit { close() }

    /// Runs `body` on the connection, inside the read transaction.
    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard let queue else { throw Unanswered() }
        return try queue.inDatabase(body)
    }

    /// Whether the applied migrations are exactly the ones this binary knows (each identifier is
    /// the table's key, so the same count, each of them known, is the same set).
    static func isCurrent(_ db: Database) throws -> Bool {
        let known = WireframeStore.knownMigrations
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        return applied.count == known.count && applied.allSatisfy(known.contains)
    }

    // MARK: Queries

    /// Whether a session has this name.
    public func hasSession(named name: String) throws -> Bool {
        try read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM session WHERE name = ?"), arguments: [name]) != nil }
    }

    /// A revision by id; throws when there is none.
    public func revision(id: Int64) throws -> Revision {
        try read { db in
            let record = try Self.record(db, sql: Self.revisionByIdSQL, arguments: [id])
            guard let path = try String.fetchOne(db.cachedStatement(sql: "SELECT path FROM document WHERE id = ?"), arguments: [record.documentId])
            else { throw Unanswered() }
            return try WireframeStore.revision(db, record: record, documentPath: path)
        }
    }

    /// A document's revision by its number; throws when there is none.
    public func revision(documentPath: String, number: Int) throws -> Revision {
        try read { db in
            let record = try Self.record(db, sql: Self.revisionByNumberSQL, arguments: [documentPath, number])
            return try WireframeStore.revision(db, record: record, documentPath: documentPath)
        }
    }

    /// A document's newest revision; throws when there is none or no such document.
    public func head(documentPath: String) throws -> Revision {
        try read { db in
            guard let documentId = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM document WHERE path = ?"), arguments: [documentPath])
            else { throw Unanswered() }
            let record = try Self.record(db, sql: Self.headSQL, arguments: [documentId])
            return try WireframeStore.revision(db, record: record, documentPath: documentPath)
        }
    }

    static let revisionByIdSQL = "SELECT \(RevisionRecord.selection(header: false)) FROM revision WHERE id = ?"
    static let revisionByNumberSQL =
        "SELECT \(RevisionRecord.selection(header: false)) FROM revision JOIN document ON document.id = revision.documentId WHERE document.path = ? AND revision.number = ?"
    static let headSQL =
        "SELECT \(RevisionRecord.selection(header: false)) FROM revision WHERE documentId = ? ORDER BY createdAt DESC, number DESC LIMIT 1"

    /// The first row of a query of ``RevisionRecord/selection(header:)``, read in place; throws
    /// when there is none.
    static func record(_ db: Database, sql: String, arguments: StatementArguments) throws -> RevisionRecord {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        guard let row = try rows.next() else { throw Unanswered() }
        // The row is the statement's: read before the cursor ends (which resets the statement).
        return try withExtendedLifetime(rows) { try RevisionRecord(indexedRow: row) }
    }

    /// What ``WireframeStore/screenComparison(oldId:newId:)`` gives, for two revisions of one
    /// document (throws for two documents).
    public func screenComparison(oldId: Int64, newId: Int64) throws -> ScreenComparison {
        try read { db in
            let statement = try db.cachedStatement(
                sql: "SELECT documentId, number, (SELECT data FROM revisionHeader WHERE revisionHeader.id = revision.headerId) FROM revision WHERE id = ?")
            func side(_ id: Int64) throws -> (document: Int64, number: Int64, header: [UInt8]?) {
                let rows = try Row.fetchCursor(statement, arguments: [id])
                guard let row = try rows.next() else { throw Unanswered() }
                return try withExtendedLifetime(rows) { (row[0], row[1], try row.withUnsafeData(atIndex: 2) { $0.map { [UInt8]($0) } }) }
            }
            let old = try side(oldId), new = try side(newId)
            guard old.document == new.document else { throw Unanswered() }
            let sides = try WireframeStore.keyOrderedScreens(db, documentId: old.document, numbers: (old.number, new.number))
            var comparison = ScreenComparison(oldHeader: old.header, newHeader: new.header, keys: sides.keys)
            var packs = ScreenPacks.Reader()
            for index in sides.keys.indices where sides.old[index] != sides.new[index] {
                if let id = sides.old[index] {
                    comparison.oldIds[index] = id
                    comparison.oldContents[index] = try packs.content(db, id: id)
                }
                if let id = sides.new[index] {
                    comparison.newIds[index] = id
                    comparison.newContents[index] = try packs.content(db, id: id)
                }
            }
            return comparison
        }
    }
}
