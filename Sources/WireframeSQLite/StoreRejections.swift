import GRDB
public import WireframeStore

extension SQLiteStore {
    /// Documents whose newest import attempt was rejected or failed, oldest path first, with the
    /// diagnostics of that attempt: what `wfs status` shows as waiting for a fix. A newer attempt
    /// is a row, or one held by a revision, found through
    /// `revision(documentId, createdAt)` since it started no later than its revision's time; at the
    /// same start a row counts as the newer, as in ``recentAttempts(limit:)``. A path that a
    /// document left by a rename since waits for nothing.
    public func rejectedDocuments() throws -> [AttemptSummary] {
        try mapped {
            try reader.read { db in
                let records = try ImportAttemptRecord.fetchAll(
                    db,
                    sql: """
                        SELECT attempt.* FROM importAttempt AS attempt
                        WHERE attempt.outcome IN ('rejected', 'failed')
                          AND attempt.id = (
                            SELECT newest.id FROM importAttempt AS newest
                            WHERE newest.path = attempt.path
                            ORDER BY newest.startedAt DESC, newest.id DESC LIMIT 1)
                          AND NOT EXISTS (
                            SELECT 1 FROM document JOIN revision AS later ON later.documentId = document.id
                            WHERE document.path = attempt.path AND later.createdAt >= attempt.startedAt
                              AND later.attemptLead IS NOT NULL AND later.createdAt - later.attemptLead > attempt.startedAt)
                          AND NOT EXISTS (
                            SELECT 1 FROM revision AS renamed
                            WHERE renamed.previousPath = attempt.path AND renamed.createdAt >= attempt.startedAt)
                        ORDER BY attempt.path
                        """)
                return try records.map { try Self.attemptSummary(db, record: $0) }
            }
        }
    }
}
