public import WireframeSync

/// `wfs audit --format json` and `GET /api/audit`: what changed between two meetings.
public enum AuditAnswer {
    /// The JSON text of the audit from the end of `from` to the end of `to` (nil: now).
    public static func json(history: History, from: String, to: String?) throws -> String {
        try JSONOutput.text(AuditJSON(try AuditReport.make(history: history, from: from, to: to)))
    }
}
