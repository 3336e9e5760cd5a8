import Foundation
import Testing
import WireframeStore
import WireframeSync
import WireframeTestSupport

/// Renames through the import pipeline, on every engine: `importRename` (what the daemon and a
/// git import call for a file moved), and a folder import that finds a new file with the bytes of
/// a document it finds gone.
struct RenameImportTests {
    /// The engines a pipeline test runs on: where a store is made.
    enum Engine: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgresql
        var testDescription: String { rawValue }
        static var available: [Engine] { PostgreSQLTestServer.isEnabled ? allCases : [.sqlite] }
    }

    /// A project folder with a store of `engine`; `discard` removes both.
    struct Project {
        var root: String
        var store: any Store
        var database: String?

        init(_ engine: Engine) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-rename-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            switch engine {
            case .sqlite:
                store = try StoreLocation.create(location: root + "/.wfs/store.sqlite", root: root)
            case .postgresql:
                let made = try PostgreSQLTestServer.makeDatabase()
                database = made.name
                store = try StoreLocation.create(location: made.url, root: root)
            }
        }

        func discard() {
            try? store.close()
            if let database { PostgreSQLTestServer.dropDatabase(database) }
            try? FileManager.default.removeItem(atPath: root)
        }

        func write(_ text: String, to path: String) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Moves a file as `mv` does: rename(2), over a file at the new path.
        func move(_ from: String, _ to: String) throws {
            guard rename(root + "/" + from, root + "/" + to) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        }

        func pipeline(author: String = "ada") -> ImportPipeline {
            ImportPipeline(store: store, root: root, author: author)
        }
    }

    static func wireframe(cartTitle: String = "Cart", extra: String? = nil) -> String {
        let extraRoute = extra.map { #", {"name": "\#($0)", "title": "More"}"# } ?? ""
        let extraLink = extra.map { #", "\#($0)""# } ?? ""
        return #"""
            {"appName": "Shop", "root": "home", "routes": [{"name": "home", "title": "Home", "subroutes": ["cart"\#(extraLink)]}, {"name": "cart", "title": "\#(cartTitle)"}\#(extraRoute)]}

            """#
    }

    @Test(arguments: Engine.available)
    func aMovedFileIsTheDocumentsNextRevisionWithoutScreenChanges(engine: Engine) throws {
        let project = try Project(engine)
        defer { project.discard() }
        try project.write(Self.wireframe(), to: "a.json")
        let first = try #require(try project.pipeline().importFile(absolutePath: project.root + "/a.json", relativePath: "a.json").revision)
        try project.move("a.json", "b.json")
        let results = try project.pipeline(author: "bob").importRename(from: "a.json", to: "b.json")
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(result.outcome == .stored && result.path == "b.json" && result.changes.isEmpty)
        let rename = try #require(result.revision)
        #expect(rename.previousPath == "a.json" && rename.number == 2 && rename.parentId == first.id && rename.author == "bob")
        #expect(rename.contentHash == first.contentHash)
        #expect(try project.store.documentPaths() == ["b.json"])
        #expect(try project.store.revision(documentPath: "a.json", number: 1)?.id == first.id)
        // The next save of the new path is the document's next revision.
        try project.write(Self.wireframe(cartTitle: "Basket"), to: "b.json")
        let edit = try project.pipeline().importFile(absolutePath: project.root + "/b.json", relativePath: "b.json")
        #expect(edit.revision?.number == 3 && edit.changes.map(\.screenKey) == ["cart"])
    }

    @Test(arguments: Engine.available)
    func aRenameWithEditsAtAGivenTimeFromGivenBytesRecordsTheEdits(engine: Engine) throws {
        let project = try Project(engine)
        defer { project.discard() }
        try project.write(Self.wireframe(), to: "a.json")
        _ = try project.pipeline().importFile(absolutePath: project.root + "/a.json", relativePath: "a.json")
        // No file at the new path: the bytes are the caller's (a git blob), and so is the time.
        var pipeline = project.pipeline(author: "Bob <bob@example.com>")
        pipeline.message = "Rename and retitle"
        let time = Timestamp(microseconds: 1_700_000_000_000_000)
        let results = try pipeline.importRename(
            from: "a.json", to: "shop/b.json", bytes: Array(Self.wireframe(cartTitle: "Basket", extra: "help").utf8), at: time)
        let rename = try #require(results.first?.revision)
        #expect(results.count == 1)
        #expect(rename.previousPath == "a.json" && rename.documentPath == "shop/b.json" && rename.number == 2)
        #expect(rename.createdAt == time && rename.author == "Bob <bob@example.com>" && rename.message == "Rename and retitle")
        #expect(Set(try project.store.changes(revisionId: rename.id).map(\.screenKey)) == ["cart", "help", "home"])
    }

    @Test(arguments: Engine.available)
    func whenItIsNoRenameTheNewFileIsImportedAndTheOldDocumentDeleted(engine: Engine) throws {
        let project = try Project(engine)
        defer { project.discard() }
        try project.write(Self.wireframe(), to: "a.json")
        try project.write(Self.wireframe(cartTitle: "Basket"), to: "b.json")
        let imported = try project.pipeline().importPaths([project.root])
        let b = try #require(imported.first { $0.path == "b.json" }?.revision)
        // Moved over a stored document (an editor's save by rename): an edit of that one.
        try project.move("a.json", "b.json")
        let over = try project.pipeline().importRename(from: "a.json", to: "b.json")
        #expect(over.map(\.outcome) == [.stored, .deleted])
        #expect(over.first?.revision?.previousPath == nil && over.first?.revision?.parentId == b.id)
        #expect(over.last?.path == "a.json")

        // Moved from a path the store has no document at: a new document.
        try project.write(Self.wireframe(), to: "c.json")
        let fromNothing = try project.pipeline().importRename(from: "tmp.json", to: "c.json")
        #expect(fromNothing.map(\.outcome) == [.stored] && fromNothing.first?.revision?.number == 1)

        // An invalid file: refused at the new path, and the old document's file is gone.
        try project.move("c.json", "d.json")
        try project.write("{", to: "d.json")
        let invalid = try project.pipeline().importRename(from: "c.json", to: "d.json")
        #expect(invalid.map(\.outcome) == [.rejected, .deleted])
        #expect(try project.store.revision(documentPath: "c.json", atOrBefore: nil)?.isDeletion == true)
    }

    @Test(arguments: Engine.available)
    func aFolderImportTakesANewFileWithTheBytesOfAGoneDocumentForItsRename(engine: Engine) throws {
        let project = try Project(engine)
        defer { project.discard() }
        try project.write(Self.wireframe(), to: "flows/a.json")
        try project.write(Self.wireframe(cartTitle: "Bag"), to: "flows/other.json")
        let first = try project.pipeline().importPaths([project.root])
        let a = try #require(first.first { $0.path == "flows/a.json" }?.revision)
        try project.move("flows/a.json", "flows/renamed.json")
        try project.move("flows/other.json", "gone.txt")
        try project.write(Self.wireframe(cartTitle: "Other"), to: "flows/new.json")

        let results = try project.pipeline().importPaths([project.root])
        #expect(results.map(\.path) == ["flows/new.json", "flows/renamed.json", "flows/other.json"])
        #expect(results.map(\.outcome) == [.stored, .stored, .deleted])
        let rename = try #require(results[1].revision)
        #expect(rename.previousPath == "flows/a.json" && rename.number == 2 && rename.parentId == a.id)
        #expect(results[0].revision?.previousPath == nil && results[0].revision?.number == 1)
        #expect(try project.store.documentPaths() == ["flows/new.json", "flows/other.json", "flows/renamed.json"])
        // Imported again, nothing moves.
        #expect(try project.pipeline().importPaths([project.root]).map(\.outcome) == [.unchanged, .unchanged])
    }

    @Test(arguments: Engine.available)
    func namedPathsThatAreAGoneDocumentAndItsMovedFileAreARename(engine: Engine) throws {
        let project = try Project(engine)
        defer { project.discard() }
        try project.write(Self.wireframe(), to: "a.json")
        _ = try project.pipeline().importPaths([project.root + "/a.json"])
        try project.move("a.json", "b.json")
        let results = try project.pipeline().importPaths([project.root + "/a.json", project.root + "/b.json"])
        #expect(results.map(\.outcome) == [.stored])
        #expect(results.first?.revision?.previousPath == "a.json")
    }

    @Test(arguments: Engine.available)
    func aCopyOfAStoreKeepsItsRenames(engine: Engine) throws {
        let project = try Project(engine)
        defer { project.discard() }
        try project.write(Self.wireframe(), to: "a.json")
        _ = try project.pipeline().importPaths([project.root])
        try project.move("a.json", "b.json")
        _ = try project.pipeline().importPaths([project.root])
        try project.write(Self.wireframe(), to: "a.json")
        _ = try project.pipeline().importPaths([project.root])
        let target = try StoreLocation.create(location: project.root + "/copy/store.sqlite", root: project.root)
        defer { try? target.close() }
        _ = try StoreCopy.copy(from: project.store, to: target)
        #expect(try target.allRevisions() == project.store.allRevisions())
        #expect(try target.documentPaths() == ["a.json", "b.json"])
    }
}
