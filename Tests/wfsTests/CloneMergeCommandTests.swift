import Foundation
import Testing
import WireframeTestSupport

/// Two clones of one project on one store, as a team works: each `wfs import` knows what its
/// clone's file is based on, and a save made on a file that the other writer's work has moved
/// past is merged with that work, screen by screen and field by field, instead of reverting it.
@Suite(.serialized) struct CloneMergeCommandTests {
    static let stores = StoreKind.available

    @Test(arguments: stores)
    func aStaleSaveOfAnotherScreenKeepsTheOtherWritersChangeAndTheFileGetsIt(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        try team.ada.write("shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        // Bob's copy still says Cart; he retitles home.
        try team.bob.write("shop.json", StoreCLI.wireframe([("home", "Welcome"), ("cart", "Cart")]))
        let imported = try team.run(team.bob, "import", "shop.json")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(
            imported.output
                == "stored shop.json revision 3 (#3): modified home\n  merged with revision 2 by ada: cart\n  shop.json now holds the merge\n"
        )

        let head = try team.head()
        #expect(head["author"] as? String == "bob" && head["basedOn"] as? Int == 2 && head["replaces"] is NSNull)
        let merge = try #require(head["merge"] as? [String: Any])
        #expect(merge["mergedWith"] as? Int == 2 && merge["author"] as? String == "ada" && merge["screens"] as? [String] == ["cart"])
        #expect((merge["overwritten"] as? [Any])?.isEmpty == true)
        // The head and Bob's file hold both changes; Bob's file is the stored source, byte for byte.
        let shown = try team.run(team.ada, "show", "--source", "shop.json").output
        #expect(shown.contains("\"Basket\"") && shown.contains("\"Welcome\""))
        #expect(try team.file(team.bob) == shown)
        #expect(
            try team.run(team.ada, "log").output.contains("revision 3 ")
                && team.run(team.ada, "log").output.contains(
                    "\n    merged with revision 2 by ada: cart\n")
        )
        // Bob's next import of the merged file changes nothing.
        #expect(try team.run(team.bob, "import", "shop.json").output == "unchanged shop.json\n")
        #expect((try StoreCLI.json(team.run(team.ada, "log", "--replacing", "--format", "json").output) as? [Any])?.isEmpty == true)
    }

    @Test(arguments: stores)
    func theSameFieldChangedOnBothSidesTakesTheSaveAndNamesWhatItOverwrote(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        try team.ada.write("shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        try team.bob.write("shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Bag")]))
        let imported = try team.run(team.bob, "import", "shop.json")
        #expect(
            imported.output
                == "stored shop.json revision 3 (#3): modified cart\n  merged with revision 2 by ada; overwrote ada's title of cart (Basket)\n",
            "\(imported.error)")

        let head = try team.head()
        #expect(head["basedOn"] as? Int == 1)
        let replaces = try #require(head["replaces"] as? [String: Any])
        #expect(replaces["id"] as? Int == 2 && replaces["author"] as? String == "ada" && replaces["screens"] as? [String] == ["cart"])
        let merge = try #require(head["merge"] as? [String: Any])
        let overwritten = try #require(merge["overwritten"] as? [[String: Any]])
        #expect(overwritten.count == 1)
        #expect(overwritten.first?["screen"] as? String == "cart" && overwritten.first?["field"] as? String == "title")
        #expect(overwritten.first?["value"] as? String == "Basket" && overwritten.first?["author"] as? String == "ada")
        #expect(try team.run(team.ada, "show", "--source", "shop.json").output.contains("\"Bag\""))
        let replacing = try StoreCLI.json(team.run(team.ada, "log", "--replacing", "--format", "json").output) as? [[String: Any]]
        #expect(replacing?.map { $0["id"] as? Int } == [3])
        let status = try team.run(team.ada, "status").output
        #expect(status.contains("    merged with revision 2 by ada; overwrote ada's title of cart (Basket)\n"), "\(status)")
        #expect(status.contains("    replaces revision 2 by ada: ada's changes to cart are not in it\n"), "\(status)")
    }

    @Test(arguments: stores)
    func aStaleFileWithoutEditsComesToTheHeadByteForByte(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        let adas = StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]).replacingOccurrences(of: "  ", with: "\t")
        try team.ada.write("shop.json", adas)
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        let imported = try team.run(team.bob, "import", "shop.json")
        #expect(imported.output == "unchanged shop.json\n  merged with revision 2 by ada: cart\n  shop.json now holds the merge\n")
        #expect(try team.file(team.bob) == adas)
        #expect(try team.run(team.ada, "log", "--format", "json").output.components(separatedBy: "\"id\" :").count == 3)
    }

    @Test(arguments: stores)
    func aCloneWithoutARecordTakesTheRevisionWhoseContentTheFileHasElseTheHeadAndSaysSo(store: StoreKind) throws {
        let team = try TeamClones(store)
        defer { team.remove() }
        try team.ada.write("shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        // Bob's untouched copy of revision 1, in a clone that kept no record: it comes to the head.
        try FileManager.default.removeItem(atPath: team.bob.root + "/.wfs")
        let untouched = try team.run(team.bob, "import", "shop.json")
        #expect(
            untouched.output
                == "unchanged shop.json\n  shop.json: this clone had no record of what the file is based on: taken as revision 1, whose content it has\n  merged with revision 2 by ada: cart\n  shop.json now holds the merge\n",
            "\(untouched.error)")
        #expect(try team.file(team.bob).contains("\"Basket\""))
        // An edited file that no revision has, without a record, is taken as based on the head.
        try FileManager.default.removeItem(atPath: team.bob.root + "/.wfs")
        try team.bob.write("shop.json", StoreCLI.wireframe([("home", "Welcome"), ("cart", "Cart")]))
        let edited = try team.run(team.bob, "import", "shop.json")
        #expect(
            edited.output
                == "stored shop.json revision 3 (#3): modified cart, home\n  shop.json: this clone had no record of what the file is based on: taken as the head, revision 2\n",
            "\(edited.error)")
        // From then on the clone has its record: the next save says nothing of it.
        try team.bob.write("shop.json", StoreCLI.wireframe([("home", "Hello"), ("cart", "Cart")]))
        #expect(try team.run(team.bob, "import", "shop.json").output == "stored shop.json revision 4 (#4): modified home\n")
    }

    @Test(arguments: stores)
    func aRewrittenFileKeepsItsIndentation(store: StoreKind) throws {
        let tabbed = StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]).replacingOccurrences(of: "  ", with: "\t")
        let team = try TeamClones(store, file: tabbed)
        defer { team.remove() }
        try team.ada.write("shop.json", tabbed.replacingOccurrences(of: "\"Cart\"", with: "\"Basket\""))
        #expect(try team.run(team.ada, "import", "shop.json").status == 0)
        try team.bob.write("shop.json", tabbed.replacingOccurrences(of: "\"Home\"", with: "\"Welcome\""))
        #expect(try team.run(team.bob, "import", "shop.json").output.contains("shop.json now holds the merge"))
        let lines = try team.file(team.bob).components(separatedBy: "\n")
        #expect(lines[1].hasPrefix("\t\"") && lines.contains { $0.hasPrefix("\t\t") } && !lines.contains { $0.hasPrefix(" ") })
    }
}
