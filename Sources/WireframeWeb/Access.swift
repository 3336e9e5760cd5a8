public import Hummingbird

/// Who may read and who may write: the one place that decides it, for the API and the pages.
///
/// A request is someone's when it carries `Authorization: Bearer TOKEN` with a token of the tokens
/// file, or a login cookie that ``cookieUser`` accepts (the pages' login, made from a token).
/// Reads are open unless `--require-token-for-reads`; every write is someone's.
public struct Access: Sendable {
    /// The tokens file's tokens.
    public var tokens: TokenBook
    /// Whether reads need a token (or a login cookie) too.
    public var requireTokenForReads: Bool
    /// The name of whoever a request's login cookie says it is, or nil (no cookie, a bad one).
    public var cookieUser: @Sendable (Request) -> String?

    public init(tokens: TokenBook, requireTokenForReads: Bool, cookieUser: @escaping @Sendable (Request) -> String? = { _ in nil }) {
        self.tokens = tokens
        self.requireTokenForReads = requireTokenForReads
        self.cookieUser = cookieUser
    }

    /// The name of whoever made `request`: its bearer token's, else its login cookie's; nil for nobody.
    public func user(of request: Request) -> String? {
        tokens.name(ofAuthorization: request.headers[.authorization]) ?? cookieUser(request)
    }

    /// Refuses a read with 401 when reads need a token and `request` carries none that is valid.
    public func checkRead(_ request: Request) throws {
        guard requireTokenForReads, user(of: request) == nil else { return }
        throw WebError(.unauthorized, "this server requires a token for reads: send 'Authorization: Bearer TOKEN' or log in")
    }

    /// The author of a write: the name of `request`'s token, or 401.
    public func writer(_ request: Request) throws -> String {
        if let name = user(of: request) { return name }
        if tokens.isEmpty {
            throw WebError(.unauthorized, "this server takes no writes: it was started without --tokens")
        }
        let presented = request.headers[.authorization] != nil
        throw WebError(
            .unauthorized,
            presented ? "the token is not in this server's tokens file" : "a write needs a token: send 'Authorization: Bearer TOKEN'")
    }
}

/// Applies ``Access/checkRead(_:)`` to every request but the style sheet and the login page,
/// which a person needs before they can log in.
struct ReadAccess<Context: RequestContext>: RouterMiddleware {
    var access: Access

    /// Paths anyone may fetch (their prefixes).
    static var openPaths: [String] { ["/static/", "/login"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if !Self.openPaths.contains(where: { request.uri.path.hasPrefix($0) }) { try access.checkRead(request) }
        return try await next(request, context)
    }
}
