import Foundation
import GRDB
import WireframeModel
public import WireframeStore

extension SQLiteStore {
    // MARK: Imports

    /// Records one import of a valid file in one transaction: an `unchanged` attempt when the
    /// head means the same, else a new revision with its screens, source, changes and attempt.
    ///
    /// The revision keeps `basedOn`; when that is not its parent (another writer stored after the
    /// head this writer last saw), it also records that it replaced the parent and which of the
    /// other writers' screen changes it lacks (``replacedScreens(_:documentId:basedOn:head:new:)``).
    ///
    /// A rename (``NewRevision/renamedFrom``) gives the document at the previous path the new
    /// path and records the version as its next revision, whose ``Revision/previousPath`` is the
    /// previous path, even when the content is the head's.
    ///
    /// - Throws: ``StoreError/headMoved(path:)`` when the head is no longer `expectedHeadId`
    ///   (the caller computes the diff again and retries); for a rename, also when the previous
    ///   path has no document or its head is a deletion. ``StoreError/renameTargetTaken(path:from:)``
    ///   when a rename's new path is a document's already.
    public func recordImport(_ new: NewRevision) throws -> ImportRecord {
        var startsChain = false
        let record = try mapped {
            try Self.transaction(writer) { db, inBatch in
                let documentId: Int64
                if let previousPath = new.renamedFrom {
                    documentId = try Self.renameDocument(db, from: previousPath, to: new.attempt.path, format: new.format)
                } else {
                    documentId = try Self.findOrCreateDocument(db, path: new.attempt.path, format: new.format, at: new.createdAt).id ?? 0
                }
                let head = try Self.headRecord(db, documentId: documentId)
                if head?.id != new.expectedHeadId { throw StoreError.headMoved(path: new.renamedFrom ?? new.attempt.path) }
                if new.renamedFrom != nil && (head?.isDeletion ?? true) {
                    throw StoreError.headMoved(path: new.renamedFrom ?? new.attempt.path)
                }
                if let head, !head.isDeletion, head.contentHash == new.contentHash, new.renamedFrom == nil {
                    let attemptId = try Self.insertAttempt(
                        db, new.attempt, outcome: .unchanged, revisionId: nil, contentHash: new.contentHash)
                    return ImportRecord(
                        outcome: .unchanged, revision: try Self.revision(db, record: head, documentPath: new.attempt.path),
                        attemptId: attemptId)
                }
                let number = (head?.number ?? 0) + 1
                var revision = RevisionRecord(
                    documentId: documentId, number: number, parentId: head?.id, isDeletion: false,
                    contentHash: new.contentHash, sourceHash: new.sourceHash, header: Data(new.header),
                    screenCount: Int64(new.screens.count), createdAt: new.createdAt, author: new.attempt.author,
                    origin: new.attempt.origin.rawValue, message: new.message,
                    sessionId: try Self.openSessionId(db, at: new.createdAt), machine: new.attempt.machine, basedOn: new.basedOn
                )
                revision.id = new.id
                revision.gitCommit = new.attempt.gitCommit
                revision.previousPath = new.renamedFrom
                if let head, let headId = head.id, new.basedOn != headId {
                    revision.replacesId = headId
                    revision.replacesAuthor = head.author
                    revision.replacedScreens = try RevisionRecord.screensText(
                        new.replacedScreens ?? Self.replacedScreens(db, documentId: documentId, basedOn: new.basedOn, head: head, new: new))
                }
                revision.merge = try new.merge?.storedText()
                revision.headerId = try Self.headerId(db, header: new.header, head: head)
                // A first revision's `added` changes are its intervals: not stored twice.
                let changes = number == 1 ? Self.changesWithoutImpliedAdditions(new.changes, screens: new.screens) : nil
                revision.addedFromIntervals = changes != nil
                revision.holdAttempt(new.attempt)
                try revision.insertRow(db)
                let revisionId = revision.id ?? 0
                // The head's screens as the caller read them are valid for the head it named (checked
                // above): the open intervals change only with a new revision.
                let headHashes = head.flatMap { $0.isDeletion ? [:] : new.headScreenHashes }
                if let head, !head.isDeletion, let headScreens = new.headScreens {
                    try Self.updateScreens(
                        db, documentId: documentId, number: number, screens: new.screens, headScreens: headScreens, path: new.attempt.path,
                        compressingPacks: !inBatch)
                } else {
                    try Self.updateScreens(
                        db, documentId: documentId, number: number, screens: new.screens, headHashes: headHashes, path: new.attempt.path,
                        compressingPacks: !inBatch)
                }
                let headSource =
                    new.headSource
                    ?? head.flatMap { head in
                        head.id.flatMap { sourceCache.source(path: new.attempt.path, revisionId: $0, sourceHash: head.sourceHash) }
                    }
                startsChain = try Self.insertSource(
                    db, revisionId: revisionId, source: new.source, head: head, headSource: headSource,
                    checkpointSource: { sourceCache.checkpoint(path: new.attempt.path, revisionId: $0) })
                for (position, change) in (changes ?? new.changes).enumerated() {
                    try ChangeRecord(revisionId: revisionId, position: position, change: change).insert(db)
                }
                let attemptId = try Self.insertAttempt(
                    db, new.attempt, outcome: .stored, revisionId: revisionId, contentHash: new.contentHash, heldBy: revision)
                return ImportRecord(
                    outcome: .stored, revision: try Self.revision(db, record: revision, documentPath: new.attempt.path),
                    attemptId: attemptId)
            }
        }
        // Committed (or written in a batch, which forgets the cache if it is undone): the next
        // import of this document can delta against these bytes as they are.
        if record.outcome == .stored, let revision = record.revision {
            sourceCache.remember(
                path: new.attempt.path, revisionId: revision.id, sourceHash: new.sourceHash, bytes: new.source, isCheckpoint: startsChain)
        }
        return record
    }

