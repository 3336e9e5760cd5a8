import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WireframeSync
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

    /// A save merged with another writer's revision is announced with what it merged and what
    /// of the other's work it overwrote, and whose it was.
    @Test func aMergedSaveIsAnnouncedWithWhatItOverwrote() async throws {
        let project = try WebTestProject(.sqlite)
        let bobs = NSTemporaryDirectory() + "wfs-events-bob-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: bobs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: bobs) }
        let store = try StoreLocation.open(location: project.location)
        defer { try? store.close() }
        let save: @Sendable (_ root: String, _ author: String, _ titles: [(String, String)]) throws -> Void = { root, author, titles in
            try Data(WebTestProject.wireframe(titles).utf8).write(to: URL(fileURLWithPath: root + "/app.json"))
            var pipeline = ImportPipeline(store: store, root: root, author: author)
            pipeline.cloneBases = CloneBases(root: root)
            _ = try pipeline.importPaths([root + "/app.json"])
        }
        try save(project.root, "ada", [("home", "Home"), ("cart", "Cart")])
        try save(bobs, "bob", [("home", "Home"), ("cart", "Cart")])
        try save(project.root, "ada", [("home", "Home"), ("cart", "Basket")])
        let app = try WebServer.makeApplication(options: project.options(), logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let stream = try RawConnection(port: port, request: Self.request)
            #expect(await stream.read(until: ": wfs events"))
            // Bob's copy is behind Ada's "Basket": his "Bag" is merged with it and overwrites it.
            try save(bobs, "bob", [("home", "Welcome"), ("cart", "Bag")])
            #expect(await stream.read(until: #""screen":"cart","value":"Basket"}"#), "\(stream.received)")
            #expect(
                stream.received.contains(#"data: {"id": 3, "document": "app.json", "merge": {"author":"ada","mergedWith":2,"#),
                "\(stream.received)")
            #expect(
                stream.received.contains(#"{"author":"ada","field":"title","replaced":true,"screen":"cart","value":"Basket"}"#),
                "\(stream.received)")
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
