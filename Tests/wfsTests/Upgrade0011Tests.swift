import Foundation
import GRDB
import Testing
@testable import WireframeStore

/// A store written by the schema of `0010_screen_hash_prefix` reads the same through every command
/// once this binary has upgraded it with `0011_pack_directories`: a screen pack lists the lengths
/// of its versions and takes its first version's id; a version row keeps its hash prefix and id.
@Suite struct Upgrade0011Tests {
    /// The tables of schema 0010, in an order that their foreign keys allow.
    static let tables = [
        "project", "session", "document", "revisionHeader", "revision", "change", "source", "screenPack", "screenVersion",
        "documentScreen", "importAttempt", "diagnostic",
    ]

    /// Writes the content of a current store into a new store at schema 0010.
    static func writeSchema0010(from currentPath: String, to oldPath: String) throws {
        try OldSchemaStore.writeFrom0010Copy(of: currentPath, to: oldPath, upTo: "0010_screen_hash_prefix", tables: tables)
    }

    static let intervals = "SELECT documentId, validFrom, screenKey, validUntil, versionId FROM documentScreen ORDER BY documentId, screenKey, validFrom"

    @Test func everyCommandPrintsTheSameAfterMigration0011() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let (before, _, oldPath) = try UpgradeTests.replaceWithOldSchema(cli) { current, old in
            try Self.writeSchema0010(from: current, to: old)
        }

        let old = try DatabaseQueue(path: oldPath)
        let (applied, columns, oldVersions, oldPacks, oldIntervals, oldCounts) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try db.columns(in: "screenVersion").map(\.name),
             // What the upgrade keeps: the first 3 bytes since migration 0012.
             try Row.fetchAll(db, sql: "SELECT id, substr(hashPrefix, 1, 3) AS hashPrefix FROM screenVersion ORDER BY id"),
             // Each pack as migration 0011 makes it: its first version's id, its size, its versions' lengths.
             try Row.fetchAll(db, sql: "SELECT MIN(id), SUM(length), COUNT(*) FROM screenVersion GROUP BY packId ORDER BY MIN(id)"),
             try Row.fetchAll(db, sql: Self.intervals),
             try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name"))
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(10)))
        #expect(columns == ["id", "hashPrefix", "packId", "start", "length"])
        #expect(oldVersions.count == 8)
        #expect(oldIntervals.count == 9)

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let store = try WireframeStore.open(path: oldPath, connections: .single)
        let upgraded = try DatabaseQueue(path: oldPath)
        try upgraded.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            #expect(try db.columns(in: "screenVersion").map(\.name) == ["hashPrefix", "id"])
            #expect(try db.columns(in: "screenPack").map(\.name) == ["id", "size", "lengths", "data"])
            #expect(try Row.fetchAll(db, sql: "SELECT id, hashPrefix FROM screenVersion ORDER BY id") == oldVersions)
            let packs = try Row.fetchAll(db, sql: "SELECT id, size, lengths FROM screenPack ORDER BY id").map { row in
                [row[0] as Int64, row[1] as Int64, Int64(ScreenPacks.lengths(row[2])?.count ?? -1)]
            }
            #expect(packs == oldPacks.map { [$0[0] as Int64, $0[1] as Int64, $0[2] as Int64] })
            #expect(try Row.fetchAll(db, sql: Self.intervals) == oldIntervals)
            // No index beside the version table's key; the intervals refer to documents alone.
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'screenVersion' AND sql IS NOT NULL") == 0)
            #expect(try String.fetchAll(db, sql: "SELECT \"table\" FROM pragma_foreign_key_list('documentScreen')") == ["document"])
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'documentScreen'") == 4)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'screenVersion'") == 2)
            #expect(try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name") == oldCounts)
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
        }
        try upgraded.close()
        #expect(try store.countMismatches().isEmpty)
        #expect(try store.integrityProblems().isEmpty)
        #expect(try store.screenStorageProblems().isEmpty)

        // The upgraded store takes new revisions: one new version, with the next id, in the last
        // pack; a screen that comes back ("Preferences") shares its version.
        let versionsBefore = try store.counts()["screenVersion"]
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "Profile 3")]))
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try store.counts()["screenVersion"] == versionsBefore.map { $0 + 1 })
        let reopened = try DatabaseQueue(path: oldPath)
        let newest = try reopened.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM screenVersion") }
        try reopened.close()
        #expect(newest == Int64(oldVersions.count + 1))
        let diff = try cli.run("diff", "screens/app.json@1", "screens/app.json")
        #expect(diff.status == 0 && diff.output.contains("profile"))
        #expect(try store.countMismatches().isEmpty)
        #expect(try cli.run("verify").output.contains("no problems"))
    }
}
