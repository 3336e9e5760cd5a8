import Foundation
import Testing
import WireframeModel
import WireframeStore

/// Many writers at once, as every engine must record them: a save based on a head that another
/// writer has since followed is stored all the same, and names what it replaced.
@Suite struct ConcurrentSaveConformanceTests {
    /// A new revision by `author`, made on `machine`, based on `basedOn` (the expected head unless given).
    func save(
        _ screens: [(String, String)], by author: String, expectedHead: Int64?, basedOn: Int64?? = nil, at seconds: Int64,
        header: String = "{}", machine: String? = nil
    ) -> NewRevision {
        var new = newRevision(screens: screens, expectedHead: expectedHead, at: .at(seconds))
        new.attempt.author = author
        new.attempt.machine = machine
        new.header = Array(header.utf8)
        new.contentHash = hash("doc" + header + screens.map { "\($0.0)=\($0.1)" }.joined(separator: ";"))
        if let basedOn { new.basedOn = basedOn }
        return new
    }

    @Test(arguments: StoreEngines.all)
    func aSaveBasedOnAnOlderHeadIsStoredNextAndNamesTheOtherWritersChangesItLacks(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let base = try #require(
            try store.recordImport(
                save([("a", "A1"), ("b", "B1"), ("c", "C1"), ("d", "D1"), ("e", "E1")], by: "alice", expectedHead: nil, at: 0)
            ).revision)
        // Bob, from the base: a changed as Alice will change it, b and e changed, f added; c and d kept.
        let bobs = try #require(
            try store.recordImport(
                save(
                    [("a", "A2"), ("b", "B2"), ("c", "C1"), ("d", "D1"), ("e", "E2"), ("f", "F1")], by: "bob", expectedHead: base.id,
                    at: 1)
            ).revision)
        #expect(bobs.basedOn == base.id && bobs.replaces == nil)

        // Alice, who last saw the base: a changed alike, b left as it was, c changed, d removed, e
        // changed otherwise, no f. What Bob changed that is not in hers: b, e, f.
        let alices = try #require(
            try store.recordImport(
                save(
                    [("a", "A2"), ("b", "B1"), ("c", "C3"), ("e", "E3")], by: "alice", expectedHead: bobs.id, basedOn: base.id, at: 2)
            ).revision)
        #expect(alices.number == 3 && alices.parentId == bobs.id)
        #expect(alices.basedOn == base.id)
        #expect(alices.replaces == Replacement(id: bobs.id, author: "bob", screens: ["b", "e", "f"]))

        // Every read gives the revision the same way, also to another process.
        #expect(try store.revision(id: alices.id) == alices)
        #expect(try store.revision(documentPath: "app.json", number: 3) == alices)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: nil) == alices)
        #expect(try store.headState(documentPath: "app.json")?.revision == alices)
        #expect(try store.state(atOrBefore: nil) == [alices])
        #expect(try store.allRevisions() == [base, bobs, alices])
        #expect(try store.log(LogFilter()).map(\.revision) == [alices, bobs, base])
        let other = try engine.reopen(store)
        defer { try? other.close() }
        #expect(try other.revision(id: alices.id) == alices)
        // The head is Alice's version as she saved it.
        #expect(try store.screenHashes(revisionId: alices.id) == ["a": hash("A2"), "b": hash("B1"), "c": hash("C3"), "e": hash("E3")])
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func aSaveThatHasEveryChangeOfTheOtherWriterListsNoScreen(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let base = try #require(try store.recordImport(save([("a", "A1"), ("b", "B1")], by: "alice", expectedHead: nil, at: 0)).revision)
        let bobs = try #require(
            try store.recordImport(save([("a", "A2"), ("b", "B1")], by: "bob", expectedHead: base.id, at: 1)).revision)
        let alices = try #require(
            try store.recordImport(
                save([("a", "A2"), ("b", "B3")], by: "alice", expectedHead: bobs.id, basedOn: base.id, at: 2)
            ).revision)
        #expect(alices.replaces == Replacement(id: bobs.id, author: "bob", screens: []))
    }

    @Test(arguments: StoreEngines.all)
    func theDocumentsOwnFieldsAreTheEmptyKey(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let base = try #require(try store.recordImport(save([("a", "A1")], by: "alice", expectedHead: nil, at: 0)).revision)
        let bobs = try #require(
            try store.recordImport(save([("a", "A1")], by: "bob", expectedHead: base.id, at: 1, header: #"{"appName":"Bob"}"#)).revision)
        // Without Bob's header, and then with it.
        let lacking = try #require(
            try store.recordImport(save([("a", "A2")], by: "alice", expectedHead: bobs.id, basedOn: base.id, at: 2)).revision)
        #expect(lacking.replaces == Replacement(id: bobs.id, author: "bob", screens: [""]))
        let carol = try #require(
            try store.recordImport(save([("a", "A3")], by: "carol", expectedHead: lacking.id, at: 3, header: #"{"appName":"Bob"}"#))
                .revision)
        let having = try #require(
            try store.recordImport(
                save([("a", "A2")], by: "alice", expectedHead: carol.id, basedOn: lacking.id, at: 4, header: #"{"appName":"Bob"}"#)
            ).revision)
        // Carol changed a and the header; Alice has Carol's header but not her a.
        #expect(having.replaces == Replacement(id: carol.id, author: "carol", screens: ["a"]))
    }

    @Test(arguments: StoreEngines.all)
    func withoutABaseEveryScreenOfTheHeadItDoesNotHaveIsListed(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let bobs = try #require(try store.recordImport(save([("a", "A1"), ("b", "B1")], by: "bob", expectedHead: nil, at: 0)).revision)
        // Alice never saw a head of the document: no base.
        let alices = try #require(
            try store.recordImport(save([("a", "A1"), ("c", "C1")], by: "alice", expectedHead: bobs.id, basedOn: .some(nil), at: 1))
                .revision)
        #expect(alices.basedOn == nil && alices.number == 2)
        #expect(alices.replaces == Replacement(id: bobs.id, author: "bob", screens: ["b"]))
    }

    @Test(arguments: StoreEngines.all)
    func aSaveBasedOnADeletionListsWhatTheOtherWriterStoredSince(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let first = try #require(try store.recordImport(save([("a", "A1")], by: "alice", expectedHead: nil, at: 0)).revision)
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(1), durationMicroseconds: 1, author: "alice", origin: .cli, diagnostics: [])
        let deletion = try #require(try store.recordDeletion(attempt, message: nil, createdAt: .at(1))?.revision)
        #expect(deletion.basedOn == first.id && deletion.replaces == nil)
        let bobs = try #require(
            try store.recordImport(save([("a", "A1"), ("b", "B1")], by: "bob", expectedHead: deletion.id, at: 2)).revision)
        let alices = try #require(
            try store.recordImport(save([("c", "C1")], by: "alice", expectedHead: bobs.id, basedOn: deletion.id, at: 3)).revision)
        // Bob's header is Alice's too: only his screens are listed.
        #expect(alices.replaces == Replacement(id: bobs.id, author: "bob", screens: ["a", "b"]))
    }

    @Test(arguments: StoreEngines.all)
    func aSaveBasedOnItsParentReplacesNothing(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(save([("a", "A1")], by: "alice", expectedHead: nil, at: 0)).revision)
        #expect(one.basedOn == nil && one.replaces == nil)
        let two = try #require(try store.recordImport(save([("a", "A2")], by: "bob", expectedHead: one.id, at: 1)).revision)
        #expect(two.basedOn == one.id && two.replaces == nil)
        // A stale expected head is still refused, whatever the base.
        #expect(throws: StoreError.headMoved(path: "app.json")) {
            _ = try store.recordImport(save([("a", "A3")], by: "alice", expectedHead: one.id, basedOn: one.id, at: 2))
        }
        #expect(try store.allRevisions().map(\.id) == [one.id, two.id])
        var replacing = LogFilter()
        replacing.replacingOnly = true
        #expect(try store.log(replacing).isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func theReplacingFilterKeepsOnlyRevisionsThatReplacedAHead(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        var heads: [String: Int64] = [:]
        var replacing: [Int64] = []
        for (step, path) in ["app.json", "admin.json", "app.json", "admin.json", "app.json", "app.json"].enumerated() {
            var new = save([("s", "S\(step)")], by: step % 2 == 0 ? "alice" : "bob", expectedHead: heads[path], at: Int64(step))
            new.attempt.path = path
            // The third and sixth saves were based on their document's first revision: the
            // third's parent, a head the sixth's had moved on from.
            if step == 2 || step == 5 { new.basedOn = try store.revision(documentPath: path, number: 1)?.id }
            let revision = try #require(try store.recordImport(new).revision)
            heads[path] = revision.id
            if revision.replaces != nil { replacing.append(revision.id) }
        }
        #expect(replacing.count == 1)
        var filter = LogFilter()
        filter.replacingOnly = true
        #expect(try store.log(filter).map(\.revision.id) == replacing)
        filter.documentPath = "admin.json"
        #expect(try store.log(filter).isEmpty)
        filter.documentPath = "app.json"
        #expect(try store.log(filter).map(\.revision.id) == replacing)
    }

    @Test(arguments: StoreEngines.all)
    func theMachineIsKept(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(
            try store.recordImport(save([("a", "A1")], by: "ada", expectedHead: nil, at: 0, machine: "build-7")).revision)
        #expect(one.machine == "build-7" && one.originLabel == "wfs@build-7")
        #expect(try store.revision(id: one.id).machine == "build-7")
        #expect(try store.log(LogFilter()).first?.revision.machine == "build-7")
        let two = try #require(try store.recordImport(save([("a", "A2")], by: "ada", expectedHead: one.id, at: 1)).revision)
        #expect(two.machine == nil && two.originLabel == "wfs")
        var attempt = AttemptInfo(
            path: "app.json", startedAt: .at(2), durationMicroseconds: 1, author: "ada", origin: .daemon, diagnostics: [])
        attempt.machine = "laptop"
        let deletion = try #require(try store.recordDeletion(attempt, message: nil, createdAt: .at(2))?.revision)
        #expect(deletion.machine == "laptop" && deletion.originLabel == "wfsd@laptop")
        #expect(try store.revision(id: deletion.id) == deletion)
    }

    @Test(arguments: StoreEngines.all)
    func aGivenIdIsKept(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        var first = save([("a", "A1")], by: "ada", expectedHead: nil, at: 0)
        first.id = 500
        let one = try #require(try store.recordImport(first).revision)
        #expect(one.id == 500)
        #expect(try store.revision(id: 500) == one)
        var second = save([("a", "A2")], by: "ada", expectedHead: 500, at: 1)
        second.id = 731
        let two = try #require(try store.recordImport(second).revision)
        #expect(two.id == 731 && two.parentId == 500 && two.basedOn == 500)
        #expect(try store.allRevisions().map(\.id) == [500, 731])
        #expect(try store.storageProblems().isEmpty)
    }
}
