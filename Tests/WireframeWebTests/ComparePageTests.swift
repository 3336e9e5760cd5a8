import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeReport
import WireframeWeb

@Suite("The compare page")
struct ComparePageTests {
    @Test(arguments: WebEngine.available)
    func saysEachChangeInWordsAndLinksTheColouredGraphByIds(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Cart"), ("old", "Old")]))
        try project.importFiles(["app.json"])
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Basket <b>"), ("new", "New")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/compare?from=app.json@1&to=app.json", method: .get)
            #expect(response.status == .ok)
            let page = PageTest.text(response)
            PageTest.expectEscaped(page)
            #expect(page.contains("Title: Cart → Basket &lt;b&gt;"))
            #expect(page.contains("Added: New <code>new</code>"))
            #expect(page.contains("Removed: Old <code>old</code>"))
            #expect(!page.contains("{\""))
            if Graphviz.dotPath() != nil {
                #expect(page.contains(#"src="/compare/graph.svg?from=1&amp;to=2""#))
                let svg = try await client.execute(uri: "/compare/graph.svg?from=1&to=2", method: .get)
                #expect(svg.status == .ok)
                #expect(svg.headers[.cacheControl]?.contains("immutable") == true)
                let head = try await client.execute(uri: "/compare/graph.svg?from=1&to=app.json", method: .get)
                #expect(head.headers[.cacheControl]?.contains("immutable") == false)
            }
            let form = PageTest.text(try await client.execute(uri: "/compare", method: .get))
            #expect(form.contains(#"<form method="get" action="/compare">"#))
        }
    }

    @Test(arguments: [
        ("/compare?from=1&to=99", 404, "99"),
        ("/compare?from=1&to=app.json@", 400, "app.json@"),
        ("/compare?from=1&to=nothing.json", 404, "nothing.json"),
        ("/compare?from=1", 400, "a comparison needs both"),
        ("/compare?from=1&to=app.json@2099-13-01", 400, "2099-13-01"),
    ])
    func aBadReferenceIsAFourHundredPageWithTheCommandLinesWords(uri: String, status: Int, words: String) async throws {
        let project = try WebTestProject(.sqlite)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status.code == status)
            #expect(PageTest.text(response).contains(words))
        }
    }
}
