import Foundation
import WireframeModel
public import WireframeStore

extension PostgreSQLStore {
    /// A revision by id.
    public func revision(id: Int64) throws -> Revision {
        try read { db in
            if let revision = try RevisionRows.revision(db, id: id) { return revision }
            throw StoreError.unknownRevision(id: id, newest: try db.execute("SELECT max(id) FROM revision").first?.optionalInt64(0))
        }
    }

    /// Every document path the store knows, sorted.
    public func documentPaths() throws -> [String] {
        try read { db in try Self.paths(db) }
    }

    /// A document's revision by its number within the document (`app.json@3`).
    public func revision(documentPath: String, number: Int) throws -> Revision? {
        try read { db in
            // A path a document left by a rename names its revisions before the rename, unless a
            // document has the path now.
            guard let span = try Self.pathSpan(db, path: documentPath) else { throw try Self.unknownDocument(db, path: documentPath) }
            if let last = span.last, number > last { return nil }
            return try db.execute(
                "\(RevisionRows.select) WHERE r.document_id = $1 AND r.number = $2", [.integer(span.documentId), .integer(Int64(number))]
            ).first.map { RevisionRows.revision($0) }
        }
    }

    /// The newest revision of a document at or before a time (its head when `time` is nil).
    public func revision(documentPath: String, atOrBefore time: Timestamp?) throws -> Revision? {
        try read { db in
            let documentId = try Self.documentId(db, path: documentPath)
            guard let time else { return try RevisionRows.head(db, documentId: documentId) }
            return try db.execute(
                "\(RevisionRows.select) WHERE r.document_id = $1 AND r.created_at <= $2 ORDER BY r.created_at DESC, r.number DESC LIMIT 1",
                [.integer(documentId), .integer(time.microseconds)]
            ).first.map { RevisionRows.revision($0) }
        }
    }

    /// The newest revision of every document at or before a time (the heads when `time` is nil),
    /// deletions included, sorted by path.
    public func state(atOrBefore time: Timestamp?) throws -> [Revision] {
        try read { db in
            // Per document, the first row of a backward range of `revision(document_id,
            // created_at, number)`: one step each, not a pass over the history.
            let rows = try db.execute(
                """
                SELECT \(RevisionRows.columns) FROM document AS listed
                CROSS JOIN LATERAL (
                    SELECT newest.id FROM revision AS newest
                    WHERE newest.document_id = listed.id AND ($1::bigint IS NULL OR newest.created_at <= $1)
                    ORDER BY newest.created_at DESC, newest.number DESC LIMIT 1) AS found
                JOIN (\(RevisionRows.from)) ON r.id = found.id
                """, [.integer(time?.microseconds)])
            return rows.all.map { RevisionRows.revision($0) }.sorted {
                $0.documentPath.utf8.lexicographicallyPrecedes($1.documentPath.utf8)
            }
        }
    }

    /// A document's head with its header and screen hashes, in one read.
    public func headState(documentPath: String) throws -> HeadState? {
        try read { db in
            guard let documentId = try db.execute("SELECT id FROM document WHERE path = $1", [.text(documentPath)]).first?.int64(0),
                let head = try RevisionRows.head(db, documentId: documentId)
            else { return nil }
            if head.isDeletion { return HeadState(revision: head, header: nil, screenHashes: [:]) }
            let header = try db.execute("SELECT header FROM revision WHERE id = $1", [.integer(head.id)]).first?.optionalBytes(0)
            return HeadState(
                revision: head, header: header, screenHashes: try Self.openScreens(db, documentId: documentId))
        }
    }

    /// A revision's screens: key → content hash.
    public func screenHashes(revisionId: Int64) throws -> [String: String] {
        try read { db in
            guard try db.execute("SELECT 1 FROM revision WHERE id = $1", [.integer(revisionId)]).count > 0 else {
                throw StoreError.unknownRevision(id: revisionId)
            }
            return try Self.screenHashes(db, revisionId: revisionId)
        }
    }

