import Foundation
import GRDB
import Testing
import WireframeModel
import WireframeSQLite
import WireframeStore

/// Migration 0009: intervals keyed `(documentId, screenKey, validFrom)`; one open interval per key
/// kept by triggers; two revisions compared in one walk of their intervals in key order.
@Suite struct IntervalsByKeyTests {
    /// A history of two documents whose screens come, go, come back and change, one revision each.
    static func history(_ store: SQLiteStore) throws -> [Revision] {
        let versions: [(String, [(String, String)])] = [
            ("app.json", [("home", "H1"), ("b", "B1"), ("c", "C1"), ("Z", "Z1")]),
            ("app.json", [("home", "H2"), ("c", "C1"), ("d", "D1"), ("Z", "Z1")]),
            ("other.json", [("home", "H1"), ("e", "E1")]),
            ("app.json", [("home", "H2"), ("b", "B1"), ("d", "D2"), ("é", "X1")]),
            ("app.json", [("home", "H1"), ("b", "B2"), ("c", "C1"), ("d", "D2")]),
            ("other.json", [("home", "H3"), ("b", "B2")]),
            ("app.json", [("b", "B2"), ("c", "C2"), ("d", "D2"), ("a", "A1")]),
        ]
        var heads: [String: Int64] = [:]
        var revisions: [Revision] = []
        for (index, (path, screens)) in versions.enumerated() {
            let sorted = screens.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            // A first revision's `added` changes, in key order: it is marked `addedFromIntervals` (0007).
            let added = heads[path] == nil ? sorted.map { RecordedChange(kind: .added, screenKey: $0.0) } : []
            let record = try store.recordImport(
                newRevision(path: path, screens: sorted, expectedHead: heads[path], at: .at(Int64(index)), changes: added))
            let revision = try #require(record.revision)
            heads[path] = revision.id
            revisions.append(revision)
        }
        return revisions
    }

