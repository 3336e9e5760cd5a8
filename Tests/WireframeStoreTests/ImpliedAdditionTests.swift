import Foundation
import GRDB
import Testing
import WireframeSQLite
import WireframeStore

/// Migration 0007: a document's first revision keeps no `added` change rows when they are its
/// intervals that start at 1 in key order; they read back as they were given.
@Suite struct ImpliedAdditionTests {
    static let documentChange = RecordedChange(
        kind: .document, screenKey: "", fields: [RecordedField(field: "appName", old: nil, new: "App")])

    /// The stored change rows of a revision: (kind, key).
    static func storedChanges(_ store: SQLiteStore, revisionId: Int64) throws -> [String] {
        try store.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, screenKey FROM change WHERE revisionId = ? ORDER BY position", arguments: [revisionId])
                .map { "\($0[0] as Int64) \(($0[1] as String?) ?? "-")" }
        }
    }

    static func marked(_ store: SQLiteStore, revisionId: Int64) throws -> Bool? {
        try store.reader.read { db in
            try Bool.fetchOne(db, sql: "SELECT addedFromIntervals FROM revision WHERE id = ?", arguments: [revisionId])
        }
    }

    @Test func aFirstRevisionsAdditionsAreReadFromItsIntervals() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screens = [("a", "A"), ("b", "B"), ("c10", "C"), ("c9", "D")]
        let changes = [Self.documentChange] + screens.map { RecordedChange(kind: .added, screenKey: $0.0) }
        let first = try #require(
            try store.recordImport(newRevision(screens: screens, expectedHead: nil, at: .at(0), changes: changes)).revision)
        // Only the document's change is stored.
        #expect(try Self.storedChanges(store, revisionId: first.id) == ["4 -"])
        #expect(try Self.marked(store, revisionId: first.id) == true)
        #expect(try store.changes(revisionId: first.id) == changes)

        let second = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A"), ("b", "B2"), ("c10", "C")], expectedHead: first.id, at: .at(1),
                    changes: [RecordedChange(kind: .modified, screenKey: "b"), RecordedChange(kind: .removed, screenKey: "c9")])
            ).revision)
        #expect(try Self.marked(store, revisionId: second.id) == false)
        #expect(try store.changes(revisionId: second.id).map(\.screenKey) == ["b", "c9"])
        let log = try store.log(LogFilter())
        #expect(log.map(\.revision.id) == [second.id, first.id])
        #expect(log.last?.changes == changes)
        var brief = LogFilter()
        brief.includesFields = false
        #expect(try store.log(brief).last?.changes.map(\.screenKey) == ["", "a", "b", "c10", "c9"])
        // A screen's log finds the first revision by its interval, and the later ones by their changes.
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [first.id])
        #expect(try store.log(LogFilter(screenKey: "b")).map(\.revision.id) == [second.id, first.id])
        #expect(try store.log(LogFilter(screenKey: "c9")).map(\.revision.id) == [second.id, first.id])
        #expect(try store.log(LogFilter(screenKey: "zzz")).isEmpty)
        #expect(try store.counts()["change"] == 3)
        #expect(try store.countMismatches().isEmpty)
        #expect(try store.integrityProblems().isEmpty)
    }

    /// Additions that the intervals would not give back as they are (not in the byte order of
    /// their keys, with fields, or not one per screen) are stored as given.
    @Test func otherFirstChangesAreStoredAsGiven() throws {
        let cases: [(screens: [(String, String)], changes: [RecordedChange])] = [
            ([("a", "A"), ("b", "B")], [RecordedChange(kind: .added, screenKey: "b"), RecordedChange(kind: .added, screenKey: "a")]),
            ([("a", "A")], [RecordedChange(kind: .added, screenKey: "a", fields: [RecordedField(field: "title", old: nil, new: "A")])]),
            ([("a", "A"), ("b", "B")], [RecordedChange(kind: .added, screenKey: "a")]),
            (
                [("a", "A"), ("b", "B")],
                [RecordedChange(kind: .added, screenKey: "a"), Self.documentChange, RecordedChange(kind: .added, screenKey: "b")]
            ),
            ([("a", "A")], []),
        ]
        for (index, given) in cases.enumerated() {
            let (store, folder) = try makeStore()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let first = try #require(
                try store.recordImport(newRevision(screens: given.screens, expectedHead: nil, at: .at(0), changes: given.changes)).revision)
            #expect(try Self.marked(store, revisionId: first.id) == false, "case \(index)")
            #expect(try Self.storedChanges(store, revisionId: first.id).count == given.changes.count, "case \(index)")
            #expect(try store.changes(revisionId: first.id) == given.changes, "case \(index)")
            #expect(try store.log(LogFilter()).first?.changes == given.changes, "case \(index)")
        }
    }

    /// A first revision with no screens has nothing added; a tombstone's successor (number 2 and
    /// on) stores its additions.
    @Test func onlyFirstRevisionsAreMarked() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = try #require(
            try store.recordImport(newRevision(path: "empty.json", screens: [], expectedHead: nil, at: .at(0))).revision)
        #expect(try Self.marked(store, revisionId: empty.id) == true)
        #expect(try store.changes(revisionId: empty.id).isEmpty)
        let first = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A")], expectedHead: nil, at: .at(1), changes: [RecordedChange(kind: .added, screenKey: "a")])
            ).revision)
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(2), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
        let tombstone = try #require(try store.recordDeletion(attempt, message: nil, createdAt: .at(2))?.revision)
        let back = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A")], expectedHead: tombstone.id, at: .at(3), changes: [RecordedChange(kind: .added, screenKey: "a")])
            ).revision)
        #expect(try Self.marked(store, revisionId: back.id) == false)
        #expect(try Self.storedChanges(store, revisionId: back.id) == ["0 a"])
        #expect(try store.changes(revisionId: tombstone.id) == [RecordedChange(kind: .removed, screenKey: "a")])
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [back.id, tombstone.id, first.id])
        #expect(try store.changes(revisionId: first.id) == [RecordedChange(kind: .added, screenKey: "a")])
    }
}
