import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeStore
import WireframeWeb

/// The server keeps rendered answers, and never gives one the store has outgrown: every test asks
/// for an answer, changes the store (through another connection or through the server), and asks
/// again; a cache that ignored the change would give the first answer.
@Suite("The page cache")
struct PageCacheTests {
    @Test(arguments: WebEngine.available)
    func aRevisionStoredThroughAnotherConnectionShowsOnTheNextRequest(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            for uri in ["/", "/history", "/api/log", "/screens/home"] {
                let first = PageTest.text(try await client.execute(uri: uri, method: .get))
                let again = PageTest.text(try await client.execute(uri: uri, method: .get))
                #expect(first == again, "\(uri)")
                #expect(!first.contains("Home 2"), "\(uri)")
            }
            try project.write("app.json", WebTestProject.wireframe([("home", "Home 2")]))
            try project.importFiles(["app.json"], author: "bob")
            for uri in ["/", "/history", "/api/log", "/screens/home"] {
                let page = PageTest.text(try await client.execute(uri: uri, method: .get))
                #expect(["Home 2", "app.json@2", ">#2<", "\"number\" : 2"].contains { page.contains($0) }, "\(uri): \(page)")
            }
            let history = PageTest.text(try await client.execute(uri: "/history", method: .get))
            #expect(history.contains("app.json@2") && history.contains("bob"))
        }
    }

    @Test(arguments: WebEngine.available)
    func aMeetingStartedThroughTheAPIShowsAtOnce(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp(tokens: true)
        try await app.test(.router) { client in
            #expect(!PageTest.text(try await client.execute(uri: "/meetings", method: .get)).contains("Kickoff"))
            #expect(!PageTest.text(try await client.execute(uri: "/api/sessions", method: .get)).contains("Kickoff"))
            #expect(try await client.execute(uri: "/history?meeting=Kickoff", method: .get).status == .notFound)
            let started = try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer \(PageTest.aliceToken)"],
                body: ByteBuffer(string: #"{"name": "Kickoff"}"#))
            #expect(started.status == .created)
            #expect(PageTest.text(try await client.execute(uri: "/meetings", method: .get)).contains("Kickoff"))
            #expect(PageTest.text(try await client.execute(uri: "/api/sessions", method: .get)).contains("Kickoff"))
            let during = try await client.execute(uri: "/history?meeting=Kickoff", method: .get)
            #expect(during.status == .ok && !PageTest.text(during).contains("app.json@2"))

            // A revision saved during the meeting, by another connection, is the meeting's at once.
            try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Cart")]))
            try project.importFiles(["app.json"])
            #expect(PageTest.text(try await client.execute(uri: "/history?meeting=Kickoff", method: .get)).contains("app.json@2"))
        }
    }

    @Test(arguments: WebEngine.available)
    func aNoteAddedThroughAnotherConnectionShowsOnTheRevisionPage(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let id = try #require(try project.withStore { try $0.allRevisions().first?.id })
        let app = try project.pageApp()
        try await app.test(.router) { client in
            #expect(!PageTest.text(try await client.execute(uri: "/revisions/\(id)", method: .get)).contains("agreed with the customer"))
            _ = try project.withStore { store in
                try store.recordNote(revisionId: id, message: "agreed with the customer", author: "bob", at: .now())
            }
            #expect(PageTest.text(try await client.execute(uri: "/revisions/\(id)", method: .get)).contains("agreed with the customer"))
        }
    }

    @Test(arguments: WebEngine.available)
    func eachLoginGetsItsOwnNameAndFormToken(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        let app = try project.pageApp(tokens: true)
        try await app.test(.router) { client in
            func meetings(_ cookie: String?) async throws -> String {
                PageTest.text(try await client.execute(uri: "/meetings", method: .get, headers: cookie.map { [.cookie: $0] } ?? [:]))
            }
            let anonymous = try await meetings(nil)
            #expect(anonymous.contains("href=\"/login\"") && !anonymous.contains("name=\"csrf\""))
            let alice = try await PageTest.login(client)
            let bob = try await PageTest.login(client, token: PageTest.bobToken)
            #expect(!alice.csrf.isEmpty && !bob.csrf.isEmpty && alice.csrf != bob.csrf)
            for _ in 0..<2 {
                let alicesPage = try await meetings(alice.cookie)
                #expect(alicesPage.contains("alice · ") && alicesPage.contains(alice.csrf) && !alicesPage.contains(bob.csrf))
                let bobsPage = try await meetings(bob.cookie)
                #expect(bobsPage.contains("bob · ") && bobsPage.contains(bob.csrf) && !bobsPage.contains(alice.csrf))
                #expect(try await meetings(nil) == anonymous)
            }
            // After logging out, the same cookie is nobody's.
            _ = try await client.execute(uri: "/logout", method: .get, headers: [.cookie: alice.cookie])
            let loggedOut = try await meetings(alice.cookie)
            #expect(loggedOut.contains("href=\"/login\"") && !loggedOut.contains("alice · ") && !loggedOut.contains(alice.csrf))
        }
    }
}
