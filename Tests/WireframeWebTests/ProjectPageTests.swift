import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WireframeWeb

@Suite("The project page and the frame of every page")
struct ProjectPageTests {
    @Test(arguments: WebEngine.available)
    func listsEachDocumentWithItsHeadAndEscapesWhatTheStoreHolds(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("about", "About")]))
        try project.write("plans/<b>shop.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json", "plans"], author: "bob <script>")
        let app = try WebServer.makeApplication(options: project.options(), logger: Logger(label: "test"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let page = String(buffer: response.body)
                #expect(page.contains(#"<a href="/history?document=app.json">app.json</a>"#))
                #expect(page.contains(#"<a href="/history?document=plans/%3Cb%3Eshop.json">plans/&lt;b&gt;shop.json</a>"#))
                #expect(page.contains("bob &lt;script&gt;"))
                #expect(!page.contains("<script>"))
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            }
        }
    }

    @Test(arguments: WebEngine.available)
    func aRefusedSaveShowsItsDiagnosticsWithTheirLocations(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        try project.write(
            "app.json",
            "{\n  \"appName\": \"Demo\",\n  \"root\": \"home\",\n  \"routes\": [\n    {\"name\": \"home\", \"title\": \"<x>\", \"subroutes\": [\"gone\"]}\n  ]\n}\n"
        )
        let results = try project.importAllowingProblems(["app.json"], author: "eve")
        let error = try #require(results.first?.diagnostics.first { $0.severity == .error })
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let page = PageTest.text(try await client.execute(uri: "/", method: .get))
            PageTest.expectEscaped(page)
            #expect(page.contains("rejected at"))
            #expect(page.contains("by eve"))
            let location = "app.json:\(error.location.line):\(error.location.column): error: "
            #expect(page.contains(location))
            #expect(page.contains("[\(error.code.rawValue)]"))
        }
    }

    @Test
    func anUnknownPathIsAFourOhFourPageAndUnderAPIAJSONError() async throws {
        let project = try WebTestProject(.sqlite)
        let app = try WebServer.makeApplication(options: project.options(), logger: Logger(label: "test"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/nowhere", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.headers[.contentSecurityPolicy] != nil)
            }
            try await client.execute(uri: "/api/nowhere", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(String(buffer: response.body).contains(#""error""#))
            }
        }
    }
}
