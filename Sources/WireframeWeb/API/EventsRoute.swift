import Foundation
import HTTPTypes
import Hummingbird

/// `GET /api/events`: Server-Sent Events, one `revision` event per stored revision
/// (`data: {"id": N, "document": "path"}`, its id as the event's id), a comment every so often to
/// keep the connection open. A client that reconnects with `Last-Event-ID` is first sent what it
/// missed.
enum EventsRoute {
    static let routes = [APIRoute(method: .get, path: "/api/events", handler: stream)]

    @Sendable static func stream(_ request: Request, _ context: WebContext, _ server: Server) async throws -> Response {
        let feed = server.feed
        guard let subscription = feed.subscribe() else {
            throw WebError(
                .serviceUnavailable, "too many event streams are open (at most \(feed.maxStreams)); try again later")
        }
        let lastEventId = HTTPField.Name("Last-Event-ID").flatMap { request.headers[$0] }.flatMap { Int64($0) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                defer { feed.unsubscribe(subscription.id) }
                try await writer.write(ByteBuffer(string: ": wfs events\n\n"))
                if let lastEventId, lastEventId < subscription.newest {
                    for event in try await feed.revisions(after: lastEventId, through: subscription.newest) {
                        try await writer.write(ByteBuffer(string: frame(event)))
                    }
                }
                for await item in subscription.items {
                    switch item {
                    case .revision(let event): try await writer.write(ByteBuffer(string: frame(event)))
                    case .heartbeat: try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    }
                }
                try await writer.finish(nil)
            })
    }

    /// One event: its id, its type and its data on one line (JSON escapes every line break).
    static func frame(_ event: RevisionEvent) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        encoder.outputFormatting.insert(.sortedKeys)
        let document = (try? encoder.encode(event.document)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        // A merged save says so: the revision it merged with, whose it was, the screens kept and
        // each field overwritten with the value it replaced and its author (as `merge` in
        // `wfs log --format json`).
        let merge = event.merge.flatMap { try? encoder.encode($0) }.map { ", \"merge\": " + String(decoding: $0, as: UTF8.self) } ?? ""
        return "id: \(event.id)\nevent: revision\ndata: {\"id\": \(event.id), \"document\": \(document)\(merge)}\n\n"
    }
}
