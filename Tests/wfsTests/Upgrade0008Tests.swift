import Foundation
import GRDB
import Testing
import WireframeStore

/// A store written by the schema of `0007_smaller_history` reads the same through every command
/// once this binary has upgraded it with `0008_integer_times`: times as integers, the attempts of
/// stored revisions in the revisions' rows.
@Suite struct Upgrade0008Tests {
    /// A current time column (microseconds) as the text that schemas before 0008 stored.
    static func text(_ column: String) -> String {
        "CASE WHEN (\(column)) IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%S', (\(column)) / 1000000, 'unixepoch') || printf('.%06dZ', (\(column)) % 1000000) END"
    }

    /// The attempts of a current store (attached as `current`) as rows before 0008: its rows, then
    /// one row per attempt held by a revision, numbered after them in revision order.
    static let attemptsBefore0008 = """
        SELECT id, path, outcome, revisionId, contentHash, \(text("startedAt")) AS startedAt, durationMicroseconds, author, origin
        FROM current.importAttempt
        UNION ALL
        SELECT (SELECT coalesce(MAX(id), 0) FROM current.importAttempt) + ROW_NUMBER() OVER (ORDER BY r.id), d.path,
            CASE r.isDeletion WHEN 1 THEN 'deleted' ELSE 'stored' END, r.id, NULL, \(text("r.createdAt - r.attemptLead")),
            r.attemptDuration, r.author, r.origin
        FROM current.revision r JOIN current.document d ON d.id = r.documentId
        WHERE r.attemptLead IS NOT NULL
        """

    /// The change rows of a current store (attached as `current`) before 0008: fields as objects.
    static let changesBefore0008 = """
        SELECT revisionId, position, screenKey, previousKey, kind,
            CASE WHEN fields IS NULL THEN NULL ELSE (
                SELECT json_group_array(json_object('field', j.value ->> 0, 'new', \(newValue), 'old', j.value ->> 1))
                FROM json_each(fields) j) END
        FROM current.change
        """

    /// The new value of a stored field `j.value` (`[field, old, new]`) as text: since migration
    /// 0010 it may be an edit of the old value, `[prefix, middle, suffix]` in Unicode scalars
    /// (SQLite's `substr` and `length` count characters of text the same way).
    static let newValue = """
        CASE WHEN json_type(j.value, '$[2]') = 'array'
            THEN substr(j.value ->> 1, 1, j.value ->> '$[2][0]') || (j.value ->> '$[2][1]')
                || substr(j.value ->> 1, length(j.value ->> 1) - (j.value ->> '$[2][2]') + 1)
            ELSE j.value ->> 2 END
        """

    /// A current store's `fields` as migration 0008 wrote them (every new value whole), for
    /// comparing with the fields of an upgraded store.
    static let plainFields = """
        CASE WHEN fields IS NULL THEN NULL ELSE (
            SELECT json_group_array(json_array(j.value ->> 0, j.value ->> 1, \(newValue))) FROM json_each(fields) j) END
        """

