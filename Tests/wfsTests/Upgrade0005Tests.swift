import Foundation
import GRDB
import Testing
import WireframeStore

/// A store written by the schema of `0004_compact_store` reads the same through every command
/// once this binary has upgraded it with `0005_compact_changes`, and keeps every change.
@Suite struct Upgrade0005Tests {
    /// The changes of a current store (attached as `current`) as the `change` table before 0005
    /// has them: kind as text, '[]' for no fields, in the order of the revision's positions (with
    /// the first revisions' `added` rows that 0007 no longer stores).
    static let changesBefore0005 = """
        SELECT revisionId, screenKey, previousKey,
            CASE kind WHEN 0 THEN 'added' WHEN 1 THEN 'removed' WHEN 2 THEN 'modified' WHEN 3 THEN 'renamed' ELSE 'document' END,
            COALESCE(fields, '[]')
        FROM (\(Upgrade0007Tests.changesBefore0007)) ORDER BY revisionId, position
        """

    /// The content hash of an attempt of a current store (`current.importAttempt`) as it was kept
    /// before 0005: a stored attempt had its revision's.
    static let attemptHashBefore0005 = """
        COALESCE(contentHash, (SELECT r.contentHash FROM current.revision r WHERE r.id = importAttempt.revisionId AND importAttempt.outcome = 'stored'))
        """

    @Test func everyCommandPrintsTheSameAfterMigration0005() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try UpgradeTests.makeHistory(cli)
        // A rename and a change of the document's own fields, so that every kind of change is stored.
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("prefs", "Settings"), ("profile", "Profile")], appName: "Renamed"))
        #expect(try cli.run("import", "screens/app.json").status == 0)
        let before = try UpgradeTests.outputs(cli)
        #expect(before.last?.contains("no problems") == true)

        let folder = cli.root + "/.wfs"
        let currentPath = cli.root + "/.wfs-current/store.sqlite"
        try FileManager.default.moveItem(atPath: folder, toPath: cli.root + "/.wfs-current")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.writeSchema0004(from: currentPath, to: folder + "/store.sqlite")
        let current = try DatabaseQueue(path: currentPath)
        let (currentChanges, kinds) = try current.read { db in
            (try Row.fetchAll(
                db,
                sql: """
                    SELECT revisionId, position, screenKey, previousKey, kind, \(Upgrade0008Tests.plainFields) AS fields
                    FROM change ORDER BY revisionId, position
                    """),
             try Int64.fetchAll(db, sql: "SELECT DISTINCT kind FROM change ORDER BY kind"))
        }
        try current.close()
        // The current store as written at schema 0007 (every attempt a row), beside it.
        let current0007 = try DatabaseQueue(path: currentPath + "-0007")
        let (storedAttempts, keptHashes) = try current0007.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM importAttempt WHERE outcome = 'stored'") ?? 0,
             try Row.fetchAll(db, sql: "SELECT id, contentHash FROM importAttempt WHERE contentHash IS NOT NULL ORDER BY id"))
        }
        try current0007.close()
        #expect(kinds == [0, 1, 2, 3, 4])
        #expect(storedAttempts > 0)
        #expect(!keptHashes.isEmpty)  // the unchanged attempt of the last folder import

        let old = try DatabaseQueue(path: folder + "/store.sqlite")
        let (applied, columns, oldHashes) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try db.columns(in: "change").map(\.name),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM importAttempt WHERE outcome = 'stored' AND contentHash IS NOT NULL") ?? 0)
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(4)))
        #expect(columns == ["id", "revisionId", "screenKey", "previousKey", "kind", "fields"])
        #expect(oldHashes == storedAttempts)

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let upgraded = try DatabaseQueue(path: folder + "/store.sqlite")
        try upgraded.read { db in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            #expect(try db.columns(in: "change").map(\.name) == ["revisionId", "position", "screenKey", "previousKey", "kind", "fields"])
            #expect(try db.indexes(on: "change").map(\.name).sorted() == ["sqlite_autoindex_change_1"])
            let changes = try Row.fetchAll(
                db, sql: "SELECT revisionId, position, screenKey, previousKey, kind, fields FROM change ORDER BY revisionId, position")
            #expect(changes == currentChanges)
            #expect(try Row.fetchAll(db, sql: "SELECT id, contentHash FROM importAttempt WHERE contentHash IS NOT NULL ORDER BY id") == keptHashes)
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
        }
        try upgraded.close()

        // The upgraded store takes new revisions.
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("prefs", "Settings"), ("profile", "Profile 3")], appName: "Renamed"))
        #expect(try cli.run("import", "screens/app.json").status == 0)
        #expect(try cli.run("log", "--limit", "1").output.contains("profile"))
        #expect(try cli.run("verify").output.contains("no problems"))
    }

    /// Writes the content of a current store into a new store at schema 0004: changes with a row
    /// id, kinds as text and '[]' for no fields; stored attempts with their revision's hash.
    static func writeSchema0004(from currentPath: String, to oldPath: String) throws {
        try OldSchemaStore.write(from: currentPath, to: oldPath, upTo: "0004_compact_store") { db in
            try db.execute(sql: "INSERT INTO main.revision SELECT \(Upgrade0007Tests.revisionColumnsBefore0007) FROM current.revision ORDER BY id")
            for table in ["source", "screenPack", "screenVersion", "documentScreen"] {
                try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM current.\(table)")
            }
            try db.execute(sql: "INSERT INTO main.change (revisionId, screenKey, previousKey, kind, fields) \(changesBefore0005)")
            try db.execute(
                sql: """
                    INSERT INTO main.importAttempt SELECT id, path, outcome, revisionId, \(attemptHashBefore0005), startedAt,
                        durationMicroseconds, author, origin
                    FROM current.importAttempt ORDER BY id
                    """)
            try db.execute(sql: "INSERT INTO main.diagnostic SELECT * FROM current.diagnostic")
        }
    }
}
