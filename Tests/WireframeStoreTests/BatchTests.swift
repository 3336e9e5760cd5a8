import Foundation
import GRDB
import Testing
@testable import WireframeSQLite
import WireframeStore

/// `SQLiteStore.batch`: the writes of one command's single connection in one transaction, each a
/// savepoint of it; a pool commits each write as it comes.
@Suite struct BatchTests {
    /// A single connection to a new store (what one `wfs` command opens), and the folder.
    static func singleConnectionStore() throws -> (SQLiteStore, String) {
        let (created, folder) = try makeStore()
        try created.close()
        return (try SQLiteStore.open(path: created.path, connections: .single), folder)
    }

    /// The revisions another process sees in the store's file.
    static func committedRevisions(_ path: String) throws -> Int {
        let other = try SQLiteStore.open(path: path, connections: .single)
        defer { try? other.close() }
        return try other.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM revision") ?? -1 }
    }

    /// Ten revisions of a document whose screens change one after the other.
    static func revision(_ number: Int, head: Int64?) -> NewRevision {
        let screens = (0..<40).map { ("screen\($0)", "{\"key\":\"screen\($0)\",\"title\":\"\($0 == number % 40 ? "v\(number)" : "t")\"}") }
        return newRevision(screens: screens, expectedHead: head, at: .at(Int64(number)))
    }

    @Test func aBatchCommitsOnceAndReadsItsOwnWritesMeanwhile() throws {
        let (store, folder) = try Self.singleConnectionStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var head: Int64?
        let stored = try store.batch { () throws -> Int in
            for number in 1...10 {
                let record = try store.recordImport(Self.revision(number, head: head))
                #expect(record.outcome == .stored)
                head = record.revision?.id
                // The batch's own reads see what it wrote; nobody else does yet.
                #expect(try store.revision(documentPath: "app.json", atOrBefore: nil)?.number == number)
                #expect(try store.headState(documentPath: "app.json")?.revision.id == head)
            }
            #expect(try Self.committedRevisions(store.path) == 0)
            return 10
        }
        #expect(stored == 10)
        #expect(try Self.committedRevisions(store.path) == 10)
        // Inside the batch the pack being filled was written as it is; the commit compressed it.
        let (size, length) = try store.reader.read { db -> (Int64, Int64) in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT size, length(data) FROM screenPack ORDER BY id DESC LIMIT 1"))
            return (row[0], row[1])
        }
        #expect(size < Int64(ScreenPacks.packSize) && length < size / 2)
        #expect(try store.storageProblems().isEmpty)
        for number in 1...10 {
            let stored = try store.revision(documentPath: "app.json", number: number)
            #expect(stored?.contentHash == Self.revision(number, head: nil).contentHash)
        }
        let open = store.writer.writeWithoutTransaction { db in db.isInsideTransaction }
        #expect(!open)
        try store.close()
    }

    @Test func aWriteThatFailsInsideIsUndoneAloneAndABodyThatThrowsUndoesTheBatch() throws {
        struct Stopped: Error, Equatable {}
        let (store, folder) = try Self.singleConnectionStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.batch {
            let first = try store.recordImport(Self.revision(1, head: nil))
            // A stale head, and a rename from a document that does not exist, each undone alone
            // (the rename had made its document row before it refused).
            #expect(throws: StoreError.self) { try store.recordImport(Self.revision(2, head: nil)) }
            var rename = Self.revision(2, head: nil)
            rename.attempt.path = "renamed.json"
            rename.renamedFrom = "missing.json"
            #expect(throws: StoreError.self) { try store.recordImport(rename) }
            _ = try store.recordImport(Self.revision(3, head: first.revision?.id))
        }
        #expect(try Self.committedRevisions(store.path) == 2)
        #expect(try store.documentPaths() == ["app.json"])
        let head = try #require(try store.revision(documentPath: "app.json", atOrBefore: nil))
        #expect(head.number == 2)
        var undone: Int64?
        #expect(throws: Stopped()) {
            try store.batch {
                undone = try store.recordImport(Self.revision(4, head: head.id)).revision?.id
                _ = try store.recordAttempt(
                    AttemptInfo(path: "app.json", startedAt: .at(5), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: []),
                    outcome: .failed)
                throw Stopped()
            }
        }
        #expect(try Self.committedRevisions(store.path) == 2)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: nil)?.id == head.id)
        #expect(try store.recentAttempts(limit: 10).count == 2)
        // Nor does the writer remember the undone revision's source, whose id SQLite hands out again.
        let undoneId = try #require(undone)
        #expect(store.sourceCache.source(path: "app.json", revisionId: undoneId, sourceHash: Self.revision(4, head: nil).sourceHash) == nil)
        // The connection is usable as before: a write outside a batch commits alone.
        _ = try store.recordImport(Self.revision(4, head: head.id))
        #expect(try Self.committedRevisions(store.path) == 3)
        #expect(try store.storageProblems().isEmpty)
        try store.close()
    }

    @Test func aPoolCommitsEachWriteOfABatchAsItComes() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.batch {
            let first = try store.recordImport(Self.revision(1, head: nil))
            #expect(try Self.committedRevisions(store.path) == 1)
            _ = try store.recordImport(Self.revision(2, head: first.revision?.id))
            #expect(try Self.committedRevisions(store.path) == 2)
        }
        try store.close()
    }
}
