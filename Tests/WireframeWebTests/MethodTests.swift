import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WireframeWeb

/// HEAD is answered wherever GET is, with GET's status and headers and no body (RFC 9110); a
/// method a path does not take is a 405 naming the ones it does in `Allow`, not a 404.
@Suite("Request methods")
struct MethodTests {
    @Test func headIsAnsweredWhereverGetIsAndOtherMethodsAre405WithAllow() async throws {
        let project = try WebTestProject(.sqlite)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("cart", "Cart")]))
        try project.importFiles(["app.json"], author: "alice")
        let app = try project.pageApp()
        try await app.test(.router) { client in
            for path in ["/", "/history", "/meetings", "/revisions/1", "/screens/home", "/report", "/api/log", "/static/site.css"] {
                let get = try await client.execute(uri: path, method: .get)
                let head = try await client.execute(uri: path, method: .head)
                #expect(head.status == get.status, "HEAD \(path): \(head.status), GET \(get.status)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(path)")
                #expect(head.body.readableBytes == 0, "HEAD \(path) has a body")
            }
            let notThere = try await client.execute(uri: "/revisions/999", method: .head)
            #expect(notThere.status == .notFound)

            let deleteHistory = try await client.execute(uri: "/history", method: .delete)
            #expect(deleteHistory.status == .methodNotAllowed)
            #expect(deleteHistory.headers[.allow] == "GET, HEAD", "\(deleteHistory.headers)")
            #expect(PageTest.text(deleteHistory).contains("DELETE is not allowed on /history"), "\(PageTest.text(deleteHistory))")

            let getStart = try await client.execute(uri: "/meetings/start", method: .get)
            #expect(getStart.status == .methodNotAllowed)
            #expect(getStart.headers[.allow] == "POST")

            let putRevision = try await client.execute(uri: "/revisions/3/graph.svg", method: .put)
            #expect(putRevision.status == .methodNotAllowed)
            #expect(putRevision.headers[.allow] == "GET, HEAD")

            let api = try await client.execute(uri: "/api/log", method: .patch)
            #expect(api.status == .methodNotAllowed)
            #expect(PageTest.text(api).contains(#""error""#), "\(PageTest.text(api))")

            // A path no route has stays a 404, whatever the method.
            #expect(try await client.execute(uri: "/nowhere", method: .delete).status == .notFound)
            #expect(try await client.execute(uri: "/nowhere", method: .head).status == .notFound)
        }
    }
}
