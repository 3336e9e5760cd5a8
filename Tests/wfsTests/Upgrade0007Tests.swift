import Foundation
import GRDB
import Testing
import WireframeStore

/// A store written by the schema of `0006_status_counts` reads the same through every command
/// once this binary has upgraded it with `0007_smaller_history`, which keeps every change.
@Suite struct Upgrade0007Tests {
    /// The columns of a current store's `revision` (attached as `current`) that the table had
    /// before 0007, with each revision's header in it.
    static let revisionColumnsBefore0007 = """
        id, documentId, number, parentId, isDeletion, contentHash, sourceHash, \(headerBefore0007), screenCount, createdAt, author,
        origin, message, sessionId
        """

    /// A current revision's header (`current.revision`), as its own column before 0007.
    static let headerBefore0007 = "(SELECT h.data FROM current.revisionHeader h WHERE h.id = headerId)"

    /// The change rows of a current store (attached as `current`) as they were before 0007: the
    /// stored ones, and for each revision marked `addedFromIntervals` one `added` row per interval
    /// that starts at 1, in key order, after its stored rows.
    static let changesBefore0007 = """
        SELECT revisionId, position, screenKey, previousKey, kind, fields FROM current.change
        UNION ALL
        SELECT r.id, (SELECT COUNT(*) FROM current.change c WHERE c.revisionId = r.id)
                + ROW_NUMBER() OVER (PARTITION BY r.id ORDER BY d.screenKey) - 1,
            d.screenKey, NULL, 0, NULL
        FROM current.revision r JOIN current.documentScreen d ON d.documentId = r.documentId AND d.validFrom = 1
        WHERE r.addedFromIntervals = 1
        """

    @Test func everyCommandPrintsTheSameAfterMigration0007() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let (before, currentPath, oldPath) = try UpgradeTests.replaceWithOldSchema(cli) { current, old in
            try Self.writeSchema0006(from: current, to: old)
        }
        let current = try DatabaseQueue(path: currentPath)
        let (currentChanges, marked, firstRows) = try current.read { db in
            (try Row.fetchAll(
                db,
                sql: """
                    SELECT revisionId, position, screenKey, previousKey, kind, \(Upgrade0008Tests.plainFields) AS fields
                    FROM change ORDER BY revisionId, position
                    """),
             try Int64.fetchAll(db, sql: "SELECT id FROM revision WHERE addedFromIntervals = 1 ORDER BY id"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM change WHERE kind = 0 AND revisionId IN (SELECT id FROM revision WHERE number = 1)") ?? -1)
        }
        try current.close()
        // Both documents' first revisions are marked and keep no `added` rows.
        #expect(marked.count == 2)
        #expect(firstRows == 0)

        let old = try DatabaseQueue(path: oldPath)
        let (applied, columns, oldFirstRows, distinctHeaders) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try db.columns(in: "revision").map(\.name),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM change WHERE kind = 0 AND revisionId IN (SELECT id FROM revision WHERE number = 1)") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT header) FROM revision") ?? -1)
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(6)))
        #expect(!columns.contains("addedFromIntervals"))
        #expect(columns.contains("header"))
        #expect(distinctHeaders == 2)  // app.json's and other.json's
        #expect(oldFirstRows == 5)  // app.json's 3 screens and other.json's 2

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let upgraded = try DatabaseQueue(path: oldPath)
        try upgraded.read { db in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM revision WHERE addedFromIntervals = 1 ORDER BY id") == marked)
            let changes = try Row.fetchAll(
                db, sql: "SELECT revisionId, position, screenKey, previousKey, kind, fields FROM change ORDER BY revisionId, position")
            #expect(changes == currentChanges)
            #expect(try Int.fetchOne(db, sql: "SELECT count FROM tableCount WHERE name = 'change'") == changes.count)
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
            // Each distinct header once, every revision but the tombstone naming one.
            #expect(try !db.columns(in: "revision").map(\.name).contains("header"))
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revisionHeader") == distinctHeaders)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revision WHERE (headerId IS NULL) <> isDeletion") == 0)
        }
        try upgraded.close()

        // The upgraded store takes new revisions, and a new document's first revision.
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Settings"), ("profile", "Profile 3")]))
        try cli.write("screens/new.json", StoreCLI.wireframe([("home", "Start"), ("end", "End")], appName: "New"))
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try cli.run("log", "--limit", "2").output.contains("profile"))
        let newLog = try cli.run("log", "--document", "screens/new.json").output
        #expect(newLog.contains("added end, home"))
        #expect(try cli.run("log", "--screen", "end").output.contains("screens/new.json #1"))
        #expect(try cli.run("verify").output.contains("no problems"))
    }

    /// First-revision `added` rows that the intervals would not give back as they are (here in
    /// another order than their keys') are kept as they are, and the revision is not marked.
    @Test func additionsInAnotherOrderAreKept() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try UpgradeTests.makeHistory(cli)
        let folder = cli.root + "/.wfs"
        let currentPath = cli.root + "/.wfs-current/store.sqlite"
        try FileManager.default.moveItem(atPath: folder, toPath: cli.root + "/.wfs-current")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.writeSchema0006(from: currentPath, to: folder + "/store.sqlite")
        let old = try DatabaseQueue(path: folder + "/store.sqlite")
        let otherFirst = try old.write { db -> Int64 in
            let id = try Int64.fetchOne(
                db, sql: "SELECT r.id FROM revision r JOIN document d ON d.id = r.documentId WHERE d.path = 'screens/other.json' AND r.number = 1") ?? -1
            // other.json's screens are help and home: store them home first.
            try db.execute(sql: "UPDATE change SET position = position + 100 WHERE revisionId = ?", arguments: [id])
            try db.execute(sql: "UPDATE change SET position = CASE screenKey WHEN 'home' THEN 0 ELSE 1 END WHERE revisionId = ?", arguments: [id])
            return id
        }
        try old.close()

        let store = try WireframeStore.open(path: folder + "/store.sqlite", connections: .single)
        #expect(try store.changes(revisionId: otherFirst).map(\.screenKey) == ["home", "help"])
        let marked = try store.reader.read { db in
            try Int64.fetchAll(db, sql: "SELECT r.id FROM revision r WHERE addedFromIntervals = 1")
        }
        #expect(marked.count == 1)
        #expect(!marked.contains(otherFirst))
        let appFirst = try #require(marked.first)
        #expect(try store.changes(revisionId: appFirst).map(\.screenKey) == ["home", "profile", "settings"])
        #expect(try store.log(LogFilter(screenKey: "help")).map(\.revision.id).contains(otherFirst))
    }

    /// Writes the content of a current store into a new store at schema 0006: revisions without
    /// the 0007 column, and the first revisions' `added` rows stored.
    static func writeSchema0006(from currentPath: String, to oldPath: String) throws {
        try OldSchemaStore.write(from: currentPath, to: oldPath, upTo: "0006_status_counts") { db in
            try db.execute(sql: "INSERT INTO main.revision SELECT \(revisionColumnsBefore0007) FROM current.revision ORDER BY id")
            for table in ["source", "screenPack", "screenVersion", "documentScreen", "importAttempt", "diagnostic"] {
                try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM current.\(table)")
            }
            try db.execute(
                sql: "INSERT INTO main.change SELECT * FROM (\(changesBefore0007)) ORDER BY revisionId, position")
        }
    }
}
