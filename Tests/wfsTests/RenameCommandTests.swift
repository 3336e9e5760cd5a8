import Foundation
import Testing
import WireframeTestSupport

/// A renamed file keeps its history through `wfs import`, `log`, `show` and `status`, on every
/// engine: the import of a folder after `mv` records a rename, `log --follow` goes back to the
/// first revision, an old REF still names its revision, and a new file at the old path is a new
/// document.
@Suite(.serialized) struct RenameCommandTests {
    static let stores = StoreKind.available

    /// A project with `a.json` in two revisions; every run names the store.
    struct Project {
        let cli: StoreCLI
        let database: String?
        let environment: [String: String]

        init(_ kind: StoreKind) throws {
            cli = try StoreCLI()
            (database, environment) = try kind.makeStore()
            #expect(try run("init").status == 0)
            try cli.write("a.json", StoreCLI.wireframe([("home", "First"), ("cart", "Cart")]))
            #expect(try run("import", ".").status == 0)
            try cli.write("a.json", StoreCLI.wireframe([("home", "Second"), ("cart", "Cart")]))
            #expect(try run("import", "a.json").status == 0)
        }

        @discardableResult
        func run(_ arguments: String...) throws -> StoreCLI.Run {
            try cli.run(arguments: arguments, environment: environment)
        }

        func move(_ from: String, _ to: String) throws {
            try FileManager.default.moveItem(atPath: cli.root + "/" + from, toPath: cli.root + "/" + to)
        }

        /// `wfs log --format json` with `arguments`.
        func log(_ arguments: String...) throws -> [[String: Any]] {
            let run = try cli.run(arguments: ["log", "--format", "json"] + arguments, environment: environment)
            #expect(run.status == 0, "\(run.error)")
            return try StoreCLI.json(run.output) as? [[String: Any]] ?? []
        }

        func remove() {
            cli.remove()
            if let database { PostgreSQLTestServer.dropDatabase(database) }
        }
    }

    @Test(arguments: stores) func aFolderImportAfterAMoveRecordsARenameThatLogFollows(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        try project.move("a.json", "b.json")
        let imported = try project.run("import", ".")
        #expect(imported.output == "stored b.json revision 3 (#3, renamed from a.json): no screen changes\n", "\(imported.error)")
        #expect(imported.status == 0)

        // The new path's log starts at the rename; --follow goes back to a.json's first revision.
        let text = try project.run("log", "b.json")
        #expect(text.output.components(separatedBy: "\n").filter { $0.hasPrefix("revision ") }.count == 1)
        #expect(text.output.hasPrefix("revision 3  b.json #3  ") && text.output.contains("  renamed from a.json\n"))
        let followed = try project.log("--follow", "b.json")
        #expect(followed.map { $0["number"] as? Int } == [3, 2, 1])
        #expect(followed.map { $0["renamedFrom"] as? String } == ["a.json", nil, nil])
        // Only the rename has the key; the others keep their keys as before.
        #expect(followed.map { $0.keys.contains("renamedFrom") } == [true, false, false])
        #expect(try project.log("--follow", "--document", "b.json").count == 3)
        #expect(try project.log("--document", "b.json").count == 1)
        // The path it left lists what it had there.
        #expect(try project.log("a.json").map { $0["number"] as? Int } == [2, 1])

        // Only the new path is a document; the old one is suggested away.
        let status = try project.run("status")
        let documents = status.output.components(separatedBy: "\n").filter { $0.contains("  revision ") }
        #expect(documents.count == 1 && documents.first?.hasPrefix("  b.json  revision 3 (#3)") == true, "\(status.output)")
        let gone = try project.run("show", "a.json")
        #expect(gone.status != 0 && gone.error.contains("did you mean 'b.json'?"), "\(gone.error)")
        #expect(try project.run("log", "--follow").status == 64)
    }

    @Test(arguments: stores) func anOldReferenceNamesItsRevisionUntilANewFileTakesThePath(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        try project.move("a.json", "b.json")
        #expect(try project.run("import", ".").status == 0)
        let old = try project.run("show", "a.json@1")
        #expect(old.status == 0 && old.output.hasPrefix("revision 1  b.json #1  ") && old.output.contains("\"First\""), "\(old.error)")
        #expect(try project.run("diff", "a.json@1", "b.json").output.contains("home"))

        // A new file at the old path is a document of its own, and its REFs are its own.
        try project.cli.write("a.json", StoreCLI.wireframe([("home", "New")]))
        let imported = try project.run("import", ".")
        #expect(imported.output == "stored a.json revision 4 (#1): added home\nunchanged b.json\n", "\(imported.error)")
        let now = try project.run("show", "a.json@1")
        #expect(now.output.hasPrefix("revision 4  a.json #1  "), "\(now.error)")
        #expect(try project.log("--follow", "a.json").map { $0["id"] as? Int } == [4])
        #expect(try project.log("--follow", "b.json").map { $0["id"] as? Int } == [3, 2, 1])
    }

    @Test(arguments: stores) func anExportBeforeTheRenameWritesTheOldPathAndOneAfterItTheNew(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        let before = try #require(try project.log("a.json").first?["createdAt"] as? String)
        try project.move("a.json", "b.json")
        #expect(try project.run("import", ".").status == 0)
        let exports = project.cli.root + "/../" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: exports) }
        let then = try project.run("export", "--at", before, "--output", exports + "/then")
        #expect(then.status == 0, "\(then.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports + "/then").sorted() == ["a.json", "wfs-manifest.json"])
        let now = try project.run("export", "--output", exports + "/now")
        #expect(now.status == 0, "\(now.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports + "/now").sorted() == ["b.json", "wfs-manifest.json"])
    }

    @Test(arguments: stores) func namedFilesAreARenameAndEditedOnesAreADeletionAndANewDocument(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        try project.move("a.json", "b.json")
        let named = try project.run("import", "a.json", "b.json")
        #expect(named.output == "stored b.json revision 3 (#3, renamed from a.json): no screen changes\n", "\(named.error)")
        // Moved and edited before the import: no longer the same bytes, so a deletion and a new document.
        try project.move("b.json", "c.json")
        try project.cli.write("c.json", StoreCLI.wireframe([("home", "Third"), ("cart", "Cart")]))
        let edited = try project.run("import", ".")
        #expect(edited.output == "stored c.json revision 4 (#1): added cart, home\ndeleted b.json revision 5 (#4): removed cart, home\n")
    }
}
