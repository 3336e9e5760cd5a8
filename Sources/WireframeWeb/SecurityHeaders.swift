import HTTPTypes
import Hummingbird

/// Headers on every response that keep a page from doing more than it should: only this
/// server's own scripts, styles and images, no framing, no referrer sent elsewhere.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }

    // Not among HTTPTypes' predefined names; both are valid field names.
    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy") ?? .contentSecurityPolicy }
    static var frameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options") ?? .contentSecurityPolicy }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "no-referrer"
        response.headers[Self.frameOptions] = "DENY"
        return response
    }
}
