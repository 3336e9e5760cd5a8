import Foundation
import GRDB
import Testing
@testable import WireframeSQLite
import WireframeStore

/// The layout of migration 0005: changes keyed by revision and position, kinds as integers,
/// stored attempts without a second copy of their revision's hash; new files in 1 KiB pages.
@Suite struct CompactChangeTests {
    /// One change of every kind, in an order that is not key order, with and without fields.
    static let changes: [RecordedChange] = [
        RecordedChange(kind: .modified, screenKey: "z", fields: [RecordedField(field: "title", old: "Z1", new: "Z2")]),
        RecordedChange(kind: .document, screenKey: "", fields: [RecordedField(field: "appName", old: "A", new: nil)]),
        RecordedChange(kind: .added, screenKey: "c"),
        RecordedChange(kind: .renamed, screenKey: "b", previousKey: "a", fields: [RecordedField(field: "key", old: nil, new: "b")]),
        RecordedChange(kind: .removed, screenKey: "d"),
    ]

    @Test func keepsEveryKindOfChangeInItsOrder() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A"), ("d", "D"), ("z", "Z1")], expectedHead: nil, at: .at(0))).revision)
        let second = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("b", "A"), ("c", "C"), ("z", "Z2")], expectedHead: first.id, at: .at(1), changes: Self.changes)
            ).revision)
        #expect(try store.changes(revisionId: second.id) == Self.changes)
        #expect(try store.changes(revisionId: first.id).isEmpty)
        let log = try store.log(LogFilter())
        #expect(log.map(\.revision.id) == [second.id, first.id])
        #expect(log.first?.changes == Self.changes)
        // Without fields, the log keeps kinds, keys and order.
        var withoutFields = LogFilter()
        withoutFields.includesFields = false
        let brief = try store.log(withoutFields)
        #expect(
            brief.first?.changes == Self.changes.map { RecordedChange(kind: $0.kind, screenKey: $0.screenKey, previousKey: $0.previousKey) }
        )
        // A screen's log finds a revision by the key and by the key it was renamed from.
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter(screenKey: "d")).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter(screenKey: "b")).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter(screenKey: "c")).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter(screenKey: "z")).map(\.revision.id) == [second.id])
        let stored = try store.reader.read { db in
            try Row.fetchAll(
                db, sql: "SELECT position, kind, fields FROM change WHERE revisionId = ? ORDER BY position", arguments: [second.id])
        }
        #expect(stored.map { $0[0] as Int64 } == [0, 1, 2, 3, 4])
        #expect(stored.map { $0[1] as Int64 } == [2, 4, 0, 3, 1])
        #expect(stored.map { ($0[2] as String?) == nil } == [false, false, true, false, true])
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func aStoredAttemptHasNoSecondCopyOfItsRevisionsHash() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stored = try store.recordImport(newRevision(screens: [("a", "A")], expectedHead: nil, at: .at(0)))
        let head = try #require(stored.revision)
        let unchanged = try store.recordImport(newRevision(screens: [("a", "A")], expectedHead: head.id, at: .at(1)))
        #expect(unchanged.outcome == .unchanged)
        let hashes = try store.reader.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, CASE WHEN contentHash IS NULL THEN NULL ELSE lower(hex(contentHash)) END FROM importAttempt ORDER BY id"
            ).map { ($0[0] as Int64, $0[1] as String?) }
        }
        // The stored revision's attempt is held by the revision's row (migration 0008): no row, no hash.
        #expect(stored.attemptId == nil)
        #expect(hashes.count == 1)
        #expect(hashes.first?.0 == unchanged.attemptId && hashes.first?.1 == head.contentHash)
    }

    /// Migration 0008: fields are stored as `[field, old, new]` arrays and read back as given,
    /// a value a field has not included.
    @Test func fieldsAreStoredAsArraysAndReadBackAsGiven() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let fields = [
            RecordedField(field: "title", old: "Old \"one\"", new: "Née/new"), RecordedField(field: "links", old: nil, new: "b"),
            RecordedField(field: "root", old: "a", new: nil),
        ]
        let change = RecordedChange(kind: .modified, screenKey: "a", fields: fields)
        let second = try #require(
            try store.recordImport(
                newRevision(screens: [("a", "A2")], expectedHead: first.id, at: .at(1), changes: [change])
            ).revision)
        let stored = try store.reader.read { db in
            try String.fetchOne(db, sql: "SELECT fields FROM change WHERE revisionId = ?", arguments: [second.id])
        }
        #expect(stored == #"[["title","Old \"one\"","Née\/new"],["links",null,"b"],["root","a",null]]"#)
        #expect(try store.changes(revisionId: second.id) == [change])
        #expect(try store.log(LogFilter(screenKey: "a")).first?.changes == [change])
    }

    /// Migration 0010: a new value that mostly keeps its old text is stored as an edit of it,
    /// `[prefix, middle, suffix]` in Unicode scalars, and read back as given; a value that does
    /// not (or has no old value) is stored whole.
    @Test func mostlyUnchangedValuesAreStoredAsEditsAndReadBackAsGiven() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let fields = [
            RecordedField(field: "subroutes", old: "screen387, screen391, screen526, screen955", new: "screen391, screen526, screen955"),
            RecordedField(
                field: "subroutes", old: "screen229, screen237, screen239, screen240, screen251",
                new: "screen229, screen237, screen239, screen240, screen251, screen301"),
            RecordedField(field: "title", old: "é, ü, 漢字 list", new: "é, ü, 漢字 list!"),
            RecordedField(field: "title", old: "Wallet", new: "About Settings About"),
            RecordedField(field: "title", old: "aaaa", new: "aa"), RecordedField(field: "title", old: "x", new: ""),
            RecordedField(field: "links", old: nil, new: "a, b, c, d, e, f"),
        ]
        let change = RecordedChange(kind: .modified, screenKey: "a", fields: fields)
        let second = try #require(
            try store.recordImport(
                newRevision(screens: [("a", "A2")], expectedHead: first.id, at: .at(1), changes: [change])
            ).revision)
        let stored = try store.reader.read { db in
            try String.fetchOne(db, sql: "SELECT fields FROM change WHERE revisionId = ?", arguments: [second.id])
        }
        #expect(
            stored == #"""
                [["subroutes","screen387, screen391, screen526, screen955",[7,"",24]],\#
                ["subroutes","screen229, screen237, screen239, screen240, screen251",[53,", screen301",0]],\#
                ["title","é, ü, 漢字 list",[13,"!",0]],["title","Wallet","About Settings About"],["title","aaaa","aa"],\#
                ["title","x",""],["links",null,"a, b, c, d, e, f"]]
                """#)
        #expect(try store.changes(revisionId: second.id) == [change])
        #expect(try store.log(LogFilter(screenKey: "a")).first?.changes == [change])
        // An edit that does not fit its old value reads as no fields, as any text the store did not write.
        let decoder = JSONDecoder()
        #expect(ChangeRecord.fields(stored: #"[["title","ab",[2,"x",1]]]"#, decoder: decoder).isEmpty)
        #expect(ChangeRecord.fields(stored: #"[["title",null,[0,"x",0]]]"#, decoder: decoder).isEmpty)
        #expect(
            ChangeRecord.fields(stored: #"[["title","ab",[1,"x",1]]]"#, decoder: decoder) == [
                RecordedField(field: "title", old: "ab", new: "axb")
            ])
    }

    @Test func aNewStoreUsesSmallPages() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.reader.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 1024)
        #expect(try store.reader.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        let columns = try store.reader.read { db in try db.columns(in: "change").map(\.name) }
        #expect(columns == ["revisionId", "position", "screenKey", "previousKey", "kind", "fields"])
        let indexes = try store.reader.read { db in try db.indexes(on: "change").map(\.name).sorted() }
        // The table's own key (`sqlite_autoindex_change_1`) replaces the index on the revision;
        // a screen's changes are found through its intervals (migration 0012).
        #expect(indexes == ["sqlite_autoindex_change_1"])
    }

    /// Migration 0012: `log --screen` finds a key's changes at the ends of its intervals, so a
    /// change recorded where no interval of its key starts or ends is reported by the integrity
    /// check (the import never records one), and the log of the key does not list it.
    @Test func aChangeWithoutAnIntervalOfItsKeyIsReported() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A"), ("b", "B")], expectedHead: nil, at: .at(0))).revision)
        let second = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A"), ("c", "B")], expectedHead: first.id, at: .at(1),
                    changes: [
                        RecordedChange(kind: .modified, screenKey: "a"), RecordedChange(kind: .renamed, screenKey: "c", previousKey: "b"),
                    ])
            ).revision)
        #expect(
            try store.integrityProblems() == [
                "change 0 of revision \(second.id) names screen 'a' without an interval of it that starts or ends there"
            ])
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [])
        #expect(try store.log(LogFilter(screenKey: "b")).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter(screenKey: "c")).map(\.revision.id) == [second.id])
        let third = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A"), ("c", "B"), ("d", "D")], expectedHead: second.id, at: .at(2),
                    changes: [RecordedChange(kind: .renamed, screenKey: "c", previousKey: "x")])
            ).revision)
        #expect(
            try store.integrityProblems() == [
                "change 0 of revision \(second.id) names screen 'a' without an interval of it that starts or ends there",
                "change 0 of revision \(third.id) names screen 'c' without an interval of it that starts or ends there",
                "change 0 of revision \(third.id) names screen 'x' without an interval of it that starts or ends there",
            ])
    }
}
