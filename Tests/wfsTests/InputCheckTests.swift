import Foundation
import Testing
import WireframeStore
import WireframeSync
import WireframeTestSupport

/// What the built `wfs` does with input it must refuse: session names a REF could not name, times
/// and REFs that do not read, a project root that does not exist, and a store whose list of
/// applied migrations was damaged.
struct InputCheckTests {
    @Test(arguments: [
        "", "   ", "Kick\noff", "Tab\tstop", "Kick@off", "@", "2026-01-02", "2026-01-02T15:00", "2026-01-02T15:00Z", " Kickoff",
    ])
    func aSessionNameThatAREFCannotNameIsRefused(name: String) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)

        let started = try cli.run("session", "start", name)
        #expect(started.status == 64, "\(started.error)")
        #expect(started.error.contains("cannot name a session: it "), "\(started.error)")
        #expect(started.error.contains(SessionName.rule), "\(started.error)")
        #expect(!started.error.contains("CHECK"), "\(started.error)")
        #expect(started.error.split(separator: "\n").count == 1, "\(started.error)")
        let added = try cli.run("session", "add", name, "--start", "2026-01-01T10:00", "--end", "2026-01-01T11:00")
        #expect(added.status == 64, "\(added.error)")
        #expect(try cli.run("session", "list").output == "")
    }

    @Test func aNameWithSpacesInsideAndAccentsIsAccepted() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        let started = try cli.run("session", "start", "Kickoff with Zoë, 2nd try")
        #expect(started.status == 0, "\(started.error)")
        #expect(try cli.run("session", "end").status == 0)
        let added = try cli.run("session", "add", "2026 planning", "--start", "2026-01-01T10:00", "--end", "2026-01-01T11:00")
        #expect(added.status == 0, "\(added.error)")
    }

    @Test func namesStoredBeforeTheRuleStillRead() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        // The engines take any name: a store made before the rule may hold these.
        let store = try StoreLocation.open(location: cli.root + "/.wfs/store.sqlite")
        _ = try store.addSession(
            name: "a@b", notes: nil, start: try #require(Timestamp.parse("2026-01-01T10:00Z", defaultOffsetSeconds: nil)),
            end: try #require(Timestamp.parse("2026-01-01T11:00Z", defaultOffsetSeconds: nil)), author: nil)
        _ = try store.startSession(name: "line\nbreak", notes: nil, at: .now(), author: "ann")
        try store.close()
        #expect(try cli.run("import", "app.json").status == 0)

        let list = try cli.run("session", "list")
        #expect(list.status == 0, "\(list.error)")
        #expect(list.output.contains("a@b  ") && list.output.contains("line\\nbreak  "), "\(list.output)")
        let shown = try cli.run("session", "show", "a@b")
        #expect(shown.status == 0, "\(shown.error)")
        #expect(try cli.run("session", "end").status == 0)
        let log = try cli.run("log", "--session", "line\nbreak", "--format", "json")
        #expect(log.status == 0, "\(log.error)")
        #expect(try (StoreCLI.json(log.output) as? [Any])?.count == 1)
    }

    @Test func whatTheUserTypedWrongExits64AndWhatIsMissingExits2() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(try cli.run("import", "app.json").status == 0)

        let badTime = try cli.run("log", "--since", "yesterday")
        #expect(badTime.status == 64, "\(badTime.error)")
        #expect(badTime.error.contains("'yesterday' is not a time"), "\(badTime.error)")
        let badReference = try cli.run("show", "app.json@")
        #expect(badReference.status == 64, "\(badReference.error)")
        #expect(badReference.error.contains("is not a revision"), "\(badReference.error)")
        let unknownPoint = try cli.run("show", "app.json@Kickof")
        #expect(unknownPoint.status == 64, "\(unknownPoint.error)")
        #expect(unknownPoint.error.contains("is neither a session nor a time"), "\(unknownPoint.error)")
        let badInterval = try cli.run("session", "add", "Review", "--start", "2026-13-01", "--end", "2026-01-01")
        #expect(badInterval.status == 64, "\(badInterval.error)")

        // A file that is not there is not a usage error: the command could not run.
        let missing = try cli.run("import", "missing.json")
        #expect(missing.status == 2, "\(missing.error)")
    }

    @Test func initRefusesARootThatDoesNotExistUnlessAskedToCreateIt() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let root = cli.root + "/missing/project"

        let refused = try cli.run("init", "--root", root)
        #expect(refused.status == 2, "\(refused.error)")
        #expect(refused.error.contains("the project root '\(root)' does not exist (no folder '\(cli.root)/missing')"), "\(refused.error)")
        #expect(refused.error.contains("--parents"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: cli.root + "/missing"))

        let created = try cli.run("init", "--root", root, "--parents")
        #expect(created.status == 0, "\(created.error)")
        #expect(FileManager.default.fileExists(atPath: root + "/.wfs/store.sqlite"))

        // A store kept elsewhere: the root is made too, not only the store's folder.
        let other = cli.root + "/other/project"
        let elsewhere = try cli.run("init", "--root", other, "--store", cli.root + "/stores/other.sqlite", "--parents")
        #expect(elsewhere.status == 0, "\(elsewhere.error)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: other, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test(arguments: [
        "UPDATE grdb_migrations SET identifier = 'x' WHERE identifier = '0001_baseline'",
        "DROP TABLE grdb_migrations",
        "DELETE FROM grdb_migrations",
        "DELETE FROM grdb_migrations WHERE identifier = '0001_baseline'",
    ])
    func aDamagedListOfMigrationsIsNamedNotMigratedAgain(damage: String) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        let store = cli.root + "/.wfs/store.sqlite"
        try Self.sqlite(store, damage)
        let before = try Self.sqlite(store, "SELECT group_concat(name) FROM sqlite_master")

        for arguments in [["status"], ["log"], ["verify"]] {
            let run = try cli.run(arguments: arguments)
            #expect(run.status == 2, "\(arguments): \(run.error)")
            #expect(
                run.error.hasPrefix("wfs: error: cannot open the store at '\(store)': its list of applied migrations"),
                "\(arguments): \(run.error)")
            #expect(run.error.contains("restore the store from a backup"), "\(run.error)")
            #expect(!run.error.contains("SQLite error"), "\(run.error)")
        }
        #expect(try Self.sqlite(store, "SELECT group_concat(name) FROM sqlite_master") == before)
    }

    @Test(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
    func aPostgreSQLStoreRefusesTheSameNamesAndADamagedListOfMigrations() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init", "--store", database.url).status == 0)

        let refused = try cli.run("session", "start", "--store", database.url, "Kick@off")
        #expect(refused.status == 64, "\(refused.error)")
        #expect(refused.error.contains("cannot name a session: it contains '@'"), "\(refused.error)")
        #expect(try cli.run("session", "start", "--store", database.url, "Kickoff").status == 0)

        for damage in ["UPDATE schema_migration SET identifier = 'x' WHERE identifier = '0001_baseline'", "DELETE FROM schema_migration"] {
            try PostgreSQLTestServer.execute(damage, database: database.name)
            let status = try cli.run("status", "--store", database.url)
            #expect(status.status == 2, "\(damage): \(status.error)")
            #expect(status.error.contains(": its list of applied migrations (table schema_migration) is damaged"), "\(status.error)")
            #expect(status.error.contains("restore the store from a backup"), "\(status.error)")
        }
    }

    /// Runs SQL on an SQLite file in another process (Python's sqlite3), returning what it printed.
    @discardableResult
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let script =
            "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1], isolation_level=None)\nfor row in db.execute(sys.argv[2]): print(*row)"
        let run = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, path, sql], in: "/")
        guard run.status == 0 else { throw TestSupportError(run.error) }
        return run.output
    }
}
