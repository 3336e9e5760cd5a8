import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns what a route threw into an answer: `{"error": "…"}` under `/api/`, a page elsewhere,
/// with the status and words of ``WebError/from(_:)``. An unexpected error is logged here, once,
/// and its detail never reaches the client.
struct ErrorResponses<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let answer = WebError.from(error)
            if answer.status.code >= 500 {
                context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            var response: Response
            if request.uri.path.hasPrefix("/api/") || request.uri.path == "/api" {
                response = JSONAnswer.error(answer)
            } else {
                response = Layout.page(
                    title: "Error", status: answer.status,
                    body: "<h1>\(answer.status.code) \(answer.status.reasonPhrase)</h1>\n<p class=\"error\">\(answer.message)</p>")
            }
            // Says how to authenticate (RFC 6750): with a bearer token.
            if answer.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
            for field in answer.headers { response.headers[field.name] = field.value }
            return response
        }
    }
}

/// JSON answers of the API.
enum JSONAnswer {
    /// `{"error": MESSAGE}` with the error's status.
    static func error(_ error: WebError) -> Response {
        let message = (try? JSONSerialization.data(withJSONObject: ["error": error.message], options: [.sortedKeys])) ?? Data("{}".utf8)
        return bytes(Array(message) + [0x0A], status: error.status)
    }

    /// A JSON body as it is.
    static func bytes(_ body: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
