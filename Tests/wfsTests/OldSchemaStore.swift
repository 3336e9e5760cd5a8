import Foundation
import GRDB
import Testing
@testable import WireframeStore

/// Writes the content of a current store into a new store at an older schema, for the upgrade
/// tests: the current store is first brought back to schema 0007 (times as text, every attempt a
/// row; ``Upgrade0008Tests/schema0007Copy(of:)``) and attached as `current`, the new store is
/// migrated up to `migration`, and in one transaction the tables every schema shares (project,
/// session, document) are copied before `copyRest` fills in what differs.
enum OldSchemaStore {
    static func write(
        from currentPath: String, to oldPath: String, upTo migration: String, copyRest: (Database) throws -> Void
    ) throws {
        let current0007 = try Upgrade0008Tests.schema0007Copy(of: currentPath)
        let pool = try DatabasePool(path: oldPath)
        try WireframeStore.migrator.migrate(pool, upTo: migration)
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current0007])
            try db.inTransaction {
                for table in ["project", "session", "document"] {
                    try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM current.\(table)")
                }
                try copyRest(db)
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE current")
        }
        try pool.close()
    }

    /// The whole hash of every screen version of a current store, by id, computed from its JSON:
    /// since migration 0010 a version keeps only the first bytes of its hash, the schemas before
    /// kept all 32.
    static func screenVersionHashes(of currentPath: String) throws -> [Int64: Data] {
        var hashes: [Int64: Data] = [:]
        let store = try WireframeStore.open(path: currentPath, connections: .single)
        try store.forEachScreenVersion { id, _, content in hashes[id] = HashBytes.sha256(content) }
        return hashes
    }

    /// Writes the content of a current store, as ``schema0010Copy(of:)`` gives it, into a new store
    /// migrated up to `migration`: `tables` copied whole in that order (`beforeTable` runs before
    /// each, for what a table refers to that the copy does not hold), then the table counts.
    static func writeFrom0010Copy(
        of currentPath: String, to oldPath: String, upTo migration: String, tables: [String],
        beforeTable: (Database, String) throws -> Void = { _, _ in }
    ) throws {
        let current0010 = try schema0010Copy(of: currentPath)
        let pool = try DatabasePool(path: oldPath)
        try WireframeStore.migrator.migrate(pool, upTo: migration)
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current0010])
            try db.inTransaction {
                for table in tables {
                    try beforeTable(db, table)
                    try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM current.\(table)")
                }
                try db.execute(sql: "DELETE FROM main.tableCount")
                try db.execute(sql: "INSERT INTO main.tableCount SELECT * FROM current.tableCount")
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE current")
        }
        try pool.close()
    }

    /// The tables of schemas 0008 and 0009 whose columns are those of the current schema in the
    /// same order (their screen versions, with whole hashes, are written by ``copyScreenVersions(_:hashes:)``).
    static let wholeHashTables = [
        "project", "session", "document", "revisionHeader", "revision", "change", "source", "screenPack", "documentScreen",
        "importAttempt", "diagnostic",
    ]

    /// Writes the content of a current store into a new store at a schema before 0010 (whole
    /// screen hashes), migrated up to `migration`.
    static func writeWholeHashSchema(from currentPath: String, to oldPath: String, upTo migration: String) throws {
        let hashes = try screenVersionHashes(of: currentPath)
        try writeFrom0010Copy(of: currentPath, to: oldPath, upTo: migration, tables: wholeHashTables) { db, table in
            // The intervals refer to the versions, which refer to the packs.
            if table == "documentScreen" { try copyScreenVersions(db, hashes: hashes) }
        }
    }

    /// A copy of a current store beside it with its screen versions and packs as schema 0010 kept
    /// them (for the tests of older migrations, whose copies read those tables): a version row of
    /// id, hash prefix, pack, start and length, the prefix indexed; a pack row of id, size, data.
    /// The packs keep their ids (their first versions' ids), which schema 0010 took as they came.
    static func schema0010Copy(of currentPath: String) throws -> String {
        let path = currentPath + "-0010"
        try? FileManager.default.removeItem(atPath: path)
        // Schema 0010 kept 4 bytes of each hash, the current one fewer (migration 0012).
        let hashes = try screenVersionHashes(of: currentPath)
        let current = try DatabaseQueue(path: currentPath)
        try current.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        try current.close()
        let copy = try DatabaseQueue(path: path)
        try copy.inDatabase { db in
            let packs = try Row.fetchAll(db, sql: "SELECT id, lengths FROM screenPack ORDER BY id")
            var prefixes: [Int64: Data] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id FROM screenVersion") {
                let id: Int64 = row[0]
                prefixes[id] = try #require(hashes[id]).prefix(4)
            }
            try db.execute(
                sql: """
                    DROP TABLE screenVersion;
                    CREATE TABLE screenVersion (
                        id INTEGER PRIMARY KEY,
                        hashPrefix BLOB NOT NULL CHECK (length(hashPrefix) = 4),
                        packId INTEGER NOT NULL REFERENCES screenPack(id) ON DELETE RESTRICT,
                        start INTEGER NOT NULL CHECK (start >= 0),
                        length INTEGER NOT NULL CHECK (length >= 0)
                    );
                    CREATE INDEX screenVersion_hashPrefix ON screenVersion(hashPrefix);
                    ALTER TABLE screenPack DROP COLUMN lengths;
                    """)
            let insert = try db.makeStatement(sql: "INSERT INTO screenVersion (id, hashPrefix, packId, start, length) VALUES (?, ?, ?, ?, ?)")
            var copied = 0
            for pack in packs {
                let packId: Int64 = pack[0]
                let lengths = try #require(ScreenPacks.lengths(pack[1]))
                var start = 0
                for (slot, length) in lengths.enumerated() {
                    let id = packId + Int64(slot)
                    let prefix: Data = try #require(prefixes[id])
                    try insert.execute(arguments: [id, prefix, packId, start, length])
                    start += length
                    copied += 1
                }
            }
            #expect(copied == prefixes.count)
        }
        try copy.close()
        return path
    }

    /// Copies the screen versions of the attached `current` store (schema 0010, ``schema0010Copy(of:)``) into
    /// `main.screenVersion` of a schema from 0004 to 0009, with their whole hashes.
    static func copyScreenVersions(_ db: Database, hashes: [Int64: Data]) throws {
        let insert = try db.makeStatement(
            sql: "INSERT INTO main.screenVersion (id, hash, packId, start, length) SELECT id, ?, packId, start, length FROM current.screenVersion WHERE id = ?")
        for (id, hash) in hashes.sorted(by: { $0.key < $1.key }) { try insert.execute(arguments: [hash, id]) }
        #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM current.screenVersion") == hashes.count)
    }
}
