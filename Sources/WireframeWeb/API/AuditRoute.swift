import Hummingbird
import WireframeJSON

/// `GET /api/audit?from=A&to=B`: what `wfs audit --from A --to B --format json` prints (`to`
/// absent or `now`: now).
enum AuditRoute {
    static let routes = [APIRoute(method: .get, path: "/api/audit", handler: answer)]

    @Sendable static func answer(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        let from = try API.required(request, "from")
        let to = API.parameter(request, "to").flatMap { $0 == "now" || $0.isEmpty ? nil : $0 }
        return API.json(
            try await server.pool.withStore { store in
                try AuditAnswer.json(history: try API.history(store, server: server), from: from, to: to)
            })
    }
}
