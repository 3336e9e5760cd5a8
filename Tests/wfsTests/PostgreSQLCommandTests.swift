import Foundation
import Testing
import WireframeTestSupport

/// The built `wfs` on a PostgreSQL store of the test cluster (`WFS_TEST_POSTGRESQL`): two clones
/// of one project in different folders store into one database, and a reader role reads it.
@Suite(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
struct PostgreSQLCommandTests {
    @Test func twoClonesStoreIntoOneDatabaseAndAReaderOnlyReads() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        let reader = "wfs_reader_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try PostgreSQLTestServer.makeRole(reader, password: "reader-secret")
        defer { PostgreSQLTestServer.dropRole(reader) }
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let url = database.url
        let ada = try StoreCLI()
        defer { ada.remove() }
        let bob = try StoreCLI()
        defer { bob.remove() }

        let created = try ada.run("init", "--store", url)
        #expect(created.status == 0, "\(created.error)")
        #expect(try bob.run("init", "--store", url).status == 0)

        // Each clone maps its own folder to the same document paths.
        try ada.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        let first = try ada.run("import", "--store", url, "--root", ada.root, "screens", environment: ["WFS_AUTHOR": "ada"])
        #expect(first.status == 0, "\(first.error)")
        try bob.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        let elsewhere = try ada.run(
            "import", "--store", url, "--root", bob.root, bob.root + "/screens/app.json", environment: ["WFS_AUTHOR": "bob"])
        #expect(elsewhere.status == 0, "\(elsewhere.error)")

        let log = try ada.run("log", "--store", url, "--format", "json")
        #expect(log.status == 0, "\(log.error)")
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.map { $0["document"] as? String } == ["screens/app.json", "screens/app.json"])
        #expect(entries.map { $0["author"] as? String } == ["bob", "ada"])
        #expect(entries.map { $0["number"] as? Int } == [2, 1])

        #expect(try ada.run("verify", "--store", url).status == 0)

        try PostgreSQLTestServer.execute(
            PostgreSQLTestServer.grants(PostgreSQLTestServer.readerGrants, role: reader, database: database.name),
            database: database.name)
        let readerURL = try PostgreSQLTestServer.url(database: database.name, user: reader, overTCP: true)
        let withPassword = try PostgreSQLTestServer.url(database: database.name, user: reader, password: "reader-secret", overTCP: true)
        // The password from PGPASSWORD, as libpq reads it; never printed.
        let status = try ada.run("status", "--store", readerURL, environment: ["PGPASSWORD": "reader-secret"])
        #expect(status.status == 0, "\(status.error)")
        #expect(status.output.contains("store \(readerURL)"))
        let shown = try ada.run("status", "--store", withPassword)
        #expect(shown.status == 0 && !shown.output.contains("reader-secret") && shown.output.contains("store \(readerURL)"))
        #expect(try ada.run("log", "--store", withPassword).status == 0)

        try bob.write("screens/app.json", StoreCLI.wireframe([("home", "Start"), ("cart", "Basket")]))
        let refused = try bob.run("import", "--store", withPassword, "--root", bob.root, "screens")
        #expect(refused.status == 2)
        #expect(refused.error.contains("lacks the UPDATE on table document privilege"), "\(refused.error)")
        #expect(!refused.error.contains("reader-secret") && !refused.output.contains("reader-secret"))
        let after = try #require(try StoreCLI.json(try ada.run("log", "--store", url, "--format", "json").output) as? [[String: Any]])
        #expect(after.count == 2)
    }
}