    /// The canonical JSON of screen versions, by content hash (unknown hashes are left out).
    ///
    /// - Throws: ``StoreError/corrupt(path:reason:)`` when stored JSON does not hash to its key.
    public func screenContents(_ hashes: [String]) throws -> [String: [UInt8]] {
        try read { db in
            let rows = try db.execute(
                """
                SELECT encode(hash, 'hex'), content, sha256(content) = hash, id FROM screen_version
                WHERE hash IN (SELECT decode(h, 'hex') FROM unnest($1::text[]) AS h WHERE h ~ '^[0-9a-fA-F]{64}$')
                """, [.textArray(hashes.map { $0.lowercased() })])
            var byHash: [String: [UInt8]] = [:]
            for row in rows.all {
                guard row.bool(2) else { throw damagedScreen(id: row.int64(3)) }
                byHash[row.string(0)] = row.bytes(1)
            }
            var result: [String: [UInt8]] = [:]
            for hash in hashes { if let content = byHash[hash.lowercased()] { result[hash] = content } }
            return result
        }
    }

    /// Some screens of a revision by key: each key's intervals through the primary key, not the
    /// revision's whole set of screens.
    ///
    /// - Throws: ``StoreError/corrupt(path:reason:)`` when stored JSON does not hash to its key.
    public func screenContents(revisionId: Int64, keys: [String]) throws -> [String: [UInt8]] {
        try read { db in
            guard try db.execute("SELECT 1 FROM revision WHERE id = $1", [.integer(revisionId)]).count > 0 else {
                throw StoreError.unknownRevision(id: revisionId)
            }
            let rows = try db.execute(
                """
                SELECT ds.screen_key, v.content, sha256(v.content) = v.hash, v.id FROM revision AS r
                JOIN document_screen AS ds ON ds.document_id = r.document_id AND ds.screen_key = ANY($2::text[])
                    AND ds.valid_from <= r.number AND (ds.valid_until IS NULL OR ds.valid_until > r.number)
                JOIN screen_version AS v ON v.id = ds.version_id
                WHERE r.id = $1
                """, [.integer(revisionId), .textArray(keys)])
            var result: [String: [UInt8]] = [:]
            for row in rows.all {
                guard row.bool(2) else { throw damagedScreen(id: row.int64(3)) }
                result[row.string(0)] = row.bytes(1)
            }
            return result
        }
    }

    /// The error of a screen version whose stored JSON does not hash to its key.
    func damagedScreen(id: Int64) -> StoreError {
        .corrupt(path: location, reason: "screen version \(id) does not match its hash")
    }

    /// A revision's canonical JSON without its screens (nil for a deletion).
    public func header(revisionId: Int64) throws -> [UInt8]? {
        try read { db in try db.execute("SELECT header FROM revision WHERE id = $1", [.integer(revisionId)]).first?.optionalBytes(0) }
    }

    /// A revision's exact source bytes, checked against the revision's source hash.
    public func source(revisionId: Int64) throws -> [UInt8] {
        try read { db in
            guard
                let row = try db.execute(
                    """
                    SELECT s.data, sha256(s.data) = s.checksum, s.revision_id IS NOT NULL FROM revision AS r
                    LEFT JOIN source AS s ON s.revision_id = r.id WHERE r.id = $1
                    """, [.integer(revisionId)]
                ).first
            else { throw StoreError.unknownRevision(id: revisionId) }
            guard row.bool(2) else { throw StoreError.damagedSource(revisionId: revisionId, reason: "no stored source") }
            guard row.bool(1) else {
                throw StoreError.damagedSource(revisionId: revisionId, reason: "the stored bytes do not match their checksum")
            }
            return row.bytes(0)
        }
    }

    /// The changes a revision made against its parent, in their order.
    public func changes(revisionId: Int64) throws -> [RecordedChange] {
        try read { db in
            let decoder = JSONDecoder()
            return try db.execute(
                "SELECT \(ChangeKinds.columns(fields: true)) FROM change WHERE revision_id = $1 ORDER BY position", [.integer(revisionId)]
            ).all.map { ChangeKinds.change($0, at: 0, decoder: decoder) }
        }
    }

