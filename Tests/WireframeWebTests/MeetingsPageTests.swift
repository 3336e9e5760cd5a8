import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeStore
import WireframeWeb

@Suite("The meetings pages, their forms, the audit and the report")
struct MeetingsPageTests {
    @Test(arguments: WebEngine.available)
    func aLoggedInPersonStartsEndsAddsRenamesAndNotesMeetings(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        let app = try project.pageApp(tokens: true)
        try await app.test(.router) { client in
            let (cookie, csrf) = try await PageTest.login(client)
            let headers = PageTest.formHeaders(cookie: cookie)
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .post, headers: headers, body: PageTest.form(fields + [("csrf", csrf)]))
            }
            #expect(try await post("/meetings/start", [("name", "kickoff <script>"), ("notes", "first")]).status == .seeOther)
            #expect(try await post("/meetings/end", []).status == .seeOther)
            let added = try await post(
                "/meetings/add", [("name", "review"), ("start", "2020-01-01T10:00Z"), ("end", "2020-01-01T11:00Z")])
            #expect(added.status == .seeOther)
            #expect(try await post("/meetings/rename", [("name", "review"), ("newName", "design review")]).status == .seeOther)
            #expect(try await post("/meetings/notes", [("name", "design review"), ("notes", "went well")]).status == .seeOther)
            let page = PageTest.text(try await client.execute(uri: "/meetings", method: .get, headers: [.cookie: cookie]))
            PageTest.expectEscaped(page)
            #expect(page.contains("kickoff &lt;script&gt;"))
            #expect(page.contains("design review") && page.contains("went well"))
            #expect(page.contains("alice · <a href=\"/logout\">"))
            let duplicate = try await post("/meetings/start", [("name", "design review")])
            #expect(duplicate.status == .conflict)
            #expect(PageTest.text(duplicate).contains("design review"))
            let badTime = try await post("/meetings/add", [("name", "later"), ("start", "soon"), ("end", "2020-01-01")])
            #expect(badTime.status == .badRequest)
            #expect(PageTest.text(badTime).contains("soon"))
        }
        let names = try project.withStore { try $0.sessions().map(\.name) }
        #expect(Set(names) == ["kickoff <script>", "design review"])
    }

    @Test(arguments: WebEngine.available)
    func aMeetingKeepsWhoStartedItAndWhoLastChangedIt(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        let app = try project.pageApp(tokens: true)
        try await app.test(.router) { client in
            let (cookie, csrf) = try await PageTest.login(client)
            let started = try await client.execute(
                uri: "/meetings/start", method: .post, headers: PageTest.formHeaders(cookie: cookie),
                body: PageTest.form([("name", "kickoff"), ("csrf", csrf)]))
            #expect(started.status == .seeOther)
            let page = PageTest.text(try await client.execute(uri: "/meetings", method: .get))
            #expect(page.contains("<th>By</th>") && page.contains("<td>alice</td>"), "\(page)")

            let renamed = try await client.execute(
                uri: "/meetings/rename", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer \(PageTest.bobToken)"],
                body: PageTest.form([("name", "kickoff"), ("newName", "kickoff with Acme")]))
            #expect(renamed.status == .seeOther)
            let after = PageTest.text(try await client.execute(uri: "/meetings", method: .get))
            #expect(after.contains("alice <span class=\"muted\">(changed by bob)</span>"), "\(after)")
            let api = String(buffer: try await client.execute(uri: "/api/sessions", method: .get).body)
            #expect(api.contains(#""author" : "alice""#) && api.contains(#""changedBy" : "bob""#), "\(api)")
            #expect(api.contains(#""changedAt" : "#), "\(api)")
        }
        let session = try project.withStore { try $0.session(named: "kickoff with Acme") }
        #expect(session.author == "alice" && session.changedBy == "bob")
    }

    @Test
    func writesWithoutTheLoginsCSRFTokenOrFromAnotherSiteAreRefused() async throws {
        let project = try WebTestProject(.sqlite)
        let app = try project.pageApp(tokens: true)
        try await app.test(.router) { client in
            let (cookie, csrf) = try await PageTest.login(client)
            let noToken = try await client.execute(
                uri: "/meetings/start", method: .post, headers: PageTest.formHeaders(cookie: cookie), body: PageTest.form([("name", "a")]))
            #expect(noToken.status == .forbidden)
            let otherLogin = try await PageTest.login(client, token: PageTest.bobToken)
            let wrongToken = try await client.execute(
                uri: "/meetings/start", method: .post, headers: PageTest.formHeaders(cookie: cookie),
                body: PageTest.form([("name", "a"), ("csrf", otherLogin.csrf)]))
            #expect(wrongToken.status == .forbidden)
            let crossSite = try await client.execute(
                uri: "/meetings/start", method: .post, headers: PageTest.formHeaders(cookie: cookie, site: "cross-site"),
                body: PageTest.form([("name", "a"), ("csrf", csrf)]))
            #expect(crossSite.status == .forbidden)
            let otherOrigin: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", .cookie: cookie, .origin: "https://evil.example",
            ]
            let fromElsewhere = try await client.execute(
                uri: "/meetings/start", method: .post, headers: otherOrigin, body: PageTest.form([("name", "a"), ("csrf", csrf)]))
            #expect(fromElsewhere.status == .forbidden)
            let nobody = try await client.execute(
                uri: "/meetings/start", method: .post, headers: PageTest.formHeaders(),
                body: PageTest.form([("name", "a"), ("csrf", csrf)]))
            #expect(nobody.status == .unauthorized)
            let wrongBearer = try await client.execute(
                uri: "/meetings/start", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer not-a-token-at-all"],
                body: PageTest.form([("name", "a")]))
            #expect(wrongBearer.status == .unauthorized)
            let bearer = try await client.execute(
                uri: "/meetings/start", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer \(PageTest.bobToken)"],
                body: PageTest.form([("name", "by bearer")]))
            #expect(bearer.status == .seeOther)
            let loggedOut = try await client.execute(uri: "/logout", method: .get, headers: [.cookie: cookie])
            #expect(loggedOut.status == .seeOther)
            let afterLogout = try await client.execute(
                uri: "/meetings/end", method: .post, headers: PageTest.formHeaders(cookie: cookie), body: PageTest.form([("csrf", csrf)]))
            #expect(afterLogout.status == .unauthorized)
        }
        #expect(try project.withStore { try $0.sessions().map(\.name) } == ["by bearer"])
    }

    @Test
    func withoutTokensNothingCanBeWrittenAndThePageSaysSo() async throws {
        let project = try WebTestProject(.sqlite)
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let page = PageTest.text(try await client.execute(uri: "/meetings", method: .get))
            #expect(page.contains("started without --tokens"))
            #expect(!page.contains("action=\"/meetings/start\""))
            let refused = try await client.execute(
                uri: "/meetings/start", method: .post, headers: PageTest.formHeaders(), body: PageTest.form([("name", "a")]))
            #expect(refused.status == .forbidden)
            #expect(PageTest.text(refused).contains("started without --tokens"))
            let login = try await client.execute(
                uri: "/login", method: .post, headers: PageTest.formHeaders(), body: PageTest.form([("token", PageTest.aliceToken)]))
            #expect(login.status == .forbidden)
        }
    }

    @Test(arguments: WebEngine.available)
    func theAuditBetweenTwoMeetingsAndThePrintableReport(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Cart")]))
        try project.importFiles(["app.json"])
        try project.withStore { store in
            _ = try store.startSession(name: "kickoff", notes: "<b>notes</b>", at: .now(), author: "ann")
            _ = try store.endSession(at: .now(), by: "ann")
        }
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Basket <script>")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let audit = try await client.execute(uri: "/meetings/audit?from=kickoff&to=now", method: .get)
            #expect(audit.status == .ok)
            let page = PageTest.text(audit)
            PageTest.expectEscaped(page)
            #expect(page.contains("app.json: modified"))
            #expect(page.contains("Title: Cart → Basket &lt;script&gt;"))
            #expect(page.contains(#"<a href="/report?from=kickoff">Printable report</a>"#))
            let report = try await client.execute(uri: "/report?from=kickoff", method: .get)
            #expect(report.status == .ok)
            let html = PageTest.text(report)
            #expect(html.contains("<style>"))
            #expect(html.contains("Basket &lt;script&gt;"))
            let policy = report.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("style-src 'self' 'sha256-") && policy.contains("script-src 'self'"))
            let unknown = try await client.execute(uri: "/meetings/audit?from=nobody", method: .get)
            #expect((400..<500).contains(unknown.status.code))
            #expect(PageTest.text(unknown).contains("nobody"))
        }
    }
}