    /// For every ordered pair of revisions (of one document or of two): the keys are those of both
    /// sides in byte order, and the maps hold exactly the screens whose hashes differ, each with
    /// its content: what the full key → hash maps of both revisions say.
    @Test func aComparisonHoldsEveryKeyInOrderAndExactlyTheScreensThatDiffer() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let revisions = try Self.history(store)
        var compared = 0
        for old in revisions {
            for new in revisions {
                let oldHashes = try store.screenHashes(revisionId: old.id)
                let newHashes = try store.screenHashes(revisionId: new.id)
                let comparison = try store.screenComparison(oldId: old.id, newId: new.id)
                let keys = Set(oldHashes.keys).union(newHashes.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                #expect(comparison.keys == keys, "\(old.id) → \(new.id)")
                let differing = keys.filter { oldHashes[$0] != newHashes[$0] }
                // Each side's differing screens, named by version (`#id`), whose contents are
                // those of the screens' hashes; one name per content.
                #expect(
                    Set(comparison.oldScreenVersions.keys) == Set(oldHashes.keys.filter { differing.contains($0) }), "\(old.id) → \(new.id)"
                )
                #expect(
                    Set(comparison.newScreenVersions.keys) == Set(newHashes.keys.filter { differing.contains($0) }), "\(old.id) → \(new.id)"
                )
                var hashOfName: [String: String] = [:]
                for (key, name) in comparison.oldScreenVersions {
                    #expect(try comparison.contents[name] == store.screenContent(hash: oldHashes[key] ?? ""))
                    #expect(hashOfName.updateValue(oldHashes[key] ?? "", forKey: name).map { $0 == oldHashes[key] } ?? true)
                }
                for (key, name) in comparison.newScreenVersions {
                    #expect(try comparison.contents[name] == store.screenContent(hash: newHashes[key] ?? ""))
                    #expect(hashOfName.updateValue(newHashes[key] ?? "", forKey: name).map { $0 == newHashes[key] } ?? true)
                }
                #expect(Set(hashOfName.values).count == hashOfName.count)
                #expect(Set(comparison.contents.keys) == Set(hashOfName.keys))
                #expect(comparison.oldHeader == Array("{}".utf8) && comparison.newHeader == Array("{}".utf8))
                if old.id != new.id { compared += 1 }
            }
        }
        #expect(compared == 42)
        // A screen that went away and came back between the two numbers is the same screen.
        let back = try store.screenComparison(oldId: revisions[0].id, newId: revisions[4].id)
        #expect(back.oldScreenVersions["c"] == nil && back.newScreenVersions["c"] == nil && back.keys.contains("c"))
        #expect(throws: StoreError.unknownRevision(id: 99)) { try store.screenComparison(oldId: revisions[0].id, newId: 99) }
    }

    /// The table refuses a second open interval for a key, by insert or by update; closing and
    /// opening, as an import does, passes.
    @Test func aSecondOpenIntervalForAKeyIsRefused() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.history(store)
        let queue = try DatabaseQueue(path: folder + "/.wfs/store.sqlite")
        defer { try? queue.close() }
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'documentScreen_open'") == 0)
            let open = try Row.fetchOne(
                db, sql: "SELECT documentId, screenKey, validFrom, versionId FROM documentScreen WHERE validUntil IS NULL LIMIT 1")
            let row = try #require(open)
            #expect(throws: DatabaseError.self) {
                try db.execute(
                    sql: "INSERT INTO documentScreen (documentId, validFrom, screenKey, versionId) VALUES (?, 100, ?, ?)",
                    arguments: [row[0], row[1], row[3]])
            }
            let closed = try #require(
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT c.documentId, c.screenKey, c.validFrom FROM documentScreen c
                        WHERE c.validUntil IS NOT NULL AND EXISTS (SELECT 1 FROM documentScreen o WHERE o.documentId = c.documentId
                            AND o.screenKey = c.screenKey AND o.validUntil IS NULL)
                        """))
            #expect(throws: DatabaseError.self) {
                try db.execute(
                    sql: "UPDATE documentScreen SET validUntil = NULL WHERE documentId = ? AND screenKey = ? AND validFrom = ?",
                    arguments: [closed[0], closed[1], closed[2]])
            }
            // Closing the open one first makes room for a new one.
            try db.execute(
                sql: "UPDATE documentScreen SET validUntil = 100 WHERE documentId = ? AND screenKey = ? AND validUntil IS NULL",
                arguments: [row[0], row[1]])
            try db.execute(
                sql: "INSERT INTO documentScreen (documentId, validFrom, screenKey, versionId) VALUES (?, 100, ?, ?)",
                arguments: [row[0], row[1], row[3]])
            #expect(
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM documentScreen WHERE documentId = ? AND screenKey = ? AND validUntil IS NULL",
                    arguments: [row[0], row[1]]) == 1)
        }
    }

    /// The queries that read intervals go through the table's key and sort nothing.
    @Test func intervalReadsUseTheKeyAndSortNothing() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.history(store)
        let queue = try DatabaseQueue(path: folder + "/.wfs/store.sqlite")
        defer { try? queue.close() }
        try queue.read { db in
            let queries = [
                "SELECT screenKey, validFrom, validUntil, versionId FROM documentScreen WHERE documentId = 1 AND ((validFrom <= 2 AND (validUntil IS NULL OR validUntil > 2)) OR (validFrom <= 4 AND (validUntil IS NULL OR validUntil > 4))) ORDER BY screenKey, validFrom",
                "SELECT screenKey, versionId FROM documentScreen WHERE documentId = 1 AND validFrom <= 3 AND (validUntil IS NULL OR validUntil > 3) ORDER BY screenKey",
                "SELECT screenKey FROM documentScreen WHERE documentId = 1 AND validUntil IS NULL ORDER BY screenKey",
                "UPDATE documentScreen SET validUntil = 9 WHERE documentId = 1 AND screenKey = 'b' AND validUntil IS NULL",
            ]
            for sql in queries {
                let plan = try String.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, adapter: SuffixRowAdapter(fromIndex: 3)).joined(
                    separator: "; ")
                #expect(plan.contains("USING PRIMARY KEY"), "\(sql): \(plan)")
                #expect(!plan.contains("TEMP B-TREE"), "\(sql): \(plan)")
            }
            // `log --screen`: a marked first revision is found by one lookup of the interval's whole key.
            let first = """
                SELECT first.id FROM document AS d
                CROSS JOIN revision AS first ON first.documentId = d.id AND first.number = 1 AND first.addedFromIntervals = 1
                CROSS JOIN documentScreen AS s ON s.documentId = d.id AND s.screenKey = 'b' AND s.validFrom = 1
                """
            let plan = try String.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + first, adapter: SuffixRowAdapter(fromIndex: 3))
            #expect(plan.contains("SEARCH s USING PRIMARY KEY (documentId=? AND screenKey=? AND validFrom=?)"), "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN s") || $0.hasPrefix("SCAN first") }, "\(plan)")
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM revision WHERE addedFromIntervals = 1 ORDER BY id") == [1, 3])
            #expect(try Int64.fetchAll(db, sql: first) == [1])
        }
    }
}
