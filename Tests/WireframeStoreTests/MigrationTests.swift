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

    @Test func keepsTheDataOfAStoreMadeByTheFirstSchema() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A revision with its screens, change and source, written with the first schema.
        let path = folder + "/store.sqlite"
        let source = Array("a=A1;b=B1".utf8)
        do {
            let pool = try DatabasePool(path: path)
            try WireframeStore.migrator.migrate(pool, upTo: "0001_initial")
            try pool.write { db in
                try db.execute(sql: "INSERT INTO project (id, root, createdAt) VALUES (1, ?, '2026-01-01T00:00:00.000000Z')", arguments: [folder])
                try db.execute(sql: "INSERT INTO document (id, path, format, createdAt) VALUES (1, 'app.json', 'json', '2026-01-01T00:00:00.000000Z')")
                try db.execute(
                    sql: """
                        INSERT INTO revision (id, documentId, number, isDeletion, contentHash, sourceHash, header, screenCount, createdAt, author, origin)
                        VALUES (1, 1, 1, 0, ?, ?, ?, 2, '2026-01-01T00:00:01.000000Z', 'ada', 'cli')
                        """,
                    arguments: [hash("doc"), hash("src"), Data("{}".utf8)])
                for (key, text) in [("a", "A1"), ("b", "B1")] {
                    try db.execute(sql: "INSERT INTO screenVersion (hash, content) VALUES (?, ?)", arguments: [hash(text), Data(text.utf8)])
                    try db.execute(
                        sql: "INSERT INTO documentScreen (documentId, screenKey, screenHash, validFrom) VALUES (1, ?, ?, 1)",
                        arguments: [key, hash(text)])
                }
                try db.execute(sql: "INSERT INTO change (revisionId, screenKey, kind) VALUES (1, 'a', 'added')")
                try db.execute(
                    sql: "INSERT INTO source (revisionId, encoding, chainLength, size, data) VALUES (1, 'zlib', 0, ?, ?)",
                    arguments: [source.count, Data(try SourceCodec.compress(source))])
            }
        }
        let store = try WireframeStore.open(path: path)
        let applied = try store.reader.read { db in try WireframeStore.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(WireframeStore.knownMigrations))
        let indexes = try store.reader.read { db in try db.indexes(on: "change").map(\.name) }
        // A screen's changes are found through its intervals since migration 0012.
        #expect(indexes == ["sqlite_autoindex_change_1"])
        let head = try #require(try store.headState(documentPath: "app.json"))
        #expect(head.revision.number == 1)
        #expect(head.screenHashes == ["a": hash("A1"), "b": hash("B1")])
        #expect(try store.source(revisionId: 1) == source)
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [1])
        #expect(try store.integrityProblems().isEmpty)
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
