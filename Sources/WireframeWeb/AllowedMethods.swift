import HTTPTypes
import Hummingbird

/// The answer to a path the server has, asked with a method none of its routes takes: 405 with
/// `Allow` naming the methods that path does take (RFC 9110), not the 404 of a path that is not
/// there. It sees only requests no route answered (it is the router's last middleware, and the
/// router wraps its not-found answer in every middleware).
struct AllowedMethods<Context: RequestContext>: RouterMiddleware {
    /// Every route's path and its methods, HEAD with each GET.
    let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]

    init(routes: [Router<Context>.RouteDescription]) {
        var byPath: [(path: RouterPath, methods: [HTTPRequest.Method])] = []
        for route in routes {
            var methods = [route.method]
            if route.method == .get { methods.append(.head) }
            if let index = byPath.firstIndex(where: { $0.path.description == route.path.description }) {
                byPath[index].methods += methods.filter { !byPath[index].methods.contains($0) }
            } else {
                byPath.append((route.path, methods))
            }
        }
        self.routes = byPath
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
        var allowed: [HTTPRequest.Method] = []
        for route in routes where Self.matches(route.path, segments) {
            allowed += route.methods.filter { !allowed.contains($0) }
        }
        guard !allowed.isEmpty, !allowed.contains(request.method) else { return try await next(request, context) }
        let names = Self.order.filter(allowed.contains).map(\.rawValue) + allowed.filter { !Self.order.contains($0) }.map(\.rawValue)
        throw WebError(
            .methodNotAllowed, "\(request.method.rawValue) is not allowed on \(request.uri.path); use \(names.joined(separator: " or "))",
            headers: [.allow: names.joined(separator: ", ")])
    }

    /// The order `Allow` lists methods in.
    static var order: [HTTPRequest.Method] { [.get, .head, .post, .put, .patch, .delete, .options] }

    /// Whether a route's path takes these segments: literal segments equal, a capture or
    /// wildcard any one segment, `**` the rest.
    static func matches(_ path: RouterPath, _ segments: [Substring]) -> Bool {
        var index = 0
        for component in path.components {
            if component.description == "**" { return true }
            guard index < segments.count, component ~= segments[index] else { return false }
            index += 1
        }
        return index == segments.count
    }
}
