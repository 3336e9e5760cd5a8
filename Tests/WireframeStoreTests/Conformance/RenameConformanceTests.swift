import Foundation
import Testing
import WireframeModel
import WireframeStore

/// A renamed document keeps its identity, as every engine must record it: the rename is the
/// document's next revision, which names the path it left; old REFs still name its revisions.
@Suite struct RenameConformanceTests {
    /// A new version of `path` whose screens are `screens`; a rename from `renamedFrom` when given.
    func version(
        _ path: String, _ screens: [(String, String)], expectedHead: Int64?, at seconds: Int64, renamedFrom: String? = nil,
        changes: [RecordedChange] = []
    ) -> NewRevision {
        var new = newRevision(path: path, screens: screens, expectedHead: expectedHead, at: .at(seconds), changes: changes)
        new.renamedFrom = renamedFrom
        return new
    }

    /// `a.json` with two revisions, renamed to `b.json` with the same content.
    func renamedHistory(_ store: any Store) throws -> (first: Revision, second: Revision, rename: Revision) {
        let first = try #require(
            try store.recordImport(
                version("a.json", [("home", "H1")], expectedHead: nil, at: 0, changes: [RecordedChange(kind: .added, screenKey: "home")])
            ).revision)
        let second = try #require(
            try store.recordImport(
                version(
                    "a.json", [("home", "H2")], expectedHead: first.id, at: 1, changes: [RecordedChange(kind: .modified, screenKey: "home")]
                )
            ).revision)
        let rename = try store.recordImport(version("b.json", [("home", "H2")], expectedHead: second.id, at: 2, renamedFrom: "a.json"))
        #expect(rename.outcome == .stored)
        return (first, second, try #require(rename.revision))
    }

    @Test(arguments: StoreEngines.all)
    func aPureRenameIsTheDocumentsNextRevisionAndTheOldPathIsNoLongerADocument(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let (first, second, rename) = try renamedHistory(store)

        // The same content, stored all the same: a revision that names the path it left.
        #expect(rename.documentPath == "b.json" && rename.number == 3 && rename.parentId == second.id)
        #expect(rename.previousPath == "a.json" && rename.contentHash == second.contentHash && !rename.isDeletion)
        #expect(try store.changes(revisionId: rename.id).isEmpty)
        #expect(try store.screenHashes(revisionId: rename.id) == ["home": hash("H2")])
        #expect(try store.source(revisionId: rename.id) == Array("home=H2".utf8))

        // One document, at its new path; the old path is nobody's.
        #expect(try store.documentPaths() == ["b.json"])
        #expect(try store.state(atOrBefore: nil).map(\.id) == [rename.id])
        #expect(try store.headState(documentPath: "a.json") == nil)
        #expect(try store.headState(documentPath: "b.json")?.revision == rename)
        #expect(try store.revision(documentPath: "b.json", atOrBefore: nil) == rename)
        #expect(try store.counts()["document"] == 1)
        // Every revision of the document is now under its path.
        #expect(try store.revision(id: first.id).documentPath == "b.json")
        #expect(try store.revision(id: rename.id) == rename)
        #expect(try store.allRevisions().map(\.previousPath) == [nil, nil, "a.json"])

        // The old path is taken for the new one where a person names a document.
        #expect(throws: StoreError.unknownDocument(path: "a.json", suggestion: "b.json")) {
            try store.revision(documentPath: "a.json", atOrBefore: nil)
        }
        #expect(try store.storageProblems().isEmpty)
        let other = try engine.reopen(store)
        defer { try? other.close() }
        #expect(try other.revision(id: rename.id) == rename)
    }

    @Test(arguments: StoreEngines.all)
    func oldReferencesNameTheRevisionsTheDocumentHadAtThePathItLeft(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let (first, second, rename) = try renamedHistory(store)
        #expect(try store.revision(documentPath: "a.json", number: 1)?.id == first.id)
        #expect(try store.revision(documentPath: "a.json", number: 2)?.id == second.id)
        // The rename and what follows are the new path's alone.
        #expect(try store.revision(documentPath: "a.json", number: 3) == nil)
        #expect(try store.revision(documentPath: "b.json", number: 3)?.id == rename.id)
        #expect(try store.revision(documentPath: "b.json", number: 1)?.id == first.id)
    }

    @Test(arguments: StoreEngines.all)
    func aNewDocumentAtTheOldPathWinsOverTheRenamedOne(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let (_, _, rename) = try renamedHistory(store)
        let newcomer = try #require(try store.recordImport(version("a.json", [("start", "S1")], expectedHead: nil, at: 3)).revision)
        #expect(newcomer.number == 1 && newcomer.documentPath == "a.json" && newcomer.previousPath == nil)
        #expect(try store.documentPaths() == ["a.json", "b.json"])
        #expect(try store.revision(documentPath: "a.json", number: 1)?.id == newcomer.id)
        #expect(try store.revision(documentPath: "a.json", number: 2) == nil)
        #expect(try store.log(LogFilter(documentPath: "a.json")).map(\.revision.id) == [newcomer.id])
        var follow = LogFilter(documentPath: "a.json")
        follow.followsRenames = true
        #expect(try store.log(follow).map(\.revision.id) == [newcomer.id])
        #expect(try store.headState(documentPath: "b.json")?.revision.id == rename.id)
    }

    @Test(arguments: StoreEngines.all)
    func aLogStartsAtTheNewestRenameAndFollowsRenamesToTheStartWhenAsked(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let (first, second, rename) = try renamedHistory(store)
        let edit = try #require(
            try store.recordImport(
                version(
                    "b.json", [("home", "H3")], expectedHead: rename.id, at: 3,
                    changes: [RecordedChange(kind: .modified, screenKey: "home")])
            ).revision)
        let again = try #require(
            try store.recordImport(version("c.json", [("home", "H3")], expectedHead: edit.id, at: 4, renamedFrom: "b.json")).revision)
        #expect(again.number == 5 && again.previousPath == "b.json")

        #expect(try store.log(LogFilter(documentPath: "c.json")).map(\.revision.id) == [again.id])
        var follow = LogFilter(documentPath: "c.json")
        follow.followsRenames = true
        #expect(try store.log(follow).map(\.revision.id) == [again.id, edit.id, rename.id, second.id, first.id])
        // A path the document left lists what it had there.
        #expect(try store.log(LogFilter(documentPath: "b.json")).map(\.revision.id) == [edit.id, rename.id])
        #expect(try store.log(LogFilter(documentPath: "a.json")).map(\.revision.id) == [second.id, first.id])
        var followOld = LogFilter(documentPath: "b.json")
        followOld.followsRenames = true
        #expect(try store.log(followOld).map(\.revision.id) == [edit.id, rename.id, second.id, first.id])
        // The whole log has every revision once, the renames with the path they left.
        let all = try store.log(LogFilter())
        #expect(all.map(\.revision.id) == [again.id, edit.id, rename.id, second.id, first.id])
        #expect(all.map(\.revision.previousPath) == ["b.json", nil, "a.json", nil, nil])
        // A screen's log goes through the renames: they are one document.
        #expect(try store.log(LogFilter(screenKey: "home")).map(\.revision.id) == [edit.id, second.id, first.id])
    }

    @Test(arguments: StoreEngines.all)
    func aRenameWithEditsStoresTheEditsChanges(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let first = try #require(
            try store.recordImport(version("a.json", [("home", "H1"), ("cart", "C1")], expectedHead: nil, at: 0)).revision)
        let changes = [RecordedChange(kind: .modified, screenKey: "cart"), RecordedChange(kind: .added, screenKey: "pay")]
        let rename = try #require(
            try store.recordImport(
                version(
                    "b.json", [("home", "H1"), ("cart", "C2"), ("pay", "P1")], expectedHead: first.id, at: 1, renamedFrom: "a.json",
                    changes: changes)
            ).revision)
        #expect(rename.previousPath == "a.json" && rename.number == 2)
        #expect(try store.changes(revisionId: rename.id) == changes)
        #expect(try store.screenHashes(revisionId: rename.id) == ["home": hash("H1"), "cart": hash("C2"), "pay": hash("P1")])
        #expect(try store.screenHashes(revisionId: first.id) == ["home": hash("H1"), "cart": hash("C1")])
        #expect(try store.log(LogFilter(documentPath: "b.json")).first?.changes == changes)
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func aRenameIsRefusedWhenTheOldPathIsGoneOrTheNewOneIsTaken(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let a = try #require(try store.recordImport(version("a.json", [("home", "H1")], expectedHead: nil, at: 0)).revision)
        let b = try #require(try store.recordImport(version("b.json", [("cart", "C1")], expectedHead: nil, at: 1)).revision)
        // A path another document has.
        #expect(throws: StoreError.renameTargetTaken(path: "b.json", from: "a.json")) {
            try store.recordImport(version("b.json", [("home", "H1")], expectedHead: a.id, at: 2, renamedFrom: "a.json"))
        }
        // A path with no document, or one whose file is gone.
        #expect(throws: StoreError.headMoved(path: "x.json")) {
            try store.recordImport(version("c.json", [("home", "H1")], expectedHead: nil, at: 2, renamedFrom: "x.json"))
        }
        let deleted = try #require(
            try store.recordDeletion(
                AttemptInfo(path: "a.json", startedAt: .at(3), durationMicroseconds: 0, author: "ada", origin: .cli, diagnostics: []),
                message: nil, createdAt: .at(3)
            )?.revision)
        #expect(throws: StoreError.headMoved(path: "a.json")) {
            try store.recordImport(version("c.json", [("home", "H1")], expectedHead: deleted.id, at: 4, renamedFrom: "a.json"))
        }
        // Nothing of the refused renames was kept.
        #expect(try store.documentPaths() == ["a.json", "b.json"])
        #expect(try store.headState(documentPath: "b.json")?.revision.id == b.id)
        #expect(try store.counts()["revision"] == 3)
    }
}
