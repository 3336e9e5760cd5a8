import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WireframeSync
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
                // `#` is a revision's id on every page, as on /history; the number is DOC@N.
                #expect(page.contains(#"<a href="/revisions/2">#2</a> plans/&lt;b&gt;shop.json@1"#), "\(page)")
                #expect(!page.contains(#"<script>"#))
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

    @Test(arguments: WebEngine.available)
    func aSaveThatOverwroteAnotherWritersFieldIsListedInWords(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        // Two clones: the project's root (Ada's) and another folder (Bob's), on one store.
        let bobs = NSTemporaryDirectory() + "wfs-web-bob-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: bobs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: bobs) }
        let store = try StoreLocation.open(location: project.location)
        defer { try? store.close() }
        func save(_ root: String, _ author: String, _ titles: [(String, String)]) throws -> ImportResult? {
            try Data(WebTestProject.wireframe(titles).utf8).write(to: URL(fileURLWithPath: root + "/app.json"))
            var pipeline = ImportPipeline(store: store, root: root, author: author)
            pipeline.cloneBases = CloneBases(root: root)
            return try pipeline.importPaths([root + "/app.json"]).first
        }
        _ = try save(project.root, "ada", [("home", "Home"), ("cart", "Cart")])
        _ = try save(bobs, "bob <b>", [("home", "Home"), ("cart", "Cart")])
        _ = try save(project.root, "ada", [("home", "Home"), ("cart", "Basket")])
        let bobsSave = try #require(try save(bobs, "bob <b>", [("home", "Home"), ("cart", "Bag")]))
        #expect(bobsSave.revision?.replaces != nil)
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let page = PageTest.text(try await client.execute(uri: "/", method: .get))
            PageTest.expectEscaped(page)
            #expect(page.contains("Saves that overwrote another writer's work"))
            #expect(page.contains("by bob &lt;b&gt;"))
            #expect(page.contains("merged with revision 2 by ada; overwrote ada&#39;s title of cart (Basket)"), "\(page)")
            #expect(page.contains("replaces revision 2 by ada: ada&#39;s changes to cart are not in it"))
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
