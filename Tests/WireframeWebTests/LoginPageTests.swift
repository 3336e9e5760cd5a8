import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeWeb

@Suite("Logging in, and reads that need a login")
struct LoginPageTests {
    @Test
    func aGoodTokenGivesAnHttpOnlyStrictCookieThatIsNotTheToken() async throws {
        let project = try WebTestProject(.sqlite)
        let app = try project.pageApp(tokens: true)
        try await app.test(.router) { client in
            let form = PageTest.text(try await client.execute(uri: "/login?next=/meetings", method: .get))
            #expect(form.contains(#"type="password""#) && form.contains(#"value="/meetings""#))
            let response = try await client.execute(
                uri: "/login", method: .post, headers: PageTest.formHeaders(),
                body: PageTest.form([("token", PageTest.aliceToken), ("next", "/meetings")]))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/meetings")
            let cookie = response.headers[.setCookie] ?? ""
            #expect(cookie.hasPrefix("wfs_login=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(!cookie.contains(PageTest.aliceToken))
            let elsewhere = try await client.execute(
                uri: "/login", method: .post, headers: PageTest.formHeaders(),
                body: PageTest.form([("token", PageTest.aliceToken), ("next", "//evil.example/")]))
            #expect(elsewhere.headers[.location] == "/")
            let wrong = try await client.execute(
                uri: "/login", method: .post, headers: PageTest.formHeaders(), body: PageTest.form([("token", "nearly-alice-token-0123")]))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)
            #expect(PageTest.text(wrong).contains("not one of the server's tokens"))
        }
    }

    @Test
    func withTokensRequiredForReadsPagesNeedALoginOrABearerToken() async throws {
        let project = try WebTestProject(.sqlite)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp(tokens: true, requireTokenForReads: true)
        try await app.test(.router) { client in
            for uri in ["/", "/history", "/revisions/1", "/compare?from=1&to=1", "/screens/home", "/meetings", "/revisions/1/graph.svg"] {
                let refused = try await client.execute(uri: uri, method: .get)
                #expect(refused.status == .unauthorized, "\(uri)")
            }
            #expect(try await client.execute(uri: "/login", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/static/site.css", method: .get).status == .ok)
            let (cookie, _) = try await PageTest.login(client)
            #expect(try await client.execute(uri: "/history", method: .get, headers: [.cookie: cookie]).status == .ok)
            let bearer = try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer \(PageTest.bobToken)"])
            #expect(bearer.status == .ok)
        }
    }

    @Test
    func aLoginCookieReadsTheAPIButDoesNotWriteThroughIt() async throws {
        let project = try WebTestProject(.sqlite)
        let app = try project.pageApp(tokens: true, requireTokenForReads: true)
        try await app.test(.router) { client in
            let (cookie, _) = try await PageTest.login(client)
            #expect(try await client.execute(uri: "/api/sessions", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/api/sessions", method: .get, headers: [.cookie: cookie]).status == .ok)
            let write = try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.cookie: cookie, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"name": "by cookie"}"#))
            #expect(write.status == .unauthorized)
        }
        #expect(try project.withStore { try $0.sessions() }.isEmpty)
    }

    @Test
    func theLiveScriptIsServedAndEveryPageLoadsIt() async throws {
        let project = try WebTestProject(.sqlite)
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let script = try await client.execute(uri: "/static/live.js", method: .get)
            #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(PageTest.text(script).contains("new EventSource(\"/api/events\")"))
            #expect(
                PageTest.text(try await client.execute(uri: "/", method: .get)).contains(#"<script src="/static/live.js" defer></script>"#))
        }
    }
}
