public import WireframeStore

extension PostgreSQLStore {
    /// Adds a note to a revision in one transaction (a row of `revision_note`; earlier notes and
    /// the revision's own message stay).
    public func recordNote(revisionId: Int64, message: String, author: String, at time: Timestamp) throws -> RevisionNote {
        try write { db in
            guard try db.execute("SELECT 1 FROM revision WHERE id = $1", [.integer(revisionId)]).count > 0 else {
                throw StoreError.unknownRevision(
                    id: revisionId, newest: try db.execute("SELECT max(id) FROM revision").first?.optionalInt64(0))
            }
            try db.execute(
                "INSERT INTO revision_note (revision_id, message, author, created_at) VALUES ($1, $2, $3, $4)",
                [.integer(revisionId), .text(message), .text(author), .integer(time.microseconds)])
            return RevisionNote(message: message, author: author, createdAt: time)
        }
    }

    /// The newest note of each of these revisions that has one, in one query.
    public func notes(revisionIds: [Int64]) throws -> [Int64: RevisionNote] {
        guard !revisionIds.isEmpty else { return [:] }
        return try read { db in
            var notes: [Int64: RevisionNote] = [:]
            let ids = Set(revisionIds).map(String.init).joined(separator: ",")
            let rows = try db.execute(
                """
                SELECT DISTINCT ON (revision_id) revision_id, message, author, created_at FROM revision_note
                WHERE revision_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY revision_id, id DESC
                """, [.text(ids)])
            for row in rows.all {
                notes[row.int64(0)] = RevisionNote(
                    message: row.string(1), author: row.string(2), createdAt: Timestamp(microseconds: row.int64(3)))
            }
            return notes
        }
    }
}
