import Foundation
import WireframeModel
public import WireframeStore

extension PostgreSQLStore {
    // MARK: Imports

    /// Records one import of a valid file in one transaction: an `unchanged` attempt when the
    /// head means the same, else a new revision with its screens, source, changes and attempt.
    ///
    /// The document's row is locked first (made when it is new), so that writers of one document
    /// number their revisions one after the other; writers of other documents do not wait.
    ///
    /// A rename (``NewRevision/renamedFrom``) gives the document at the previous path the new
    /// path and records the version as its next revision, whose ``Revision/previousPath`` is the
    /// previous path, even when the content is the head's.
    ///
    /// - Throws: ``StoreError/headMoved(path:)`` when the head is no longer `expectedHeadId`; for
    ///   a rename, also when the previous path has no document or its head is a deletion.
    ///   ``StoreError/renameTargetTaken(path:from:)`` when a rename's new path is a document's already.
    public func recordImport(_ new: NewRevision) throws -> ImportRecord {
        try write { db in
            let path = new.attempt.path
            let documentId: Int64
            if let previousPath = new.renamedFrom {
                documentId = try Self.renameDocument(db, from: previousPath, to: path, format: new.format)
            } else {
                documentId = try Self.lockDocument(db, path: path, format: new.format, at: new.createdAt)
            }
            let head = try RevisionRows.head(db, documentId: documentId)
            if head?.id != new.expectedHeadId { throw StoreError.headMoved(path: new.renamedFrom ?? path) }
            if new.renamedFrom != nil && (head?.isDeletion ?? true) { throw StoreError.headMoved(path: new.renamedFrom ?? path) }
            if let head, !head.isDeletion, head.contentHash == new.contentHash, new.renamedFrom == nil {
                let attemptId = try Self.insertAttempt(db, new.attempt, outcome: .unchanged, revisionId: nil, contentHash: new.contentHash)
                return ImportRecord(outcome: .unchanged, revision: head, attemptId: attemptId)
            }
            // The head's screens as the caller read them are those of the head it named (checked
            // above: the open intervals change only with a new revision), so they are not read again.
            let headScreens: [String: String] =
                if let head, !head.isDeletion {
                    try new.headScreens.map { screens in
                        Dictionary(screens.map { ($0.key, $0.hash) }, uniquingKeysWith: { first, _ in first })
                    }
                        ?? new.headScreenHashes ?? Self.openScreens(db, documentId: documentId)
                } else {
                    [:]
                }
            var replaces: (id: Int64, screens: [String])?
            if let head, new.basedOn != head.id {
                replaces = (
                    head.id,
                    try new.replacedScreens
                        ?? Self.replacedScreens(
                            db, documentId: documentId, basedOn: new.basedOn, headId: head.id, head: headScreens, new: new)
                )
            }
            let number = (head?.number ?? 0) + 1
            let revisionId = try Self.insertRevision(
                db, id: new.id, documentId: documentId, number: number, parentId: head?.id, basedOn: new.basedOn,
                replaces: replaces, contentHash: new.contentHash, sourceHash: new.sourceHash,
                header: new.header, screenCount: new.screens.count, createdAt: new.createdAt, attempt: new.attempt, message: new.message,
                previousPath: new.renamedFrom, merge: new.merge)
            try Self.updateScreens(db, documentId: documentId, number: number, screens: new.screens, head: headScreens, path: path)
            try db.execute(
                "INSERT INTO source (revision_id, data, checksum) VALUES ($1, $2, sha256($2))", [.integer(revisionId), .bytes(new.source)])
            try Self.insertChanges(db, revisionId: revisionId, changes: new.changes)
            let attemptId = try Self.insertAttempt(db, new.attempt, outcome: .stored, revisionId: revisionId, contentHash: new.contentHash)
            guard let revision = try RevisionRows.revision(db, id: revisionId) else { throw StoreError.unknownRevision(id: revisionId) }
            return ImportRecord(outcome: .stored, revision: revision, attemptId: attemptId)
        }
    }

