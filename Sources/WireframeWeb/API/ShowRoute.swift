import Hummingbird
import WireframeJSON

/// `GET /api/show?ref=REF`: what `wfs show REF --format json` prints.
enum ShowRoute {
    static let routes = [APIRoute(method: .get, path: "/api/show", handler: answer)]

    @Sendable static func answer(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        let reference = try API.required(request, "ref")
        return API.json(
            try await server.pool.withStore { store in
                let history = try API.history(store, server: server)
                let revision = try history.resolve(reference)
                return try API.answering { try ShowAnswer.json(history: history, revision: revision) }
            })
    }
}
