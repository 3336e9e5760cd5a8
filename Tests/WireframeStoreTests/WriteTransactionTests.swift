import Foundation
import GRDB
import Testing
@testable import WireframeSQLite
import WireframeStore

/// `recordImport`'s transaction takes its `BEGIN` and `COMMIT` from the statement cache
/// (`SQLiteStore.transaction`): it must commit, roll back and leave the connection as GRDB's
/// `write` does.
@Suite struct WriteTransactionTests {
    @Test func aTransactionCommitsWhatItsBodyWroteForEveryConnectionToSee() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in 1...3 {
            let inside = try SQLiteStore.transaction(store.writer) { db -> Bool in
                try db.execute(sql: "INSERT INTO revisionHeader (data) VALUES (?)", arguments: [Data("header \(number)".utf8)])
                return db.isInsideTransaction
            }
            #expect(inside)
        }
        // Another process's view of the file: the three rows are committed.
        let other = try SQLiteStore.open(path: store.path)
        let texts = try other.reader.read { db in
            try Data.fetchAll(db, sql: "SELECT data FROM revisionHeader ORDER BY id").map { String(decoding: $0, as: UTF8.self) }
        }.filter { $0.hasPrefix("header ") }
        #expect(texts == ["header 1", "header 2", "header 3"])
        let open = store.writer.writeWithoutTransaction { db in db.isInsideTransaction }
        #expect(!open)
    }

    @Test func aBodyThatThrowsWritesNothingAndTheNextTransactionRuns() throws {
        struct Refused: Error, Equatable {}
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = { try store.reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revisionHeader") ?? 0 } }
        let before = try count()
        #expect(throws: Refused()) {
            try SQLiteStore.transaction(store.writer) { db in
                try db.execute(sql: "INSERT INTO revisionHeader (data) VALUES (?)", arguments: [Data("rolled back".utf8)])
                throw Refused()
            }
        }
        #expect(try count() == before)
        let open = store.writer.writeWithoutTransaction { db in db.isInsideTransaction }
        #expect(!open)
        // A statement that fails inside (a constraint) is the error thrown, and is rolled back too.
        #expect(throws: DatabaseError.self) {
            try SQLiteStore.transaction(store.writer) { db in
                try db.execute(sql: "INSERT INTO revisionHeader (data) VALUES (?)", arguments: [Data("first".utf8)])
                try db.execute(sql: "INSERT INTO revision (id) VALUES (NULL)")
            }
        }
        #expect(try count() == before)
        // The cached BEGIN and COMMIT run again after a rollback.
        try SQLiteStore.transaction(store.writer) { db in
            try db.execute(sql: "INSERT INTO revisionHeader (data) VALUES (?)", arguments: [Data("kept".utf8)])
        }
        #expect(try count() == before + 1)
    }

    @Test func aStaleHeadLeavesNoRowOfTheRefusedRevision() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let rows = {
            try store.reader.read { db in
                try ["revision", "documentScreen", "source", "importAttempt", "screenVersion"].map { table in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
                }
            }
        }
        let before = try rows()
        #expect(throws: StoreError.headMoved(path: "app.json")) {
            _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: nil, at: .at(1)))
        }
        #expect(try rows() == before)
        let second = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: first.id, at: .at(2)))
        #expect(second.outcome == .stored)
        #expect(second.revision?.number == 2)
        #expect(try store.integrityProblems().isEmpty)
    }
}
