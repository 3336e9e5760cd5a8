import Hummingbird
import WireframeJSON
import WireframeStore
import WireframeSync

/// `GET /api/log`: what `wfs log --format json` prints, with its options as query parameters
/// (`document`, `screen`, `session`, `since`, `until`, `limit`).
enum LogRoute {
    static let routes = [APIRoute(method: .get, path: "/api/log", handler: answer)]

    @Sendable static func answer(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        let document = API.parameter(request, "document")
        let screen = API.parameter(request, "screen")
        let session = API.parameter(request, "session")
        let since = try API.parameter(request, "since").map(Times.parse)
        let until = try API.parameter(request, "until").map(Times.parse)
        var limit: Int?
        if let text = API.parameter(request, "limit") {
            guard let value = Int(text) else { throw WebError(.badRequest, "limit must be a whole number, not '\(text)'") }
            guard value >= 0 else { throw WebError(.badRequest, "limit must be zero or more.") }
            limit = value
        }
        let body = try await server.pool.withStore { [limit] store in
            let root = try server.root(of: store)
            let filter = LogFilter(
                documentPath: try document.map { try DocumentPaths(root: root, currentFolder: root).documentPath($0, in: store) },
                screenKey: screen, sessionName: session, since: since, until: until, limit: limit)
            let entries = try LogAnswer.entries(store: store, filter: filter)
            if entries.isEmpty, let screen, let unknown = try LogAnswer.unknownScreen(screen, store: store) {
                throw WebError(.notFound, unknown)
            }
            return LogAnswer.json(entries)
        }
        return JSONAnswer.bytes(body)
    }
}
