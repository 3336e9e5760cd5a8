import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeWeb

@Suite("The screen timeline")
struct ScreenPageTests {
    @Test(arguments: WebEngine.available)
    func listsEveryRevisionThatChangedTheScreenWithItsFields(engine: WebEngine) async throws {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Cart")]))
        try project.importFiles(["app.json"])
        try project.write("app.json", WebTestProject.wireframe([("home", "Start"), ("cart", "Cart")]))
        try project.importFiles(["app.json"])
        try project.write("app.json", WebTestProject.wireframe([("home", "Start"), ("cart", "Basket <i>")]))
        try project.importFiles(["app.json"])
        let app = try project.pageApp()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/screens/cart?document=app.json", method: .get)
            #expect(response.status == .ok)
            let page = PageTest.text(response)
            PageTest.expectEscaped(page)
            #expect(page.contains("Title: Cart → Basket &lt;i&gt;"))
            #expect(page.contains("New screen."))
            #expect(page.contains("app.json@3") && page.contains("app.json@1") && !page.contains("app.json@2"))
            let unknown = PageTest.text(try await client.execute(uri: "/screens/nothing", method: .get))
            #expect(unknown.contains("No revision changed a screen with this key."))
        }
    }
}