    /// Records an attempt that stored nothing: `unchanged`, `rejected` (the file has errors) or
    /// `failed` (it could not be read), with its diagnostics. The head is untouched.
    public func recordAttempt(_ attempt: AttemptInfo, outcome: ImportOutcome, contentHash: String?) throws -> ImportRecord {
        try write { db in
            let attemptId = try Self.insertAttempt(db, attempt, outcome: outcome, revisionId: nil, contentHash: contentHash)
            return ImportRecord(outcome: outcome, revision: nil, attemptId: attemptId)
        }
    }

    /// Records that a document's file went away: a tombstone revision that closes every screen.
    /// Nil (and nothing recorded) when the document has no revision or its head is a deletion.
    public func recordDeletion(_ attempt: AttemptInfo, message: String?, createdAt: Timestamp, id: Int64?) throws -> ImportRecord? {
        try write { db in
            guard
                let documentId = try db.execute("SELECT id FROM document WHERE path = $1 FOR UPDATE", [.text(attempt.path)]).first?
                    .int64(0),
                let head = try RevisionRows.head(db, documentId: documentId), !head.isDeletion
            else { return nil }
            let number = head.number + 1
            let revisionId = try Self.insertRevision(
                db, id: id, documentId: documentId, number: number, parentId: head.id, basedOn: head.id, replaces: nil,
                contentHash: nil, sourceHash: nil, header: nil, screenCount: 0, createdAt: createdAt, attempt: attempt,
                message: message)
            let open = try db.execute(
                "UPDATE document_screen SET valid_until = $2 WHERE document_id = $1 AND valid_until IS NULL RETURNING screen_key",
                [.integer(documentId), .integer(Int64(number))]
            ).all.map { $0.string(0) }.sortedByBytes()
            try Self.insertChanges(db, revisionId: revisionId, changes: open.map { RecordedChange(kind: .removed, screenKey: $0) })
            let attemptId = try Self.insertAttempt(db, attempt, outcome: .deleted, revisionId: revisionId, contentHash: nil)
            guard let revision = try RevisionRows.revision(db, id: revisionId) else { throw StoreError.unknownRevision(id: revisionId) }
            return ImportRecord(outcome: .deleted, revision: revision, attemptId: attemptId)
        }
    }

    // MARK: Helpers (inside a transaction)

    /// Gives the live document at `previousPath` the path `path` (and the format of its new file),
    /// its row locked until the transaction ends, and returns its id.
    static func renameDocument(_ db: Statements, from previousPath: String, to path: String, format: SourceFormat) throws -> Int64 {
        guard
            let id = try db.execute("SELECT id FROM document WHERE path = $1 FOR UPDATE", [.text(previousPath)]).first?.int64(0)
        else { throw StoreError.headMoved(path: previousPath) }
        // A writer that makes a document at the new path meanwhile is refused by the path's
        // UNIQUE constraint, at its insert or at this update.
        if try db.execute("SELECT 1 FROM document WHERE path = $1", [.text(path)]).first != nil {
            throw StoreError.renameTargetTaken(path: path, from: previousPath)
        }
        try db.execute("UPDATE document SET path = $2, format = $3 WHERE id = $1", [.integer(id), .text(path), .text(format.rawValue)])
        return id
    }

    /// The id of a document's row, locked until the transaction ends; the row is made first when
    /// the document is new (by whichever writer comes first).
    static func lockDocument(_ db: Statements, path: String, format: SourceFormat, at time: Timestamp) throws -> Int64 {
        if let id = try db.execute("SELECT id FROM document WHERE path = $1 FOR UPDATE", [.text(path)]).first?.int64(0) { return id }
        try db.execute(
            "INSERT INTO document (path, format, created_at) VALUES ($1, $2, $3) ON CONFLICT (path) DO NOTHING",
            [.text(path), .text(format.rawValue), .integer(time.microseconds)])
        guard let id = try db.execute("SELECT id FROM document WHERE path = $1 FOR UPDATE", [.text(path)]).first?.int64(0) else {
            throw StoreError.headMoved(path: path)
        }
        return id
    }

