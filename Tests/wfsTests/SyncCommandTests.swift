import Foundation
import Testing
import WireframeTestSupport

/// `wfs sync` brings a clone to the store's heads: an unedited file becomes the head's exact
/// source, an edited one is merged and stored, a document added elsewhere appears, one deleted
/// elsewhere goes unless edited here, and a dry run writes nothing.
@Suite(.serialized) struct SyncCommandTests {
    static let stores = StoreKind.available

    @Test(arguments: stores)
    func anUneditedFileBecomesTheHeadsSourceByteForByteAndADryRunWritesNothing(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        let adas = "{\n\t\"appName\": \"Demo\", \"root\": \"home\",\n\t\"routes\": [{\"name\": \"home\", \"title\": \"Start\"}]\n}\n"
        try team.ada.write("shop.json", adas)
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        let before = try team.file(team.bob)

        let dry = try team.run(team.bob, "sync", "--dry-run")
        #expect(dry.output == "would update shop.json to revision 2 (#2) by ada\n", "\(dry.error)")
        #expect(try team.file(team.bob) == before)

        let synced = try team.run(team.bob, "sync")
        #expect(synced.output == "updated shop.json to revision 2 (#2) by ada\n", "\(synced.error)")
        #expect(try team.file(team.bob) == adas)
        #expect(try team.run(team.bob, "sync").output == "up to date\n")
        // Nothing was stored by the sync.
        #expect((try StoreCLI.json(team.run(team.ada, "log", "--format", "json").output) as? [Any])?.count == 2)
    }

    @Test(arguments: stores)
    func anEditedFileIsMergedStoredAndRewritten(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        try team.ada.write("shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        try team.bob.write("shop.json", StoreCLI.wireframe([("home", "Welcome"), ("cart", "Cart")]))
        #expect(
            try team.run(team.bob, "sync", "--dry-run").output
                == "shop.json has edits here: would be imported, merged with revision 2 (#2) by ada\n")
        let synced = try team.run(team.bob, "sync", "shop.json")
        #expect(
            synced.output
                == "stored shop.json revision 3 (#3): modified home\n  merged with revision 2 by ada: cart\n  shop.json now holds the merge\n",
            "\(synced.error)")
        #expect(try team.file(team.bob).contains("\"Basket\"") && team.file(team.bob).contains("\"Welcome\""))
        // Ada's clone follows.
        #expect(try team.run(team.ada, "sync").output == "updated shop.json to revision 3 (#3) by bob\n")
        #expect(try team.file(team.ada) == team.file(team.bob))
    }

    @Test(arguments: stores)
    func documentsAddedElsewhereAppearAndDeletedOnesGoUnlessEditedHere(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        let plan = StoreCLI.wireframe([("home", "Plan")])
        try team.ada.write("plans/new.json", plan)
        try team.ada.write("old.json", StoreCLI.wireframe([("home", "Old")]))
        try team.ada.write("edited.json", StoreCLI.wireframe([("home", "Edited")]))
        #expect(try team.run(team.ada, "import", ".").status == 0)
        let added = try team.run(team.bob, "sync")
        #expect(
            added.output
                == "added edited.json: revision 2 (#1) by ada\nadded old.json: revision 3 (#1) by ada\nadded plans/new.json: revision 4 (#1) by ada\n",
            "\(added.error)")
        #expect(try team.file(team.bob, "plans/new.json") == plan)

        try FileManager.default.removeItem(atPath: team.ada.root + "/old.json")
        try FileManager.default.removeItem(atPath: team.ada.root + "/edited.json")
        #expect(try team.run(team.ada, "import", ".").status == 0)
        try team.bob.write("edited.json", StoreCLI.wireframe([("home", "Edited by Bob")]))
        let removed = try team.run(team.bob, "sync")
        #expect(
            removed.output
                == "kept edited.json: deleted in revision 5 (#2) by ada, but edited here (wfs import edited.json stores it again)\nremoved old.json: deleted in revision 6 (#2) by ada\n",
            "\(removed.error)")
        #expect(!team.exists(team.bob, "old.json") && team.exists(team.bob, "edited.json"))

        // A file removed here and not imported is left removed.
        try FileManager.default.removeItem(atPath: team.bob.root + "/plans/new.json")
        #expect(
            try team.run(team.bob, "sync", "plans").output
                == "kept plans/new.json removed: removed here, not imported (the store's newest is revision 4 (#1) by ada)\n")
        #expect(!team.exists(team.bob, "plans/new.json"))
    }

    @Test func aPathThatNamesNoDocumentIsAnErrorWithTheNearestOne() throws {
        let team = try TeamClones(.sqlite)
        defer { team.remove() }
        let typo = try team.run(team.bob, "sync", "shop.jsn")
        #expect(typo.status == 2)
        #expect(typo.error == "wfs: error: no document 'shop.jsn' in the store; did you mean 'shop.json'?\n", "\(typo.error)")
        // An edited file that does not validate is refused where it is wrong, and kept as it is.
        let broken = StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]).replacingOccurrences(
            of: "\"root\": \"home\"", with: "\"root\": \"nowhere\"")
        try team.bob.write("shop.json", broken)
        let refused = try team.run(team.bob, "sync")
        #expect(refused.status == 1)
        #expect(refused.error.contains("shop.json:3:11: error: ") && refused.error.contains("[WF0102]"), "\(refused.error)")
        #expect(try team.file(team.bob) == broken)
    }
}
