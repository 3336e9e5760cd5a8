import Hummingbird
import WireframeJSON

/// `GET /api/diff?from=REF&to=REF`: what `wfs diff FROM TO --format json` prints.
enum DiffRoute {
    static let routes = [APIRoute(method: .get, path: "/api/diff", handler: answer)]

    @Sendable static func answer(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        let from = try API.required(request, "from")
        let to = try API.required(request, "to")
        return API.json(
            try await server.pool.withStore { store in
                let history = try API.history(store, server: server)
                return try DiffAnswer.json(history: history, old: try history.resolve(from), new: try history.resolve(to))
            })
    }
}