    /// A head's screens: key → hash, its open intervals.
    static func openScreens(_ db: Statements, documentId: Int64) throws -> [String: String] {
        let rows = try db.execute(
            """
            SELECT ds.screen_key, encode(v.hash, 'hex') FROM document_screen AS ds
            JOIN screen_version AS v ON v.id = ds.version_id
            WHERE ds.document_id = $1 AND ds.valid_until IS NULL
            """, [.integer(documentId)])
        var result: [String: String] = Dictionary(minimumCapacity: rows.count)
        for row in rows.all { result[row.string(0)] = row.string(1) }
        return result
    }

    /// The screens of a revision (none for nil, or when `documentId` is given and the revision is
    /// of another document): key → hash.
    static func screenHashes(_ db: Statements, revisionId: Int64?, documentId: Int64? = nil) throws -> [String: String] {
        guard let revisionId else { return [:] }
        let rows = try db.execute(
            """
            SELECT ds.screen_key, encode(v.hash, 'hex') FROM revision AS r
            JOIN document_screen AS ds ON ds.span @> (r.document_id * 4294967296 + r.number)
            JOIN screen_version AS v ON v.id = ds.version_id
            WHERE r.id = $1 AND ($2::bigint IS NULL OR r.document_id = $2)
            """, [.integer(revisionId), .integer(documentId)])
        var result: [String: String] = Dictionary(minimumCapacity: rows.count)
        for row in rows.all { result[row.string(0)] = row.string(1) }
        return result
    }

    /// The keys whose changes since `basedOn` (by other writers: where the head differs from the
    /// base) the new version does not contain (where it differs from the head too), in byte order.
    /// The empty key stands for the document's own fields (the header). A base that is not a
    /// revision of this document has no screens.
    static func replacedScreens(
        _ db: Statements, documentId: Int64, basedOn: Int64?, headId: Int64, head: [String: String], new: NewRevision
    ) throws -> [String] {
        let base = try screenHashes(db, revisionId: basedOn, documentId: documentId)
        var newHashes: [String: String] = Dictionary(minimumCapacity: new.screens.count)
        for screen in new.screens { newHashes[screen.key] = screen.hash }
        var keys: [String] = []
        for key in Set(base.keys).union(head.keys) {
            let headHash = head[key]
            if base[key] != headHash && newHashes[key] != headHash { keys.append(key) }
        }
        let headers = try db.execute(
            "SELECT (SELECT header FROM revision WHERE id = $1 AND document_id = $3), (SELECT header FROM revision WHERE id = $2)",
            [.integer(basedOn), .integer(headId), .integer(documentId)]
        ).first
        let baseHeader = headers?.optionalBytes(0)
        let headHeader = headers?.optionalBytes(1)
        if baseHeader != headHeader && new.header != headHeader { keys.append("") }
        return keys.sortedByBytes()
    }

