import WireframeStore

extension PostgreSQLStore {
    /// The engine's own invariants that do not hold, one sentence each: revision numbers without
    /// gaps and parents one number back, the intervals of every revision as many as its screens,
    /// the changes that `log --screen` finds through their intervals, attempts and the revisions
    /// they name (at the path the document had then), replaced heads, and screen versions that hash to their key.
    public func storageProblems() throws -> [String] {
        try read { db in
            var problems: [String] = []
            for row in try db.execute(
                "SELECT d.path, count(*), max(r.number) FROM revision AS r JOIN document AS d ON d.id = r.document_id GROUP BY d.path HAVING count(*) <> max(r.number)"
            ).all {
                problems.append("the \(row.int64(1)) revisions of '\(row.string(0))' are not numbered 1 to \(row.int64(1))")
            }
            for row in try db.execute(
                """
                SELECT r.id FROM revision AS r LEFT JOIN revision AS p ON p.id = r.parent_id
                WHERE r.number > 1 AND (p.id IS NULL OR p.document_id <> r.document_id OR p.number <> r.number - 1)
                ORDER BY r.id
                """
            ).all {
                problems.append("revision \(row.int64(0)) does not follow its document's previous revision")
            }
            for row in try db.execute(
                """
                SELECT r.id, r.screen_count, (SELECT count(*) FROM document_screen AS ds WHERE ds.span @> (r.document_id * 4294967296 + r.number))
                FROM revision AS r
                WHERE r.screen_count <> (SELECT count(*) FROM document_screen AS ds WHERE ds.span @> (r.document_id * 4294967296 + r.number))
                ORDER BY r.id
                """
            ).all {
                problems.append("revision \(row.int64(0)) has \(row.int64(1)) screens but \(row.int64(2)) screen intervals")
            }
            for row in try db.execute(
                """
                SELECT r.id, c.position, k.key FROM change AS c JOIN revision AS r ON r.id = c.revision_id
                CROSS JOIN LATERAL (VALUES (c.screen_key), (c.previous_key)) AS k(key)
                WHERE k.key IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM document_screen AS ds WHERE ds.document_id = r.document_id AND ds.screen_key = k.key
                    AND (ds.valid_from = r.number OR ds.valid_until = r.number))
                ORDER BY 1, 2
                """
            ).all {
                problems.append(
                    "change \(row.int64(1)) of revision \(row.int64(0)) names screen '\(row.string(2))' without an interval of it that starts or ends there"
                )
            }
            for row in try db.execute(
                """
                SELECT a.id FROM import_attempt AS a JOIN revision AS r ON r.id = a.revision_id JOIN document AS d ON d.id = r.document_id
                WHERE (d.path <> a.path AND NOT EXISTS (
                        SELECT 1 FROM revision AS renamed WHERE renamed.document_id = r.document_id AND renamed.number > r.number
                        AND renamed.previous_path = a.path))
                    OR (a.outcome = 'deleted') <> r.is_deletion ORDER BY a.id
                """
            ).all {
                problems.append("import attempt \(row.int64(0)) names a revision of another document or kind")
            }
            for row in try db.execute(
                "SELECT id FROM revision WHERE replaces_id IS NOT NULL AND replaces_id IS DISTINCT FROM parent_id ORDER BY id"
            ).all {
                problems.append("revision \(row.int64(0)) replaces a revision that is not its parent")
            }
            for row in try db.execute("SELECT id FROM screen_version WHERE sha256(content) <> hash ORDER BY id").all {
                problems.append("screen version \(row.int64(0)) does not match its hash")
            }
            return problems
        }
    }

    /// Calls `body` with every stored screen version: id, its whole hash (the key it is stored
    /// under) and its JSON, in id order, a thousand at a time.
    public func forEachScreenVersion(_ body: (_ id: Int64, _ hashPrefix: String, _ content: [UInt8]) throws -> Void) throws {
        try read { db in
            var after: Int64 = 0
            while true {
                let rows = try db.execute(
                    "SELECT id, encode(hash, 'hex'), content FROM screen_version WHERE id > $1 ORDER BY id LIMIT 1000", [.integer(after)])
                guard rows.count > 0 else { return }
                for row in rows.all {
                    after = row.int64(0)
                    try body(after, row.string(1), row.bytes(2))
                }
            }
        }
    }
}
