import Foundation
import GRDB
import Testing
import WireframeSQLite
import WireframeStore

/// Migration 0007: revisions name their header by id; an import whose header is its head's
/// shares the head's row, and every revision reads back its own header.
@Suite struct SharedHeaderTests {
    @Test func revisionsShareTheirHeadsHeader() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let headers = [#"{"appName":"A"}"#, #"{"appName":"A"}"#, #"{"appName":"B"}"#, #"{"appName":"B"}"#, #"{"appName":"A"}"#]
        var ids: [Int64] = []
        var head: Int64?
        for (index, header) in headers.enumerated() {
            var revision = newRevision(screens: [("a", "A\(index)")], expectedHead: head, at: .at(Int64(index)))
            revision.header = Array(header.utf8)
            let stored = try #require(try store.recordImport(revision).revision)
            ids.append(stored.id)
            head = stored.id
        }
        for (id, header) in zip(ids, headers) {
            #expect(try store.header(revisionId: id) == Array(header.utf8))
        }
        #expect(try store.headState(documentPath: "app.json")?.header == Array(headers[4].utf8))
        let pair = try store.screenComparison(oldId: ids[1], newId: ids[2])
        #expect(pair.oldHeader == Array(headers[1].utf8))
        #expect(pair.newHeader == Array(headers[2].utf8))
        // A, A, B, B, A: three rows, the second and fourth revisions naming their parent's.
        let rows = try store.reader.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revisionHeader") ?? -1,
                try Int64.fetchAll(db, sql: "SELECT headerId FROM revision ORDER BY id")
            )
        }
        #expect(rows.0 == 3)
        #expect(rows.1.count == 5 && rows.1[0] == rows.1[1] && rows.1[2] == rows.1[3] && Set(rows.1).count == 3)

        // A tombstone has no header; the revision after it gets a row again.
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(10), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
        let tombstone = try #require(try store.recordDeletion(attempt, message: nil, createdAt: .at(10))?.revision)
        #expect(try store.header(revisionId: tombstone.id) == nil)
        var back = newRevision(screens: [("a", "A")], expectedHead: tombstone.id, at: .at(11))
        back.header = Array(headers[0].utf8)
        let backId = try #require(try store.recordImport(back).revision).id
        #expect(try store.header(revisionId: backId) == Array(headers[0].utf8))
        #expect(try store.integrityProblems().isEmpty)
    }
}