    /// Writes the content of a current store into a new store at schema 0007: times as text, every
    /// attempt a row of `importAttempt`, fields as objects, the 8-byte hash index.
    static func writeSchema0007(from currentPath: String, to oldPath: String) throws {
        let hashes = try OldSchemaStore.screenVersionHashes(of: currentPath)
        // Its screen versions and packs as schema 0010 kept them (the versions by id with their places).
        let current0010 = try OldSchemaStore.schema0010Copy(of: currentPath)
        let pool = try DatabasePool(path: oldPath)
        try WireframeStore.migrator.migrate(pool, upTo: "0007_smaller_history")
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current0010])
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO main.project SELECT id, root, \(text("createdAt")) FROM current.project")
                try db.execute(
                    sql: "INSERT INTO main.session SELECT id, name, notes, \(text("startedAt")), \(text("endedAt")) FROM current.session")
                try db.execute(sql: "INSERT INTO main.document SELECT id, path, format, \(text("createdAt")) FROM current.document")
                try db.execute(sql: "INSERT INTO main.revisionHeader SELECT * FROM current.revisionHeader")
                try db.execute(
                    sql: """
                        INSERT INTO main.revision (id, documentId, number, parentId, isDeletion, contentHash, sourceHash, headerId,
                            screenCount, createdAt, author, origin, message, sessionId, addedFromIntervals)
                        SELECT id, documentId, number, parentId, isDeletion, contentHash, sourceHash, headerId, screenCount,
                            \(text("createdAt")), author, origin, message, sessionId, addedFromIntervals
                        FROM current.revision ORDER BY id
                        """)
                try db.execute(sql: "INSERT INTO main.change \(changesBefore0008)")
                for table in ["source", "screenPack", "documentScreen"] {
                    // The intervals refer to the versions, which refer to the packs.
                    if table == "documentScreen" { try OldSchemaStore.copyScreenVersions(db, hashes: hashes) }
                    try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM current.\(table)")
                }
                try db.execute(sql: "INSERT INTO main.importAttempt SELECT * FROM (\(attemptsBefore0008)) ORDER BY id")
                try db.execute(sql: "INSERT INTO main.diagnostic SELECT * FROM current.diagnostic")
                try db.execute(sql: "DELETE FROM main.tableCount")
                try db.execute(sql: "INSERT INTO main.tableCount SELECT * FROM current.tableCount")
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE current")
        }
        try pool.close()
    }

    /// A copy of a current store at schema 0007 beside it (for the tests of older migrations, which
    /// turn a 0007 store into their older schemas).
    static func schema0007Copy(of currentPath: String) throws -> String {
        let path = currentPath + "-0007"
        try? FileManager.default.removeItem(atPath: path)
        try writeSchema0007(from: currentPath, to: path)
        return path
    }

    /// Every attempt of a store at schema 0007 (text times), newest first as `status` lists them.
    static func attempts0007(_ db: Database) throws -> [String] {
        try Row.fetchAll(
            db, sql: "SELECT path, outcome, revisionId, startedAt, durationMicroseconds FROM importAttempt ORDER BY startedAt DESC, id DESC"
        ).map { "\($0[0] as String) \($0[1] as String) \(($0[2] as Int64?).map(String.init) ?? "-") \($0[3] as String) \($0[4] as Int64)" }
    }

    /// The same of a store through ``WireframeStore/recentAttempts(limit:)``.
    static func attempts(_ store: WireframeStore) throws -> [String] {
        try store.recentAttempts(limit: 1000).map {
            "\($0.path) \($0.outcome.rawValue) \($0.revisionId.map(String.init) ?? "-") \($0.startedAt.text) \($0.durationMicroseconds)"
        }
    }

    /// Moves the store of `cli` aside (as `.wfs-current`) and writes its content at schema 0007
    /// where it was; returns the paths of both.
    static func replaceWithSchema0007(_ cli: StoreCLI) throws -> (old: String, current: String) {
        let folder = cli.root + "/.wfs"
        try FileManager.default.moveItem(atPath: folder, toPath: cli.root + "/.wfs-current")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = (old: folder + "/store.sqlite", current: cli.root + "/.wfs-current/store.sqlite")
        try writeSchema0007(from: paths.current, to: paths.old)
        return paths
    }

    @Test func everyCommandPrintsTheSameAfterMigration0008() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try UpgradeTests.makeHistory(cli)
        let before = try UpgradeTests.outputs(cli)
        #expect(before.last?.contains("no problems") == true)
        let paths = try Self.replaceWithSchema0007(cli)

        let old = try DatabaseQueue(path: paths.old)
        let (applied, oldAttempts, timeType, oldCounts) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try Self.attempts0007(db),
             try String.fetchOne(db, sql: "SELECT DISTINCT typeof(createdAt) FROM revision"),
             try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name"))
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(7)))
        #expect(timeType == "text")
        // Four stored revisions, one tombstone, the rejected file, app.json unchanged in the last folder import.
        #expect(oldAttempts.count == 7)
        #expect(oldAttempts.filter { $0.contains(" rejected ") || $0.contains(" failed ") }.count == 1)

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let store = try WireframeStore.open(path: paths.old, connections: .single)
        #expect(try Self.attempts(store) == oldAttempts)
        let upgraded = try DatabaseQueue(path: paths.old)
        try upgraded.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            // The attempts of the stored revisions and the tombstone are in their rows; the rejected and unchanged ones stay rows.
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revision WHERE attemptLead IS NOT NULL") == 5)
            let rows = try String.fetchAll(db, sql: "SELECT outcome FROM importAttempt ORDER BY id")
            #expect(rows == ["rejected", "unchanged"])
            #expect(try Row.fetchAll(db, sql: "SELECT name, count FROM tableCount ORDER BY name") == oldCounts)
            for (table, column) in [("project", "createdAt"), ("session", "startedAt"), ("session", "endedAt"), ("document", "createdAt"),
                                    ("revision", "createdAt"), ("importAttempt", "startedAt")] {
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE typeof(\(column)) <> 'integer'") == 0)
            }
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
        }
        try upgraded.close()
        #expect(try store.countMismatches().isEmpty)
        #expect(try store.integrityProblems().isEmpty)

        // The upgraded store takes new revisions; their attempts are held by their rows.
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Settings"), ("profile", "Profile 3")]))
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try cli.run("log", "--limit", "1").output.contains("profile"))
        let status = try cli.run("status").output
        #expect(status.contains("stored  screens/app.json"))
        let attemptsAfter = try Self.attempts(store)
        #expect(attemptsAfter.count == 8)
        #expect(try store.countMismatches().isEmpty)
        #expect(try cli.run("verify").output.contains("no problems"))
    }

    /// An attempt that the revision's row would not give back as it was (here another author than
    /// the revision's) stays a row; a time that is not exactly a stored text fails the migration,
    /// which then changes nothing.
    @Test func attemptsAndTimesThatDoNotFitAreKeptOrRefused() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try UpgradeTests.makeHistory(cli)
        let paths = try Self.replaceWithSchema0007(cli)
        let old = try DatabaseQueue(path: paths.old)
        let (kept, oldAttempts) = try old.write { db -> (Int64, [String]) in
            let id = try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM importAttempt WHERE outcome = 'stored'") ?? -1
            try db.execute(sql: "UPDATE importAttempt SET author = 'someone else' WHERE id = ?", arguments: [id])
            return (id, try Self.attempts0007(db))
        }
        try old.close()
        let store = try WireframeStore.open(path: paths.old, connections: .single)
        #expect(try Self.attempts(store) == oldAttempts)
        let upgraded = try DatabaseQueue(path: paths.old)
        try upgraded.read { (db: Database) throws in
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM importAttempt WHERE outcome = 'stored'") == [kept])
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revision WHERE attemptLead IS NOT NULL") == 4)
        }
        try upgraded.close()
        #expect(try store.countMismatches().isEmpty)

        let badPath = cli.root + "/bad.sqlite"
        try Self.writeSchema0007(from: paths.current, to: badPath)
        let bad = try DatabaseQueue(path: badPath)
        try bad.write { db in try db.execute(sql: "UPDATE revision SET createdAt = '2026-02-30T10:00:00.000000Z' WHERE id = 2") }
        try bad.close()
        #expect(throws: (any Error).self) { try WireframeStore.open(path: badPath, connections: .single) }
        let unchanged = try DatabaseQueue(path: badPath)
        try unchanged.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == Array(WireframeStore.knownMigrations.prefix(7)))
            #expect(try String.fetchOne(db, sql: "SELECT createdAt FROM revision WHERE id = 2") == "2026-02-30T10:00:00.000000Z")
        }
        try unchanged.close()
    }
}
