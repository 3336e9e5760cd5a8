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

    /// Copies the screen versions of the attached `current` store (schema 0010 or later) into
    /// `main.screenVersion` of a schema from 0004 to 0009, with their whole hashes.
    static func copyScreenVersions(_ db: Database, hashes: [Int64: Data]) throws {
        let insert = try db.makeStatement(
            sql: "INSERT INTO main.screenVersion (id, hash, packId, start, length) SELECT id, ?, packId, start, length FROM current.screenVersion WHERE id = ?")
        for (id, hash) in hashes.sorted(by: { $0.key < $1.key }) { try insert.execute(arguments: [hash, id]) }
        #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM current.screenVersion") == hashes.count)
    }
}
