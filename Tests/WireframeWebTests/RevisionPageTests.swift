import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeReport
import WireframeWeb

@Suite("The revision page and its graph")
struct RevisionPageTests {
    /// Home links to Cart; Lost is linked from nowhere (a warning at its line).
    static let wireframe = """
        {
          "appName": "Shop",
          "root": "home",
          "routes": [
            {"name": "home", "title": "Home <script>", "subroutes": ["cart"]},
            {"name": "cart", "title": "Cart"},
            {"name": "lost", "title": "Lost"}
          ]
        }

        """

    @Test(arguments: WebEngine.available)
    func showsScreensLinksDiagnosticsAndTheNumberedSource(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", Self.wireframe)
        let results = try project.importAllowingProblems(["app.json"])
        let warning = try #require(results.first?.diagnostics.first)
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/revisions/1", method: .get)
            #expect(response.status == .ok)
            let page = PageTest.text(response)
            PageTest.expectEscaped(page)
            #expect(page.contains("Home &lt;script&gt;"))
            #expect(page.contains(#"<a href="/screens/cart?document=app.json"><code>cart</code></a>"#))
            #expect(page.contains(##"<a href="#screen-cart">Cart</a>"##))
            #expect(page.contains(##"<span id="L6"><a class="line" href="#L6">6</a>"##))
            let line = warning.location.line
            #expect(page.contains("<a href=\"/revisions/1#L\(line)\">app.json:\(line):\(warning.location.column)</a>: warning: "))
            #expect(page.contains("[\(warning.code.rawValue)]"))
            if Graphviz.dotPath() != nil {
                #expect(page.contains(#"<img class="graph" src="/revisions/1/graph.svg""#))
                let svg = try await client.execute(uri: "/revisions/1/graph.svg", method: .get)
                #expect(svg.status == .ok)
                #expect(svg.headers[.contentType] == "image/svg+xml")
                #expect(svg.headers[.cacheControl]?.contains("immutable") == true)
                #expect(PageTest.text(svg).contains("<svg"))
            }
        }
    }

    @Test
    func anUnknownRevisionIsAFourOhFourAndANonNumberAFourHundred() async throws {
        let project = try WebTestProject(.sqlite)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let unknown = try await client.execute(uri: "/revisions/99", method: .get)
            #expect(unknown.status == .notFound)
            #expect(PageTest.text(unknown).contains("99"))
            let malformed = try await client.execute(uri: "/revisions/%3Cb%3E", method: .get)
            #expect(malformed.status == .badRequest)
            PageTest.expectEscaped(PageTest.text(malformed))
            #expect(try await client.execute(uri: "/revisions/99/graph.svg", method: .get).status == .notFound)
        }
    }
}

extension RevisionPageTests {
    /// A key Graphviz cannot take (over 16,384 bytes) never makes a 500: the pictures answer a
    /// picture of the note why, and the report page is written without its picture, with the note.
    @Test(
        .enabled(
            if: Graphviz.dotPath() != nil || !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty,
            "Graphviz's dot is not installed (Debian: graphviz)"))
    func aPictureGraphvizRefusesIsANoteNeverAServerError() async throws {
        let project = try WebTestProject(.sqlite)
        let longKey = String(repeating: "k", count: 20_000)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        try project.withStore { store in
            _ = try store.startSession(name: "kickoff", notes: nil, at: .now(), author: "ann")
            _ = try store.endSession(at: .now(), by: "ann")
        }
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), (longKey, "Far")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            for uri in ["/revisions/2/graph.svg", "/compare/graph.svg?from=1&to=2"] {
                let svg = try await client.execute(uri: uri, method: .get)
                #expect(svg.status == .ok, "\(uri)")
                #expect(svg.headers[.contentType] == "image/svg+xml")
                #expect(PageTest.text(svg).contains("No picture: Graphviz could not draw this one"), "\(uri)")
            }
            let report = try await client.execute(uri: "/report?from=kickoff", method: .get)
            #expect(report.status == .ok)
            let html = PageTest.text(report)
            #expect(html.contains("No picture: Graphviz could not draw this one"))
            #expect(html.contains("Far (\(longKey))"))
        }
    }
}
