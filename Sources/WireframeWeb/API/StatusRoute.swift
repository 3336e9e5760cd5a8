import Hummingbird
import WireframeJSON

/// `GET /api/status`: what `wfs status --format json` prints.
enum StatusRoute {
    static let routes = [APIRoute(method: .get, path: "/api/status", handler: answer)]

    @Sendable static func answer(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        API.json(
            try await server.pool.withStore { store in
                try StatusAnswer(store: store, root: try server.root(of: store)).json()
            })
    }
}
