import Foundation
import GRDB
import Testing
import WireframeSQLite
import WireframeStore

@Suite struct MigrationTests {
    @Test func migratesAnEmptyStore() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let applied = try store.reader.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(SQLiteStore.knownMigrations))
        #expect(try store.projectRoot() == folder)
    }

    @Test func refusesAStoreMigratedByANewerBinary() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.reader.read { _ in }
        let pool = try DatabasePool(path: store.path)
        try pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('0099_future')") }
        #expect(throws: StoreError.newerSchema(path: store.path, unknownMigrations: ["0099_future"])) {
            _ = try SQLiteStore.open(path: store.path)
        }
    }

    @Test func saysHowToCreateAMissingStore() throws {
        let error = #expect(throws: StoreError.self) { _ = try SQLiteStore.open(path: "/nonexistent/store.sqlite") }
        #expect(error?.description.contains("wfs init") == true)
    }
}
