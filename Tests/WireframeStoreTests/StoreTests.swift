import Foundation
import GRDB
import Testing
import WireframeModel
@testable import WireframeSQLite
import WireframeStore

@Suite struct StoreTests {
    @Test func storesUnchangedAndNewRevisions() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0)))
        #expect(first.outcome == .stored)
        let head = try #require(first.revision)
        #expect(head.number == 1)
        let again = try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: head.id, at: .at(1)))
        #expect(again.outcome == .unchanged)
        #expect(again.revision?.id == head.id)
        let second = try store.recordImport(
            newRevision(
                screens: [("a", "A2"), ("c", "C1")], expectedHead: head.id, at: .at(2),
                changes: [RecordedChange(kind: .modified, screenKey: "a", fields: [RecordedField(field: "title", old: "A1", new: "A2")])]))
        let secondRevision = try #require(second.revision)
        #expect(secondRevision.number == 2)
        #expect(try store.screenHashes(revisionId: head.id) == ["a": hash("A1"), "b": hash("B1")])
        #expect(try store.screenHashes(revisionId: secondRevision.id) == ["a": hash("A2"), "c": hash("C1")])
        #expect(try store.revision(documentPath: "app.json", atOrBefore: .at(1))?.id == head.id)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: nil)?.id == secondRevision.id)
        #expect(try store.changes(revisionId: secondRevision.id).first?.fields.first?.new == "A2")
        #expect(try store.intervalProblems().isEmpty)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func refusesAWriteAgainstAStaleHead() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0)))
        #expect(throws: StoreError.headMoved(path: "app.json")) {
            _ = try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: nil, at: .at(1)))
        }
    }

    @Test func anEditOfOneScreenAddsOneIntervalAndASmallDelta() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screens = (0..<1000).map { ("screen\($0)", "{\"title\":\"Screen number \($0)\"}") }
        let source = screens.map { "  \($0.1)\n" }.joined()
        let first = try #require(
            try store.recordImport(newRevision(screens: screens, expectedHead: nil, at: .at(0), source: source)).revision)
        var edited = screens
        edited[500].1 = "{\"title\":\"Edited\"}"
        edited[900].1 = "{\"title\":\"Edited too\"}"
        let editedSource = edited.map { "  \($0.1)\n" }.joined()
        let second = try #require(
            try store.recordImport(
                newRevision(
                    screens: edited, expectedHead: first.id, at: .at(1), source: editedSource, headSource: Array(source.utf8))
            ).revision)
        let (intervals, deltaSize) = try store.reader.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM documentScreen") ?? 0,
                try Int.fetchOne(db, sql: "SELECT length(data) FROM source WHERE revisionId = ?", arguments: [second.id]) ?? 0
            )
        }
        #expect(intervals == 1002)
        #expect(deltaSize < 200)
        #expect(try store.source(revisionId: second.id) == Array(editedSource.utf8))
        #expect(try store.source(revisionId: first.id) == Array(source.utf8))
    }

    @Test func sourcesReadBackExactlyWhetherTheHeadsSourceCameFromMemoryOrFromTheStore() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var screens = (0..<300).map { ("screen\($0)", "{\"title\":\"Screen number \($0)\"}") }
        func source() -> String { screens.map { "  \($0.1)\n" }.joined() }
        var sources: [Int64: String] = [:]
        var head: Int64?
        func edit(_ number: Int, on writer: SQLiteStore, headSource: [UInt8]? = nil) throws {
            screens[(number * 37) % screens.count].1 = "{\"title\":\"Edit \(number)\"}"
            let text = source()
            let revision = try #require(
                try writer.recordImport(
                    newRevision(
                        screens: screens, expectedHead: head, at: .at(Int64(number)), source: text, headSource: headSource)
                ).revision)
            sources[revision.id] = text
            head = revision.id
        }
        for number in 0..<5 { try edit(number, on: store) }  // each head's source from this process's memory
        let other = try SQLiteStore.open(path: store.path)
        try edit(5, on: other)  // another process: rebuilt from the store
        try edit(6, on: store)  // this process's remembered source is of an older head: rebuilt
        try edit(7, on: store, headSource: Array("not the head's source".utf8))  // a given source of the wrong size: rebuilt
        try edit(8, on: store)
        for (id, text) in sources {
            #expect(try store.source(revisionId: id) == Array(text.utf8))
            #expect(try other.source(revisionId: id) == Array(text.utf8))
        }
        let deltas = try store.reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM source WHERE encoding = 'delta'") ?? 0 }
        #expect(deltas == 8)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func aLongHistoryKeepsOneFullSourceAndShortChains() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var screens = (0..<1000).map { ("screen\($0)", "{\"title\":\"Screen number \($0)\"}") }
        func source() -> String { screens.map { "  \($0.1)\n" }.joined() }
        var sources: [Int64: String] = [:]
        var head: Int64?
        for number in 0..<150 {
            if number > 0 { screens[(number * 37) % screens.count].1 = "{\"title\":\"Edit \(number)\"}" }
            let text = source()
            let revision = try #require(
                try store.recordImport(
                    newRevision(
                        screens: screens, expectedHead: head, at: .at(Int64(number)), source: text,
                        headSource: head.flatMap { sources[$0] }.map { Array($0.utf8) })
                ).revision)
            sources[revision.id] = text
            head = revision.id
        }
        let other = try SQLiteStore.open(path: store.path)
        for (id, text) in sources { #expect(try other.source(revisionId: id) == Array(text.utf8)) }
        let (fullCopies, longest, checkpoints) = try store.reader.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM source WHERE encoding = 'zlib'") ?? 0,
                try Int.fetchOne(db, sql: "SELECT MAX(chainLength) FROM source") ?? 0,
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT COUNT(*) FROM source JOIN revision ON revision.id = source.revisionId WHERE source.baseRevisionId <> revision.parentId"
                ) ?? 0
            )
        }
        #expect(fullCopies == 1)
        #expect(longest < 64)
        #expect(checkpoints == 4)  // revisions 32, 64, 96 and 128
        // The writer keeps the newest checkpoint's source for the next checkpoint's delta (the
        // sources above were rebuilt by another process, which has none).
        let newest = try #require(
            try store.reader.read { db in
                try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT MAX(source.revisionId) FROM source JOIN revision ON revision.id = source.revisionId WHERE source.baseRevisionId <> revision.parentId"
                )
            })
        #expect(store.sourceCache.checkpoint(path: "app.json", revisionId: newest) == sources[newest].map { Array($0.utf8) })
        #expect(store.sourceCache.checkpoint(path: "app.json", revisionId: newest - 32) == nil)
    }

    @Test func theHeadStateIsTheSameForTheWriterAndAnotherProcess() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.headState(documentPath: "app.json") == nil)
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0))).revision)
        // Another process's view of the same store: nothing in memory, everything from the file.
        let other = try SQLiteStore.open(path: store.path)
        for view in [store, other] {
            let head = try #require(try view.headState(documentPath: "app.json"))
            #expect(head.revision.id == first.id)
            #expect(head.header == Array("{}".utf8))
            #expect(head.screenHashes == ["a": hash("A1"), "b": hash("B1")])
        }
    }

    @Test func aWriteGivenTheHeadsScreensTouchesOnlyTheChangedIntervals() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A1"), ("b", "B1"), ("c", "C1")], expectedHead: nil, at: .at(0))
            ).revision)
        let head = try #require(try store.headState(documentPath: "app.json"))
        var next = newRevision(screens: [("a", "A2"), ("c", "C1"), ("d", "D1")], expectedHead: first.id, at: .at(1))
        next.headScreenHashes = head.screenHashes
        let second = try #require(try store.recordImport(next).revision)
        #expect(try store.screenHashes(revisionId: first.id) == ["a": hash("A1"), "b": hash("B1"), "c": hash("C1")])
        #expect(try store.screenHashes(revisionId: second.id) == ["a": hash("A2"), "c": hash("C1"), "d": hash("D1")])
        #expect(try store.intervalProblems().isEmpty)
        // A stale view of the head's screens is refused, and nothing is written.
        var stale = newRevision(screens: [("a", "A3")], expectedHead: second.id, at: .at(2))
        stale.headScreenHashes = ["a": hash("A2"), "b": hash("B1")]
        #expect(throws: StoreError.headMoved(path: "app.json")) { _ = try store.recordImport(stale) }
        #expect(try store.revision(documentPath: "app.json", atOrBefore: nil)?.id == second.id)
        #expect(try store.intervalProblems().isEmpty)
    }

    @Test func aDeletionClosesEveryScreen() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0))).revision)
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(1), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [])
        let deletion = try #require(try store.recordDeletion(attempt, message: nil, createdAt: .at(1)))
        #expect(deletion.outcome == .deleted)
        let tombstone = try #require(deletion.revision)
        #expect(tombstone.isDeletion)
        #expect(try store.screenHashes(revisionId: tombstone.id).isEmpty)
        #expect(try store.changes(revisionId: tombstone.id).map(\.screenKey) == ["a", "b"])
        #expect(try store.recordDeletion(attempt, message: nil, createdAt: .at(2)) == nil)
        let back = try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: tombstone.id, at: .at(3)))
        #expect(back.outcome == .stored)
        #expect(back.revision?.parentId == tombstone.id)
        #expect(try store.screenHashes(revisionId: first.id).count == 2)
    }

    @Test func rejectedAttemptsKeepTheirDiagnosticsAndLeaveTheHead() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let diagnostic = Diagnostic(.error, "WF0103", "subroute 'x' is not defined", at: SourceLocation(line: 3, column: 5))
        let attempt = AttemptInfo(
            path: "app.json", startedAt: .at(1), durationMicroseconds: 1, author: "ada", origin: .cli, diagnostics: [diagnostic])
        _ = try store.recordAttempt(attempt, outcome: .rejected)
        #expect(try store.revision(documentPath: "app.json", atOrBefore: nil)?.id == first.id)
        let recent = try store.recentAttempts(limit: 1)
        #expect(recent.first?.outcome == .rejected)
        #expect(recent.first?.diagnostics.first?.message == diagnostic.message)
        #expect(recent.first?.diagnostics.first?.location.line == 3)
    }

    @Test func sessionsOwnTheRevisionsMadeWhileOpen() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        _ = try store.startSession(name: "Kickoff", notes: "first meeting", at: .at(10), author: "ann")
        #expect(throws: StoreError.sessionAlreadyOpen(name: "Kickoff")) {
            _ = try store.startSession(name: "Other", notes: nil, at: .at(11), author: "ann")
        }
        let second = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: first.id, at: .at(12))).revision)
        #expect(second.sessionName == "Kickoff")
        let ended = try store.endSession(at: .at(20), by: "ann")
        #expect(ended.endedAt == .at(20))
        #expect(throws: StoreError.noOpenSession) { _ = try store.endSession(at: .at(21), by: "ann") }
        #expect(throws: StoreError.duplicateSession(name: "Kickoff")) {
            _ = try store.startSession(name: "Kickoff", notes: nil, at: .at(22), author: "ann")
        }
        #expect(throws: StoreError.unknownSession(name: "Kickof", suggestion: "Kickoff")) { _ = try store.session(named: "Kickof") }
        let added = try store.addSession(name: "Before", notes: nil, start: .at(-5), end: .at(5), author: "ann")
        #expect(try store.revisions(inSession: added.name).map(\.id) == [first.id])
        #expect(try store.log(LogFilter(sessionName: "Kickoff")).map(\.revision.id) == [second.id])
        #expect(try store.sessions().map(\.name) == ["Before", "Kickoff"])
    }

    @Test func logFiltersByScreenAndTime() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0),
                    changes: [RecordedChange(kind: .added, screenKey: "a"), RecordedChange(kind: .added, screenKey: "b")])
            ).revision)
        let second = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("a", "A1"), ("b", "B2")], expectedHead: first.id, at: .at(5),
                    changes: [RecordedChange(kind: .modified, screenKey: "b")])
            ).revision)
        #expect(try store.log(LogFilter()).map(\.revision.id) == [second.id, first.id])
        #expect(try store.log(LogFilter(screenKey: "a")).map(\.revision.id) == [first.id])
        #expect(try store.log(LogFilter(since: .at(1))).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter(until: .at(1))).map(\.revision.id) == [first.id])
        #expect(try store.log(LogFilter(limit: 1)).map(\.revision.id) == [second.id])
        #expect(try store.log(LogFilter()).first?.changes.map(\.screenKey) == ["b"])
        #expect(throws: StoreError.unknownDocument(path: "ap.json", suggestion: "app.json")) {
            _ = try store.log(LogFilter(documentPath: "ap.json"))
        }
    }
}

