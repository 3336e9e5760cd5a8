import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WireframeStore
import WireframeSync
import WireframeWeb

/// What the page tests share: an app over a project, a tokens file, a login, a form.
extension WebTestProject {
    /// A tokens file with alice's and bob's tokens, under the project's root.
    func tokensFile() throws -> String {
        try write("tokens", "alice \(PageTest.aliceToken)\nbob \(PageTest.bobToken)\n")
        return root + "/tokens"
    }

    /// The app over this project (with the tokens file when `tokens`).
    func pageApp(tokens: Bool = false, requireTokenForReads: Bool = false) throws -> some ApplicationProtocol {
        try WebServer.makeApplication(
            options: options(tokensFile: tokens ? tokensFile() : nil, requireTokenForReads: requireTokenForReads),
            logger: Logger(label: "test"))
    }

    /// Imports files and returns what was recorded, diagnostics and all (a refused save is fine here).
    @discardableResult
    func importAllowingProblems(_ paths: [String], author: String = "alice") throws -> [ImportResult] {
        let store = try StoreLocation.open(location: location)
        defer { try? store.close() }
        return try ImportPipeline(store: store, root: root, author: author).importPaths(paths.map { root + "/" + $0 })
    }

    /// Runs `body` with the store.
    func withStore<T>(_ body: (any Store) throws -> T) throws -> T {
        let store = try StoreLocation.open(location: location)
        defer { try? store.close() }
        return try body(store)
    }
}

enum PageTest {
    static let aliceToken = "alice-token-0123456789abcdef"
    static let bobToken = "bob-token-0123456789abcdef"

    /// The body as text.
    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    /// A form body.
    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return ByteBuffer(
            string: fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&"))
    }

    /// Headers of a form sent from the server's own page.
    static func formHeaders(cookie: String? = nil, site: String = "same-origin") -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        if let name = HTTPField.Name("Sec-Fetch-Site") { headers[name] = site }
        return headers
    }

    /// Logs in with `token`; the `Cookie` header value and the login's CSRF token.
    static func login(_ client: some TestClientProtocol, token: String = aliceToken) async throws -> (cookie: String, csrf: String) {
        let response = try await client.execute(uri: "/login", method: .post, headers: formHeaders(), body: form([("token", token)]))
        #expect(response.status == .seeOther)
        let setCookie = response.headers[.setCookie] ?? ""
        let cookie = String(setCookie.prefix { $0 != ";" })
        let meetings = try await client.execute(uri: "/meetings", method: .get, headers: [.cookie: cookie])
        let page = text(meetings)
        guard let start = page.range(of: "name=\"csrf\" value=\"") else {
            Issue.record("no CSRF field on the meetings page after a login")
            return (cookie, "")
        }
        let csrf = page[start.upperBound...].prefix { $0 != "\"" }
        return (cookie, String(csrf))
    }

    /// Checks that a page has no markup from the store and no builder left in it.
    static func expectEscaped(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!page.contains("<script>"), sourceLocation: sourceLocation)
        #expect(!page.contains("HTML(markup"), sourceLocation: sourceLocation)
    }
}
