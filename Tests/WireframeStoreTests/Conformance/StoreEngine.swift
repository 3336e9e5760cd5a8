import Foundation
import GRDB
import Testing
import WireframePostgreSQL
import WireframeSQLite
import WireframeStore
import WireframeTestSupport

/// What the conformance suite needs of an engine besides the ``Store`` protocol: making a fresh
/// store, opening it again as another process would, and damaging it behind the protocol's back.
/// A new engine adds one of these to ``StoreEngines/all`` and runs the same suite.
protocol StoreEngine: Sendable, CustomTestStringConvertible {
    /// Whether the store records the project root it was made for (a shared store does not: the
    /// root is per machine).
    var recordsRoot: Bool { get }
    /// A new, empty store for a project rooted at `root`.
    func makeStore(root: String) throws -> any Store
    /// The same store opened again, with nothing of the first opening in memory.
    func reopen(_ store: any Store) throws -> any Store
    /// Marks the store as migrated by a newer binary, with a migration named `identifier`.
    func addUnknownMigration(_ identifier: String, to store: any Store) throws
    /// Damages every stored screen content (or what checks it), so that only the check tells.
    func damageScreenContents(of store: any Store) throws
    /// Damages the checksum of every stored source.
    func damageSources(of store: any Store) throws
    /// Removes what ``makeStore(root:)`` made.
    func discard(_ store: any Store)
}

/// Every engine the conformance suite runs against.
enum StoreEngines {
    static let all: [any StoreEngine] = [SQLiteEngine()] + (PostgreSQLTestServer.isEnabled ? [PostgreSQLEngine()] : [])
}

/// The SQLite engine: a store file in a temporary folder.
struct SQLiteEngine: StoreEngine {
    var testDescription: String { "SQLite" }
    var recordsRoot: Bool { true }

    func makeStore(root: String) throws -> any Store {
        try SQLiteStore.create(path: try temporaryFolder() + "/.wfs/store.sqlite", root: root)
    }

    func reopen(_ store: any Store) throws -> any Store {
        try SQLiteStore.open(path: store.location, connections: .single)
    }

    func addUnknownMigration(_ identifier: String, to store: any Store) throws {
        try write(store) { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier]) }
    }

    func damageScreenContents(of store: any Store) throws {
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

/// The PostgreSQL engine: a store in a new database of the test cluster (`WFS_TEST_POSTGRESQL`),
/// dropped afterwards.
struct PostgreSQLEngine: StoreEngine {
    var testDescription: String { "PostgreSQL" }
    var recordsRoot: Bool { false }

    func makeStore(root: String) throws -> any Store {
        let database = try PostgreSQLTestServer.makeDatabase()
        return try PostgreSQLStore.create(url: database.url)
    }

    func reopen(_ store: any Store) throws -> any Store {
        try PostgreSQLStore.open(url: store.location)
    }

    func addUnknownMigration(_ identifier: String, to store: any Store) throws {
        try PostgreSQLTestServer.execute("INSERT INTO schema_migration (identifier) VALUES ('\(identifier)')", database: name(store))
    }

    /// Flips the last byte of every screen version's JSON: its hash no longer matches.
    func damageScreenContents(of store: any Store) throws {
        try PostgreSQLTestServer.execute(
            "UPDATE screen_version SET content = set_byte(content, length(content) - 1, get_byte(content, length(content) - 1) # 255)",
            database: name(store))
    }

    /// Flips the last byte of every stored source.
    func damageSources(of store: any Store) throws {
        try PostgreSQLTestServer.execute(
            "UPDATE source SET data = set_byte(data, length(data) - 1, get_byte(data, length(data) - 1) # 255)", database: name(store))
    }

    func discard(_ store: any Store) {
        try? store.close()
        if let name = try? name(store) { PostgreSQLTestServer.dropDatabase(name) }
    }

    /// The database of a store made by ``makeStore(root:)``: the path of its URL.
    private func name(_ store: any Store) throws -> String {
        guard let path = store.location.split(separator: "?").first?.split(separator: "/").last, path.hasPrefix("wfs_test_") else {
            throw TestSupportError("not a test database: \(store.location)")
        }
        return String(path)
    }
}
