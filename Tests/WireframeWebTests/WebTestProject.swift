import Foundation
import Logging
import Testing
import WireframeStore
import WireframeSync
import WireframeTestSupport
import WireframeWeb

/// The engines the web tests run on: SQLite always, PostgreSQL when a test server is configured.
enum WebEngine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgresql

    static let available: [WebEngine] = [.sqlite] + (PostgreSQLTestServer.isEnabled ? [.postgresql] : [])

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
}

/// A project folder with a store on one engine, filled by the real import pipeline.
final class WebTestProject: @unchecked Sendable {
    let root: String
    let location: String
    private let database: String?

    init(_ engine: WebEngine) throws {
        root = NSTemporaryDirectory() + "wfs-web-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if engine == .postgresql {
            let made = try PostgreSQLTestServer.makeDatabase()
            database = made.name
            location = made.url
        } else {
            database = nil
            location = root + "/.wfs/store.sqlite"
        }
        try StoreLocation.create(location: location, root: root).close()
    }

    deinit {
        if let database { PostgreSQLTestServer.dropDatabase(database) }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Writes a file under the root.
    func write(_ relativePath: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Imports files as `wfs import` does.
    @discardableResult
    func importFiles(_ paths: [String], author: String = "alice") throws -> [ImportResult] {
        let store = try StoreLocation.open(location: location)
        defer { try? store.close() }
        let results = try ImportPipeline(store: store, root: root, author: author).importPaths(paths.map { root + "/" + $0 })
        for result in results where !result.diagnostics.isEmpty {
            Issue.record("\(result.path): \(result.diagnostics.map(\.message))")
        }
        return results
    }

    /// A small valid wireframe: the first screen is the root and links to every other one.
    static func wireframe(_ titles: [(String, String)], appName: String = "Demo") -> String {
        let root = titles.first?.0 ?? "home"
        let others = titles.map(\.0).filter { $0 != root }
        let routes = titles.map { key, title in
            key == root
                ? "    {\"name\": \"\(key)\", \"title\": \"\(title)\", \"subroutes\": [\(others.map { "\"\($0)\"" }.joined(separator: ", "))]}"
                : "    {\"name\": \"\(key)\", \"title\": \"\(title)\"}"
        }
        return "{\n  \"appName\": \"\(appName)\",\n  \"root\": \"\(root)\",\n  \"routes\": [\n\(routes.joined(separator: ",\n"))\n  ]\n}\n"
    }

    /// Server options for this project on a free port.
    func options(tokensFile: String? = nil, requireTokenForReads: Bool = false) -> WebOptions {
        WebOptions(port: 0, storeLocation: location, root: root, tokensFile: tokensFile, requireTokenForReads: requireTokenForReads)
    }
}
