import WireframeModel
public import WireframeStore

extension PostgreSQLStore {
    /// The tables counted for `wfs status`, by the names every engine gives them.
    static let countedTables: [(name: String, table: String)] = [
        ("document", "document"), ("revision", "revision"), ("screenVersion", "screen_version"),
        ("documentScreen", "document_screen"), ("change", "change"), ("session", "session"), ("importAttempt", "import_attempt"),
    ]

    /// The number of rows of each kind. Counted, not kept in a row: a counter that every writer
    /// updates would make writers of different documents wait for each other.
    public func counts() throws -> [String: Int] {
        try read { db in
            let sql = Self.countedTables.map { "(SELECT count(*) FROM \($0.table))" }.joined(separator: ", ")
            guard let row = try db.execute("SELECT \(sql)").first else { return [:] }
            var result: [String: Int] = [:]
            for (index, table) in Self.countedTables.enumerated() { result[table.name] = Int(row.int64(index)) }
            return result
        }
    }

    /// The columns ``attempt(_:diagnostics:)`` reads.
    static let attemptColumns =
        "id, path, outcome, revision_id, started_at, duration_microseconds, author, origin, machine, encode(content_hash, 'hex'), git_commit"

    /// The newest import attempts, newest first.
    public func recentAttempts(limit: Int) throws -> [AttemptSummary] {
        guard limit > 0 else { return [] }
        return try read { db in
            try Self.attempts(
                db,
                rows: try db.execute(
                    "SELECT \(Self.attemptColumns) FROM import_attempt ORDER BY started_at DESC, id DESC LIMIT $1", [.integer(Int64(limit))]
                ))
        }
    }

    /// The documents whose newest attempt was refused (rejected or failed), by path; not a path
    /// that a document left by a rename since.
    public func rejectedDocuments() throws -> [AttemptSummary] {
        try read { db in
            let attempts = try Self.attempts(
                db,
                rows: try db.execute(
                    """
                    SELECT \(Self.attemptColumns) FROM (
                        SELECT DISTINCT ON (path) * FROM import_attempt ORDER BY path, started_at DESC, id DESC) AS newest
                    WHERE outcome IN ('rejected', 'failed') AND NOT EXISTS (
                        SELECT 1 FROM revision AS renamed WHERE renamed.previous_path = newest.path AND renamed.created_at >= newest.started_at)
                    """))
            return attempts.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        }
    }

    /// Attempts of rows of ``attemptColumns``, with their diagnostics.
    static func attempts(_ db: Statements, rows: Rows) throws -> [AttemptSummary] {
        let ids = rows.all.map { $0.int64(0) }
        var diagnostics: [Int64: [Diagnostic]] = [:]
        if !ids.isEmpty {
            let found = try db.execute(
                """
                SELECT import_attempt_id, severity, code, message, line, "column", path FROM diagnostic
                WHERE import_attempt_id = ANY($1::bigint[]) ORDER BY id
                """, [.integerArray(ids)])
            for row in found.all {
                diagnostics[row.int64(0), default: []].append(
                    Diagnostic(
                        Severity(rawValue: row.string(1)) ?? .error, DiagnosticCode(rawValue: row.string(2)), row.string(3),
                        at: SourceLocation(line: Int(row.int64(4)), column: Int(row.int64(5))), path: row.optionalString(6)))
            }
        }
        return rows.all.map { row in
            AttemptSummary(
                id: row.int64(0), path: row.string(1), outcome: ImportOutcome(rawValue: row.string(2)) ?? .failed,
                revisionId: row.optionalInt64(3), startedAt: Timestamp(microseconds: row.int64(4)),
                durationMicroseconds: row.int64(5), diagnostics: diagnostics[row.int64(0)] ?? [], author: row.string(6),
                origin: RevisionOrigin(rawValue: row.string(7)) ?? .cli, machine: row.optionalString(8),
                contentHash: row.optionalString(9), gitCommit: row.optionalString(10))
        }
    }
}
