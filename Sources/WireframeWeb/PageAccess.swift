import HTTPTypes
import Hummingbird

/// Who may read and who may write through the pages: one place for both checks.
enum PageAccess {
    /// Refuses a page to a request without a token or a login when the server was started with
    /// `--require-token-for-reads` (the server's one ``Access`` decides).
    static func checkRead(_ request: Request, server: Server) throws {
        try server.access.checkRead(request)
    }

    /// The author of a write: the bearer token's name, or the login's when the form carries the
    /// login's CSRF token and the request comes from this site.
    ///
    /// - Throws: ``WebError`` 403 when the server has no tokens, the request comes from another
    ///   site or lacks the form's token; 401 without a token or a login.
    static func writer(_ request: Request, form: [String: String], server: Server) throws -> String {
        guard !server.tokens.isEmpty else {
            throw WebError(
                .forbidden, "this server was started without --tokens, so nothing can be written through it; use 'wfs session' instead")
        }
        if request.headers[.authorization] != nil {
            guard let name = server.tokens.name(ofAuthorization: request.headers[.authorization]) else {
                throw WebError(.unauthorized, "the bearer token is not one of the server's tokens")
            }
            return name
        }
        guard let login = server.logins.login(of: request) else {
            throw WebError(.unauthorized, "log in with a token first (/login)")
        }
        try checkSameSite(request)
        guard let presented = form["csrf"], Logins.sameText(presented, login.csrfToken) else {
            throw WebError(.forbidden, "the form is out of date or not from this site: reload the page and try again")
        }
        return login.name
    }

    /// Refuses a request that a browser says comes from another site (`Sec-Fetch-Site`, else
    /// `Origin` against `Host`).
    static func checkSameSite(_ request: Request) throws {
        if let site = request.headers[fetchSite] {
            guard site == "same-origin" || site == "none" else { throw crossSite }
            return
        }
        if let origin = request.headers[.origin] {
            let host = request.head.authority ?? ""
            guard origin == "http://\(host)" || origin == "https://\(host)" else { throw crossSite }
        }
    }

    private static let crossSite = WebError(
        .forbidden, "the form was sent from another site; writes are taken only from this server's own pages")
    private static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site") ?? .origin }
}
