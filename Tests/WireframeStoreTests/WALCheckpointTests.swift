import Foundation
import GRDB
import Synchronization
import Testing
@testable import WireframeSQLite
import WireframeStore

/// The daemon's checkpoints (`takeOverCheckpoints`, `CheckpointThread`): no commit checkpoints,
/// the WAL stays bounded through a run of saves, and every revision is readable by another
/// connection throughout.
@Suite struct WALCheckpointTests {
    /// A save whose source differs from every other one (a few pages of the WAL each).
    static func save(_ number: Int, head: Int64?) -> NewRevision {
        let noise = (0..<24).map { hash("\(number)-\($0)") }.joined()
        return newRevision(
            screens: [("a", "A\(number)"), ("b", "B\(number % 3)")], expectedHead: head, at: .at(Int64(number)),
            source: "\(number):\(noise)")
    }

    static func walFrameBytes(_ store: SQLiteStore) throws -> Int {
        try store.reader.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0 } + 24
    }

    @Test func aCommitAddsItsFramesToTheWALAndNeverCheckpointsIt() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checkpoints = try store.takeOverCheckpoints(threshold: 100_000, hardLimit: 200_000)
        let wal = store.path + "-wal"
        let frameBytes = try Self.walFrameBytes(store)
        #expect(frameBytes == 1024 + 24)
        var head: Int64?
        var previous = 0
        var number = 0
        // Past SQLite's own automatic threshold (1,000 pages): it would have checkpointed inside
        // a commit there, and the next commit would have started the WAL again from its beginning.
        while previous <= 1_200, number < 2_000 {
            number += 1
            let result = try store.recordImport(Self.save(number, head: head))
            head = try #require(result.revision).id
            let frames = checkpoints.walFrames
            #expect(frames > previous, "save \(number)")
            // The WAL holds exactly the frames counted: its header, then every frame written since it began.
            #expect(SQLiteStore.fileSize(wal) == 32 + frames * frameBytes, "save \(number)")
            previous = frames
        }
        #expect(previous > 1_200)
        #expect(!checkpoints.isDue)

        let done = try checkpoints.checkpoint()
        #expect(done.walFrames == previous)
        #expect(done.checkpointed == previous)
        #expect(checkpoints.walFrames == 0)
        let size = SQLiteStore.fileSize(wal)
        number += 1
        head = try #require(try store.recordImport(Self.save(number, head: head)).revision).id
        // Copied whole, the WAL started again from its beginning, and did not grow.
        #expect(checkpoints.walFrames > 0)
        #expect(checkpoints.walFrames < 50)
        #expect(SQLiteStore.fileSize(wal) == size)

        let other = try SQLiteStore.open(path: store.path, connections: .single)
        defer { try? other.close() }
        for n in 1...number {
            let revision = try #require(try other.revision(documentPath: "app.json", number: n))
            #expect(try other.source(revisionId: revision.id) == Self.save(n, head: nil).source)
        }
        #expect(try other.integrityProblems().isEmpty)
    }

    @Test func aRunOfSavesPastTheThresholdKeepsTheWALBoundedAndEveryRevisionReadable() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let threshold = 60
        let hardLimit = 150
        let checkpoints = try store.takeOverCheckpoints(threshold: threshold, hardLimit: hardLimit)
        let outcomes = Mutex<(done: Int, failed: [String])>((0, []))
        let thread = CheckpointThread(checkpoints: checkpoints) { outcome in
            outcomes.withLock { state in
                switch outcome {
                case .success: state.done += 1
                case .failure(let error): state.failed.append("\(error)")
                }
            }
        }
        let wal = store.path + "-wal"
        let frameBytes = try Self.walFrameBytes(store)
        // Another process's view of the store, reading every revision as soon as it is committed.
        let other = try SQLiteStore.open(path: store.path, connections: .single)
        defer { try? other.close() }
        var head: Int64?
        var largestSave = 0
        var largestWAL = 0
        let saves = 300
        for number in 1...saves {
            let before = checkpoints.walFrames
            let result = try store.recordImport(Self.save(number, head: head))
            let revision = try #require(result.revision)
            head = revision.id
            let after = checkpoints.walFrames
            if after > before { largestSave = max(largestSave, after - before) }
            largestWAL = max(largestWAL, after)
            let read = try #require(try other.revision(documentPath: "app.json", number: number))
            #expect(read.id == revision.id)
            #expect(try other.source(revisionId: read.id) == Self.save(number, head: nil).source)
            thread.saveReported()
        }
        thread.finish()
        let total = saves * largestSave
        #expect(total > 4 * hardLimit)  // the run wrote several hard limits' worth of WAL
        // Never past the hard limit by more than one save: the save that passes it is followed by a checkpoint.
        #expect(largestWAL < hardLimit + largestSave)
        #expect(SQLiteStore.fileSize(wal) <= 32 + (hardLimit + largestSave) * frameBytes)
        let (done, failed) = outcomes.withLock { ($0.done, $0.failed) }
        #expect(failed.isEmpty)
        #expect(done >= 2)
        for number in 1...saves {
            #expect(try other.revision(documentPath: "app.json", number: number) != nil)
        }
        #expect(try other.integrityProblems().isEmpty)
    }
}
