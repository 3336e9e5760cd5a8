import Foundation
import GRDB
import Testing
import WireframeStore

/// A store written by the schema of `0008_integer_times` reads the same through every command
/// once this binary has upgraded it with `0009_intervals_by_key`: the intervals keyed by screen
/// key, one open interval per key kept by triggers instead of a partial unique index.
@Suite struct Upgrade0009Tests {
    /// Writes the content of a current store into a new store at schema 0008 (whole screen hashes).
    static func writeSchema0008(from currentPath: String, to oldPath: String) throws {
        try OldSchemaStore.writeWholeHashSchema(from: currentPath, to: oldPath, upTo: "0008_integer_times")
    }

    static let intervals = "SELECT documentId, validFrom, screenKey, validUntil, versionId FROM documentScreen ORDER BY documentId, validFrom, screenKey"

    @Test func everyCommandPrintsTheSameAfterMigration0009() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let (before, _, oldPath) = try UpgradeTests.replaceWithOldSchema(cli) { current, old in
            try Self.writeSchema0008(from: current, to: old)
        }

        let old = try DatabaseQueue(path: oldPath)
        let (applied, oldIntervals, openIndex, oldCounts) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try Row.fetchAll(db, sql: Self.intervals),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'documentScreen_open'"),
             try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name"))
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(8)))
        #expect(openIndex == 1)
        #expect(oldIntervals.count == 9)
        // "settings" has three intervals of app.json, the third back on the first one's version.
        let settings = oldIntervals.filter { ($0[0] as Int64) == 1 && ($0[2] as String) == "settings" }
        #expect(settings.map { $0[4] as Int64 } == [3, 6, 3])

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let store = try WireframeStore.open(path: oldPath, connections: .single)
        let upgraded = try DatabaseQueue(path: oldPath)
        try upgraded.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            #expect(try Row.fetchAll(db, sql: Self.intervals) == oldIntervals)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'documentScreen_open'") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'documentScreen'") == 4)
            // The table's key leads with the screen key: its rows come in key order within a document.
            let keyed = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info('sqlite_autoindex_documentScreen_1') ORDER BY seqno")
            #expect(keyed == ["documentId", "screenKey", "validFrom"])
            #expect(try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name") == oldCounts)
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
        }
        try upgraded.close()
        #expect(try store.countMismatches().isEmpty)
        #expect(try store.integrityProblems().isEmpty)

        // The upgraded store takes new revisions; a screen that comes back opens one interval again.
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "Profile 3")]))
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try cli.run("log", "--limit", "1").output.contains("profile"))
        let diff = try cli.run("diff", "screens/app.json@1", "screens/app.json")
        #expect(diff.status == 0 && diff.output.contains("profile") && diff.output.contains("settings"))
        #expect(try store.countMismatches().isEmpty)
        #expect(try cli.run("verify").output.contains("no problems"))
    }
}
