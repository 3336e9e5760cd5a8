import Foundation
import Hummingbird
import WireframeJSON
import WireframeStore
import WireframeSync

/// `GET /api/sessions`: what `wfs session list --format json` prints. `POST /api/sessions` (a
/// token required): `{"name"}` starts a meeting now, as `wfs session start`; `{"name", "start",
/// "end"}` records one that took place, as `wfs session add`; `notes` goes with either. The
/// answer is the meeting, in the shape of the list's entries.
enum SessionsRoute {
    static let routes = [
        APIRoute(method: .get, path: "/api/sessions", handler: list),
        APIRoute(method: .post, path: "/api/sessions", handler: create),
    ]

    /// The body of `POST /api/sessions`.
    struct NewSession: Decodable {
        var name: String
        var start: String?
        var end: String?
        var notes: String?
    }

    @Sendable static func list(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        API.json(try await server.pool.withStore { store in try SessionsAnswer.json(try store.sessions()) })
    }

    @Sendable static func create(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        let author = try server.access.writer(request)
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        let new: NewSession
        do {
            new = try JSONDecoder().decode(NewSession.self, from: Data(body.readableBytesView))
        } catch {
            throw WebError(.badRequest, "the body must be a JSON object with a \"name\" and optionally \"start\", \"end\" and \"notes\"")
        }
        try SessionName.check(new.name)
        let span: (start: Timestamp, end: Timestamp)?
        switch (new.start, new.end) {
        case (nil, nil): span = nil
        case (let start?, let end?): span = (try Times.parse(start), try Times.parse(end))
        default: throw WebError(.badRequest, "give both \"start\" and \"end\" to record a meeting, or neither to start one now")
        }
        let session = try await server.pool.withStore { store in
            if let span {
                return try store.addSession(name: new.name, notes: new.notes, start: span.start, end: span.end, author: author)
            }
            return try store.startSession(name: new.name, notes: new.notes, at: .now(), author: author)
        }
        context.logger.info("session \(span == nil ? "started" : "added")", metadata: ["session": "\(session.name)", "by": "\(author)"])
        return API.json(try JSONOutput.text(SessionJSON(session)), status: .created)
    }
}
