import GRDB
import WireframeStore

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
}