    /// Two revisions' headers, every screen key of either in byte order, and the screens that
    /// differ (by version id), with their JSON.
    public func screenComparison(oldId: Int64, newId: Int64) throws -> ScreenComparison {
        try read { db in
            func side(_ id: Int64) throws -> (header: [UInt8]?, screens: [String: Int64]) {
                guard let row = try db.execute("SELECT header FROM revision WHERE id = $1", [.integer(id)]).first else {
                    throw StoreError.unknownRevision(id: id)
                }
                return (row.optionalBytes(0), try Self.screenVersionIds(db, revisionId: id))
            }
            let old = try side(oldId)
            let new = try side(newId)
            let keys = Array(Set(old.screens.keys).union(new.screens.keys)).sortedByBytes()
            var comparison = ScreenComparison(oldHeader: old.header, newHeader: new.header, keys: keys)
            var wanted: Set<Int64> = []
            for (index, key) in keys.enumerated() where old.screens[key] != new.screens[key] {
                comparison.oldIds[index] = old.screens[key]
                comparison.newIds[index] = new.screens[key]
                if let id = old.screens[key] { wanted.insert(id) }
                if let id = new.screens[key] { wanted.insert(id) }
            }
            let contents = try Self.screenContents(db, versionIds: Array(wanted), store: self)
            for index in keys.indices {
                if let id = comparison.oldIds[index] { comparison.oldContents[index] = contents[id] }
                if let id = comparison.newIds[index] { comparison.newContents[index] = contents[id] }
            }
            return comparison
        }
    }

    /// The history, newest first, each revision with its changes.
    public func log(_ filter: LogFilter) throws -> [LogEntry] {
        try read { db in
            var conditions: [String] = []
            var parameters: [Parameter] = []
            func add(_ condition: (String) -> String, _ parameter: Parameter) {
                parameters.append(parameter)
                conditions.append(condition("$\(parameters.count)"))
            }
            if let path = filter.documentPath {
                guard let span = try Self.pathSpan(db, path: path) else { throw try Self.unknownDocument(db, path: path) }
                add({ "r.document_id = \($0)" }, .integer(span.documentId))
                if !filter.followsRenames && span.first > 1 { add({ "r.number >= \($0)" }, .integer(span.first)) }
                if let last = span.last { add({ "r.number <= \($0)" }, .integer(last)) }
            }
            if let name = filter.sessionName { add({ "r.session_id = \($0)" }, .integer(try Self.session(db, named: name).id)) }
            if let since = filter.since { add({ "r.created_at >= \($0)" }, .integer(since.microseconds)) }
            if let until = filter.until { add({ "r.created_at <= \($0)" }, .integer(until.microseconds)) }
            if let key = filter.screenKey {
                add(
                    {
                        "r.id IN (SELECT revision_id FROM change WHERE screen_key = \($0) UNION SELECT revision_id FROM change WHERE previous_key = \($0))"
                    },
                    .text(key))
            }
            if filter.replacingOnly { conditions.append("r.replaces_id IS NOT NULL") }
            if let author = filter.author { add({ "r.author = \($0)" }, .text(author)) }
            if let beforeId = filter.beforeId { add({ "r.id < \($0)" }, .integer(beforeId)) }
            var sql = RevisionRows.select
            if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
            sql += " ORDER BY r.id DESC"
            if let limit = filter.limit {
                parameters.append(.integer(Int64(max(0, limit))))
                sql += " LIMIT $\(parameters.count)"
            }
            var entries = try db.execute(sql, parameters).all.map { LogEntry(revision: RevisionRows.revision($0), changes: []) }
            guard !entries.isEmpty else { return entries }
            var indexById: [Int64: Int] = Dictionary(minimumCapacity: entries.count)
            for (index, entry) in entries.enumerated() { indexById[entry.revision.id] = index }
            let decoder = JSONDecoder()
            let rows = try db.execute(
                """
                SELECT revision_id, \(ChangeKinds.columns(fields: filter.includesFields)) FROM change
                WHERE revision_id = ANY($1::bigint[]) ORDER BY revision_id, position
                """, [.integerArray(entries.map(\.revision.id))])
            for row in rows.all {
                guard let index = indexById[row.int64(0)] else { continue }
                entries[index].changes.append(ChangeKinds.change(row, at: 1, decoder: decoder))
            }
            return entries
        }
    }

