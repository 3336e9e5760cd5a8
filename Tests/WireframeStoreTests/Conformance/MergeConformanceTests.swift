import Foundation
import Testing
import WireframeModel
import WireframeStore

/// A merged save, as every engine must record it: the record of what it kept of the other
/// writer's work is read back as written, by every read and by another process, and what a merge
/// that overwrote fields replaced is the caller's list, not one worked out by screens.
@Suite struct MergeConformanceTests {
    func save(_ screens: [(String, String)], by author: String, expectedHead: Int64?, at seconds: Int64) -> NewRevision {
        var new = newRevision(screens: screens, expectedHead: expectedHead, at: .at(seconds))
        new.attempt.author = author
        new.contentHash = hash("doc" + screens.map { "\($0.0)=\($0.1)" }.joined(separator: ";"))
        return new
    }

    @Test(arguments: StoreEngines.all)
    func aCleanMergeIsBasedOnTheHeadReplacesNothingAndKeepsItsRecord(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let base = try #require(
            try store.recordImport(save([("cart", "C1"), ("home", "H1")], by: "bob", expectedHead: nil, at: 0)).revision)
        let adas = try #require(
            try store.recordImport(save([("cart", "C2"), ("home", "H1")], by: "ada", expectedHead: base.id, at: 1)).revision)
        // Bob's file, based on the base, changed home; merged with Ada's head it keeps her cart.
        var merged = save([("cart", "C2"), ("home", "H2")], by: "bob", expectedHead: adas.id, at: 2)
        merged.basedOn = adas.id
        merged.merge = MergeRecord(mergedWith: adas.id, author: "ada", screens: ["cart"])
        let bobs = try #require(try store.recordImport(merged).revision)
        #expect(bobs.merge == MergeRecord(mergedWith: adas.id, author: "ada", screens: ["cart"]))
        #expect(bobs.basedOn == adas.id && bobs.replaces == nil)
        #expect(try store.revision(id: bobs.id) == bobs)
        #expect(try store.log(LogFilter()).map(\.revision) == [bobs, adas, base])
        #expect(try store.state(atOrBefore: nil) == [bobs])
        let other = try engine.reopen(store)
        defer { try? other.close() }
        #expect(try other.revision(documentPath: "app.json", number: 3) == bobs)
        #expect(try other.revision(id: adas.id).merge == nil)
    }

    @Test(arguments: StoreEngines.all)
    func aMergeThatOverwroteAFieldReplacesTheScreensItNames(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let base = try #require(
            try store.recordImport(save([("cart", "C1"), ("home", "H1")], by: "bob", expectedHead: nil, at: 0)).revision)
        let adas = try #require(
            try store.recordImport(save([("cart", "C2"), ("home", "H2")], by: "ada", expectedHead: base.id, at: 1)).revision)
        // Both changed cart's title: Bob's wins there; Ada's home is kept. By screens alone the
        // save would replace nothing of home but all of cart; the caller names cart.
        var merged = save([("cart", "C3"), ("home", "H2")], by: "bob", expectedHead: adas.id, at: 2)
        merged.basedOn = base.id
        merged.replacedScreens = ["cart"]
        let overwritten = OverwrittenField(screen: "cart", field: "title", value: "Basket", author: "ada")
        merged.merge = MergeRecord(mergedWith: adas.id, author: "ada", screens: ["home"], overwritten: [overwritten])
        let bobs = try #require(try store.recordImport(merged).revision)
        #expect(bobs.replaces == Replacement(id: adas.id, author: "ada", screens: ["cart"]))
        #expect(bobs.merge?.overwritten == [overwritten])
        var replacing = LogFilter()
        replacing.replacingOnly = true
        #expect(try store.log(replacing).map(\.revision) == [bobs])
        let other = try engine.reopen(store)
        defer { try? other.close() }
        #expect(try other.revision(id: bobs.id) == bobs)
    }
}
