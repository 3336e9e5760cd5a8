import Foundation
import GRDB
import WireframeModel
public import WireframeStore

extension SQLiteStore {
    /// The project root recorded by `wfs init`.
    public func projectRoot() throws -> String? {
        try mapped { try reader.read { db in try String.fetchOne(db, sql: "SELECT root FROM project WHERE id = 1") } }
    }

    /// A revision by id.
    public func revision(id: Int64) throws -> Revision {
        try mapped {
            try reader.read { db in
                guard
                    let row = try Row.fetchOne(
                        db.cachedStatement(sql: "SELECT \(RevisionRecord.selection()) FROM revision WHERE id = ?"), arguments: [id])
                else {
                    throw StoreError.unknownRevision(id: id, newest: try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM revision"))
                }
                return try Self.revision(db, record: RevisionRecord(indexedRow: row))
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
                if let row = try Row.fetchOne(db.cachedStatement(sql: Self.revisionByNumberSQL), arguments: [documentPath, number]) {
                    return try Self.revision(db, record: RevisionRecord(indexedRow: row), documentPath: documentPath)
                }
                // A path a document left by a rename names its revisions before the rename,
                // unless a document has the path now.
                guard try Self.documentId(db, path: documentPath) == nil, let span = try Self.pathSpan(db, path: documentPath),
                    let last = span.last, number <= last,
                    let row = try Row.fetchOne(
                        db.cachedStatement(sql: "SELECT \(RevisionRecord.selection()) FROM revision WHERE documentId = ? AND number = ?"),
                        arguments: [span.documentId, number])
                else { return nil }
                return try Self.revision(db, record: RevisionRecord(indexedRow: row))
            }
        }
    }

    /// The id of the document at a path now, if any.
    static func documentId(_ db: Database, path: String) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM document WHERE path = ?"), arguments: [path])
    }

