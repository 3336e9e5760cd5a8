import HTTPTypes
import Hummingbird
import WireframeJSON
import WireframeStore
import WireframeSync

/// One route of the JSON API: the table below is what the router is built from and what the
/// OpenAPI test compares `docs/openapi.yaml` with.
struct APIRoute: Sendable {
    var method: HTTPRequest.Method
    var path: String
    var handler: @Sendable (Request, WebContext, Server) async throws -> Response
}

/// The JSON API under `/api/`.
enum API {
    /// Every route, in the order of the docs.
    static let routes: [APIRoute] =
        LogRoute.routes + ShowRoute.routes + DiffRoute.routes + AuditRoute.routes + StatusRoute.routes + SessionsRoute.routes
        + EventsRoute.routes

    static func add(to router: Router<WebContext>, server: Server) {
        for route in routes {
            router.on(RouterPath(route.path), method: route.method) { request, context in
                try await route.handler(request, context, server)
            }
        }
    }

    /// A query parameter, percent-decoded; nil when absent.
    static func parameter(_ request: Request, _ name: String) -> String? {
        request.uri.queryParameters[Substring(name)].map(String.init)
    }

    /// A query parameter that must be there.
    static func required(_ request: Request, _ name: String) throws -> String {
        guard let value = parameter(request, name), !value.isEmpty else {
            throw WebError(.badRequest, "missing query parameter '\(name)'")
        }
        return value
    }

    /// A JSON text as the answer.
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        JSONAnswer.bytes(Array(text.utf8), status: status)
    }

    /// ``AnswerError`` is a question the store has no answer to: 404 with its words.
    static func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AnswerError {
            throw WebError(.notFound, error.description)
        }
    }

    /// How the server reads the documents typed to it: from the project root (a server has no
    /// current folder of its users).
    static func history(_ store: any Store, server: Server) throws -> History {
        let root = try server.root(of: store)
        return History(store: store, documentPaths: DocumentPaths(root: root, currentFolder: root))
    }
}

extension WebServer {
    /// Every API route as `METHOD /path`, as the router registers them.
    public static var apiRoutes: [String] {
        API.routes.map { "\($0.method.rawValue) \($0.path)" }
    }
}
