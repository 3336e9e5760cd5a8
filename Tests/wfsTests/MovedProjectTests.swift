import Foundation
import Testing
import WireframeSync

/// A project folder moved (`mv`) or copied (`cp -r`) with its store keeps working: the store in
/// `ROOT/.wfs/` takes ROOT as its root when the root recorded at `init` is elsewhere. Files
/// outside the root are still refused.
@Suite(.serialized) struct MovedProjectTests {
    @Test func aMovedProjectImportsFromItsNewFolder() throws {
        let parent = try StoreCLI()
        defer { parent.remove() }
        let original = StoreCLI(folder: parent.root + "/before")
        try FileManager.default.createDirectory(atPath: original.root, withIntermediateDirectories: true)
        #expect(try original.run("init").status == 0)
        try original.write("app.json", StoreCLI.wireframe([("home", "Home"), ("about", "About")]))
        #expect(try original.run("import", "app.json").status == 0)

        try FileManager.default.moveItem(atPath: original.root, toPath: parent.root + "/after")
        let moved = StoreCLI(folder: parent.root + "/after")
        try moved.write("app.json", StoreCLI.wireframe([("home", "Home"), ("about", "About us")]))
        let imported = try moved.run("import", "app.json")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output == "stored app.json revision 2 (#2): modified about\n")
        // From a sub-folder, by a path through it, and a folder import.
        try moved.write("screens/extra.json", StoreCLI.wireframe([("home", "Extra")]))
        let below = StoreCLI(folder: moved.root + "/screens")
        #expect(try below.run("import", "extra.json").output == "stored screens/extra.json revision 3 (#1): added home\n")
        #expect(try moved.run("import", ".").status == 0)
        #expect(try moved.run("status").output.contains("\nroot \(moved.root)\n"))
        let status = try #require(try StoreCLI.json(try moved.run("status", "--format", "json").output) as? [String: Any])
        #expect(status["root"] as? String == moved.root)
        // `init` again in the moved folder finds its own store.
        let again = try moved.run("init")
        #expect(again.status == 0)
        #expect(again.output.contains("exists already"))

        // Files outside the new root are refused, as before the move.
        try parent.write("outside.json", StoreCLI.wireframe([("home", "Outside")]))
        let outside = try moved.run("import", "../outside.json")
        #expect(outside.status == 64)
        #expect(outside.error.contains("'../outside.json' is outside the project root '\(moved.root)'"))
        #expect(try moved.run("import", "/etc/hostname").error.contains("outside the project root '\(moved.root)'"))
        #expect(try moved.run("verify").status == 0)
    }

    @Test func aCopiedProjectIsAProjectOfItsOwn() throws {
        let parent = try StoreCLI()
        defer { parent.remove() }
        let original = StoreCLI(folder: parent.root + "/original")
        try FileManager.default.createDirectory(atPath: original.root, withIntermediateDirectories: true)
        #expect(try original.run("init").status == 0)
        try original.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(try original.run("import", "app.json").status == 0)

        try FileManager.default.copyItem(atPath: original.root, toPath: parent.root + "/copy")
        let copy = StoreCLI(folder: parent.root + "/copy")
        try copy.write("app.json", StoreCLI.wireframe([("home", "Copied home")]))
        let imported = try copy.run("import", "app.json")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output == "stored app.json revision 2 (#2): modified home\n")
        // The original's store is untouched, and still takes its own folder's files only.
        #expect(try original.run("log", "--format", "json").output.components(separatedBy: "\"number\"").count == 2)
        #expect(try original.run("import", "../copy/app.json").error.contains("outside the project root '\(original.root)'"))
        #expect(try copy.run("import", "../original/app.json").error.contains("outside the project root '\(copy.root)'"))
        #expect(try copy.run("status").output.contains("\nroot \(copy.root)\n"))
        #expect(try original.run("status").output.contains("\nroot \(original.root)\n"))
    }

    @Test func theRecordedRootStaysWhereTheStoreDoesNotMoveWithIt() throws {
        let parent = try StoreCLI()
        defer { parent.remove() }
        // A store kept outside the project (--store) keeps the root recorded at init.
        let project = StoreCLI(folder: parent.root + "/project")
        try FileManager.default.createDirectory(atPath: project.root, withIntermediateDirectories: true)
        let storePath = parent.root + "/stores/project.sqlite"
        #expect(try project.run("init", "--store", storePath).status == 0)
        try project.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(try project.run("import", "--store", storePath, "app.json").status == 0)
        let elsewhere = StoreCLI(folder: parent.root + "/stores")
        #expect(try elsewhere.run("status", "--store", storePath).output.contains("\nroot \(project.root)\n"))
        #expect(StoreLocation.projectRoot(recorded: "/a/project", storePath: "/b/stores/x.sqlite") == "/a/project")

        // The same folder reached through a symbolic link keeps its recorded spelling.
        try FileManager.default.createDirectory(atPath: parent.root + "/real", withIntermediateDirectories: true)
        let real = StoreCLI(folder: parent.root + "/real")
        #expect(try real.run("init").status == 0)
        try FileManager.default.createSymbolicLink(atPath: parent.root + "/link", withDestinationPath: real.root)
        #expect(StoreLocation.projectRoot(recorded: real.root, storePath: parent.root + "/link/.wfs/store.sqlite") == real.root)
        // A store at ROOT/.wfs/ whose recorded root has no such store, or another one, takes ROOT.
        #expect(StoreLocation.projectRoot(recorded: parent.root + "/gone", storePath: real.root + "/.wfs/store.sqlite") == real.root)
        #expect(
            StoreLocation.projectRoot(recorded: real.root, storePath: parent.root + "/other/.wfs/store.sqlite") == parent.root + "/other")
        #expect(StoreLocation.projectRoot(recorded: "/x", storePath: "/.wfs/store.sqlite") == "/")
    }
}
