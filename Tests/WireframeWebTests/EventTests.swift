import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WireframeWeb

/// `/api/events` announces every revision stored, by whoever stores it.
@Suite("Live events")
struct EventTests {
    static let request = "GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"

    @Test(arguments: WebEngine.available)
    func aRevisionStoredElsewhereIsAnnouncedToEveryStream(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try WebServer.makeApplication(options: project.options(), logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let first = try RawConnection(port: port, request: Self.request)
            let second = try RawConnection(port: port, request: Self.request)
            #expect(await first.read(until: ": wfs events"))
            #expect(await second.read(until: ": wfs events"))
            #expect(first.received.contains("text/event-stream"))
            // Stored through a connection of its own, as the daemon or another machine stores.
            try project.write("plans/shop.json", WebTestProject.wireframe([("home", "Shop")]))
            try project.importFiles(["plans/shop.json"], author: "bob")
            for stream in [first, second] {
                #expect(await stream.read(until: "\"document\": \"plans/shop.json\"}"), "\(stream.received)")
                #expect(stream.received.contains("id: 2\nevent: revision\ndata: {\"id\": 2, \"document\": \"plans/shop.json\"}\n\n"))
                #expect(!stream.received.contains("\"id\": 1,"))
            }
            // A stream that comes back says the last event it saw and is sent what it missed.
            let returning = try RawConnection(
                port: port, request: "GET /api/events HTTP/1.1\r\nHost: localhost\r\nLast-Event-ID: 0\r\n\r\n")
            #expect(await returning.read(until: "\"document\": \"plans/shop.json\"}"), "\(returning.received)")
            #expect(returning.received.contains("data: {\"id\": 1, \"document\": \"app.json\"}"))
        }
    }

    @Test
    func streamsBeyondTheLimitAreRefused() async throws {
        let project = try WebTestProject(.sqlite)
        var options = project.options()
        options.maxEventStreams = 1
        options.eventHeartbeat = .milliseconds(100)
        let app = try WebServer.makeApplication(options: options, logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let open = try RawConnection(port: port, request: Self.request)
            #expect(await open.read(until: ": wfs events"))
            let refused = try RawConnection(port: port, request: Self.request)
            #expect(await refused.read(until: "try again later"), "\(refused.received)")
            #expect(refused.received.hasPrefix("HTTP/1.1 503"))
            #expect(await open.read(until: ": heartbeat"))
        }
    }
}