    /// Every revision, oldest first.
    public func allRevisions() throws -> [Revision] {
        try read { db in try db.execute("\(RevisionRows.select) ORDER BY r.id").all.map { RevisionRows.revision($0) } }
    }

    // MARK: Helpers (inside a transaction)

    /// Every document path, sorted.
    static func paths(_ db: Statements) throws -> [String] {
        try db.execute("SELECT path FROM document").all.map { $0.string(0) }.sortedByBytes()
    }

    /// A document's id.
    ///
    /// - Throws: ``StoreError/unknownDocument(path:suggestion:)`` with the closest path.
    static func documentId(_ db: Statements, path: String) throws -> Int64 {
        if let id = try db.execute("SELECT id FROM document WHERE path = $1", [.text(path)]).first?.int64(0) { return id }
        throw try unknownDocument(db, path: path)
    }

    /// ``StoreError/unknownDocument(path:suggestion:)`` for a path no document has: the document
    /// that left it by a rename, else the closest path.
    static func unknownDocument(_ db: Statements, path: String) throws -> StoreError {
        if let renamed = try db.execute(
            """
            SELECT d.path FROM revision AS r JOIN document AS d ON d.id = r.document_id
            WHERE r.previous_path = $1 ORDER BY r.id DESC LIMIT 1
            """, [.text(path)]
        ).first?.string(0) {
            return StoreError.unknownDocument(path: path, suggestion: renamed)
        }
        return StoreError.unknownDocument(path: path, suggestion: Suggestions.closestPath(to: path, in: try paths(db)))
    }

    /// The revisions a path names, by number: of the document at the path now, those from its
    /// newest rename on (`last` nil); else, of the document that left the path by its newest
    /// rename from it, those it had at that path (`first` to `last`). Nil when no document had it.
    static func pathSpan(_ db: Statements, path: String) throws -> (documentId: Int64, first: Int64, last: Int64?)? {
        func renameAtOrBefore(_ documentId: Int64, _ number: Int64) throws -> Int64 {
            try db.execute(
                "SELECT max(number) FROM revision WHERE document_id = $1 AND previous_path IS NOT NULL AND number <= $2",
                [.integer(documentId), .integer(number)]
            ).first?.optionalInt64(0) ?? 1
        }
        if let id = try db.execute("SELECT id FROM document WHERE path = $1", [.text(path)]).first?.int64(0) {
            return (id, try renameAtOrBefore(id, Int64(Int32.max)), nil)
        }
        guard
            let left = try db.execute(
                "SELECT document_id, number FROM revision WHERE previous_path = $1 ORDER BY id DESC LIMIT 1", [.text(path)]
            ).first
        else { return nil }
        let documentId = left.int64(0)
        let renamed = left.int64(1)
        return (documentId, try renameAtOrBefore(documentId, renamed - 1), renamed - 1)
    }

    /// The screens of a revision, key → version id: the intervals whose span holds its number.
    static func screenVersionIds(_ db: Statements, revisionId: Int64) throws -> [String: Int64] {
        let rows = try db.execute(
            """
            SELECT ds.screen_key, ds.version_id FROM revision AS r
            JOIN document_screen AS ds ON ds.span @> (r.document_id * 4294967296 + r.number)
            WHERE r.id = $1
            """, [.integer(revisionId)])
        var result: [String: Int64] = Dictionary(minimumCapacity: rows.count)
        for row in rows.all { result[row.string(0)] = row.int64(1) }
        return result
    }

    /// The JSON of screen versions by id, each checked against its hash.
    static func screenContents(_ db: Statements, versionIds: [Int64], store: PostgreSQLStore) throws -> [Int64: [UInt8]] {
        guard !versionIds.isEmpty else { return [:] }
        let rows = try db.execute(
            "SELECT id, content, sha256(content) = hash FROM screen_version WHERE id = ANY($1::bigint[])", [.integerArray(versionIds)])
        var result: [Int64: [UInt8]] = Dictionary(minimumCapacity: rows.count)
        for row in rows.all {
            guard row.bool(2) else { throw store.damagedScreen(id: row.int64(0)) }
            result[row.int64(0)] = row.bytes(1)
        }
        return result
    }
}
