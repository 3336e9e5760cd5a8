import Foundation
import GRDB
import Testing
@testable import WireframeSQLite
import WireframeStore

/// The daemon's interval update walks the head's screens and the new ones side by side, comparing
/// them where they lie (`updateScreens(_:documentId:number:screens:headScreens:path:)`): it must
/// leave the intervals and versions that the update by key leaves, edit after edit.
@Suite struct OrderedIntervalsTests {
    /// Every interval of the store: key, first and last revision, and the version's content.
    func intervals(_ store: SQLiteStore) throws -> [String] {
        try store.reader.read { db in
            try Row.fetchAll(
                db, sql: "SELECT screenKey, validFrom, validUntil, versionId FROM documentScreen ORDER BY screenKey, validFrom"
            )
            .map { row in
                let until: Int64? = row[2]
                return "\(row[0] as String) \(row[1] as Int64)-\(until.map(String.init) ?? "open") v\(row[3] as Int64)"
            }
        }
    }

    /// The check that chooses the walk: keys strictly increasing; a repeated or descending key,
    /// anywhere in the list, sends the update to the lookup by key.
    @Test func strictKeyOrder() {
        func screens(_ keys: String...) -> [ScreenContent] { keys.map { ScreenContent(key: $0, hash: "", content: []) } }
        #expect(screens().isStrictlyOrderedByKey)
        #expect(screens("a").isStrictlyOrderedByKey)
        #expect(screens("a", "b", "screen10", "screen2").isStrictlyOrderedByKey)
        #expect(!screens("a", "a").isStrictlyOrderedByKey)
        #expect(!screens("a", "c", "b").isStrictlyOrderedByKey)
        #expect(!screens("b", "a", "c", "d").isStrictlyOrderedByKey)
    }

    @Test func walkingTheHeadsScreensInKeyOrderStoresWhatLookingThemUpByKeyStores() throws {
        let (walked, walkedFolder) = try makeStore()
        let (looked, lookedFolder) = try makeStore()
        defer {
            try? FileManager.default.removeItem(atPath: walkedFolder)
            try? FileManager.default.removeItem(atPath: lookedFolder)
        }
        var random = SystemRandomNumberGenerator()
        var screens: [String: String] = Dictionary(uniqueKeysWithValues: (0..<40).map { ("screen\($0)", "content \($0)") })
        var heads: (walked: Int64?, looked: Int64?) = (nil, nil)
        var previous: [ScreenContent] = []
        var fresh = 1000
        for round in 0..<60 {
            // 0-4 screens edited, removed or added (a new key, or one removed before).
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let keys = screens.keys.sorted()
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !keys.isEmpty: screens[keys.randomElement(using: &random) ?? ""] = "edited \(round) \(fresh)"
                case 1 where keys.count > 1: screens[keys.randomElement(using: &random) ?? ""] = nil
                case 2: screens["screen\(Int.random(in: 0..<60, using: &random))"] = "again \(round)"
                default: screens["new\(fresh)"] = "added \(round)"
                }
                fresh += 1
            }
            let ordered = screens.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            var forWalk = newRevision(screens: ordered, expectedHead: heads.walked, at: .at(Int64(round)))
            let forLookUp = newRevision(screens: ordered, expectedHead: heads.looked, at: .at(Int64(round)))
            forWalk.headScreens = heads.walked == nil ? nil : previous
            let walkedRecord = try walked.recordImport(forWalk)
            let lookedRecord = try looked.recordImport(forLookUp)
            #expect(walkedRecord.outcome == lookedRecord.outcome)
            heads = (walkedRecord.revision?.id ?? heads.walked, lookedRecord.revision?.id ?? heads.looked)
            previous = forWalk.screens
            #expect(try intervals(walked) == intervals(looked), "round \(round)")
        }
        #expect(try walked.intervalProblems().isEmpty)
        #expect(try walked.integrityProblems().isEmpty)
    }

    @Test func aStaleListOfTheHeadsScreensIsRefusedAndWritesNothing() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0))).revision)
        let before = try intervals(store)
        // The caller believes the head has a screen "c" that it does not have: closing it finds no interval.
        var next = newRevision(screens: [("a", "A2"), ("b", "B1")], expectedHead: first.id, at: .at(1))
        next.headScreens = [("a", "A1"), ("b", "B1"), ("c", "C1")].map {
            ScreenContent(key: $0.0, hash: hash($0.1), content: Array($0.1.utf8))
        }
        #expect(throws: StoreError.headMoved(path: "app.json")) { _ = try store.recordImport(next) }
        #expect(try intervals(store) == before)
    }
}