@Suite struct BusyStoreTests {
    @Test func aWriterThatWaitsPastTheTimeoutSaysTheStoreIsBusy() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let impatient = try SQLiteStore.open(path: store.path, busyTimeout: 0.2)
        let holder = try DatabasePool(path: store.path)
        try holder.write { _ in
            #expect(throws: StoreError.busy(path: store.path, seconds: 0.2)) {
                _ = try impatient.startSession(name: "Kickoff", notes: nil, at: .at(0), author: "ann")
            }
            // Reading is never blocked by a writer (WAL).
            let sessions = try impatient.sessions()
            #expect(sessions.isEmpty)
        }
        #expect(try impatient.startSession(name: "Kickoff", notes: nil, at: .at(0), author: "ann").name == "Kickoff")
        #expect(StoreError.busy(path: "s", seconds: 0.2).description.contains("busy"))
    }

    @Test func aStoreHeldByAnotherProcessNamesThatProcess() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Another process takes the write lock and keeps it until its standard input closes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.read()
            """, store.path,
        ]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        var ready = Data()
        while !ready.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            ready += chunk
        }
        #expect(String(decoding: ready, as: UTF8.self) == "locked\n")
        let impatient = try SQLiteStore.open(path: store.path, busyTimeout: 0.2)
        let expected = StoreError.busy(path: store.path, seconds: 0.2, holder: "process \(holder.processIdentifier) (python3)")
        #expect(throws: expected) { _ = try impatient.startSession(name: "Kickoff", notes: nil, at: .at(0), author: "ann") }
        #expect(expected.description.contains("busy: process \(holder.processIdentifier) (python3) held it for more than 0.2 seconds"))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(try impatient.startSession(name: "Kickoff", notes: nil, at: .at(0), author: "ann").name == "Kickoff")
    }
}