extension MeetingsPageTests {
    /// The page opens on the question a team asks after a meeting: what changed since the last
    /// one that ended (not the open one), until now.
    @Test func thePickerDefaultsToTheLastEndedMeetingAndNow() async throws {
        let project = try WebTestProject(.sqlite)
        try project.withStore { store in
            let hour: Int64 = 3_600_000_000
            let base = Timestamp(microseconds: 1_700_000_000_000_000)
            _ = try store.addSession(
                name: "kickoff", notes: nil, start: base, end: Timestamp(microseconds: base.microseconds + hour), author: nil)
            _ = try store.addSession(
                name: "review", notes: nil, start: Timestamp(microseconds: base.microseconds + 5 * hour),
                end: Timestamp(microseconds: base.microseconds + 6 * hour), author: nil)
            _ = try store.startSession(
                name: "walk-through", notes: nil, at: Timestamp(microseconds: base.microseconds + 8 * hour), author: nil)
        }
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let page = PageTest.text(try await client.execute(uri: "/meetings", method: .get))
            let from = try #require(page.range(of: "<select name=\"from\">"))
            let to = try #require(page.range(of: "<select name=\"to\">"))
            let fromSelect = page[from.upperBound..<to.lowerBound]
            #expect(fromSelect.contains(#"<option value="review" selected>review</option>"#), "\(fromSelect)")
            #expect(!fromSelect.contains(#"value="walk-through" selected"#) && !fromSelect.contains(#"value="kickoff" selected"#))
            let toSelect = page[to.upperBound...].prefix(200)
            #expect(toSelect.hasPrefix(#"<option value="now">now</option>"#), "\(toSelect)")
        }
    }
}
