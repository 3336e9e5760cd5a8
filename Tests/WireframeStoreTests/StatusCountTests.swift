import Foundation
import GRDB
import Testing
import WireframeModel
import WireframeSQLite
import WireframeStore

/// Migration 0006: `wfs status` reads counts that triggers keep, and finds the documents waiting
/// for a fix among the refused attempts only.
@Suite struct StatusCountTests {
    /// Every counted table's rows, counted the slow way.
    func rowCounts(_ store: SQLiteStore) throws -> [String: Int] {
        try store.reader.read { db in
            var counts: [String: Int] = [:]
            for table in SQLiteStore.countedTables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? -1
            }
            // Attempts held by the rows of the revisions they stored (migration 0008) are attempts too.
            counts["importAttempt", default: 0] +=
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revision WHERE attemptLead IS NOT NULL") ?? -1
            return counts
        }
    }

    @Test func keptCountsFollowImportsDeletionsAttemptsAndSessions() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.counts() == Dictionary(uniqueKeysWithValues: SQLiteStore.countedTables.map { ($0, 0) }))
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0))).revision)
        let second = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A2"), ("b", "B1")], expectedHead: first.id, at: .at(1),
                    changes: [RecordedChange(kind: .modified, screenKey: "a")])
            ).revision)
        _ = try store.recordImport(newRevision(path: "other.json", screens: [("x", "X")], expectedHead: nil, at: .at(2)))
        let refused = AttemptInfo(
            path: "app.json", startedAt: .at(3), durationMicroseconds: 1, author: "ada", origin: .cli,
            diagnostics: [Diagnostic(.error, "WF0103", "subroute 'x' is not defined", at: SourceLocation(line: 1, column: 1))])
        _ = try store.recordAttempt(refused, outcome: .rejected)
        let gone = AttemptInfo(path: "other.json", startedAt: .at(4), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
        _ = try #require(try store.recordDeletion(gone, message: nil, createdAt: .at(4)))
        _ = try store.addSession(name: "Review", notes: nil, start: .at(-5), end: .at(5), author: "ann")
        let counts = try store.counts()
        #expect(counts == (try rowCounts(store)))
        #expect(counts["document"] == 2)
        #expect(counts["revision"] == 4)
        #expect(counts["importAttempt"] == 5)
        #expect(counts["session"] == 1)
        #expect(counts["change"] == 2)  // the modified screen given with the second import, other.json's screen closed by its deletion
        #expect(second.number == 2)
        #expect(try store.countMismatches().isEmpty)
    }

    @Test func aCountThatDriftedIsFoundByVerification() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0)))
        // Another connection changes the kept count behind the store's back.
        let other = try DatabaseQueue(path: folder + "/.wfs/store.sqlite")
        try other.write { db in try db.execute(sql: "UPDATE tableCount SET count = count + 7 WHERE name = 'revision'") }
        try other.close()
        let mismatches = try store.countMismatches()
        #expect(mismatches.map(\.table) == ["revision"])
        #expect(mismatches.first?.kept == 8)
        #expect(mismatches.first?.rows == 1)
    }

    @Test func theDocumentsWaitingForAFixAreFoundThroughTheRefusedAttempts() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let head = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        func refuse(_ path: String, at time: Int64) throws {
            let attempt = AttemptInfo(
                path: path, startedAt: .at(time), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
            _ = try store.recordAttempt(attempt, outcome: .rejected)
        }
        try refuse("app.json", at: 1)
        try refuse("broken.json", at: 2)
        #expect(try store.rejectedDocuments().map(\.path) == ["app.json", "broken.json"])
        // A later good save of app.json: only broken.json still waits.
        _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: head.id, at: .at(3)))
        #expect(try store.rejectedDocuments().map(\.path) == ["broken.json"])
        let plan = try store.reader.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT attempt.* FROM importAttempt AS attempt
                    WHERE attempt.outcome IN ('rejected', 'failed') ORDER BY attempt.path
                    """
            ).map { $0[3] as String }
        }
        #expect(plan.contains { $0.contains("importAttempt_refused") })
    }
}
