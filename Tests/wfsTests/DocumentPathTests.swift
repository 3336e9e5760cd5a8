import Foundation
import Testing
import WireframeTestSupport

/// Every command that takes a document path reads it by one rule: relative to the current
/// folder when that names a file or a stored document, else relative to the project root; an
/// absolute path inside the root works, and a path outside it is a usage error naming the root.
@Suite(.serialized) struct DocumentPathTests {
    static let stores = StoreKind.available

    /// A project with `app.json` and `plans/shop.json` (two revisions: revision 2 is its first,
    /// revision 3 its second, with a `checkout` screen), and a file outside its root.
    struct Project {
        let parent: StoreCLI
        let root: String
        let database: String?
        let environment: [String: String]
        /// `--root` for a PostgreSQL store, whose root is otherwise the current folder.
        let rootArguments: [String]

        init(_ kind: StoreKind) throws {
            parent = try StoreCLI()
            root = parent.root + "/project"
            try FileManager.default.createDirectory(atPath: root + "/plans/empty", withIntermediateDirectories: true)
            (database, environment) = try kind.makeStore()
            rootArguments = kind == .postgresql ? ["--root", root] : []
            try parent.write("outside.json", StoreCLI.wireframe([("home", "Outside")]))
            try parent.write("project/app.json", StoreCLI.wireframe([("home", "Home"), ("about", "About")]))
            try parent.write("project/plans/shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
            let created = try run(from: "", "init")
            #expect(created.status == 0, "\(created.error)")
            let first = try run(from: "", "import", "app.json", "plans")
            #expect(first.status == 0, "\(first.error)")
            try parent.write(
                "project/plans/shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart"), ("checkout", "Checkout")]))
            let second = try run(from: "", "import", "plans/shop.json")
            #expect(second.output == "stored plans/shop.json revision 3 (#2): added checkout; modified home\n", "\(second.error)")
        }

        /// Runs `wfs` in a folder of the project ("" for its root).
        func run(from folder: String, _ arguments: String...) throws -> StoreCLI.Run {
            try run(from: folder, arguments: arguments)
        }

        func run(from folder: String, arguments: [String]) throws -> StoreCLI.Run {
            let cli = StoreCLI(folder: folder.isEmpty ? root : root + "/" + folder)
            return try cli.run(arguments: arguments + rootArguments, environment: environment)
        }

        func remove() {
            parent.remove()
            if let database { PostgreSQLTestServer.dropDatabase(database) }
        }
    }

    /// The ways to name `plans/shop.json`: from the root, from `plans` relative to it, from
    /// `plans` relative to the root, absolute, and with prefixes and separators to tidy.
    static func namings(root: String) -> [(folder: String, typed: String)] {
        [
            ("", "plans/shop.json"), ("plans", "shop.json"), ("plans", "plans/shop.json"), ("plans", root + "/plans/shop.json"),
            ("plans/empty", "../shop.json"), ("plans", "./shop.json"), ("plans", ".\\shop.json"), ("", "plans\\shop.json"),
            ("plans/empty", "plans//shop.json"), ("", "./plans/../plans/shop.json"),
        ]
    }

    /// Typed paths outside the root: each refused with exit status 64, naming the root.
    static let outside = ["../outside.json", "../../outside.json", "/etc/hostname"]

    static func expectOutside(_ run: StoreCLI.Run, root: String, _ comment: String) {
        #expect(run.status == 64, "\(comment): \(run.error)")
        #expect(run.error.contains("is outside the project root '\(root)'"), "\(comment): \(run.error)")
    }

    @Test(arguments: stores) func logTakesTheDocumentByTheRule(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        for (folder, typed) in Self.namings(root: project.root) {
            let log = try project.run(from: folder, "log", "--document", typed, "--format", "json")
            #expect(log.status == 0, "\(folder): \(typed): \(log.error)")
            let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]], "\(folder): \(typed)")
            #expect(entries.map { $0["document"] as? String } == ["plans/shop.json", "plans/shop.json"], "\(folder): \(typed)")
        }
        // From the root's point of view, `../app.json` from `plans` is the root's app.json.
        let above = try project.run(from: "plans", "log", "--document", "../app.json", "--format", "json")
        #expect((try StoreCLI.json(above.output) as? [[String: Any]])?.map { $0["document"] as? String } == ["app.json"])
        for typed in Self.outside {
            Self.expectOutside(try project.run(from: "plans", "log", "--document", typed), root: project.root, typed)
        }
        // A document that is not stored is the usual error, with the document meant.
        let typo = try project.run(from: "plans", "log", "--document", "shop.jsn")
        #expect(typo.status == 2)
        #expect(typo.error == "wfs: error: no document 'shop.jsn' in the store; did you mean 'plans/shop.json'?\n")
    }

    @Test(arguments: stores) func showAndDiffTakeTheDocumentOfAReferenceByTheRule(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        for (folder, typed) in Self.namings(root: project.root) {
            let show = try project.run(from: folder, "show", typed + "@1")
            #expect(show.status == 0, "\(folder): \(typed): \(show.error)")
            #expect(show.output.hasPrefix("revision 2  plans/shop.json #1  "), "\(folder): \(typed)")
            let head = try project.run(from: folder, "show", typed)
            #expect(head.output.hasPrefix("revision 3  plans/shop.json #2  "), "\(folder): \(typed): \(head.error)")
            let diff = try project.run(from: folder, "diff", typed + "@1", typed)
            #expect(diff.status == 0, "\(folder): \(typed): \(diff.error)")
            #expect(diff.output.contains("+ checkout\n"), "\(folder): \(typed)")
        }
        // Revision ids are no paths.
        #expect(try project.run(from: "plans", "diff", "2", "3").output.contains("+ checkout\n"))
        for typed in Self.outside {
            Self.expectOutside(try project.run(from: "plans", "show", typed), root: project.root, typed)
            Self.expectOutside(try project.run(from: "plans", "diff", typed + "@1", "3"), root: project.root, typed)
        }
        let typo = try project.run(from: "plans", "show", "shop.jsn@1")
        #expect(typo.status == 2)
        #expect(typo.error == "wfs: error: no document 'shop.jsn' in the store; did you mean 'plans/shop.json'?\n")
    }

    @Test(arguments: stores) func exportAndPathTakeTheDocumentByTheRule(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        for (index, (folder, typed)) in Self.namings(root: project.root).enumerated() {
            let output = project.parent.root + "/export-\(index)"
            let export = try project.run(from: folder, "export", "--document", typed, "--output", output)
            #expect(export.status == 0, "\(folder): \(typed): \(export.error)")
            #expect(export.output.hasPrefix("plans/shop.json  revision 3  "), "\(folder): \(typed)")
            // The stored document, by a revision id of it, and the file on disk.
            let stored = try project.run(from: folder, "path", "--at", "3", typed, "home", "checkout")
            #expect(stored.status == 0, "\(folder): \(typed): \(stored.error)")
            #expect(stored.output.hasPrefix("home → checkout: 1 step\n"), "\(folder): \(typed)")
            let file = try project.run(from: folder, "path", typed, "home", "checkout")
            #expect(file.status == 0, "\(folder): \(typed): \(file.error)")
            #expect(file.output.hasPrefix("home → checkout: 1 step\n"), "\(folder): \(typed)")
        }
        for typed in Self.outside {
            let output = project.parent.root + "/refused"
            Self.expectOutside(
                try project.run(from: "plans", "export", "--document", typed, "--output", output), root: project.root, typed)
            Self.expectOutside(try project.run(from: "plans", "path", "--at", "3", typed, "home", "cart"), root: project.root, typed)
            #expect(!FileManager.default.fileExists(atPath: output), "\(typed)")
        }
        let typo = try project.run(from: "plans", "export", "--document", "shop.jsn", "--output", project.parent.root + "/typo")
        #expect(typo.status == 2)
        #expect(typo.error == "wfs: error: no document 'shop.jsn' in the store; did you mean 'plans/shop.json'?\n")
    }

    @Test(arguments: stores) func importTakesFilesAndFoldersByTheRule(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        var title = 0
        for (folder, typed) in Self.namings(root: project.root) {
            title += 1
            try project.parent.write("project/plans/shop.json", StoreCLI.wireframe([("home", "Home \(title)")]))
            let imported = try project.run(from: folder, "import", typed)
            #expect(imported.status == 0, "\(folder): \(typed): \(imported.error)")
            #expect(imported.output.hasPrefix("stored plans/shop.json revision "), "\(folder): \(typed)")
        }
        // Folders: the current one, one relative to the root, and the root itself from below.
        try project.parent.write("project/plans/shop.json", StoreCLI.wireframe([("home", "Home")]))
        let here = try project.run(from: "plans", "import", ".")
        #expect(here.output.hasPrefix("stored plans/shop.json revision "), "\(here.error)")
        try project.parent.write("project/plans/shop.json", StoreCLI.wireframe([("home", "Home again")]))
        let fromRoot = try project.run(from: "plans/empty", "import", "plans/")
        #expect(fromRoot.output.hasPrefix("stored plans/shop.json revision "), "\(fromRoot.error)")
        let whole = try project.run(from: "plans", "import", project.root + "/")
        #expect(whole.output == "unchanged app.json\nunchanged plans/shop.json\n", "\(whole.error)")
        for typed in Self.outside {
            Self.expectOutside(try project.run(from: "plans", "import", typed), root: project.root, typed)
        }
        let missing = try project.run(from: "plans", "import", "nothing.json")
        #expect(missing.status == 2)
        #expect(missing.error.contains("no such file or folder: 'nothing.json'"), "\(missing.error)")
        // A file that is gone names its stored document from its folder: its deletion is imported,
        // and the document is still found there.
        try FileManager.default.removeItem(atPath: project.root + "/plans/shop.json")
        let gone = try project.run(from: "plans", "import", "shop.json")
        #expect(gone.status == 0, "\(gone.error)")
        #expect(gone.output.hasPrefix("deleted plans/shop.json revision "), "\(gone.output)")
        let log = try project.run(from: "plans", "log", "--document", "shop.json", "--limit", "1")
        #expect(log.status == 0, "\(log.error)")
        #expect(log.output.contains("  plans/shop.json #") && log.output.contains("deleted"), "\(log.output)")
    }

    /// A root recorded through a symbolic link, and a current folder that is the physical one.
    @Test func aRootThroughALinkReadsPathsFromBelow() throws {
        let parent = try StoreCLI()
        defer { parent.remove() }
        try parent.write("real/plans/shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        try FileManager.default.createSymbolicLink(atPath: parent.root + "/link", withDestinationPath: parent.root + "/real")
        #expect(try parent.run("init", "--root", "link").status == 0)
        let below = StoreCLI(folder: parent.root + "/link/plans")
        let imported = try below.run("import", "shop.json")
        #expect(imported.output == "stored plans/shop.json revision 1 (#1): added cart, home\n", "\(imported.error)")
        for typed in ["shop.json", "plans/shop.json", parent.root + "/real/plans/shop.json", parent.root + "/link/plans/shop.json"] {
            let log = try below.run("log", "--document", typed, "--format", "json")
            #expect(log.status == 0, "\(typed): \(log.error)")
            #expect(log.output.contains("\"document\" : \"plans/shop.json\""), "\(typed): \(log.output)")
        }
        DocumentPathTests.expectOutside(try below.run("log", "--document", "../../x.json"), root: parent.root + "/link", "link")
    }

    @Test func initInsideAProjectRefusesAndNamesItsStore() throws {
        let parent = try StoreCLI()
        defer { parent.remove() }
        let project = StoreCLI(folder: parent.root + "/project")
        try FileManager.default.createDirectory(atPath: project.root + "/plans/deeper", withIntermediateDirectories: true)
        #expect(try project.run("init").status == 0)
        let store = project.root + "/.wfs/store.sqlite"

        let below = StoreCLI(folder: project.root + "/plans/deeper")
        let refused = try below.run("init")
        #expect(refused.status == 2)
        #expect(refused.output == "")
        #expect(
            refused.error == "wfs: error: '\(below.root)' is inside the project '\(project.root)' (store '\(store)'); "
                + "run wfs there, or pass --nested to make a store of its own here\n")
        #expect(!FileManager.default.fileExists(atPath: below.root + "/.wfs"))
        // The project's store named by WFS_STORE: that store is not this folder's either.
        let named = try below.run("init", environment: ["WFS_STORE": store])
        #expect(named.status == 2)
        #expect(
            named.error == "wfs: error: '\(below.root)' is inside the project '\(project.root)' (store '\(store)'); "
                + "that store is named by --store or WFS_STORE: name a new one to make a store of its own here\n")
        // Named with --root from the project's root, too.
        let byRoot = try project.run("init", "--root", "plans")
        #expect(byRoot.status == 2)
        #expect(byRoot.error.contains("'\(project.root)/plans' is inside the project '\(project.root)'"), "\(byRoot.error)")

        let nested = try below.run("init", "--nested")
        #expect(nested.status == 0, "\(nested.error)")
        #expect(nested.output == "created store \(below.root)/.wfs/store.sqlite for project \(below.root)\n")
        // Its own store now: init again there is the same project's, and its commands use it.
        let again = try below.run("init")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.contains("exists already"))
        #expect(try below.run("status").output.contains("\nroot \(below.root)\n"))

        // A project whose store is on a server keeps its daemon's files in `.wfs`: covered too.
        let team = StoreCLI(folder: parent.root + "/team")
        try FileManager.default.createDirectory(atPath: team.root + "/.wfs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: team.root + "/screens", withIntermediateDirectories: true)
        let inTeam = try StoreCLI(folder: team.root + "/screens").run("init")
        #expect(inTeam.status == 2)
        #expect(inTeam.error.contains("'\(team.root)/screens' is inside the project '\(team.root)' (folder '\(team.root)/.wfs')"))
    }
}
