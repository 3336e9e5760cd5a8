import Foundation
import GRDB
import Testing
import WireframeStore

@Suite struct MigrationTests {
    @Test func migratesAnEmptyStore() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let applied = try store.reader.read { db in try WireframeStore.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(WireframeStore.knownMigrations))
        #expect(try store.projectRoot() == folder)
    }

    @Test func migratesAStoreMadeByTheFirstSchema() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        do {
            let pool = try DatabasePool(path: path)
            try WireframeStore.migrator.migrate(pool, upTo: "0001_initial")
            try pool.write { db in
                try db.execute(sql: "INSERT INTO project (id, root, createdAt) VALUES (1, ?, '2026-01-01T00:00:00.000000Z')", arguments: [folder])
            }
        }
        let store = try WireframeStore.open(path: path)
        let applied = try store.reader.read { db in try WireframeStore.migrator.appliedIdentifiers(db) }
        #expect(applied.contains("0002_import_attempt_time"))
        let indexes = try store.reader.read { db in try db.indexes(on: "importAttempt").map(\.name) }
        #expect(indexes.contains("importAttempt_startedAt"))
    }

    @Test func refusesAStoreMigratedByANewerBinary() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.reader.read { _ in }
        let pool = try DatabasePool(path: store.path)
        try pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('0099_future')") }
        #expect(throws: StoreError.newerSchema(path: store.path, unknownMigrations: ["0099_future"])) {
            _ = try WireframeStore.open(path: store.path)
        }
    }

    @Test func saysHowToCreateAMissingStore() throws {
        let error = #expect(throws: StoreError.self) { _ = try WireframeStore.open(path: "/nonexistent/store.sqlite") }
        #expect(error?.description.contains("wfs init") == true)
    }
}
