public import WireframeStore

/// `wfs session list --format json` and `GET /api/sessions`: every meeting, oldest first.
public enum SessionsAnswer {
    /// The JSON text of `sessions`.
    public static func json(_ sessions: [Session]) throws -> String {
        try JSONOutput.text(sessions.map { SessionJSON($0) })
    }
}