    /// `writer.write`'s transaction (`BEGIN IMMEDIATE`, the body, `COMMIT`; a rollback when
    /// anything throws), with its `BEGIN` and `COMMIT` taken from the connection's statement
    /// cache: GRDB's `write` prepares them again for every transaction, through its SQL parsing
    /// (about a tenth of a save's write). Inside a ``batch(_:)`` the body is a savepoint of the
    /// batch's transaction instead, undone alone when it throws.
    static func transaction<T>(_ writer: any DatabaseWriter, _ body: (Database, _ inBatch: Bool) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in
            let inBatch = db.isInsideTransaction
            try db.cachedStatement(sql: inBatch ? "SAVEPOINT write" : "BEGIN IMMEDIATE TRANSACTION").execute()
            do {
                let result = try body(db, inBatch)
                try db.cachedStatement(sql: inBatch ? "RELEASE SAVEPOINT write" : "COMMIT TRANSACTION").execute()
                return result
            } catch {
                // As `write` does: the first error is the one thrown; a transaction SQLite has
                // rolled back already (a full disk, an I/O error) is not rolled back again.
                if !inBatch {
                    try? db.rollback()
                } else if db.isInsideTransaction {
                    try? db.execute(sql: "ROLLBACK TO SAVEPOINT write; RELEASE SAVEPOINT write")
                }
                throw error
            }
        }
    }

    /// ``transaction(_:_:)`` for a body that writes the same inside a batch or not.
    static func transaction<T>(_ writer: any DatabaseWriter, _ body: (Database) throws -> T) throws -> T {
        try transaction(writer) { db, _ in try body(db) }
    }

    /// Runs `body` with the writes of this store in one transaction, each a savepoint of it
    /// (see ``Store/batch(_:)``). Only a single connection batches: a pool reads on other
    /// connections, which would not see the batch's writes before it commits.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        guard case .single = connections else { return try body() }
        let began = try mapped {
            try writer.writeWithoutTransaction { db -> Bool in
                guard !db.isInsideTransaction else { return false }
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                return true
            }
        }
        guard began else { return try body() }
        let result: T
        do {
            result = try body()
        } catch {
            try? mapped { try writer.writeWithoutTransaction { try $0.rollback() } }
            sourceCache.removeAll()
            throw error
        }
        do {
            try mapped { try writer.writeWithoutTransaction { try Self.commitBatch($0) } }
        } catch {
            sourceCache.removeAll()
            throw error
        }
        return result
    }

    /// Commits the open batch, its screen pack compressed first (see ``ScreenPacks/Writer``).
    private static func commitBatch(_ db: Database) throws {
        guard db.isInsideTransaction else { return }
        do {
            try ScreenPacks.compressNewest(db)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            try? db.rollback()
            throw error
        }
    }

    /// Records an attempt that stored nothing: `rejected` (the file has errors) or `failed` (it
    /// could not be read), with its diagnostics. The head is untouched. `stored` and `deleted`
    /// belong to ``recordImport(_:)`` and ``recordDeletion(_:message:createdAt:)``.
    public func recordAttempt(_ attempt: AttemptInfo, outcome: ImportOutcome, contentHash: String?) throws -> ImportRecord {
        // `stored` and `deleted` need a revision: the table's CHECK constraint refuses them here.
        try mapped {
            try Self.transaction(writer) { db in
                let attemptId = try Self.insertAttempt(db, attempt, outcome: outcome, revisionId: nil, contentHash: contentHash)
                return ImportRecord(outcome: outcome, revision: nil, attemptId: attemptId)
            }
        }
    }

    /// Records that a document's file went away: a tombstone revision that closes every screen.
    ///
    /// Returns nil (and records nothing) when the store has no live revision of the document.
    public func recordDeletion(_ attempt: AttemptInfo, message: String?, createdAt: Timestamp, id: Int64?) throws -> ImportRecord? {
        try mapped {
            try Self.transaction(writer) { db in
                guard let document = try DocumentRecord.filter(DocumentRecord.Columns.path == attempt.path).fetchOne(db),
                    let documentId = document.id,
                    let head = try Self.headRecord(db, documentId: documentId), !head.isDeletion
                else { return nil }
                let open = try String.fetchAll(
                    db, sql: "SELECT screenKey FROM documentScreen WHERE documentId = ? AND validUntil IS NULL ORDER BY screenKey",
                    arguments: [documentId])
                var revision = RevisionRecord(
                    documentId: documentId, number: head.number + 1, parentId: head.id, isDeletion: true,
                    contentHash: nil, sourceHash: nil, header: nil, screenCount: 0, createdAt: createdAt,
                    author: attempt.author, origin: attempt.origin.rawValue, message: message,
                    sessionId: try Self.openSessionId(db, at: createdAt), machine: attempt.machine,
                    // A deletion is of the file as it is now: based on the head.
                    basedOn: head.id
                )
                revision.holdAttempt(attempt)
                revision.id = id
                revision.gitCommit = attempt.gitCommit
                try revision.insertRow(db)
                let revisionId = revision.id ?? 0
                try db.execute(
                    sql: "UPDATE documentScreen SET validUntil = ? WHERE documentId = ? AND validUntil IS NULL",
                    arguments: [revision.number, documentId])
                for (position, screen) in open.enumerated() {
                    try ChangeRecord(revisionId: revisionId, position: position, change: RecordedChange(kind: .removed, screenKey: screen))
                        .insert(db)
                }
                let attemptId = try Self.insertAttempt(
                    db, attempt, outcome: .deleted, revisionId: revisionId, contentHash: nil, heldBy: revision)
                return ImportRecord(outcome: .deleted, revision: try Self.revision(db, record: revision), attemptId: attemptId)
            }
        }
    }

    // MARK: Sessions

    /// Opens a session now; revisions stored while it is open belong to it.
    public func startSession(name: String, notes: String?, at time: Timestamp, author: String?) throws -> Session {
        try mapped {
            try Self.transaction(writer) { db in
                if let open = try SessionRecord.filter(SessionRecord.Columns.endedAt == nil).fetchOne(db) {
                    throw StoreError.sessionAlreadyOpen(name: open.name)
                }
                if try SessionRecord.filter(SessionRecord.Columns.name == name).fetchCount(db) > 0 {
                    throw StoreError.duplicateSession(name: name)
                }
                try Self.refuseOverlap(db, name: name, start: time, end: nil)
                var record = SessionRecord(name: name, notes: notes, startedAt: time, endedAt: nil, author: author)
                try record.insert(db)
                return record.session()
            }
        }
    }

    /// Ends the open session.
    public func endSession(at time: Timestamp, by changer: String) throws -> Session {
        try mapped {
            try Self.transaction(writer) { db in
                guard var record = try SessionRecord.filter(SessionRecord.Columns.endedAt == nil).fetchOne(db) else {
                    throw StoreError.noOpenSession
                }
                guard time >= record.startedAt else { throw StoreError.invalidSessionInterval(name: record.name) }
                record.endedAt = time
                record.changedBy = changer
                record.changedAt = time
                try record.update(db)
                return record.session()
            }
        }
    }

    /// Records a session after the fact; revisions of that interval that belong to no session join it.
    public func addSession(name: String, notes: String?, start: Timestamp, end: Timestamp, author: String?) throws -> Session {
        try mapped {
            try Self.transaction(writer) { db in
                guard end >= start else { throw StoreError.invalidSessionInterval(name: name) }
                if try SessionRecord.filter(SessionRecord.Columns.name == name).fetchCount(db) > 0 {
                    throw StoreError.duplicateSession(name: name)
                }
                try Self.refuseOverlap(db, name: name, start: start, end: end)
                var record = SessionRecord(name: name, notes: notes, startedAt: start, endedAt: end, author: author)
                try record.insert(db)
                try db.execute(
                    sql: "UPDATE revision SET sessionId = ? WHERE sessionId IS NULL AND createdAt >= ? AND createdAt <= ?",
                    arguments: [record.id, start, end])
                return record.session()
            }
        }
    }

    /// Renames a session or replaces its notes; its revisions stay its (they refer to it by id).
    public func editSession(named name: String, newName: String?, notes: String?, at time: Timestamp, by changer: String) throws
        -> Session
    {
        try mapped {
            try Self.transaction(writer) { db in
                var record = try Self.sessionRecord(db, named: name)
                if let newName, newName != name {
                    if try SessionRecord.filter(SessionRecord.Columns.name == newName).fetchCount(db) > 0 {
                        throw StoreError.duplicateSession(name: newName)
                    }
                    record.name = newName
                }
                if let notes { record.notes = notes.isEmpty ? nil : notes }
                record.changedBy = changer
                record.changedAt = time
                try record.update(db)
                return record.session()
            }
        }
    }

    /// Deletes a session; its revisions stay, in no session.
    public func deleteSession(named name: String) throws -> Session {
        try mapped {
            try Self.transaction(writer) { db in
                let record = try Self.sessionRecord(db, named: name)
                try db.execute(sql: "UPDATE revision SET sessionId = NULL WHERE sessionId = ?", arguments: [record.id])
                try record.delete(db)
                return record.session()
            }
        }
    }

    // MARK: Helpers (inside a transaction)

    /// Throws ``StoreError/overlappingSession(name:other:)`` when a session from `start` to `end`
    /// (nil: still open) would overlap one that exists; meetings that only touch do not overlap.
    static func refuseOverlap(_ db: Database, name: String, start: Timestamp, end: Timestamp?) throws {
        if let other = try String.fetchOne(
            db,
            sql:
                "SELECT name FROM session WHERE (?1 IS NULL OR startedAt < ?1) AND (endedAt IS NULL OR endedAt > ?2) ORDER BY startedAt LIMIT 1",
            arguments: [end, start])
        {
            throw StoreError.overlappingSession(name: name, other: other)
        }
    }

    /// Gives the live document at `previousPath` the path `path` (and the format of its new file),
    /// and returns its id.
    static func renameDocument(_ db: Database, from previousPath: String, to path: String, format: SourceFormat) throws -> Int64 {
        if try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM document WHERE path = ?"), arguments: [path]) != nil {
            throw StoreError.renameTargetTaken(path: path, from: previousPath)
        }
        guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM document WHERE path = ?"), arguments: [previousPath])
        else { throw StoreError.headMoved(path: previousPath) }
        try db.cachedStatement(sql: "UPDATE document SET path = ?, format = ? WHERE id = ?").execute(arguments: [
            path, format.rawValue, id,
        ])
        return id
    }

    static func findOrCreateDocument(_ db: Database, path: String, format: SourceFormat, at time: Timestamp) throws -> DocumentRecord {
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, format, createdAt FROM document WHERE path = ?"), arguments: [path]),
            let createdAt = Timestamp.fromDatabaseValue(row[2] as DatabaseValue)
        {
            var document = DocumentRecord(path: path, format: row[1], createdAt: createdAt)
            document.id = row[0]
            return document
        }
        var document = DocumentRecord(path: path, format: format.rawValue, createdAt: time)
        try document.insert(db)
        return document
    }

    static func headRecord(_ db: Database, documentId: Int64) throws -> RevisionRecord? {
        let statement = try db.cachedStatement(
            sql: "SELECT \(RevisionRecord.selection()) FROM revision WHERE documentId = ? ORDER BY number DESC LIMIT 1")
        return try Row.fetchOne(statement, arguments: [documentId]).map { try RevisionRecord(indexedRow: $0) }
    }

    /// The keys whose changes since `basedOn` (the other writers' changes, up to the head) a new
    /// version does not contain, in byte order: each key whose screen differs between the base
    /// and the head, and between the head and the new version (a screen the other writers and
    /// this one changed alike is in it). The empty key stands for the document's own fields
    /// (the header). No base (or one that is a deletion, or of another document) has no screens.
    ///
    /// Only the keys whose screens the base and the head do not share are read: one range of the
    /// interval table, as for a comparison of two revisions.
    static func replacedScreens(_ db: Database, documentId: Int64, basedOn: Int64?, head: RevisionRecord, new: NewRevision) throws
        -> [String]
    {
        let base = try basedOn.flatMap { id in
            try Row.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT number, isDeletion, (SELECT data FROM revisionHeader WHERE revisionHeader.id = revision.headerId) FROM revision WHERE id = ? AND documentId = ?"
                ),
                arguments: [id, documentId])
        }
        let baseNumber: Int64? = base.flatMap { ($0[1] as Bool) ? nil : $0[0] as Int64 }
        let baseHeader = base.flatMap { ($0[2] as Data?).map { [UInt8]($0) } }
        let headHeader = head.header.map { [UInt8]($0) }
        var keys: [String] = []
        if baseHeader != headHeader && new.header != headHeader { keys.append("") }
        // The screens of the base and the head side by side, by version id (number 0, before
        // the first revision, holds none).
        var sides: (keys: [String], base: [Int64?], head: [Int64?]) = ([], [], [])
        if head.isDeletion {
            for screen in try keyOrderedScreens(db, documentId: documentId, number: baseNumber ?? 0) {
                sides.keys.append(screen.key)
                sides.base.append(screen.id)
                sides.head.append(nil)
            }
        } else {
            let both = try keyOrderedScreens(db, documentId: documentId, numbers: (baseNumber ?? 0, head.number))
            sides = (both.keys, both.old, both.new)
        }
        var packs = ScreenPacks.Reader()
        let newHashes = Dictionary(new.screens.map { ($0.key, $0.hash) }, uniquingKeysWith: { first, _ in first })
        for index in sides.keys.indices where sides.base[index] != sides.head[index] {
            let headHash = try sides.head[index].map { HashBytes.sha256Hex(try packs.content(db, id: $0)) }
            if newHashes[sides.keys[index]] != headHash { keys.append(sides.keys[index]) }
        }
        return keys
    }

    /// The changes of a document's first revision without its `added` ones, when those are
    /// exactly what reading its intervals gives (``addImpliedAdditions(_:documentId:to:)``): the
    /// last changes, one per screen, without previous key or fields, in the byte order of their
    /// keys (SQLite's BINARY order). Nil otherwise: every change is stored as given.
    static func changesWithoutImpliedAdditions(_ changes: [RecordedChange], screens: [ScreenContent]) -> [RecordedChange]? {
        let firstAdded = changes.firstIndex(where: { $0.kind == .added }) ?? changes.endIndex
        let added = changes[firstAdded...]
        guard added.count == screens.count,
            added.allSatisfy({ $0.kind == .added && $0.previousKey == nil && $0.fields.isEmpty }),
            zip(added, added.dropFirst()).allSatisfy({ $0.screenKey.utf8.lexicographicallyPrecedes($1.screenKey.utf8) }),
            Set(added.map(\.screenKey)) == Set(screens.map(\.key))
        else { return nil }
        return Array(changes[..<firstAdded])
    }

    /// The `revisionHeader` row of a new revision's header: the head's when the header is the
    /// same (most imports), else a new row.
    static func headerId(_ db: Database, header: [UInt8], head: RevisionRecord?) throws -> Int64 {
        if let head, let id = head.headerId, let stored = head.header, stored.elementsEqual(header) { return id }
        try db.cachedStatement(sql: "INSERT INTO revisionHeader (data) VALUES (?)").execute(arguments: [Data(header)])
        return db.lastInsertedRowID
    }

    static func openSessionId(_ db: Database, at time: Timestamp) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM session WHERE endedAt IS NULL AND startedAt <= ?"), arguments: [time])
    }

    /// Inserts an attempt's row and its diagnostics, and returns the row's id; nil, and nothing
    /// written, when the attempt is held by the row of the revision it stored (`heldBy`).
    @discardableResult
    static func insertAttempt(
        _ db: Database, _ attempt: AttemptInfo, outcome: ImportOutcome, revisionId: Int64?, contentHash: String?,
        heldBy revision: RevisionRecord? = nil
    ) throws -> Int64? {
        if revision?.attemptLead != nil { return nil }
        // The attempt of a stored revision has that revision's hash: not kept twice.
        let keptHash = outcome == .stored ? nil : contentHash
        var record = ImportAttemptRecord(
            path: attempt.path, outcome: outcome.rawValue, revisionId: revisionId, contentHash: try keptHash.map(HashBytes.stored),
            startedAt: attempt.startedAt, durationMicroseconds: max(0, attempt.durationMicroseconds),
            author: attempt.author, origin: attempt.origin.rawValue
        )
        record.gitCommit = attempt.gitCommit
        try record.insertRow(db)
        let attemptId = record.id ?? 0
        // The diagnostics of a stored file (warnings) follow from its stored source; only the
        // findings of attempts that stored nothing are kept.
        guard outcome == .rejected || outcome == .failed else { return attemptId }
        guard !attempt.diagnostics.isEmpty else { return attemptId }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO diagnostic (importAttemptId, severity, code, message, line, \"column\", path) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for diagnostic in attempt.diagnostics {
            let row = DiagnosticRecord(importAttemptId: attemptId, diagnostic: diagnostic)
            try insert.execute(arguments: [row.importAttemptId, row.severity, row.code, row.message, row.line, row.column, row.path])
        }
        return attemptId
    }

    /// Closes the intervals of screens that changed or went away and opens those of new content;
    /// screens not stored yet (by hash) become new versions in the newest screen pack.
    ///
    /// `headHashes`, when given, are the head's open intervals (key → hash) as the caller read
    /// them: only the intervals of changed keys are touched, through the open-interval index.
    static func updateScreens(
        _ db: Database, documentId: Int64, number: Int64, screens: [ScreenContent], headHashes: [String: String]? = nil, path: String = "",
        compressingPacks: Bool = true
    ) throws {
        let headHashes = try headHashes ?? openScreenHashes(db, documentId: documentId)
        let closeInterval = try intervalCloser(db, documentId: documentId, number: number, path: path)
        var packs = ScreenPacks.Writer(compressing: compressingPacks)
        var reader = ScreenPacks.Reader()
        var opened: [(key: String, versionId: Int64)] = []
        var kept = 0
        for screen in screens {
            if let current = headHashes[screen.key] {
                kept += 1
                if current == screen.hash { continue }
                try closeInterval(screen.key)
            }
            opened.append((screen.key, try versionId(db, of: screen, packs: &packs, reader: &reader)))
        }
        if kept < headHashes.count {
            let present = Set(screens.map(\.key))
            for key in headHashes.keys where !present.contains(key) { try closeInterval(key) }
        }
        try packs.finish(db)
        let insertInterval = try db.cachedStatement(
            sql: "INSERT INTO documentScreen (documentId, validFrom, screenKey, versionId) VALUES (?, ?, ?, ?)")
        for interval in opened {
            try insertInterval.execute(arguments: [documentId, number, interval.key, interval.versionId])
        }
    }

    /// What closes a key's open interval at revision `number`. Exactly one open interval per key
    /// of the head is closed: anything else means the caller's view of the head is stale, and the
    /// import is diffed again from the store (``StoreError/headMoved(path:)``).
    static func intervalCloser(_ db: Database, documentId: Int64, number: Int64, path: String) throws -> (String) throws -> Void {
        let close = try db.cachedStatement(
            sql: "UPDATE documentScreen SET validUntil = ? WHERE documentId = ? AND screenKey = ? AND validUntil IS NULL")
        return { key in
            try close.execute(arguments: [number, documentId, key])
            if db.changesCount != 1 { throw StoreError.headMoved(path: path) }
        }
    }

    /// The version of a screen's content: one this import already added, one stored before (found
    /// by its hash's prefix, confirmed by its content), or a new one in the newest pack.
    static func versionId(_ db: Database, of screen: ScreenContent, packs: inout ScreenPacks.Writer, reader: inout ScreenPacks.Reader)
        throws -> Int64
    {
        let hash = try HashBytes.stored(screen.hash)
        if let added = packs.addedId(hash: hash) { return added }
        if let stored = try ScreenPacks.versionId(db, hash: hash, content: screen.content, packs: &reader) { return stored }
        return try packs.add(db, hash: hash, content: screen.content)
    }

    /// Stores the exact source: a delta against the head's source, or, every
    /// ``SQLiteStore/checkpointInterval``-th revision number, a delta against the newest
    /// checkpoint (or full copy) of the head's chain; in full with zlib when there is no such base,
    /// when the delta is not small, or when the chain would grow too long.
    ///
    /// A checkpoint's chain is at most `checkpointInterval` long and at most `checkpointInterval - 1`
    /// revisions follow it before the next checkpoint, so rebuilding any revision applies fewer
    /// than ``SQLiteStore/maximumDeltaChain`` deltas, while a full copy is needed only once
    /// every ~1,000 revisions instead of every 65.
    ///
    /// `checkpointSource` gives the source of a checkpoint by revision id when the caller has it
    /// (else it is rebuilt from the store). Returns whether the source stored starts a chain of
    /// its own: a full copy, or a delta against a checkpoint (the next checkpoint's base).
    @discardableResult
    static func insertSource(
        _ db: Database, revisionId: Int64, source: [UInt8], head: RevisionRecord?, headSource: [UInt8]?,
        checkpointSource: (Int64) -> [UInt8]? = { _ in nil }
    ) throws -> Bool {
        var record = SourceRecord(
            revisionId: revisionId, encoding: "zlib", baseRevisionId: nil, chainLength: 0, size: Int64(source.count), data: Data())
        func useDelta(from base: @autoclosure () throws -> [UInt8], baseId: Int64, chainLength: Int64) rethrows {
            guard let delta = SourceCodec.delta(from: try base(), to: source, shorterThan: max(64, source.count / 8)) else { return }
            record.encoding = "delta"
            record.baseRevisionId = baseId
            record.chainLength = chainLength
            record.data = Data(delta)
        }
        if let head, !head.isDeletion, let headId = head.id,
            let base = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT chainLength, size FROM source WHERE revisionId = ?"), arguments: [headId]
            ).map({ (chainLength: $0[0] as Int64, size: $0[1] as Int64) })
        {
            if (head.number + 1) % checkpointInterval != 0 {
                if base.chainLength < maximumDeltaChain {
                    // A given head source is used only if it has the stored size (else it is rebuilt).
                    try useDelta(
                        from: try headSource.flatMap { $0.count == base.size ? $0 : nil } ?? Self.sourceBytes(db, revisionId: headId),
                        baseId: headId, chainLength: base.chainLength + 1)
                }
            } else if let checkpoint = try lastCheckpoint(db, from: headId), checkpoint.chainLength < checkpointInterval {
                try useDelta(
                    from: try checkpointSource(checkpoint.id) ?? Self.sourceBytes(db, revisionId: checkpoint.id), baseId: checkpoint.id,
                    chainLength: checkpoint.chainLength + 1)
            }
        }
        if record.encoding == "zlib" {
            record.data = Data(try SourceCodec.compress(source))
        }
        try record.insertRow(db)
        return record.baseRevisionId == nil || record.baseRevisionId != head?.id
    }

    /// The newest revision of a source chain (from `revisionId` back) that is a full copy or a
    /// delta against something other than its parent (a checkpoint).
    static func lastCheckpoint(_ db: Database, from revisionId: Int64) throws -> (id: Int64, chainLength: Int64)? {
        let statement = try db.cachedStatement(
            sql:
                "SELECT source.baseRevisionId, source.chainLength, revision.parentId FROM source JOIN revision ON revision.id = source.revisionId WHERE source.revisionId = ?"
        )
        var id = revisionId
        for _ in 0...maximumDeltaChain + 1 {
            guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
            let baseId: Int64? = row[0]
            let parentId: Int64? = row[2]
            guard let baseId, baseId == parentId else { return (id, row[1]) }
            id = baseId
        }
        return nil
    }

    /// Rebuilds the exact source of a revision from its full copy and the deltas after it.
    static func sourceBytes(_ db: Database, revisionId: Int64) throws -> [UInt8] {
        var chain: [SourceRecord] = []
        var next: Int64? = revisionId
        // One prepared statement for every link of the chain (up to 64 deltas and the full copy).
        let statement = try db.cachedStatement(
            sql: "SELECT encoding, baseRevisionId, chainLength, size, data FROM source WHERE revisionId = ?")
        while let id = next {
            guard let row = try Row.fetchOne(statement, arguments: [id]) else {
                throw StoreError.damagedSource(revisionId: revisionId, reason: "no stored source for revision \(id)")
            }
            let record = SourceRecord(
                revisionId: id, encoding: row[0], baseRevisionId: row[1], chainLength: row[2], size: row[3], data: row[4])
            chain.append(record)
            next = record.encoding == "delta" ? record.baseRevisionId : nil
            if chain.count > Int(maximumDeltaChain) + 2 {
                throw StoreError.damagedSource(revisionId: revisionId, reason: "delta chain too long")
            }
        }
        do {
            guard let full = chain.last, full.encoding == "zlib" else {
                throw StoreError.damagedSource(revisionId: revisionId, reason: "no full copy at the end of the chain")
            }
            let bytes = try SourceCodec.decompress([UInt8](full.data), size: Int(full.size))
            // The deltas from the full copy's successor to the revision, composed and applied once.
            return try SourceCodec.apply(
                chain: chain.dropLast().reversed().map { (delta: [UInt8]($0.data), size: Int($0.size)) }, to: bytes)
        } catch let error as SourceCodec.CodecError {
            throw StoreError.damagedSource(revisionId: revisionId, reason: error.description)
        }
    }
}
