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

/// A store made before revisions kept their base: each revision was based on its parent then
/// (one writer stored at a time), and replaced nothing.
@Suite struct ConcurrentSavesMigrationTests {
    @Test func revisionsOfAnOlderStoreAreBasedOnTheirParent() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "0001_baseline")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO project (id, root, createdAt) VALUES (1, ?, 0)", arguments: [folder])
            try db.execute(sql: "INSERT INTO document (id, path, format, createdAt) VALUES (1, 'app.json', 'json', 0)")
            try db.execute(sql: "INSERT INTO revisionHeader (id, data) VALUES (1, X'7B7D')")
            for number in 1...3 {
                try db.execute(
                    sql: """
                        INSERT INTO revision (id, documentId, number, parentId, contentHash, sourceHash, headerId, createdAt, author, origin)
                        VALUES (?, 1, ?, ?, ?, ?, 1, ?, 'ada', 'cli')
                        """,
                    arguments: [
                        number, number, number == 1 ? nil : number - 1, Data(repeating: UInt8(number), count: 32),
                        Data(repeating: UInt8(number), count: 32), number,
                    ])
            }
        }
        try queue.close()

        let store = try SQLiteStore.open(path: path)
        defer { try? store.close() }
        let revisions = try store.allRevisions()
        #expect(revisions.map(\.basedOn) == [nil, 1, 2])
        #expect(revisions.allSatisfy { $0.replaces == nil && $0.machine == nil })
        #expect(try store.reader.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == Set(SQLiteStore.knownMigrations))
    }
}

/// A store made before meetings kept who recorded them: its meetings name nobody, and they take
/// who changes them from then on.
@Suite struct SessionAuthorsMigrationTests {
    @Test func meetingsOfAnOlderStoreHaveNoAuthorUntilChanged() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "0005_revision_notes")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO project (id, root, createdAt) VALUES (1, ?, 0)", arguments: [folder])
            try db.execute(sql: "INSERT INTO session (name, notes, startedAt, endedAt) VALUES ('Kickoff', NULL, 0, 10)")
        }
        try queue.close()

        let store = try SQLiteStore.open(path: path)
        defer { try? store.close() }
        let old = try store.session(named: "Kickoff")
        #expect(old.author == nil && old.changedBy == nil && old.changedAt == nil && old.endedAt == Timestamp(microseconds: 10))
        let renamed = try store.editSession(named: "Kickoff", newName: "Kickoff with Acme", notes: nil, at: .at(20), by: "ann")
        #expect(renamed.author == nil && renamed.changedBy == "ann" && renamed.changedAt == .at(20))
        #expect(try store.session(named: "Kickoff with Acme") == renamed)
    }
}
