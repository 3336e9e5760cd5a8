import Foundation
import GRDB
import WireframeModel

extension WireframeStore {
    /// The project root recorded by `wfs init`.
    public func projectRoot() throws -> String? {
        try mapped { try reader.read { db in try ProjectRecord.fetchOne(db)?.root } }
    }

    /// A revision by id.
    public func revision(id: Int64) throws -> Revision {
        try mapped {
            try reader.read { db in
                guard let record = try RevisionRecord.fetchOne(db, key: id) else {
                    throw StoreError.unknownRevision(id: id, newest: try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM revision"))
                }
                return try Self.revision(db, record: record)
            }
        }
    }

    /// Every document path the store knows, sorted.
    public func documentPaths() throws -> [String] {
        try mapped { try reader.read { db in try String.fetchAll(db, sql: "SELECT path FROM document ORDER BY path") } }
    }

    /// A document's revision by its number within the document (`app.json@3`).
    public func revision(documentPath: String, number: Int) throws -> Revision? {
        try mapped {
            try reader.read { db in
                guard let record = try RevisionRecord.fetchOne(
                    db,
                    sql: "SELECT revision.* FROM revision JOIN document ON document.id = revision.documentId WHERE document.path = ? AND revision.number = ?",
                    arguments: [documentPath, number])
                else { return nil }
                return try Self.revision(db, record: record)
            }
        }
    }

    /// The newest revision of a document at or before a time (its head when `time` is nil).
    ///
    /// - Throws: ``StoreError/unknownDocument(path:suggestion:)`` when the store has no such document.
    public func revision(documentPath: String, atOrBefore time: Timestamp?) throws -> Revision? {
        try mapped {
            try reader.read { db in
                guard let document = try DocumentRecord.filter(DocumentRecord.Columns.path == documentPath).fetchOne(db),
                    let documentId = document.id
                else {
                    let paths = try String.fetchAll(db, sql: "SELECT path FROM document ORDER BY path")
                    throw StoreError.unknownDocument(path: documentPath, suggestion: Suggestions.closest(to: documentPath, in: paths))
                }
                var request = RevisionRecord.filter(RevisionRecord.Columns.documentId == documentId)
                if let time { request = request.filter(RevisionRecord.Columns.createdAt <= time) }
                guard let record = try request.order(RevisionRecord.Columns.createdAt.desc, RevisionRecord.Columns.number.desc).fetchOne(db)
                else { return nil }
                return try Self.revision(db, record: record)
            }
        }
    }

    /// The newest revision of every document at or before a time (heads when `time` is nil),
    /// deletions included, sorted by path.
    public func state(atOrBefore time: Timestamp?) throws -> [Revision] {
        try mapped {
            try reader.read { db in
                let documents = try DocumentRecord.order(DocumentRecord.Columns.path).fetchAll(db)
                var result: [Revision] = []
                for document in documents {
                    var request = RevisionRecord.filter(RevisionRecord.Columns.documentId == document.id)
                    if let time { request = request.filter(RevisionRecord.Columns.createdAt <= time) }
                    if let record = try request.order(RevisionRecord.Columns.createdAt.desc, RevisionRecord.Columns.number.desc).fetchOne(db) {
                        result.append(try Self.revision(db, record: record))
                    }
                }
                return result
            }
        }
    }

    /// The screens of a revision, key → content hash: the intervals that contain its number.
    public func screenHashes(revisionId: Int64) throws -> [String: String] {
        try mapped {
            try reader.read { db in
                guard let record = try RevisionRecord.fetchOne(db, key: revisionId) else { throw StoreError.unknownRevision(id: revisionId) }
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT screenKey, screenHash FROM documentScreen
                        WHERE documentId = ? AND validFrom <= ? AND (validUntil IS NULL OR validUntil > ?)
                        """,
                    arguments: [record.documentId, record.number, record.number])
                var result: [String: String] = [:]
                while let row = try rows.next() { result[row["screenKey"]] = row["screenHash"] }
                return result
            }
        }
    }

    /// The canonical JSON of several screen versions, by hash, in one read.
    public func screenContents(_ hashes: [String]) throws -> [String: [UInt8]] {
        try mapped {
            try reader.read { db in
                var result: [String: [UInt8]] = [:]
                for hash in hashes where result[hash] == nil {
                    if let record = try ScreenVersionRecord.fetchOne(db, key: hash) { result[hash] = [UInt8](record.content) }
                }
                return result
            }
        }
    }

    /// The canonical JSON of a screen version.
    public func screenContent(hash: String) throws -> [UInt8]? {
        try mapped { try reader.read { db in try ScreenVersionRecord.fetchOne(db, key: hash).map { [UInt8]($0.content) } } }
    }

    /// The canonical JSON of everything but the screens of a revision (nil for a deletion).
    public func header(revisionId: Int64) throws -> [UInt8]? {
        try mapped { try reader.read { db in try RevisionRecord.fetchOne(db, key: revisionId)?.header.map { [UInt8]($0) } } }
    }

    /// The exact source bytes of a revision.
    public func source(revisionId: Int64) throws -> [UInt8] {
        try mapped { try reader.read { db in try Self.sourceBytes(db, revisionId: revisionId) } }
    }

    /// The changes a revision made against its parent, in key order.
    public func changes(revisionId: Int64) throws -> [RecordedChange] {
        try mapped {
            try reader.read { db in
                try ChangeRecord.fetchAll(db, sql: "SELECT * FROM change WHERE revisionId = ? ORDER BY id", arguments: [revisionId])
                    .map { $0.recordedChange() }
            }
        }
    }

    /// The history, newest first, each revision with its changes.
    public func log(_ filter: LogFilter) throws -> [LogEntry] {
        try mapped {
            try reader.read { db in
                var conditions: [String] = []
                var arguments: StatementArguments = []
                if let path = filter.documentPath {
                    guard let documentId = try Int64.fetchOne(db, sql: "SELECT id FROM document WHERE path = ?", arguments: [path]) else {
                        let paths = try String.fetchAll(db, sql: "SELECT path FROM document ORDER BY path")
                        throw StoreError.unknownDocument(path: path, suggestion: Suggestions.closest(to: path, in: paths))
                    }
                    conditions.append("revision.documentId = ?")
                    _ = arguments.append(contentsOf: [documentId])
                }
                if let name = filter.sessionName {
                    let session = try Self.session(db, named: name)
                    conditions.append("revision.sessionId = ?")
                    _ = arguments.append(contentsOf: [session.id])
                }
                if let since = filter.since {
                    conditions.append("revision.createdAt >= ?")
                    _ = arguments.append(contentsOf: [since])
                }
                if let until = filter.until {
                    conditions.append("revision.createdAt <= ?")
                    _ = arguments.append(contentsOf: [until])
                }
                if let key = filter.screenKey {
                    conditions.append(
                        "EXISTS (SELECT 1 FROM change WHERE change.revisionId = revision.id AND (change.screenKey = ? OR change.previousKey = ?))")
                    _ = arguments.append(contentsOf: [key, key])
                }
                var sql = """
                    SELECT revision.*, document.path AS documentPath, session.name AS sessionName
                    FROM revision JOIN document ON document.id = revision.documentId
                    LEFT JOIN session ON session.id = revision.sessionId
                    """
                if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
                sql += " ORDER BY revision.id DESC"
                if let limit = filter.limit {
                    sql += " LIMIT ?"
                    _ = arguments.append(contentsOf: [max(0, limit)])
                }
                var entries: [LogEntry] = []
                var indexById: [Int64: Int] = [:]
                let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                while let row = try rows.next() {
                    let record = try RevisionRecord(row: row)
                    let revision = record.revision(documentPath: row["documentPath"], sessionName: row["sessionName"])
                    indexById[revision.id] = entries.count
                    entries.append(LogEntry(revision: revision, changes: []))
                }
                guard let lowest = entries.last?.revision.id, let highest = entries.first?.revision.id else { return entries }
                let changeRows = try Row.fetchCursor(
                    db,
                    sql: "SELECT revisionId, screenKey, previousKey, kind, \(filter.includesFields ? "fields" : "'[]' AS fields") FROM change WHERE revisionId BETWEEN ? AND ? ORDER BY id",
                    arguments: [lowest, highest])
                let decoder = JSONDecoder()
                while let row = try changeRows.next() {
                    guard let index = indexById[row["revisionId"]] else { continue }
                    let fieldsText: String = row["fields"]
                    let kindText: String = row["kind"]
                    let fields = fieldsText == "[]" ? [] : (try? decoder.decode([RecordedField].self, from: Data(fieldsText.utf8))) ?? []
                    entries[index].changes.append(RecordedChange(
                        kind: RecordedChange.Kind(rawValue: kindText) ?? .modified, screenKey: row["screenKey"] ?? "",
                        previousKey: row["previousKey"], fields: fields))
                }
                return entries
            }
        }
    }

    // MARK: Sessions

    /// Every session, oldest first.
    public func sessions() throws -> [Session] {
        try mapped {
            try reader.read { db in
                try SessionRecord.order(SessionRecord.Columns.startedAt, Column("id")).fetchAll(db).map { $0.session() }
            }
        }
    }

    /// A session by name.
    ///
    /// - Throws: ``StoreError/unknownSession(name:suggestion:)`` with the closest name.
    public func session(named name: String) throws -> Session {
        try mapped { try reader.read { db in try Self.session(db, named: name) } }
    }

    /// The open session, if any.
    public func openSession() throws -> Session? {
        try mapped { try reader.read { db in try SessionRecord.filter(SessionRecord.Columns.endedAt == nil).fetchOne(db)?.session() } }
    }

    /// The revisions made in a session, oldest first.
    public func revisions(inSession name: String) throws -> [Revision] {
        try log(LogFilter(sessionName: name)).map(\.revision).reversed()
    }

    // MARK: Status and verification

    /// The latest import attempts, newest first, with their diagnostics.
    public func recentAttempts(limit: Int) throws -> [AttemptSummary] {
        try mapped {
            try reader.read { db in
                let records = try ImportAttemptRecord.fetchAll(
                    db, sql: "SELECT * FROM importAttempt ORDER BY startedAt DESC, id DESC LIMIT ?", arguments: [limit])
                return try records.map { record in
                    let diagnostics = try DiagnosticRecord.fetchAll(
                        db, sql: "SELECT * FROM diagnostic WHERE importAttemptId = ? ORDER BY id", arguments: [record.id])
                    return AttemptSummary(
                        id: record.id ?? 0, path: record.path, outcome: ImportOutcome(rawValue: record.outcome) ?? .failed,
                        revisionId: record.revisionId, startedAt: record.startedAt,
                        durationMicroseconds: record.durationMicroseconds, diagnostics: diagnostics.map { $0.diagnostic() })
                }
            }
        }
    }

    /// Counts for `wfs status`: documents, revisions, screen versions, sessions, attempts.
    public func counts() throws -> [String: Int] {
        try mapped {
            try reader.read { db in
                var result: [String: Int] = [:]
                for table in ["document", "revision", "screenVersion", "documentScreen", "change", "session", "importAttempt"] {
                    result[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
                }
                return result
            }
        }
    }

    /// SQLite's own integrity and foreign-key checks; empty when the file is sound.
    public func integrityProblems() throws -> [String] {
        try mapped {
            try reader.read { db in
                var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                for row in violations {
                    problems.append("foreign key violation in table '\(row[0] as String? ?? "?")', row \(row[1] as Int64? ?? 0)")
                }
                return problems
            }
        }
    }

    /// Every revision, oldest first.
    public func allRevisions() throws -> [Revision] {
        try log(LogFilter()).map(\.revision).reversed()
    }

    /// Calls `body` with every screen version (hash, content), in hash order.
    public func forEachScreenVersion(_ body: (String, [UInt8]) throws -> Void) throws {
        try mapped {
            try reader.read { db in
                let cursor = try ScreenVersionRecord.fetchCursor(db, sql: "SELECT * FROM screenVersion ORDER BY hash")
                while let record = try cursor.next() { try body(record.hash, [UInt8](record.content)) }
            }
        }
    }

    /// Documents whose open screen intervals do not match their head (more than one open
    /// interval per key is prevented by a unique index); empty when consistent.
    public func intervalProblems() throws -> [String] {
        try mapped {
            try reader.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT document.path FROM document
                        JOIN revision ON revision.documentId = document.id
                          AND revision.number = (SELECT MAX(number) FROM revision r WHERE r.documentId = document.id)
                        WHERE revision.screenCount <> (SELECT COUNT(*) FROM documentScreen s WHERE s.documentId = document.id AND s.validUntil IS NULL)
                        """)
                .map { "open screens of '\($0)' do not match its head" }
            }
        }
    }

    // MARK: Helpers

    static func revision(_ db: Database, record: RevisionRecord) throws -> Revision {
        let path = try String.fetchOne(db, sql: "SELECT path FROM document WHERE id = ?", arguments: [record.documentId]) ?? ""
        let sessionName = try record.sessionId.flatMap { try String.fetchOne(db, sql: "SELECT name FROM session WHERE id = ?", arguments: [$0]) }
        return record.revision(documentPath: path, sessionName: sessionName)
    }

    static func session(_ db: Database, named name: String) throws -> Session {
        if let record = try SessionRecord.filter(SessionRecord.Columns.name == name).fetchOne(db) { return record.session() }
        let names = try String.fetchAll(db, sql: "SELECT name FROM session ORDER BY startedAt")
        throw StoreError.unknownSession(name: name, suggestion: Suggestions.closest(to: name, in: names))
    }
}