    /// The revisions a path names, by number: of the document at the path now, those from its
    /// newest rename on (`last` nil); else, of the document that left the path by its newest
    /// rename from it, those it had at that path (`first` to `last`). Nil when no document had it.
    static func pathSpan(_ db: Database, path: String) throws -> (documentId: Int64, first: Int64, last: Int64?)? {
        let renameBefore = try db.cachedStatement(
            sql: "SELECT MAX(number) FROM revision WHERE documentId = ? AND previousPath IS NOT NULL AND number <= ?")
        if let documentId = try documentId(db, path: path) {
            let first = try Int64.fetchOne(renameBefore, arguments: [documentId, Int64.max]) ?? 1
            return (documentId, first, nil)
        }
        guard
            let left = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT documentId, number FROM revision WHERE previousPath = ? ORDER BY id DESC LIMIT 1"),
                arguments: [path])
        else { return nil }
        let documentId: Int64 = left[0]
        let renamed: Int64 = left[1]
        let first = try Int64.fetchOne(renameBefore, arguments: [documentId, renamed - 1]) ?? 1
        return (documentId, first, renamed - 1)
    }

    /// The path a document that left `path` by a rename has now; nil when no document left it.
    static func renamedPath(_ db: Database, from path: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT document.path FROM revision JOIN document ON document.id = revision.documentId WHERE revision.previousPath = ? ORDER BY revision.id DESC LIMIT 1"
            ),
            arguments: [path])
    }

    /// ``StoreError/unknownDocument(path:suggestion:)`` for a path no document has: the document
    /// that left it by a rename, else the closest path.
    static func unknownDocument(_ db: Database, path: String) throws -> StoreError {
        if let renamed = try renamedPath(db, from: path) { return StoreError.unknownDocument(path: path, suggestion: renamed) }
        let paths = try String.fetchAll(db, sql: "SELECT path FROM document ORDER BY path")
        return StoreError.unknownDocument(path: path, suggestion: Suggestions.closestPath(to: path, in: paths))
    }

    /// The query of ``revision(documentPath:number:)``, put together once (a REF names a number
    /// in each of `diff`'s two arguments).
    static let revisionByNumberSQL =
        "SELECT \(RevisionRecord.selection()) FROM revision JOIN document ON document.id = revision.documentId WHERE document.path = ? AND revision.number = ?"

    /// The newest revision of a document at or before a time (its head when `time` is nil).
    ///
    /// - Throws: ``StoreError/unknownDocument(path:suggestion:)`` when the store has no such document.
    public func revision(documentPath: String, atOrBefore time: Timestamp?) throws -> Revision? {
        try mapped {
            try reader.read { db in
                guard
                    let documentId = try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT id FROM document WHERE path = ?"), arguments: [documentPath])
                else { throw try Self.unknownDocument(db, path: documentPath) }
                let row: Row?
                if let time {
                    row = try Row.fetchOne(
                        db.cachedStatement(
                            sql:
                                "SELECT \(RevisionRecord.selection()) FROM revision WHERE documentId = ? AND createdAt <= ? ORDER BY createdAt DESC, number DESC LIMIT 1"
                        ),
                        arguments: [documentId, time])
                } else {
                    row = try Row.fetchOne(
                        db.cachedStatement(
                            sql:
                                "SELECT \(RevisionRecord.selection()) FROM revision WHERE documentId = ? ORDER BY createdAt DESC, number DESC LIMIT 1"
                        ),
                        arguments: [documentId])
                }
                guard let row else { return nil }
                return try Self.revision(db, record: RevisionRecord(indexedRow: row), documentPath: documentPath)
            }
        }
    }

    /// The newest revision of every document at or before a time (heads when `time` is nil),
    /// deletions included, sorted by path.
    public func state(atOrBefore time: Timestamp?) throws -> [Revision] {
        try mapped {
            try reader.read { db in
                let documents = try DocumentRecord.order(DocumentRecord.Columns.path).fetchAll(db)
                let statement = try db.cachedStatement(
                    sql: """
                        SELECT \(RevisionRecord.selection(header: false)) FROM revision
                        WHERE documentId = ? AND (?2 IS NULL OR createdAt <= ?2) ORDER BY createdAt DESC, number DESC LIMIT 1
                        """)
                var result: [Revision] = []
                for document in documents {
                    if let row = try Row.fetchOne(statement, arguments: [document.id, time]) {
                        result.append(try Self.revision(db, record: RevisionRecord(indexedRow: row), documentPath: document.path))
                    }
                }
                return result
            }
        }
    }

    /// A revision's document and number.
    ///
    /// - Throws: ``StoreError/unknownRevision(id:)``.
    static func place(_ db: Database, revisionId: Int64) throws -> (documentId: Int64, number: Int64) {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT documentId, number FROM revision WHERE id = ?"), arguments: [revisionId])
        else { throw StoreError.unknownRevision(id: revisionId) }
        return (row[0], row[1])
    }

    /// The screens of a revision, key → content hash: the intervals that contain its number.
    public func screenHashes(revisionId: Int64) throws -> [String: String] {
        try mapped {
            try reader.read { db in
                let (documentId, number) = try Self.place(db, revisionId: revisionId)
                return try Self.screenHashes(db, documentId: documentId, number: number)
            }
        }
    }

    /// The head of a document, its header and its screens (its open intervals), in one read; nil
    /// when the store has no revision of it.
    public func headState(documentPath: String) throws -> HeadState? {
        try mapped {
            try reader.read { db in
                guard
                    let documentId = try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT id FROM document WHERE path = ?"), arguments: [documentPath]),
                    let record = try Self.headRecord(db, documentId: documentId), record.id != nil
                else { return nil }
                let revision = try Self.revision(db, record: record, documentPath: documentPath)
                if record.isDeletion { return HeadState(revision: revision, header: nil, screenHashes: [:]) }
                let hashes = try Self.openScreenHashes(db, documentId: documentId)
                return HeadState(revision: revision, header: record.header.map { [UInt8]($0) }, screenHashes: hashes)
            }
        }
    }

    /// Two revisions' headers, every screen key of either, and the screens that differ, in one
    /// read: the intervals of both revisions are walked side by side in key order (the order of
    /// the interval table's key), so the keys come sorted and only the screens
    /// whose version ids differ are looked up (JSON from their packs; named by version id, so
    /// that no hash is computed).
    ///
    /// For two revisions of one document, one range of the table's key gives both: an interval
    /// that holds both numbers is a screen the two share.
    public func screenComparison(oldId: Int64, newId: Int64) throws -> ScreenComparison {
        try mapped {
            try reader.read { db in
                let statement = try db.cachedStatement(
                    sql:
                        "SELECT documentId, number, (SELECT data FROM revisionHeader WHERE revisionHeader.id = revision.headerId) FROM revision WHERE id = ?"
                )
                guard let old = try Row.fetchOne(statement, arguments: [oldId]) else { throw StoreError.unknownRevision(id: oldId) }
                let oldHeader = (old[2] as Data?).map { [UInt8]($0) }
                let oldDocument: Int64 = old[0]
                let oldNumber: Int64 = old[1]
                guard let new = try Row.fetchOne(statement, arguments: [newId]) else { throw StoreError.unknownRevision(id: newId) }
                let newHeader = (new[2] as Data?).map { [UInt8]($0) }
                let newDocument: Int64 = new[0]
                let newNumber: Int64 = new[1]
                let sides =
                    oldDocument == newDocument
                    ? try Self.keyOrderedScreens(db, documentId: oldDocument, numbers: (oldNumber, newNumber))
                    : Self.merged(
                        try Self.keyOrderedScreens(db, documentId: oldDocument, number: oldNumber),
                        try Self.keyOrderedScreens(db, documentId: newDocument, number: newNumber))
                // The differing versions are read beside the keys, in key order; the reader
                // inflates each pack once whatever the order.
                var packs = ScreenPacks.Reader()
                var comparison = ScreenComparison(oldHeader: oldHeader, newHeader: newHeader, keys: sides.keys)
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

    /// The screens of two revisions of one document side by side, in key order: every key of
    /// either, with each revision's version id (nil where it has no such screen). One range of the
    /// interval table's key `(documentId, screenKey, validFrom)`: the intervals that hold either
    /// number, the rows of one key one after the other.
    static func keyOrderedScreens(
        _ db: Database, documentId: Int64, numbers: (old: Int64, new: Int64)
    ) throws -> (keys: [String], old: [Int64?], new: [Int64?]) {
        // The intervals of neither number are skipped inside SQLite: between two distant numbers
        // they are most of the document's history.
        let statement = try db.cachedStatement(sql: keyOrderedScreensSQL)
        var sides = KeyOrderedSides(numbers: numbers)
        let rows = try Row.fetchCursor(statement, arguments: [documentId, numbers.old, numbers.new])
        while let row = try rows.next() {
            sides.add(from: row[1], until: row[2], id: row[3]) { row[0] }
        }
        return (sides.keys, sides.old, sides.new)
    }

    /// The query of ``keyOrderedScreens(_:documentId:numbers:)``: document, old number, new number.
    static let keyOrderedScreensSQL = """
        SELECT screenKey, validFrom, validUntil, versionId FROM documentScreen
        WHERE documentId = ?1 AND ((validFrom <= ?2 AND (validUntil IS NULL OR validUntil > ?2))
            OR (validFrom <= ?3 AND (validUntil IS NULL OR validUntil > ?3)))
        ORDER BY screenKey, validFrom
        """

    /// The screens of one revision in key order: key and version id.
    static func keyOrderedScreens(_ db: Database, documentId: Int64, number: Int64) throws -> [(key: String, id: Int64)] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT screenKey, versionId FROM documentScreen
                    WHERE documentId = ? AND validFrom <= ? AND (validUntil IS NULL OR validUntil > ?)
                    ORDER BY screenKey
                    """),
            arguments: [documentId, number, number])
        var result: [(key: String, id: Int64)] = []
        while let row = try rows.next() { result.append((row[0], row[1])) }
        return result
    }

    /// Two revisions' screens, each in key order (the byte order of SQLite's BINARY collation),
    /// merged: every key of either with each side's version id.
    static func merged(
        _ old: [(key: String, id: Int64)], _ new: [(key: String, id: Int64)]
    ) -> (keys: [String], old: [Int64?], new: [Int64?]) {
        var keys: [String] = []
        var oldIds: [Int64?] = []
        var newIds: [Int64?] = []
        var index = 0
        var newIndex = 0
        while index < old.count || newIndex < new.count {
            if newIndex == new.count || (index < old.count && old[index].key.utf8.lexicographicallyPrecedes(new[newIndex].key.utf8)) {
                keys.append(old[index].key)
                oldIds.append(old[index].id)
                newIds.append(nil)
                index += 1
            } else if index == old.count || new[newIndex].key.utf8.lexicographicallyPrecedes(old[index].key.utf8) {
                keys.append(new[newIndex].key)
                oldIds.append(nil)
                newIds.append(new[newIndex].id)
                newIndex += 1
            } else {
                keys.append(old[index].key)
                oldIds.append(old[index].id)
                newIds.append(new[newIndex].id)
                index += 1
                newIndex += 1
            }
        }
        return (keys, oldIds, newIds)
    }

    /// The canonical JSON of several screen versions, by hash, in one read.
    public func screenContents(_ hashes: [String]) throws -> [String: [UInt8]] {
        try mapped { try reader.read { db in try Self.screenContents(db, hashes) } }
    }

    /// Some screens of a revision by key: each key's interval that contains the revision's number,
    /// found in that key's range of the interval table (the whole revision's screens would be a
    /// scan of every interval of the document).
    public func screenContents(revisionId: Int64, keys: [String]) throws -> [String: [UInt8]] {
        try mapped {
            try reader.read { db in
                let (documentId, number) = try Self.place(db, revisionId: revisionId)
                let statement = try db.cachedStatement(
                    sql: """
                        SELECT versionId FROM documentScreen
                        WHERE documentId = ? AND screenKey = ? AND validFrom <= ? AND (validUntil IS NULL OR validUntil > ?)
                        """)
                var packs = ScreenPacks.Reader()
                var result: [String: [UInt8]] = [:]
                for key in Set(keys) {
                    guard let versionId = try Int64.fetchOne(statement, arguments: [documentId, key, number, number]) else { continue }
                    result[key] = try packs.content(db, id: versionId)
                }
                return result
            }
        }
    }

    /// The canonical JSON of a screen version.
    public func screenContent(hash: String) throws -> [UInt8]? {
        try screenContents([hash])[hash]
    }

    /// The canonical JSON of everything but the screens of a revision (nil for a deletion).
    public func header(revisionId: Int64) throws -> [UInt8]? {
        try mapped {
            try reader.read { db in
                try Data.fetchOne(
                    db.cachedStatement(sql: "SELECT h.data FROM revision r JOIN revisionHeader h ON h.id = r.headerId WHERE r.id = ?"),
                    arguments: [revisionId]
                ).map { [UInt8]($0) }
            }
        }
    }

    /// The exact source bytes of a revision.
    public func source(revisionId: Int64) throws -> [UInt8] {
        try mapped { try reader.read { db in try Self.sourceBytes(db, revisionId: revisionId) } }
    }

    /// The changes a revision made against its parent, in key order.
    public func changes(revisionId: Int64) throws -> [RecordedChange] {
        try mapped {
            try reader.read { db in
                let decoder = JSONDecoder()
                var changes = try Row.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT \(ChangeRecord.selection(fields: true)) FROM change WHERE revisionId = ? ORDER BY position"),
                    arguments: [revisionId]
                ).map { ChangeRecord.recordedChange(row: $0, at: 0, decoder: decoder) }
                if let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT documentId FROM revision WHERE id = ? AND addedFromIntervals = 1"),
                    arguments: [revisionId])
                {
                    try Self.addImpliedAdditions(db, documentId: row[0], to: &changes)
                }
                return changes
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
                    guard let span = try Self.pathSpan(db, path: path) else { throw try Self.unknownDocument(db, path: path) }
                    // With a screen filter, the key's intervals choose the rows; `+` keeps the
                    // document's index (a scan of its whole history) out of the plan.
                    conditions.append(filter.screenKey == nil ? "revision.documentId = ?" : "+revision.documentId = ?")
                    _ = arguments.append(contentsOf: [span.documentId])
                    if !filter.followsRenames && span.first > 1 {
                        conditions.append("revision.number >= ?")
                        _ = arguments.append(contentsOf: [span.first])
                    }
                    if let last = span.last {
                        conditions.append("revision.number <= ?")
                        _ = arguments.append(contentsOf: [last])
                    }
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
                if filter.replacingOnly {
                    conditions.append("revision.replacesId IS NOT NULL")
                }
                if let author = filter.author {
                    conditions.append("revision.author = ?")
                    _ = arguments.append(contentsOf: [author])
                }
                if let beforeId = filter.beforeId {
                    conditions.append("revision.id < ?")
                    _ = arguments.append(contentsOf: [beforeId])
                }
                if let key = filter.screenKey {
                    // A change of a key in a revision opens or closes an interval of that key at the
                    // revision's number: per document, the numbers where the key's
                    // intervals start or end (ranges of the interval table's key; the end of one is
                    // mostly the start of the next, so each number once), the revisions of those
                    // numbers, kept when one of their changes names the key (a range of `change`'s
                    // key) or when they are a first revision whose `added` changes are its
                    // intervals. `CROSS JOIN` keeps that order (document, interval, revision).
                    conditions.append(
                        """
                        revision.id IN (SELECT r.id FROM (
                                SELECT s.documentId AS documentId, s.validFrom AS number FROM document AS d
                                CROSS JOIN documentScreen AS s ON s.documentId = d.id AND s.screenKey = ?
                                UNION SELECT s.documentId, s.validUntil FROM document AS d
                                CROSS JOIN documentScreen AS s ON s.documentId = d.id AND s.screenKey = ? WHERE s.validUntil IS NOT NULL) AS n
                            CROSS JOIN revision AS r ON r.documentId = n.documentId AND r.number = n.number
                            WHERE (n.number = 1 AND r.addedFromIntervals = 1)
                                OR EXISTS (SELECT 1 FROM change AS c WHERE c.revisionId = r.id AND (c.screenKey = ? OR c.previousKey = ?)))
                        """)
                    _ = arguments.append(contentsOf: [key, key, key, key])
                }
                var sql = """
                    SELECT \(RevisionRecord.selection(header: false)), document.path, session.name, revision.addedFromIntervals
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
                // The listed revisions marked `addedFromIntervals` (index in `entries`, document id).
                var firsts: [(index: Int, documentId: Int64)] = []
                let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                while let row = try rows.next() {
                    let record = try RevisionRecord(indexedRow: row)
                    let revision = record.revision(
                        documentPath: row[RevisionRecord.selectionCount], sessionName: row[RevisionRecord.selectionCount + 1])
                    indexById[revision.id] = entries.count
                    if row[RevisionRecord.selectionCount + 2] as Bool { firsts.append((entries.count, record.documentId)) }
                    entries.append(LogEntry(revision: revision, changes: []))
                }
                guard let lowest = entries.last?.revision.id, let highest = entries.first?.revision.id else { return entries }
                let columns = "revisionId, \(ChangeRecord.selection(fields: filter.includesFields))"
                let decoder = JSONDecoder()
                // The changes of the listed revisions: one range of the table's key when they are
                // most of their id range, else one range per revision (a filtered log of a long history).
                func collect(_ rows: RowCursor) throws {
                    while let row = try rows.next() {
                        guard let index = indexById[row[0]] else { continue }
                        entries[index].changes.append(ChangeRecord.recordedChange(row: row, at: 1, decoder: decoder))
                    }
                }
                if Int64(entries.count) * 4 >= highest - lowest + 1 {
                    try collect(
                        Row.fetchCursor(
                            db, sql: "SELECT \(columns) FROM change WHERE revisionId BETWEEN ? AND ? ORDER BY revisionId, position",
                            arguments: [lowest, highest]))
                } else {
                    let statement = try db.cachedStatement(sql: "SELECT \(columns) FROM change WHERE revisionId = ? ORDER BY position")
                    for id in entries.map(\.revision.id) { try collect(Row.fetchCursor(statement, arguments: [id])) }
                }
                for first in firsts { try Self.addImpliedAdditions(db, documentId: first.documentId, to: &entries[first.index].changes) }
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

    /// Whether a session has this name: one prepared lookup, and no suggestion worked out for a
    /// name that is not there (``session(named:)`` does that for its error).
    public func hasSession(named name: String) throws -> Bool {
        try mapped {
            try reader.read { db in
                try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM session WHERE name = ?"), arguments: [name]) != nil
            }
        }
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

    /// The latest import attempts, newest first (by start; at the same start, the rows of
    /// `importAttempt` newest id first, then the attempts held by revisions, newest revision
    /// first), with their diagnostics. An attempt held by a revision is of the path its document
    /// had then (the previous path of the document's next rename, if any).
    ///
    /// The attempts held by revision rows are read newest revision first through
    /// `revision(createdAt)`: an attempt starts no later than its revision's time, so the read
    /// stops at the first revision older than the `limit`-th start found (a revision that holds
    /// no attempt is stepped over, and counts towards that stop too).
    public func recentAttempts(limit: Int) throws -> [AttemptSummary] {
        guard limit > 0 else { return [] }
        return try mapped {
            try reader.read { db in
                let rows = try ImportAttemptRecord.fetchAll(
                    db, sql: "SELECT * FROM importAttempt ORDER BY startedAt DESC, id DESC LIMIT ?", arguments: [limit]
                ).map { try Self.attemptSummary(db, record: $0) }
                let cursor = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT revision.id,
                            COALESCE((
                                SELECT renamed.previousPath FROM revision AS renamed
                                WHERE renamed.documentId = revision.documentId AND renamed.number > revision.number
                                    AND renamed.previousPath IS NOT NULL
                                ORDER BY renamed.number LIMIT 1), document.path),
                            revision.isDeletion, revision.createdAt, revision.attemptLead, revision.attemptDuration,
                            revision.author, revision.origin, revision.machine, revision.contentHash
                        FROM revision JOIN document ON document.id = revision.documentId
                        ORDER BY revision.createdAt DESC
                        """)
                var held: [AttemptSummary] = []
                while let row = try cursor.next() {
                    let createdAt: Int64 = row[3]
                    if rows.count + held.count >= limit,
                        let oldest = (rows + held).map(\.startedAt.microseconds).sorted(by: >).dropFirst(limit - 1).first,
                        createdAt < oldest
                    {
                        break
                    }
                    guard let lead = row[4] as Int64? else { continue }
                    held.append(
                        AttemptSummary(
                            id: nil, path: row[1], outcome: (row[2] as Bool) ? .deleted : .stored, revisionId: row[0],
                            startedAt: Timestamp(microseconds: createdAt - lead), durationMicroseconds: row[5],
                            diagnostics: [], author: row[6], origin: RevisionOrigin(rawValue: row[7]) ?? .cli, machine: row[8],
                            contentHash: (row[9] as Data?).map(HashBytes.hex)))
                }
                held.sort { ($0.startedAt.microseconds, $0.revisionId ?? 0) > ($1.startedAt.microseconds, $1.revisionId ?? 0) }
                return Array(Self.merged(rows, held).prefix(limit))
            }
        }
    }

    /// Two lists of attempts, each newest first, merged newest first; at the same start, those of
    /// `rows` come first.
    static func merged(_ rows: [AttemptSummary], _ held: [AttemptSummary]) -> [AttemptSummary] {
        var result: [AttemptSummary] = []
        result.reserveCapacity(rows.count + held.count)
        var row = rows.startIndex
        var other = held.startIndex
        while row < rows.endIndex || other < held.endIndex {
            if other == held.endIndex || (row < rows.endIndex && rows[row].startedAt >= held[other].startedAt) {
                result.append(rows[row])
                row += 1
            } else {
                result.append(held[other])
                other += 1
            }
        }
        return result
    }

    /// The summary of an attempt's row, with its diagnostics.
    static func attemptSummary(_ db: Database, record: ImportAttemptRecord) throws -> AttemptSummary {
        let diagnostics = try DiagnosticRecord.fetchAll(
            db, sql: "SELECT * FROM diagnostic WHERE importAttemptId = ? ORDER BY id", arguments: [record.id])
        return AttemptSummary(
            id: record.id, path: record.path, outcome: ImportOutcome(rawValue: record.outcome) ?? .failed,
            revisionId: record.revisionId, startedAt: record.startedAt,
            durationMicroseconds: record.durationMicroseconds, diagnostics: diagnostics.map { $0.diagnostic() }, author: record.author,
            origin: RevisionOrigin(rawValue: record.origin) ?? .cli, contentHash: record.contentHash.map(HashBytes.hex),
            gitCommit: record.gitCommit)
    }

    /// The tables whose rows `wfs status` counts.
    public static let countedTables = ["document", "revision", "screenVersion", "documentScreen", "change", "session", "importAttempt"]

    /// Counts for `wfs status`: documents, revisions, screen versions, sessions, attempts. Read
    /// from the counts that triggers keep, not by counting rows, so that the
    /// time does not grow with history; `wfs verify` checks them against the tables.
    public func counts() throws -> [String: Int] {
        try mapped {
            try reader.read { db in
                var result: [String: Int] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount") {
                    result[row[0]] = row[1]
                }
                for table in Self.countedTables where result[table] == nil { result[table] = 0 }
                return result
            }
        }
    }

    /// The tables whose kept count differs from their rows, with both numbers (for `wfs verify`).
    public func countMismatches() throws -> [(table: String, kept: Int, rows: Int)] {
        try mapped {
            try reader.read { db in
                var kept: [String: Int] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount") { kept[row[0]] = row[1] }
                var mismatches: [(table: String, kept: Int, rows: Int)] = []
                for table in Self.countedTables {
                    // Attempts are rows of `importAttempt` and the attempts held by revisions.
                    let held = table == "importAttempt" ? " + (SELECT COUNT(*) FROM revision WHERE attemptLead IS NOT NULL)" : ""
                    let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*)\(held) FROM \(table)") ?? 0
                    if kept[table] != rows { mismatches.append((table, kept[table] ?? -1, rows)) }
                }
                return mismatches
            }
        }
    }

    /// SQLite's own integrity and foreign-key checks, and the changes that `log --screen` would
    /// not find; empty when the file is sound.
    ///
    /// `log --screen KEY` finds a key's revisions through its intervals: a change
    /// of a screen key in a revision opens or closes an interval of that key at the revision's
    /// number, and a rename closes one of the key it was renamed from there. A change without
    /// that interval is reported.
    public func integrityProblems() throws -> [String] {
        try mapped {
            try reader.read { db in
                var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                for row in violations {
                    problems.append("foreign key violation in table '\(row[0] as String? ?? "?")', row \(row[1] as Int64? ?? 0)")
                }
                let unbounded = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT r.id, c.position, c.screenKey FROM change AS c JOIN revision AS r ON r.id = c.revisionId
                        WHERE c.screenKey IS NOT NULL AND NOT EXISTS (
                            SELECT 1 FROM documentScreen AS s
                            WHERE s.documentId = r.documentId AND s.screenKey = c.screenKey AND (s.validFrom = r.number OR s.validUntil = r.number))
                        UNION ALL
                        SELECT r.id, c.position, c.previousKey FROM change AS c JOIN revision AS r ON r.id = c.revisionId
                        WHERE c.previousKey IS NOT NULL AND NOT EXISTS (
                            SELECT 1 FROM documentScreen AS s
                            WHERE s.documentId = r.documentId AND s.screenKey = c.previousKey AND (s.validFrom = r.number OR s.validUntil = r.number))
                        ORDER BY 1, 2
                        """)
                for row in unbounded {
                    problems.append(
                        "change \(row[1] as Int64) of revision \(row[0] as Int64) names screen '\(row[2] as String)' without an interval of it that starts or ends there"
                    )
                }
                // A revision is based on an earlier revision of its document; it names the head it
                // replaced (its parent) exactly when that base is not its parent.
                let bases = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT r.id, r.basedOn, r.replacesId, r.parentId, b.documentId = r.documentId AND b.number < r.number
                        FROM revision AS r LEFT JOIN revision AS b ON b.id = r.basedOn
                        WHERE (r.basedOn IS NOT NULL AND (b.id IS NULL OR b.documentId <> r.documentId OR b.number >= r.number))
                            OR (r.replacesId IS NOT r.parentId AND r.replacesId IS NOT NULL)
                            OR (r.parentId IS NOT NULL AND (r.basedOn IS r.parentId) = (r.replacesId IS NOT NULL))
                        ORDER BY r.id
                        """)
                for row in bases {
                    let id: Int64 = row[0]
                    let basedOn: Int64? = row[1]
                    let replacesId: Int64? = row[2]
                    let parentId: Int64? = row[3]
                    if let basedOn, row[4] as Bool? != true {
                        problems.append("revision \(id) is based on revision \(basedOn), which is not an earlier revision of its document")
                    } else if let replacesId, replacesId != parentId {
                        problems.append("revision \(id) replaces revision \(replacesId), which is not its parent")
                    } else if replacesId == nil {
                        problems.append("revision \(id) is based on a revision other than its parent but names no head it replaced")
                    } else {
                        problems.append("revision \(id) is based on its parent but names a head it replaced")
                    }
                }
                return problems
            }
        }
    }

    /// Every revision, oldest first.
    public func allRevisions() throws -> [Revision] {
        try log(LogFilter()).map(\.revision).reversed()
    }

    /// Calls `body` with every screen version as stored (id, the first bytes of its hash in
    /// lowercase hexadecimal, content), in id order. A version whose pack cannot be read is left
    /// out (``screenStorageProblems()`` reports it). A version keeps only the first
    /// ``HashBytes/prefixLength`` bytes of its hash: `wfs verify` hashes the
    /// content and checks that the hash begins with them.
    public func forEachScreenVersion(_ body: (_ id: Int64, _ hashPrefix: String, _ content: [UInt8]) throws -> Void) throws {
        try mapped {
            try reader.read { db in
                var packs = ScreenPacks.Reader()
                let cursor = try Row.fetchCursor(db, sql: "SELECT id, lower(hex(hashPrefix)) FROM screenVersion ORDER BY id")
                while let row = try cursor.next() {
                    guard let content = try? packs.content(db, id: row[0]) else { continue }
                    try body(row[0], row[1], content)
                }
            }
        }
    }

    /// Screen versions and packs that do not hold together: a pack that does not decompress to
    /// its size or whose lengths do not add up to it, packs whose versions overlap, a version row
    /// that no pack holds or two rows of one id, a version of a pack without its row, two versions
    /// with one content; empty when sound. (A pack lists its versions: the
    /// ids from its own on, one per length.)
    public func screenStorageProblems() throws -> [String] {
        try mapped {
            try reader.read { db in
                var problems: [String] = []
                var ranges: [(first: Int64, end: Int64)] = []  // the version ids of each sound pack
                let packs = try Row.fetchCursor(db, sql: "SELECT id, size, lengths, data FROM screenPack ORDER BY id")
                while let row = try packs.next() {
                    let id: Int64 = row[0]
                    guard let lengths = row[2] as Data?, let data = row[3] as Data?,
                        let pack = try? ScreenPacks.Pack(id: id, size: row[1], lengths: lengths, data: data)
                    else {
                        problems.append("screen pack \(id) does not list lengths that add up to its size")
                        continue
                    }
                    if (try? ScreenPacks.decompress(data, size: row[1], packId: id)) == nil {
                        problems.append("screen pack \(id) does not decompress to its size")
                        continue
                    }
                    if let previous = ranges.last, previous.end > id {
                        problems.append("screen pack \(id) holds versions of screen pack \(previous.first)")
                    }
                    ranges.append((id, id + Int64(pack.count)))
                }
                var held = 0
                for range in ranges { held += Int(range.end - range.first) }
                var inside = 0  // distinct ids of rows that a pack holds
                var previous: Int64 = 0
                var next = 0  // in `ranges`
                let versions = try Int64.fetchCursor(db, sql: "SELECT id FROM screenVersion ORDER BY id")
                while let id = try versions.next() {
                    if id == previous {
                        problems.append("screen version \(id) has two rows")
                        continue
                    }
                    previous = id
                    while next < ranges.count, ranges[next].end <= id { next += 1 }
                    if next == ranges.count || ranges[next].first > id {
                        problems.append("screen version \(id) lies outside every screen pack")
                    } else {
                        inside += 1
                    }
                }
                if inside < held { problems.append("screen packs hold \(held) versions, of which \(held - inside) have no row") }
                // Two versions with one content: among the versions that share a hash prefix (the
                // only ones that can), the same bytes twice.
                var reader = ScreenPacks.Reader()
                var duplicates: Set<String> = []
                let shared = try Int64.fetchCursor(
                    db,
                    sql: """
                        SELECT id FROM screenVersion
                        WHERE hashPrefix IN (SELECT hashPrefix FROM screenVersion GROUP BY hashPrefix HAVING COUNT(*) > 1)
                        ORDER BY hashPrefix, id
                        """)
                var seen: Set<[UInt8]> = []
                while let id = try shared.next() {
                    guard let content = try? reader.content(db, id: id) else { continue }
                    if !seen.insert(content).inserted { duplicates.insert(HashBytes.sha256Hex(content)) }
                }
                problems += duplicates.sorted().map { "screen version \($0) is stored more than once" }
                return problems
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
                        """
                )
                .map { "open screens of '\($0)' do not match its head" }
            }
        }
    }

    // MARK: Helpers

    static func revision(_ db: Database, record: RevisionRecord, documentPath: String? = nil) throws -> Revision {
        let path =
            try documentPath
            ?? String.fetchOne(db.cachedStatement(sql: "SELECT path FROM document WHERE id = ?"), arguments: [record.documentId]) ?? ""
        let sessionName = try record.sessionId.flatMap {
            try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM session WHERE id = ?"), arguments: [$0])
        }
        return record.revision(documentPath: path, sessionName: sessionName)
    }

    /// Adds the `added` changes of a document's first revision marked `addedFromIntervals`
    /// to its stored ones: its intervals that start at number 1, in key order,
    /// after the stored changes (a change of the document's own fields).
    static func addImpliedAdditions(_ db: Database, documentId: Int64, to changes: inout [RecordedChange]) throws {
        let keys = try String.fetchCursor(
            db.cachedStatement(sql: "SELECT screenKey FROM documentScreen WHERE documentId = ? AND validFrom = 1 ORDER BY screenKey"),
            arguments: [documentId])
        while let key = try keys.next() { changes.append(RecordedChange(kind: .added, screenKey: key)) }
    }

    /// The key and version id of each screen of revision `number` of a document: the intervals
    /// that contain it. Arguments: document id, number, number.
    static let screensAtNumberSQL = """
        SELECT screenKey, versionId FROM documentScreen
        WHERE documentId = ? AND validFrom <= ? AND (validUntil IS NULL OR validUntil > ?)
        """

    /// The screens of revision `number` of a document: the intervals that contain it (one range
    /// of the interval table), key → hash.
    static func screenHashes(_ db: Database, documentId: Int64, number: Int64) throws -> [String: String] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: screensAtNumberSQL),
            arguments: [documentId, number, number])
        return try keyedHashes(db, rows)
    }

    /// The screens of revision `number` of a document, key → version id: the intervals alone.
    static func screenVersionIds(_ db: Database, documentId: Int64, number: Int64) throws -> [String: Int64] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: screensAtNumberSQL),
            arguments: [documentId, number, number])
        var result: [String: Int64] = Dictionary(minimumCapacity: 1024)
        while let row = try rows.next() { result[row[0]] = row[1] }
        return result
    }

    /// The screens of a document's head: its open intervals.
    static func openScreenHashes(_ db: Database, documentId: Int64) throws -> [String: String] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT screenKey, versionId FROM documentScreen WHERE documentId = ? AND validUntil IS NULL"),
            arguments: [documentId])
        return try keyedHashes(db, rows)
    }

    /// Rows of (screen key, version id) as key → hexadecimal hash. A version keeps only the first
    /// bytes of its hash: the hash is computed from its JSON, each pack
    /// decompressed once.
    static func keyedHashes(_ db: Database, _ rows: RowCursor) throws -> [String: String] {
        var result: [String: String] = Dictionary(minimumCapacity: 1024)
        var packs = ScreenPacks.Reader()
        while let row = try rows.next() {
            let key: String = row[0]
            result[key] = HashBytes.sha256Hex(try packs.content(db, id: row[1]))
        }
        return result
    }

    /// Canonical screen JSON by hash: the versions whose hash begins as the hash does, of which
    /// the one whose JSON hashes to it.
    static func screenContents(_ db: Database, _ hashes: [String]) throws -> [String: [UInt8]] {
        var packs = ScreenPacks.Reader()
        var result: [String: [UInt8]] = [:]
        for hash in hashes where result[hash] == nil {
            guard let bytes = HashBytes.bytes(hex: hash), let version = try ScreenPacks.version(db, hash: bytes, packs: &packs) else {
                continue
            }
            result[hash] = version.content
        }
        return result
    }

    static func session(_ db: Database, named name: String) throws -> Session {
        try sessionRecord(db, named: name).session()
    }

    /// - Throws: ``StoreError/unknownSession(name:suggestion:)`` with the closest name.
    static func sessionRecord(_ db: Database, named name: String) throws -> SessionRecord {
        if let record = try SessionRecord.filter(SessionRecord.Columns.name == name).fetchOne(db) { return record }
        let names = try String.fetchAll(db, sql: "SELECT name FROM session ORDER BY startedAt")
        throw StoreError.unknownSession(name: name, suggestion: Suggestions.closestName(to: name, in: names))
    }
}
