import Foundation
import GRDB
import Testing
@testable import WireframeStore

/// A store written by the schema of `0011_pack_directories` reads the same through every command
/// once this binary has upgraded it with `0012_compact_schema`: the same rows in every table, the
/// schema's texts without comments or line breaks, the same foreign keys, the indexes that remain,
/// the triggers and checks still at work, and 3 bytes of each screen version's hash instead of 4.
@Suite struct Upgrade0012Tests {
    /// The tables of schema 0011, in an order that their foreign keys allow, each with the order of its key.
    static let tables: [(name: String, order: String)] = [
        ("project", "id"), ("session", "id"), ("document", "id"), ("revisionHeader", "id"), ("revision", "id"),
        ("change", "revisionId, position"), ("source", "revisionId"), ("screenPack", "id"), ("screenVersion", "hashPrefix, id"),
        ("documentScreen", "documentId, screenKey, validFrom"), ("importAttempt", "id"), ("diagnostic", "id"),
        ("tableCount", "name"),
    ]

    /// Writes the content of a current store into a new store at schema 0011 (the same columns
    /// in every table; a version's hash prefix of 4 bytes, computed from its JSON), the table
    /// counts last.
    static func writeSchema0011(from currentPath: String, to oldPath: String) throws {
        let hashes = try OldSchemaStore.screenVersionHashes(of: currentPath)
        let pool = try DatabasePool(path: oldPath)
        try WireframeStore.migrator.migrate(pool, upTo: "0011_pack_directories")
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [currentPath])
            try db.inTransaction {
                for table in tables.map(\.name) where table != "tableCount" && table != "screenVersion" {
                    try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM current.\(table)")
                }
                for (id, hash) in hashes {
                    try db.execute(sql: "INSERT INTO main.screenVersion (hashPrefix, id) VALUES (?, ?)", arguments: [hash.prefix(4), id])
                }
                try db.execute(sql: "DELETE FROM main.tableCount")
                try db.execute(sql: "INSERT INTO main.tableCount SELECT * FROM current.tableCount")
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE current")
        }
        try pool.close()
    }

    /// Every row of every table, in key order; a version's hash prefix as the upgrade keeps it,
    /// its first 3 bytes, in id order.
    static func rows(_ db: Database) throws -> [[Row]] {
        try tables.map { table in
            table.name == "screenVersion"
                ? try Row.fetchAll(db, sql: "SELECT substr(hashPrefix, 1, 3) AS hashPrefix, id FROM screenVersion ORDER BY id")
                : try Row.fetchAll(db, sql: "SELECT * FROM \(table.name) ORDER BY \(table.order)")
        }
    }

    /// Every foreign key of every table, as SQLite lists them.
    static func foreignKeys(_ db: Database) throws -> [Row] {
        try tables.flatMap { table in
            try Row.fetchAll(
                db, sql: "SELECT ?, \"table\", \"from\", \"to\", on_update, on_delete, \"match\" FROM pragma_foreign_key_list(?) ORDER BY id, seq",
                arguments: [table.name, table.name])
        }
    }

    /// The named indexes and the triggers, with their tables.
    static let objects = "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name"

    @Test func everyCommandPrintsTheSameAfterMigration0012() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let (before, _, oldPath) = try UpgradeTests.replaceWithOldSchema(cli) { current, old in
            try Self.writeSchema0011(from: current, to: old)
        }

        let old = try DatabaseQueue(path: oldPath)
        let (applied, oldRows, oldKeys, oldObjects, oldText) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try Self.rows(db), try Self.foreignKeys(db), try Row.fetchAll(db, sql: Self.objects),
             try Int.fetchOne(db, sql: "SELECT SUM(length(sql)) FROM sqlite_master") ?? 0)
        }
        try old.close()
        #expect(applied == Array(WireframeStore.knownMigrations.prefix(11)))
        #expect(oldRows.allSatisfy { !$0.isEmpty })
        #expect(oldRows[8].count == 8)
        let dropped: Set<String> = ["change_screen", "change_previousKey", "session_startedAt"]
        #expect(Set(oldObjects.map { $0[1] as String }).isSuperset(of: dropped))

        try UpgradeTests.expectSameOutputs(cli, as: before)

        let store = try WireframeStore.open(path: oldPath, connections: .single)
        let upgraded = try DatabaseQueue(path: oldPath)
        try upgraded.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") == WireframeStore.knownMigrations)
            #expect(try Self.rows(db) == oldRows)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM screenVersion WHERE length(hashPrefix) <> 3") == 0)
            #expect(try Self.foreignKeys(db) == oldKeys)
            // The same indexes and triggers but the three dropped.
            #expect(try Row.fetchAll(db, sql: Self.objects) == oldObjects.filter { !dropped.contains($0[1] as String) })
            // No comment, line break or indentation is kept, and the texts are shorter.
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE instr(sql, '--') > 0 OR instr(sql, char(10)) > 0 OR instr(sql, '  ') > 0") == 0)
            let text = try Int.fetchOne(db, sql: "SELECT SUM(length(sql)) FROM sqlite_master") ?? 0
            #expect(text > 0 && text * 10 < oldText * 9)
            // No table is left over, and the migrations are one tree (WITHOUT ROWID).
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%0011%'") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE tbl_name = 'grdb_migrations'") == 1)
            #expect(try Int.fetchOne(db, sql: "PRAGMA freelist_count") == 0)  // vacuumed after the upgrade
        }
        try upgraded.close()
        #expect(try store.countMismatches().isEmpty)
        #expect(try store.integrityProblems().isEmpty)
        #expect(try store.screenStorageProblems().isEmpty)

        // The checks and triggers are still at work (each write is rolled back).
        let writer = try DatabaseQueue(path: oldPath)
        let refused = [
            "UPDATE revision SET attemptLead = -1 WHERE id = (SELECT MAX(id) FROM revision WHERE attemptLead IS NOT NULL)",
            "UPDATE revision SET attemptDuration = NULL WHERE id = (SELECT MAX(id) FROM revision WHERE attemptLead IS NOT NULL)",
            "UPDATE revision SET contentHash = x'00' WHERE id = (SELECT MAX(id) FROM revision WHERE contentHash IS NOT NULL)",
            "UPDATE documentScreen SET validUntil = validFrom WHERE validUntil IS NOT NULL",
            "UPDATE documentScreen SET validUntil = NULL WHERE validUntil IS NOT NULL",
            "INSERT INTO documentScreen SELECT documentId, validFrom + 100, screenKey, NULL, versionId FROM documentScreen WHERE validUntil IS NULL LIMIT 1",
            "UPDATE session SET endedAt = startedAt - 1 WHERE endedAt IS NOT NULL",
            "UPDATE screenVersion SET hashPrefix = x'00'",
            "INSERT INTO revision (documentId, number, contentHash, sourceHash, createdAt, author, origin) VALUES (99, 1, zeroblob(32), zeroblob(32), 0, 'a', 'cli')",
        ]
        for sql in refused {
            try writer.inTransaction { db in
                #expect(throws: DatabaseError.self, "\(sql)") { try db.execute(sql: sql) }
                return .rollback
            }
        }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO session (name, startedAt) VALUES ('Later', 1)")
            #expect(try Int.fetchOne(db, sql: "SELECT count FROM tableCount WHERE name = 'session'") == 3)
            try db.execute(sql: "DELETE FROM session WHERE name = 'Later'")
            #expect(try Int.fetchOne(db, sql: "SELECT count FROM tableCount WHERE name = 'session'") == 2)
        }
        try writer.close()

        // The upgraded store takes new revisions, and a screen's log finds them.
        let profileLog = try cli.run("log", "--screen", "profile")
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "Profile 3")]))
        #expect(try cli.run("import", "screens").status == 0)
        let log = try cli.run("log", "--screen", "profile")
        #expect(log.status == 0 && log.output.hasSuffix(profileLog.output) && log.output.count > profileLog.output.count)
        #expect(try store.countMismatches().isEmpty)
        #expect(try cli.run("verify").output.contains("no problems"))
    }
}
