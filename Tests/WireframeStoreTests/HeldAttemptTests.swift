import Foundation
import GRDB
import Testing
import WireframeModel
import WireframeSQLite
import WireframeStore

/// Migration 0008: the attempt that stored a revision is held by the revision's row (the
/// microseconds from its start to the revision's time, and its duration), and times are integers.
@Suite struct HeldAttemptTests {
    func attempt(_ path: String = "app.json", at time: Timestamp, duration: Int64 = 10) -> AttemptInfo {
        AttemptInfo(path: path, startedAt: time, durationMicroseconds: duration, author: "ada", origin: .cli, diagnostics: [])
    }

    /// A new revision whose attempt started `lead` microseconds before the revision's time.
    func stored(_ screens: [(String, String)], head: Int64?, at time: Timestamp, lead: Int64, duration: Int64) -> NewRevision {
        var new = newRevision(screens: screens, expectedHead: head, at: time)
        new.attempt = attempt(at: Timestamp(microseconds: time.microseconds - lead), duration: duration)
        return new
    }

    func rows(_ store: SQLiteStore, _ sql: String) throws -> [Row] {
        try store.reader.read { db in try Row.fetchAll(db, sql: sql) }
    }

    @Test func theAttemptOfAStoredRevisionIsHeldByItsRowAndReadBackExactly() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try store.recordImport(stored([("a", "A1")], head: nil, at: .at(10), lead: 1_234, duration: 5_678))
        let head = try #require(first.revision)
        #expect(first.attemptId == nil)
        let gone = try #require(try store.recordDeletion(attempt(at: .at(20), duration: 7), message: nil, createdAt: .at(21)))
        #expect(gone.attemptId == nil)
        #expect(try rows(store, "SELECT COUNT(*) FROM importAttempt").first?[0] == 0)
        #expect(
            try rows(store, "SELECT attemptLead, attemptDuration FROM revision ORDER BY id").map { [$0[0] as Int64, $0[1] as Int64] }
                == [[1_234, 5_678], [1_000_000, 7]])
        let attempts = try store.recentAttempts(limit: 10)
        #expect(attempts.map(\.outcome) == [.deleted, .stored])
        #expect(attempts.map(\.revisionId) == [gone.revision?.id, head.id])
        #expect(attempts.map(\.startedAt) == [.at(20), Timestamp(microseconds: Timestamp.at(10).microseconds - 1_234)])
        #expect(attempts.map(\.durationMicroseconds) == [7, 5_678])
        #expect(attempts.allSatisfy { $0.id == nil && $0.path == "app.json" && $0.diagnostics.isEmpty })
        #expect(try store.counts()["importAttempt"] == 2)
        #expect(try store.countMismatches().isEmpty)
    }

    /// An attempt that started after its revision's time (the clock stepped back) cannot be
    /// written as a lead: it stays a row of its own.
    @Test func anAttemptThatStartedAfterItsRevisionStaysARow() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = try store.recordImport(stored([("a", "A1")], head: nil, at: .at(10), lead: -5, duration: 3))
        let id = try #require(record.attemptId)
        #expect(
            try rows(store, "SELECT id, startedAt FROM importAttempt").map { [$0[0] as Int64, $0[1] as Int64] }
                == [[id, Timestamp.at(10).microseconds + 5]])
        #expect(try rows(store, "SELECT COUNT(*) FROM revision WHERE attemptLead IS NULL").first?[0] == 1)
        #expect(try store.recentAttempts(limit: 5).map(\.id) == [id])
        #expect(try store.countMismatches().isEmpty)
    }

    /// Revisions whose attempts are rows (they started after the revision's time) are stepped
    /// over: the held attempts older than them are still found, and the rows come in their place.
    @Test func revisionsThatHoldNoAttemptAreSteppedOver() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var head: Int64?
        for index in 1...3 {
            head = try store.recordImport(stored([("a", "A\(index)")], head: head, at: .at(Int64(index) * 10), lead: 1, duration: 1))
                .revision?.id
        }
        for index in 4...6 {
            head = try store.recordImport(stored([("a", "A\(index)")], head: head, at: .at(Int64(index) * 10), lead: -2, duration: 1))
                .revision?.id
        }
        let attempts = try store.recentAttempts(limit: 5)
        #expect(attempts.map { $0.id == nil } == [false, false, false, true, true])
        #expect(
            attempts.map(\.startedAt)
                == [60, 50, 40, 30, 20].map { Timestamp(microseconds: Timestamp.at($0).microseconds + ($0 > 30 ? 2 : -1)) })
    }

    /// Rows and held attempts are listed together, newest start first, `limit` of them; at the same
    /// start a row comes first.
    @Test func recentAttemptsMergeRowsAndHeldAttempts() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var head: Int64?
        // Stored revisions at 10, 20, …, 60 whose attempts started 8 s before their times (2, 12, …, 52).
        for index in 1...6 {
            let time = Timestamp.at(Int64(index) * 10)
            head = try store.recordImport(stored([("a", "A\(index)")], head: head, at: time, lead: 8_000_000, duration: 1)).revision?.id
        }
        // Refused attempts at 5, 15 and 22, and one at 12, the start of the second stored one.
        for time in [5, 15, 22, 12] as [Int64] {
            _ = try store.recordAttempt(attempt("broken.json", at: .at(time)), outcome: .rejected)
        }
        let all = try store.recentAttempts(limit: 100)
        let seconds = all.map { ($0.startedAt.microseconds - Timestamp.at(0).microseconds) / 1_000_000 }
        #expect(seconds == [52, 42, 32, 22, 22, 15, 12, 12, 5, 2])
        #expect(all.map(\.outcome) == [.stored, .stored, .stored, .rejected, .stored, .rejected, .rejected, .stored, .rejected, .stored])
        #expect(all.count == 10)
        for limit in 1...10 {
            #expect(try store.recentAttempts(limit: limit) == Array(all.prefix(limit)))
        }
        #expect(try store.recentAttempts(limit: 0).isEmpty)
    }

    /// A refusal is waiting for a fix until an attempt that started later stores the document,
    /// whether that attempt is a row or held by its revision; at the same start the refusal stands.
    @Test func aHeldAttemptEndsTheWaitOfAnOlderRefusalOnly() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(try store.recordImport(stored([("a", "A1")], head: nil, at: .at(10), lead: 0, duration: 1)).revision)
        _ = try store.recordAttempt(attempt(at: .at(20)), outcome: .rejected)
        #expect(try store.rejectedDocuments().map(\.path) == ["app.json"])
        // Stored at 30, its attempt started at 20 as the refusal did: the refusal still counts as newer.
        let second = try #require(
            try store.recordImport(stored([("a", "A2")], head: first.id, at: .at(30), lead: 10_000_000, duration: 1)).revision)
        #expect(try store.rejectedDocuments().map(\.path) == ["app.json"])
        _ = try store.recordImport(stored([("a", "A3")], head: second.id, at: .at(40), lead: 1, duration: 1))
        #expect(try store.rejectedDocuments().isEmpty)
    }

    @Test func heldAttemptsAreFoundThroughTheTimeIndexes() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plans = try store.reader.read { db -> [[String]] in
            try [
                """
                SELECT revision.id, document.path FROM revision JOIN document ON document.id = revision.documentId
                ORDER BY revision.createdAt DESC
                """,
                """
                SELECT 1 FROM document JOIN revision AS later ON later.documentId = document.id
                WHERE document.path = 'app.json' AND later.createdAt >= 5
                  AND later.attemptLead IS NOT NULL AND later.createdAt - later.attemptLead > 5
                """,
            ].map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0[3] as String } }
        }
        #expect(plans[0].contains { $0.contains("revision_createdAt") })
        #expect(!plans[0].contains { $0.contains("TEMP B-TREE") })
        #expect(plans[1].contains { $0.contains("revision_document_createdAt") && $0.contains("createdAt>?") })
    }

    @Test func timesAreStoredAsMicroseconds() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let head = try #require(try store.recordImport(stored([("a", "A1")], head: nil, at: .at(10), lead: 1, duration: 1)).revision)
        _ = try store.recordAttempt(attempt(at: .at(11)), outcome: .failed)
        _ = try store.addSession(name: "Review", notes: nil, start: .at(5), end: .at(15), author: "ann")
        let types = try rows(
            store,
            """
            SELECT typeof(createdAt) FROM project UNION ALL SELECT typeof(createdAt) FROM document
            UNION ALL SELECT typeof(createdAt) FROM revision UNION ALL SELECT typeof(startedAt) FROM importAttempt
            UNION ALL SELECT typeof(startedAt) FROM session UNION ALL SELECT typeof(endedAt) FROM session
            """
        ).map { $0[0] as String }
        #expect(types == Array(repeating: "integer", count: 6))
        #expect(try rows(store, "SELECT createdAt FROM revision").first?[0] == Timestamp.at(10).microseconds)
        // The session added afterwards takes the revision made inside its interval, by integer time.
        #expect(try store.revision(id: head.id).sessionName == "Review")
    }
}