    /// Inserts a revision row and returns its id: `id` when given (a copied history keeps its ids;
    /// the sequence is moved past it), else the next of the sequence.
    static func insertRevision(
        _ db: Statements, id: Int64?, documentId: Int64, number: Int, parentId: Int64?, basedOn: Int64?,
        replaces: (id: Int64, screens: [String])?, contentHash: String?, sourceHash: String?, header: [UInt8]?,
        screenCount: Int, createdAt: Timestamp, attempt: AttemptInfo, message: String?, previousPath: String? = nil,
        merge: MergeRecord? = nil
    ) throws -> Int64 {
        let sessionId = try db.execute(
            "SELECT id FROM session WHERE ended_at IS NULL AND started_at <= $1", [.integer(createdAt.microseconds)]
        ).first?.int64(0)
        let columns = """
            document_id, number, parent_id, based_on, replaces_id, replaced_screens, is_deletion, content_hash, source_hash,
            header, screen_count, created_at, author, origin, machine, message, session_id, previous_path, git_commit, merge
            """
        let values = """
            $1, $2, $3, $4, $5, $6::text[], $7, decode($8, 'hex'), decode($9, 'hex'), $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb
            """
        var parameters: [Parameter] = [
            .integer(documentId), .integer(Int64(number)), .integer(parentId), .integer(basedOn), .integer(replaces?.id),
            replaces.map { .textArray($0.screens) } ?? .null, .text(contentHash == nil ? "true" : "false"), .text(contentHash),
            .text(sourceHash), .bytes(header), .integer(Int64(screenCount)), .integer(createdAt.microseconds),
            .text(attempt.author), .text(attempt.origin.rawValue), .text(attempt.machine), .text(message), .integer(sessionId),
            .text(previousPath), .text(attempt.gitCommit), .text(try merge?.storedText()),
        ]
        let stored: Int64
        if let id {
            parameters.append(.integer(id))
            try db.execute("INSERT INTO revision (id, \(columns)) VALUES ($21, \(values))", parameters)
            try db.execute("SELECT setval(pg_get_serial_sequence('revision', 'id'), (SELECT max(id) FROM revision))")
            stored = id
        } else {
            stored = try db.execute("INSERT INTO revision (\(columns)) VALUES (\(values)) RETURNING id", parameters).first?.int64(0) ?? 0
        }
        // Every listener (`wfs serve`, on any machine) hears of the revision when, and only if,
        // this transaction commits.
        try db.execute("SELECT pg_notify($1, $2)", [.text(RevisionListener.channel), .text(String(stored))])
        return stored
    }

    /// Closes the intervals of screens that changed or went away and opens those of new content;
    /// screens not stored yet (by hash) become new versions. Exactly the head's open intervals of
    /// changed keys are closed: anything else means the caller's head is stale.
    static func updateScreens(
        _ db: Statements, documentId: Int64, number: Int, screens: [ScreenContent],
        head: [String: String], path: String
    ) throws {
        var closed: [String?] = []
        var opened: [ScreenContent] = []
        var present: Set<String> = []
        for screen in screens {
            present.insert(screen.key)
            if let current = head[screen.key] {
                if current == screen.hash { continue }
                closed.append(screen.key)
            }
            opened.append(screen)
        }
        for key in head.keys where !present.contains(key) { closed.append(key) }
        if !closed.isEmpty {
            let count = try db.update(
                "UPDATE document_screen SET valid_until = $2 WHERE document_id = $1 AND valid_until IS NULL AND screen_key = ANY($3::text[])",
                [.integer(documentId), .integer(Int64(number)), .textArray(closed)])
            if count != closed.count { throw StoreError.headMoved(path: path) }
        }
        guard !opened.isEmpty else { return }
        let versionIds = try Self.versionIds(db, of: opened)
        var keys: [String?] = []
        var ids: [Int64] = []
        for screen in opened {
            guard let id = versionIds[screen.hash] else { throw StoreError.headMoved(path: path) }
            keys.append(screen.key)
            ids.append(id)
        }
        try db.execute(
            """
            INSERT INTO document_screen (document_id, screen_key, valid_from, version_id)
            SELECT $1, key, $2, version FROM unnest($3::text[], $4::bigint[]) AS opened(key, version)
            """, [.integer(documentId), .integer(Int64(number)), .textArray(keys), .integerArray(ids)])
    }

