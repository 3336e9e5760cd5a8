import Foundation
import GRDB
import Testing
import WireframeModel
import WireframeStore

/// `DirectReader` (SQLite alone, for `wfs diff`) answers what `WireframeStore` answers, on a
/// current store only, and hands everything else back.
@Suite struct DirectReaderTests {
    /// Revisions by id, by number and as heads, and every comparison of two revisions of one
    /// document: the same values as the store's own queries.
    @Test func answersWhatTheStoreAnswers() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try store.startSession(name: "Review", notes: nil, at: .at(0))
        let revisions = try IntervalsByKeyTests.history(store)
        #expect(revisions.allSatisfy { $0.sessionName == "Review" })
        let reader = try #require(DirectReader.open(path: store.path))
        defer { reader.close() }
        for revision in revisions {
            #expect(try reader.revision(id: revision.id) == store.revision(id: revision.id))
            #expect(try reader.revision(documentPath: revision.documentPath, number: revision.number) == revision)
        }
        for path in ["app.json", "other.json"] {
            #expect(try reader.head(documentPath: path) == store.revision(documentPath: path, atOrBefore: nil))
        }
        #expect(try reader.hasSession(named: "Review"))
        #expect(try !reader.hasSession(named: "3"))
        #expect(throws: (any Error).self) { try reader.revision(id: 99) }
        #expect(throws: (any Error).self) { try reader.revision(documentPath: "app.json", number: 99) }
        #expect(throws: (any Error).self) { try reader.head(documentPath: "missing.json") }

        var compared = 0
        for old in revisions where old.documentPath == "app.json" {
            for new in revisions where new.documentPath == "app.json" {
                let direct = try reader.screenComparison(oldId: old.id, newId: new.id)
                let stored = try store.screenComparison(oldId: old.id, newId: new.id)
                #expect(direct.keys == stored.keys, "\(old.id) → \(new.id)")
                #expect(direct.oldScreenVersions == stored.oldScreenVersions, "\(old.id) → \(new.id)")
                #expect(direct.newScreenVersions == stored.newScreenVersions, "\(old.id) → \(new.id)")
                #expect(direct.contents == stored.contents, "\(old.id) → \(new.id)")
                #expect(direct.oldScreens == stored.oldScreens && direct.newScreens == stored.newScreens)
                #expect(direct.oldHeader == stored.oldHeader && direct.newHeader == stored.newHeader)
                compared += 1
            }
        }
        #expect(compared == 25)
        // Two documents are left to the store.
        let other = try #require(revisions.first { $0.documentPath == "other.json" })
        #expect(throws: (any Error).self) { try reader.screenComparison(oldId: revisions[0].id, newId: other.id) }
    }

    /// A store whose migrations are not exactly this binary's (older: to migrate; newer: to
    /// refuse), or no store at all, is not read.
    @Test func readsOnlyACurrentStore() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try IntervalsByKeyTests.history(store)
        try store.close()
        // The last connection to close moves the WAL into the store file and removes the WAL
        // files, as a command that only read does.
        let reader = try #require(DirectReader.open(path: store.path))
        #expect(try reader.revision(documentPath: "app.json", number: 4).number == 4)
        reader.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/.wfs").sorted() == ["store.sqlite"])
        #expect(DirectReader.open(path: folder + "/missing.sqlite") == nil)
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.sqlite"))

        let last = try #require(WireframeStore.knownMigrations.last)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9999_from_a_newer_binary')") }
        #expect(DirectReader.open(path: store.path) == nil)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('9999_from_a_newer_binary', ?)", arguments: [last])
        }
        #expect(DirectReader.open(path: store.path) == nil)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [last]) }
        try queue.close()
        let again = try #require(DirectReader.open(path: store.path))
        #expect(try again.revision(documentPath: "app.json", number: 1).number == 1)
        again.close()
    }
}
