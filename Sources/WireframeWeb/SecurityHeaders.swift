import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Headers on every response that keep a page from doing more than it should: only this
/// server's own scripts, styles and images, no framing, no referrer sent elsewhere.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }

    /// The policy with the `<style>` elements of `page` allowed by their SHA-256, for a page that
    /// must stay one self-contained file.
    static func contentSecurityPolicy(allowingStylesOf page: String) -> String {
        var hashes: [String] = []
        var rest = page[...]
        while let open = rest.range(of: "<style>"), let close = rest.range(of: "</style>", range: open.upperBound..<rest.endIndex) {
            let style = rest[open.upperBound..<close.lowerBound]
            hashes.append("'sha256-\(Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString())'")
            rest = rest[close.upperBound...]
        }
        return contentSecurityPolicy.replacingOccurrences(
            of: "style-src 'self'", with: (["style-src 'self'"] + hashes).joined(separator: " "))
    }

    // Not among HTTPTypes' predefined names; both are valid field names.
    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy") ?? .contentSecurityPolicy }
    static var frameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options") ?? .contentSecurityPolicy }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // A route that set its own policy (the printable report) keeps it.
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "no-referrer"
        response.headers[Self.frameOptions] = "DENY"
        return response
    }
}