    /// The version ids of screens' contents, adding the ones not stored yet. New versions are
    /// inserted in hash order, so that two writers adding the same screens wait for each other
    /// rather than deadlock.
    static func versionIds(_ db: Statements, of screens: [ScreenContent]) throws -> [String: Int64] {
        var hashes: [String?] = []
        var contents: [String?] = []
        var seen: Set<String> = []
        for screen in screens where seen.insert(screen.hash).inserted {
            hashes.append(screen.hash)
            contents.append(Hex.lowercase(screen.content))
        }
        try db.execute(
            """
            INSERT INTO screen_version (hash, content)
            SELECT decode(hash, 'hex'), decode(content, 'hex') FROM unnest($1::text[], $2::text[]) AS new(hash, content)
            ORDER BY hash ON CONFLICT (hash) DO NOTHING
            """, [.textArray(hashes), .textArray(contents)])
        let rows = try db.execute(
            "SELECT encode(hash, 'hex'), id FROM screen_version WHERE hash IN (SELECT decode(h, 'hex') FROM unnest($1::text[]) AS h)",
            [.textArray(hashes)])
        var result: [String: Int64] = Dictionary(minimumCapacity: rows.count)
        for row in rows.all { result[row.string(0)] = row.int64(1) }
        return result
    }

    /// Inserts a revision's changes, in their order.
    static func insertChanges(_ db: Statements, revisionId: Int64, changes: [RecordedChange]) throws {
        guard !changes.isEmpty else { return }
        var keys: [String?] = []
        var previous: [String?] = []
        var kinds: [Int64] = []
        var fields: [String?] = []
        for change in changes {
            keys.append(change.kind == .document ? nil : change.screenKey)
            previous.append(change.previousKey)
            kinds.append(change.kind.storedCode)
            fields.append(change.fields.isEmpty ? nil : try ChangeKinds.storedFields(change.fields))
        }
        try db.execute(
            """
            INSERT INTO change (revision_id, position, screen_key, previous_key, kind, fields)
            SELECT $1, position - 1, key, previous, kind, fields::jsonb
            FROM unnest($2::text[], $3::text[], $4::smallint[], $5::text[]) WITH ORDINALITY AS c(key, previous, kind, fields, position)
            """, [.integer(revisionId), .textArray(keys), .textArray(previous), .integerArray(kinds), .textArray(fields)])
    }

    /// Inserts an attempt's row, and for a refused one its diagnostics; returns the row's id.
    static func insertAttempt(
        _ db: Statements, _ attempt: AttemptInfo, outcome: ImportOutcome, revisionId: Int64?, contentHash: String?
    ) throws -> Int64 {
        let id =
            try db.execute(
                """
                INSERT INTO import_attempt (
                    path, outcome, revision_id, content_hash, started_at, duration_microseconds, author, origin, machine, git_commit)
                VALUES ($1, $2, $3, decode($4, 'hex'), $5, $6, $7, $8, $9, $10) RETURNING id
                """,
                [
                    .text(attempt.path), .text(outcome.rawValue), .integer(revisionId), .text(contentHash),
                    .integer(attempt.startedAt.microseconds), .integer(max(0, attempt.durationMicroseconds)), .text(attempt.author),
                    .text(attempt.origin.rawValue), .text(attempt.machine), .text(attempt.gitCommit),
                ]
            ).first?.int64(0) ?? 0
        // The diagnostics of a stored file (warnings) follow from its stored source; only the
        // findings of attempts that stored nothing are kept.
        guard outcome == .rejected || outcome == .failed, !attempt.diagnostics.isEmpty else { return id }
        let diagnostics = attempt.diagnostics
        try db.execute(
            """
            INSERT INTO diagnostic (import_attempt_id, severity, code, message, line, "column", path)
            SELECT $1, severity, code, message, line, "column", path
            FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::text[]) WITH ORDINALITY
                AS d(severity, code, message, line, "column", path, position)
            ORDER BY position
            """,
            [
                .integer(id), .textArray(diagnostics.map(\.severity.rawValue)), .textArray(diagnostics.map(\.code.rawValue)),
                .textArray(diagnostics.map(\.message)),
                .integerArray(diagnostics.map { Int64(max(1, $0.location.line)) }),
                .integerArray(diagnostics.map { Int64(max(1, $0.location.column)) }), .textArray(diagnostics.map(\.path)),
            ])
        return id
    }
}
