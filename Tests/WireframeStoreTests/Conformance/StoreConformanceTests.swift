import Foundation
import Testing
import WireframeModel
import WireframeStore

/// What every engine of ``Store`` must do, written once against the protocol and run against each
/// engine of ``StoreEngines/all``.
@Suite struct StoreConformanceTests {
    @Test(arguments: StoreEngines.all)
    func aNewStoreIsEmptyAndKnowsItsRoot(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        #expect(try store.projectRoot() == (engine.recordsRoot ? "/projects/shop" : nil))
        #expect(try store.documentPaths().isEmpty)
        #expect(try store.state(atOrBefore: nil).isEmpty)
        #expect(try store.headState(documentPath: "app.json") == nil)
        #expect(try store.log(LogFilter()).isEmpty)
        #expect(try store.sessions().isEmpty)
        #expect(try store.openSession() == nil)
        #expect(try store.counts()["revision"] == 0)
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func importsBecomeRevisionsAndTheHeadFollows(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let first = try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0)))
        #expect(first.outcome == .stored)
        let one = try #require(first.revision)
        #expect(one.number == 1 && one.parentId == nil && one.documentPath == "app.json" && one.author == "ada")
        #expect(one.screenCount == 2)

        let again = try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: one.id, at: .at(1)))
        #expect(again.outcome == .unchanged)
        #expect(again.revision?.id == one.id)

        let second = try store.recordImport(
            newRevision(
                screens: [("a", "A2"), ("c", "C1")], expectedHead: one.id, at: .at(2),
                changes: [
                    RecordedChange(kind: .modified, screenKey: "a", fields: [RecordedField(field: "title", old: "A1", new: "A2")]),
                    RecordedChange(kind: .removed, screenKey: "b"), RecordedChange(kind: .added, screenKey: "c"),
                ]))
        let two = try #require(second.revision)
        #expect(two.number == 2 && two.parentId == one.id)

        let head = try #require(try store.headState(documentPath: "app.json"))
        #expect(head.revision == two)
        #expect(head.header == Array("{}".utf8))
        #expect(head.screenHashes == ["a": hash("A2"), "c": hash("C1")])

        #expect(try store.revision(id: one.id) == one)
        #expect(try store.revision(documentPath: "app.json", number: 2) == two)
        #expect(try store.revision(documentPath: "app.json", number: 3) == nil)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: .at(1)) == one)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: nil) == two)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: .at(-1)) == nil)
        #expect(try store.state(atOrBefore: .at(1)) == [one])
        #expect(try store.documentPaths() == ["app.json"])
        #expect(try store.allRevisions() == [one, two])
        #expect(try store.screenHashes(revisionId: one.id) == ["a": hash("A1"), "b": hash("B1")])
        #expect(try store.screenContents([hash("A1"), hash("C1")]) == [hash("A1"): Array("A1".utf8), hash("C1"): Array("C1".utf8)])
        // Some screens of a revision by key, each as it was in that revision; unknown keys left out.
        #expect(try store.screenContents(revisionId: one.id, keys: ["a", "b", "z"]) == ["a": Array("A1".utf8), "b": Array("B1".utf8)])
        #expect(try store.screenContents(revisionId: two.id, keys: ["a", "b", "c"]) == ["a": Array("A2".utf8), "c": Array("C1".utf8)])
        #expect(throws: StoreError.self) { try store.screenContents(revisionId: 999_999, keys: ["a"]) }
        #expect(try store.header(revisionId: two.id) == Array("{}".utf8))
        #expect(try store.source(revisionId: one.id) == Array("a=A1;b=B1".utf8))
        #expect(try store.source(revisionId: two.id) == Array("a=A2;c=C1".utf8))
        #expect(try store.changes(revisionId: two.id).map(\.screenKey) == ["a", "b", "c"])
        #expect(try store.changes(revisionId: two.id).first?.fields == [RecordedField(field: "title", old: "A1", new: "A2")])

        // Another process sees the same history, sources included.
        let other = try engine.reopen(store)
        defer { try? other.close() }
        #expect(try other.headState(documentPath: "app.json")?.revision == two)
        #expect(try other.source(revisionId: two.id) == Array("a=A2;c=C1".utf8))
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func unknownIdsDocumentsAndNumbersAreErrorsThatSayWhat(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        #expect(throws: StoreError.unknownRevision(id: one.id + 100, newest: one.id)) { _ = try store.revision(id: one.id + 100) }
        #expect(throws: StoreError.unknownDocument(path: "ap.json", suggestion: "app.json")) {
            _ = try store.revision(documentPath: "ap.json", atOrBefore: nil)
        }
        #expect(throws: StoreError.unknownDocument(path: "ap.json", suggestion: "app.json")) {
            _ = try store.log(LogFilter(documentPath: "ap.json"))
        }
    }

    @Test(arguments: StoreEngines.all)
    func aWriteAgainstAStaleHeadIsRefusedAndWritesNothing(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        #expect(throws: StoreError.headMoved(path: "app.json")) {
            _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: nil, at: .at(1)))
        }
        let two = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(2))).revision)
        #expect(throws: StoreError.headMoved(path: "app.json")) {
            _ = try store.recordImport(newRevision(screens: [("a", "A3")], expectedHead: one.id, at: .at(3)))
        }
        #expect(try store.allRevisions().map(\.id) == [one.id, two.id])
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func revisionNumbersHaveNoGapsPerDocumentAndIdsAreUniqueInTheStore(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        var heads: [String: Int64] = [:]
        for step in 0..<12 {
            let path = ["app.json", "admin.json", "shop.xml"][step % 3]
            if step % 4 == 3 {
                // Refused attempts and unchanged versions take no number.
                let attempt = AttemptInfo(
                    path: path, startedAt: .at(Int64(step)), durationMicroseconds: 1, author: "bo", origin: .daemon, diagnostics: [])
                _ = try store.recordAttempt(attempt, outcome: .rejected)
                continue
            }
            if step == 10, let head = heads[path] {
                let attempt = AttemptInfo(
                    path: path, startedAt: .at(Int64(step)), durationMicroseconds: 1, author: "bo", origin: .daemon, diagnostics: [])
                let deletion = try #require(try store.recordDeletion(attempt, message: "gone", createdAt: .at(Int64(step))))
                #expect(deletion.revision?.parentId == head)
                heads[path] = deletion.revision?.id
                continue
            }
            let stored = try store.recordImport(
                newRevision(path: path, screens: [("s", "S\(step)")], expectedHead: heads[path], at: .at(Int64(step))))
            heads[path] = stored.revision?.id
        }
        let revisions = try store.allRevisions()
        #expect(Set(revisions.map(\.id)).count == revisions.count)
        for path in ["app.json", "admin.json", "shop.xml"] {
            let numbers = revisions.filter { $0.documentPath == path }.map(\.number)
            #expect(numbers == Array(1...numbers.count), "\(path)")
        }
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func aDeletionIsARevisionWithoutScreensAndAFileMayComeBack(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0))).revision)
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(1), durationMicroseconds: 1, author: "ada", origin: .daemon, diagnostics: [])
        let deletion = try #require(try store.recordDeletion(attempt, message: nil, createdAt: .at(1)))
        #expect(deletion.outcome == .deleted)
        let tombstone = try #require(deletion.revision)
        #expect(tombstone.isDeletion && tombstone.number == 2 && tombstone.contentHash == nil)
        #expect(try store.screenHashes(revisionId: tombstone.id).isEmpty)
        #expect(try store.changes(revisionId: tombstone.id).map(\.kind) == [.removed, .removed])
        #expect(try store.headState(documentPath: "app.json")?.revision.isDeletion == true)
        #expect(try store.recordDeletion(attempt, message: nil, createdAt: .at(2)) == nil)
        #expect(
            try store.recordDeletion(
                AttemptInfo(
                    path: "never.json", startedAt: .at(2), durationMicroseconds: 1, author: "ada", origin: .daemon, diagnostics: []),
                message: nil, createdAt: .at(2)) == nil)
        let back = try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: tombstone.id, at: .at(3)))
        #expect(back.revision?.number == 3 && back.revision?.parentId == tombstone.id)
        #expect(try store.state(atOrBefore: .at(2)).map(\.id) == [tombstone.id])
        #expect(try store.screenHashes(revisionId: one.id).count == 2)
        #expect(try store.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func rejectionsKeepTheirDiagnosticsAndLeaveTheHead(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let diagnostic = Diagnostic(.error, "WF0103", "subroute 'x' is not defined", at: SourceLocation(line: 3, column: 5))
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(1), durationMicroseconds: 7, author: "ada", origin: .cli, diagnostics: [diagnostic])
        let record = try store.recordAttempt(attempt, outcome: .rejected)
        #expect(record.outcome == .rejected && record.revision == nil)
        #expect(try store.headState(documentPath: "app.json")?.revision == one)
        let recent = try store.recentAttempts(limit: 2)
        #expect(recent.map(\.outcome) == [.rejected, .stored])
        #expect(recent.first?.diagnostics == [diagnostic])
        #expect(recent.first?.durationMicroseconds == 7)
        #expect(try store.rejectedDocuments().map(\.path) == ["app.json"])
        // A stored version afterwards ends the wait for a fix.
        _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(2)))
        #expect(try store.rejectedDocuments().isEmpty)
        let counts = try store.counts()
        #expect(counts["document"] == 1 && counts["revision"] == 2 && counts["importAttempt"] == 3)
    }

    @Test(arguments: StoreEngines.all)
    func aRefusalKeepsTheHashOfTheBytesItRead(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let diagnostic = Diagnostic(
            .error, "WF0102", "root route 'nowhere' is not defined in 'routes'", at: SourceLocation(line: 1, column: 9))
        let hash = String(repeating: "ab", count: 32)
        let rejected = AttemptInfo(
            path: "bad.json", startedAt: .at(1), durationMicroseconds: 3, author: "ada", origin: .daemon, diagnostics: [diagnostic])
        _ = try store.recordAttempt(rejected, outcome: .rejected, contentHash: hash)
        let unreadable = AttemptInfo(
            path: "locked.json", startedAt: .at(2), durationMicroseconds: 1, author: "ada", origin: .daemon,
            diagnostics: [Diagnostic(.error, "WF0007", "cannot open the file: Permission denied", at: .start)])
        _ = try store.recordAttempt(unreadable, outcome: .failed)
        let refused = try store.rejectedDocuments()
        #expect(refused.map(\.path) == ["bad.json", "locked.json"])
        #expect(refused.map(\.contentHash) == [hash, nil])
        #expect(refused.first?.diagnostics == [diagnostic])
    }

    @Test(arguments: StoreEngines.all)
    func theLogFiltersByDocumentScreenSessionAndTime(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0),
                    changes: [RecordedChange(kind: .added, screenKey: "a"), RecordedChange(kind: .added, screenKey: "b")])
            ).revision)
        _ = try store.startSession(name: "Review", notes: nil, at: .at(4), author: "ann")
        let two = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A1"), ("b", "B2")], expectedHead: one.id, at: .at(5),
                    changes: [RecordedChange(kind: .modified, screenKey: "b")])
            ).revision)
        _ = try store.endSession(at: .at(6), by: "ann")
        let other = try #require(
            try store.recordImport(newRevision(path: "admin.json", screens: [("x", "X1")], expectedHead: nil, at: .at(7))).revision)
        #expect(try store.log(LogFilter()).map(\.revision.id) == [other.id, two.id, one.id])
        #expect(try store.log(LogFilter(documentPath: "app.json")).map(\.revision.id) == [two.id, one.id])
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [one.id])
        #expect(try store.log(LogFilter(screenKey: "b")).map(\.revision.id) == [two.id, one.id])
        #expect(try store.log(LogFilter(sessionName: "Review")).map(\.revision.id) == [two.id])
        #expect(try store.log(LogFilter(since: .at(1))).map(\.revision.id) == [other.id, two.id])
        #expect(try store.log(LogFilter(until: .at(1))).map(\.revision.id) == [one.id])
        #expect(try store.log(LogFilter(limit: 1)).map(\.revision.id) == [other.id])
        #expect(try store.log(LogFilter(documentPath: "app.json")).first?.changes.map(\.screenKey) == ["b"])
    }

    @Test(arguments: StoreEngines.all)
    func theLogFiltersByAuthorAndContinuesBelowAnId(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        var ids: [Int64] = []
        for (index, author) in ["ada", "bob", "ada", "bob"].enumerated() {
            let revision = try #require(
                try store.recordImport(
                    newRevision(screens: [("a", "A\(index)")], expectedHead: ids.last, at: .at(Int64(index)), author: author)
                ).revision)
            ids.append(revision.id)
        }
        var byBob = LogFilter()
        byBob.author = "bob"
        #expect(try store.log(byBob).map(\.revision.id) == [ids[3], ids[1]])
        var page = LogFilter(limit: 2)
        page.beforeId = ids[3]
        #expect(try store.log(page).map(\.revision.id) == [ids[2], ids[1]])
        page.author = "ada"
        #expect(try store.log(page).map(\.revision.id) == [ids[2], ids[0]])
    }

    @Test(arguments: StoreEngines.all)
    func aComparisonHoldsEveryKeyInOrderAndOnlyTheScreensThatDiffer(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1"), ("c", "C1")], expectedHead: nil, at: .at(0))).revision)
        let two = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B2"), ("d", "D1")], expectedHead: one.id, at: .at(1))).revision
        )
        let other = try #require(
            try store.recordImport(newRevision(path: "admin.json", screens: [("a", "A1"), ("z", "Z1")], expectedHead: nil, at: .at(2)))
                .revision)
        for reader in [store, try engine.reopen(store)] {
            let comparison = try reader.screenComparison(oldId: one.id, newId: two.id)
            #expect(comparison.keys == ["a", "b", "c", "d"])
            #expect(comparison.oldHeader == Array("{}".utf8) && comparison.newHeader == Array("{}".utf8))
            #expect(comparison.oldContents == [nil, Array("B1".utf8), Array("C1".utf8), nil])
            #expect(comparison.newContents == [nil, Array("B2".utf8), nil, Array("D1".utf8)])
            // Two documents compare as well.
            let across = try reader.screenComparison(oldId: one.id, newId: other.id)
            #expect(across.keys == ["a", "b", "c", "z"])
            #expect(across.oldScreens == ["B1", "C1"].map { Array($0.utf8) })
            #expect(across.newScreens == [Array("Z1".utf8)])
        }
        #expect(throws: StoreError.self) { _ = try store.screenComparison(oldId: one.id, newId: two.id + 100) }
    }

    @Test(arguments: StoreEngines.all)
    func sessionsSpanTheRevisionsMadeWhileOpen(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let kickoff = try store.startSession(name: "Kickoff", notes: "first meeting", at: .at(10), author: "ann")
        #expect(kickoff.isOpen && kickoff.notes == "first meeting")
        #expect(try store.openSession()?.name == "Kickoff")
        #expect(throws: StoreError.sessionAlreadyOpen(name: "Kickoff")) {
            _ = try store.startSession(name: "Other", notes: nil, at: .at(11), author: "ann")
        }
        let two = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(12))).revision)
        #expect(two.sessionName == "Kickoff")
        let ended = try store.endSession(at: .at(20), by: "ann")
        #expect(ended.endedAt == .at(20) && !ended.isOpen)
        #expect(try store.openSession() == nil)
        #expect(throws: StoreError.noOpenSession) { _ = try store.endSession(at: .at(21), by: "ann") }
        #expect(throws: StoreError.duplicateSession(name: "Kickoff")) {
            _ = try store.startSession(name: "Kickoff", notes: nil, at: .at(22), author: "ann")
        }
        #expect(throws: StoreError.unknownSession(name: "Kickof", suggestion: "Kickoff")) { _ = try store.session(named: "Kickof") }
        #expect(try store.hasSession(named: "Kickoff"))
        #expect(try !store.hasSession(named: "Kickof"))
        let before = try store.addSession(name: "Before", notes: nil, start: .at(-5), end: .at(5), author: "ann")
        #expect(try store.revisions(inSession: before.name).map(\.id) == [one.id])
        #expect(try store.revisions(inSession: "Kickoff").map(\.id) == [two.id])
        #expect(try store.session(named: "Kickoff") == ended)
        #expect(try store.sessions().map(\.name) == ["Before", "Kickoff"])
        #expect(throws: StoreError.invalidSessionInterval(name: "Backwards")) {
            _ = try store.addSession(name: "Backwards", notes: nil, start: .at(30), end: .at(29), author: "ann")
        }
        #expect(try store.counts()["session"] == 2)
    }

    @Test(arguments: StoreEngines.all)
    func aSessionIsRenamedEditedAndDeletedWhileItsRevisionsStay(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        _ = try store.startSession(name: "Kickof", notes: "typo", at: .at(0), author: "ann")
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(1))).revision)
        _ = try store.endSession(at: .at(2), by: "ann")
        _ = try store.addSession(name: "Review", notes: nil, start: .at(10), end: .at(11), author: "ann")

        let renamed = try store.editSession(named: "Kickof", newName: "Kickoff", notes: nil, at: .at(50), by: "ann")
        #expect(renamed.name == "Kickoff" && renamed.notes == "typo" && renamed.endedAt == .at(2))
        #expect(try store.revisions(inSession: "Kickoff").map(\.id) == [one.id])
        #expect(try store.revision(id: one.id).sessionName == "Kickoff")
        #expect(throws: StoreError.duplicateSession(name: "Review")) {
            _ = try store.editSession(named: "Kickoff", newName: "Review", notes: nil, at: .at(50), by: "ann")
        }
        #expect(throws: StoreError.unknownSession(name: "Kickof", suggestion: "Kickoff")) {
            _ = try store.editSession(named: "Kickof", newName: "Other", notes: nil, at: .at(50), by: "ann")
        }
        #expect(
            try store.editSession(named: "Kickoff", newName: nil, notes: "first meeting", at: .at(50), by: "ann").notes == "first meeting")
        #expect(try store.editSession(named: "Kickoff", newName: nil, notes: "", at: .at(50), by: "ann").notes == nil)
        #expect(try store.session(named: "Kickoff").notes == nil)

        let deleted = try store.deleteSession(named: "Kickoff")
        #expect(deleted.name == "Kickoff")
        #expect(try store.sessions().map(\.name) == ["Review"])
        #expect(try store.revision(id: one.id).sessionName == nil)
        #expect(try store.allRevisions().map(\.id) == [one.id])
        #expect(throws: StoreError.unknownSession(name: "Kickoff", suggestion: nil)) { _ = try store.deleteSession(named: "Kickoff") }
    }

    @Test(arguments: StoreEngines.all)
    func aSessionKeepsWhoRecordedItAndWhoLastChangedIt(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let started = try store.startSession(name: "Kickoff", notes: nil, at: .at(0), author: "alice")
        #expect(started.author == "alice" && started.changedBy == nil && started.changedAt == nil)
        let ended = try store.endSession(at: .at(5), by: "bob")
        #expect(ended.author == "alice" && ended.changedBy == "bob" && ended.changedAt == .at(5))
        let renamed = try store.editSession(named: "Kickoff", newName: "Kickoff with Acme", notes: nil, at: .at(7), by: "carol")
        #expect(renamed.author == "alice" && renamed.changedBy == "carol" && renamed.changedAt == .at(7))
        let noted = try store.editSession(named: "Kickoff with Acme", newName: nil, notes: "agreed", at: .at(9), by: "dave")
        #expect(noted.changedBy == "dave" && noted.changedAt == .at(9))
        let recorded = try store.addSession(name: "Review", notes: nil, start: .at(10), end: .at(11), author: "erin")
        #expect(recorded.author == "erin" && recorded.changedBy == nil)
        let untold = try store.addSession(name: "v1", notes: nil, start: .at(20), end: .at(20), author: nil)
        #expect(untold.author == nil)

        // What the writes answered is what the store reads back.
        #expect(try store.sessions() == [noted, recorded, untold])
        #expect(try store.session(named: "Kickoff with Acme") == noted)
        _ = try store.startSession(name: "Now", notes: nil, at: .at(30), author: "frank")
        #expect(try store.openSession()?.author == "frank")
    }

    @Test(arguments: StoreEngines.all)
    func meetingsDoNotOverlapAndAShortenedNameIsSuggested(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        _ = try store.addSession(name: "Kickoff with Acme", notes: nil, start: .at(10), end: .at(20), author: "ann")
        #expect(throws: StoreError.overlappingSession(name: "Inside", other: "Kickoff with Acme")) {
            _ = try store.addSession(name: "Inside", notes: nil, start: .at(12), end: .at(14), author: "ann")
        }
        #expect(throws: StoreError.overlappingSession(name: "Across", other: "Kickoff with Acme")) {
            _ = try store.addSession(name: "Across", notes: nil, start: .at(5), end: .at(11), author: "ann")
        }
        #expect(throws: StoreError.overlappingSession(name: "Now", other: "Kickoff with Acme")) {
            _ = try store.startSession(name: "Now", notes: nil, at: .at(19), author: "ann")
        }
        // Meetings that only touch do not overlap.
        _ = try store.addSession(name: "Before", notes: nil, start: .at(0), end: .at(10), author: "ann")
        _ = try store.startSession(name: "After", notes: nil, at: .at(20), author: "ann")
        #expect(throws: StoreError.overlappingSession(name: "Later", other: "After")) {
            _ = try store.addSession(name: "Later", notes: nil, start: .at(30), end: .at(40), author: "ann")
        }
        #expect(throws: StoreError.unknownSession(name: "Kickoff", suggestion: "Kickoff with Acme")) {
            _ = try store.session(named: "Kickoff")
        }
        #expect(throws: StoreError.unknownSession(name: "acme", suggestion: "Kickoff with Acme")) { _ = try store.session(named: "acme") }
    }

    @Test(arguments: StoreEngines.all)
    func aStoreMigratedByANewerBinaryIsRefused(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        try engine.addUnknownMigration("9999_from_the_future", to: store)
        let error = #expect(throws: StoreError.self) { _ = try engine.reopen(store) }
        #expect(error == .newerSchema(path: store.location, unknownMigrations: ["9999_from_the_future"]))
    }

    @Test(arguments: StoreEngines.all)
    func aDamagedScreenContentIsAnErrorNeverData(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let two = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(1))).revision)
        try engine.damageScreenContents(of: store)
        let reader = try engine.reopen(store)
        defer { try? reader.close() }
        #expect(throws: StoreError.self) { _ = try reader.screenComparison(oldId: one.id, newId: two.id) }
        #expect(throws: StoreError.self) { _ = try reader.screenContents([hash("A1")]) }
        #expect(try !reader.storageProblems().isEmpty)
    }

    @Test(arguments: StoreEngines.all)
    func aDamagedSourceIsAnErrorNeverData(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        try engine.damageSources(of: store)
        let reader = try engine.reopen(store)
        defer { try? reader.close() }
        #expect(throws: StoreError.self) { _ = try reader.source(revisionId: one.id) }
    }
}
