import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeWeb

@Suite("The history page")
struct HistoryPageTests {
    @Test(arguments: WebEngine.available)
    func listsRevisionsNewestFirstWithTheirScreensByTitleAndFilters(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Cart")]))
        try project.importFiles(["app.json"], author: "alice")
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("pay", "Pay <script>")]))
        try project.importFiles(["app.json"], author: "bob")
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let page = PageTest.text(try await client.execute(uri: "/history", method: .get))
            PageTest.expectEscaped(page)
            let second = try #require(page.range(of: "app.json@2"))
            let first = try #require(page.range(of: "app.json@1"))
            #expect(second.lowerBound < first.lowerBound)
            #expect(page.contains("Pay &lt;script&gt;"))
            #expect(page.contains(#"title="cart">Cart</a>"#))
            #expect(page.contains("/compare?from=1&amp;to=2"))

            let bob = PageTest.text(try await client.execute(uri: "/history?author=bob", method: .get))
            #expect(bob.contains("app.json@2") && !bob.contains("app.json@1"))
            let cart = PageTest.text(try await client.execute(uri: "/history?screen=cart", method: .get))
            #expect(cart.contains("app.json@1") && cart.contains("app.json@2"))
            let pay = PageTest.text(try await client.execute(uri: "/history?screen=pay", method: .get))
            #expect(pay.contains("app.json@2") && !pay.contains("app.json@1"))
        }
    }

    @Test(arguments: WebEngine.available)
    func pagesContinueBelowTheLastRevisionShown(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        for number in 1...52 {
            try project.write("app.json", WebTestProject.wireframe([("home", "Home \(number)")]))
            try project.importFiles(["app.json"])
        }
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let first = PageTest.text(try await client.execute(uri: "/history", method: .get))
            #expect(first.contains("app.json@52") && first.contains("app.json@3<") && !first.contains("app.json@2<"))
            #expect(first.contains("before=3\">Older revisions"))
            let second = PageTest.text(try await client.execute(uri: "/history?before=3", method: .get))
            #expect(second.contains("app.json@2<") && second.contains("app.json@1<") && !second.contains("app.json@3<"))
            #expect(!second.contains("Older revisions"))
        }
    }

    @Test(arguments: [
        ("/history?since=yesterday", "yesterday"),
        ("/history?document=nothing.json", "nothing.json"),
        ("/history?meeting=nobody", "nobody"),
        ("/history?before=x", "must be a revision id"),
        ("/history?screen=hone", "no document has a screen &#39;hone&#39;"),
    ])
    func badFiltersAreAFourHundredPageWithTheCommandLinesWords(uri: String, words: String) async throws {
        let project = try WebTestProject(.sqlite)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect((400..<500).contains(response.status.code))
            #expect(PageTest.text(response).contains(words))
        }
    }
}
