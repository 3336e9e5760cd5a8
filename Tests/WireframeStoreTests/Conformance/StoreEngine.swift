import Foundation
import GRDB
import Testing
import WireframeSQLite
import WireframeStore

/// What the conformance suite needs of an engine besides the ``Store`` protocol: making a fresh
/// store, opening it again as another process would, and damaging it behind the protocol's back.
/// A new engine adds one of these to ``StoreEngines/all`` and runs the same suite.
protocol StoreEngine: Sendable, CustomTestStringConvertible {
    /// A new, empty store for a project rooted at `root`.
    func makeStore(root: String) throws -> any Store
    /// The same store opened again, with nothing of the first opening in memory.
    func reopen(_ store: any Store) throws -> any Store
    /// Marks the store as migrated by a newer binary, with a migration named `identifier`.
    func addUnknownMigration(_ identifier: String, to store: any Store) throws
    /// Damages the checksum of every stored screen pack.
    func damageScreenPacks(of store: any Store) throws
    /// Damages the checksum of every stored source.
    func damageSources(of store: any Store) throws
    /// Removes what ``makeStore(root:)`` made.
    func discard(_ store: any Store)
}

/// Every engine the conformance suite runs against.
enum StoreEngines {
    static let all: [any StoreEngine] = [SQLiteEngine()]
}

/// The SQLite engine: a store file in a temporary folder.
struct SQLiteEngine: StoreEngine {
    var testDescription: String { "SQLite" }

    func makeStore(root: String) throws -> any Store {
        try SQLiteStore.create(path: try temporaryFolder() + "/.wfs/store.sqlite", root: root)
    }

    func reopen(_ store: any Store) throws -> any Store {
        try SQLiteStore.open(path: store.location, connections: .single)
    }

    func addUnknownMigration(_ identifier: String, to store: any Store) throws {
        try write(store) { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier]) }
    }

    func damageScreenPacks(of store: any Store) throws {
        try write(store) { db in try flipLastByte(db, table: "screenPack", key: "id") }
    }

    func damageSources(of store: any Store) throws {
        try write(store) { db in try flipLastByte(db, table: "source", key: "revisionId") }
    }

    func discard(_ store: any Store) {
        try? store.close()
        // The store is `FOLDER/.wfs/store.sqlite`.
        let folder = URL(fileURLWithPath: store.location).deletingLastPathComponent().deletingLastPathComponent().path
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ store: any Store, _ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: store.location)
        try queue.write(body)
        try queue.close()
    }

    /// Flips the last byte of each row's `data`: in zlib data, the last byte of its Adler-32
    /// checksum, so that the deflate data itself still inflates and only the checksum tells.
    private func flipLastByte(_ db: Database, table: String, key: String) throws {
        for row in try Row.fetchAll(db, sql: "SELECT \(key), data FROM \(table)") {
            var data: Data = row[1]
            data[data.count - 1] ^= 0xFF
            try db.execute(sql: "UPDATE \(table) SET data = ? WHERE \(key) = ?", arguments: [data, row[0] as Int64])
        }
    }
}
