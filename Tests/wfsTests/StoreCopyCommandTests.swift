import Foundation
import Testing
import WireframeTestSupport

/// `wfs store copy`: a whole history from SQLite to PostgreSQL and back, through the built `wfs`.
@Suite(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
struct StoreCopyCommandTests {
    /// A history with every kind of record: revisions by two authors with a message, a rejected
    /// save with diagnostics, an unchanged import, a deletion and a file that came back, a closed
    /// session and an open one with notes, each with who started and who last changed it, a revision
    /// given its message afterwards.
    func makeHistory(_ cli: StoreCLI) throws {
        #expect(try cli.run("init").status == 0)
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        try cli.write("screens/other.json", StoreCLI.wireframe([("home", "Start")], appName: "Other"))
        #expect(try cli.run("session", "start", "Kickoff", environment: ["WFS_AUTHOR": "ada"]).status == 0)
        #expect(try cli.run("import", "screens", environment: ["WFS_AUTHOR": "ada"]).status == 0)
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        #expect(try cli.run("import", "screens/app.json", "--message", "cart is a basket", environment: ["WFS_AUTHOR": "bob"]).status == 0)
        #expect(try cli.run("session", "end", environment: ["WFS_AUTHOR": "bob"]).status == 0)
        #expect(try cli.run("note", "screens/app.json@1", "the first cart", "--author", "carol").status == 0)
        try cli.write("screens/app.json", "{ \"appName\": ")
        #expect(try cli.run("import", "screens/app.json").status == 1)
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Start"), ("cart", "Basket")]))
        #expect(try cli.run("import", "screens/app.json").status == 0)
        #expect(try cli.run("import", "screens/app.json").status == 0)  // unchanged
        try FileManager.default.removeItem(atPath: cli.root + "/screens/other.json")
        #expect(try cli.run("import", "screens").status == 0)
        try cli.write("screens/other.json", StoreCLI.wireframe([("home", "Again")], appName: "Other"))
        #expect(try cli.run("session", "start", "Review", "--notes", "with the customer", environment: ["WFS_AUTHOR": "dan"]).status == 0)
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try cli.run("session", "edit", "Review", "--notes", "with Acme", environment: ["WFS_AUTHOR": "erin"]).status == 0)
    }

    func json(_ cli: StoreCLI, _ arguments: String...) throws -> String {
        let run = try cli.run(arguments: arguments)
        #expect(run.status == 0, "\(run.error)")
        return run.output
    }

    @Test func aHistoryGoesToPostgreSQLAndBackUnchanged() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try makeHistory(cli)
        let original = cli.root + "/.wfs/store.sqlite"
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }

        let there = try cli.run("store", "copy", original, database.url)
        #expect(there.status == 0, "\(there.error)")
        #expect(there.output.contains("copied 6 revisions"), "\(there.output)")
        #expect(try cli.run("verify", "--store", database.url).status == 0)

        let back = cli.root + "/back.sqlite"
        let again = try cli.run("store", "copy", database.url, back)
        #expect(again.status == 0, "\(again.error)")
        #expect(try cli.run("verify", "--store", back).status == 0)

        let noted = try json(cli, "log", "--format", "json", "--store", original)
        #expect(noted.contains("\"note\"") && noted.contains("\"carol\""), "\(noted)")
        let sessions = try json(cli, "session", "list", "--format", "json", "--store", original)
        for who in ["\"author\" : \"ada\"", "\"changedBy\" : \"bob\"", "\"author\" : \"dan\"", "\"changedBy\" : \"erin\""] {
            #expect(sessions.contains(who), "\(sessions)")
        }
        for store in [database.url, back] {
            #expect(try json(cli, "log", "--format", "json", "--store", store) == json(cli, "log", "--format", "json", "--store", original))
            #expect(
                try json(cli, "session", "list", "--format", "json", "--store", store)
                    == json(cli, "session", "list", "--format", "json", "--store", original))
            #expect(
                try json(cli, "show", "--source", "screens/app.json@2", "--store", store)
                    == json(cli, "show", "--source", "screens/app.json@2", "--store", original))
        }
        // The refused attempt kept its diagnostics.
        let status = try cli.run("status", "--format", "json", "--store", back)
        #expect(status.output.contains("WF"), "\(status.output)")

        // A store that holds anything is never written over.
        let refused = try cli.run("store", "copy", original, database.url)
        #expect(refused.status == 2)
        #expect(refused.error.contains("exists") || refused.error.contains("not empty"), "\(refused.error)")
    }
}
