import Foundation
import GRDB
import Testing
import WireframeStore

/// A store written by the schema of `0009_intervals_by_key` reads the same through every command
/// once this binary has upgraded it with `0010_screen_hash_prefix`: a screen version keeps the
/// first 4 bytes of its hash instead of all 32 (and, with `0011_pack_directories`, which the
/// upgrade applies too, only them and its id).
@Suite struct Upgrade0010Tests {
    /// Writes the content of a current store into a new store at schema 0009 (whole screen hashes).
    static func writeSchema0009(from currentPath: String, to oldPath: String) throws {
        try OldSchemaStore.writeWholeHashSchema(from: currentPath, to: oldPath, upTo: "0009_intervals_by_key")
    }

    @Test func everyCommandPrintsTheSameAfterMigration0010() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let (before, _, oldPath) = try UpgradeTests.replaceWithOldSchema(cli) { current, old in
            try Self.writeSchema0009(from: current, to: old)
        }

        let old = try DatabaseQueue(path: oldPath)
        let (applied, columns, oldVersions, oldCounts) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try db.columns(in: "screenVersion").map(\.name),
             // What the upgrade keeps: 4 bytes from 0010, 3 from 0012.
             try Row.fetchAll(db, sql: "SELECT id, substr(hash, 1, 3) AS hashPrefix FROM screenVersion ORDER BY id"),
             try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name"))
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(9)))
        #expect(columns == ["id", "hash", "packId", "start", "length"])
        #expect(oldVersions.count == 8)

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let store = try WireframeStore.open(path: oldPath, connections: .single)
        let upgraded = try DatabaseQueue(path: oldPath)
        try upgraded.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            #expect(try db.columns(in: "screenVersion").map(\.name) == ["hashPrefix", "id"])
            #expect(try Row.fetchAll(db, sql: "SELECT id, hashPrefix FROM screenVersion ORDER BY id") == oldVersions)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE tbl_name = 'screenVersion' AND type <> 'index' ORDER BY name")
                == ["screenVersion", "screenVersion_counted", "screenVersion_uncounted"])
            #expect(try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name") == oldCounts)
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
        }
        try upgraded.close()
        #expect(try store.countMismatches().isEmpty)
        #expect(try store.integrityProblems().isEmpty)

        // The upgraded store takes new revisions; a screen that comes back to an earlier content
        // ("Preferences", revision 2) shares its version, found by prefix and content: one new version.
        let versionsBefore = try store.counts()["screenVersion"]
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "Profile 3")]))
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try store.counts()["screenVersion"] == versionsBefore.map { $0 + 1 })
        let diff = try cli.run("diff", "screens/app.json@1", "screens/app.json")
        #expect(diff.status == 0 && diff.output.contains("profile"))
        #expect(try store.countMismatches().isEmpty)
        #expect(try cli.run("verify").output.contains("no problems"))
    }
}
