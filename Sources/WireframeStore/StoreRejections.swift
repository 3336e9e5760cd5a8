import GRDB

extension WireframeStore {
    /// Documents whose newest import attempt was rejected or failed, oldest path first, with the
    /// diagnostics of that attempt: what `wfs status` shows as waiting for a fix.
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
                        ORDER BY attempt.path
                        """)
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
}
