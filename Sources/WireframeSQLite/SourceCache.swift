import Synchronization

/// The exact source of the newest revision that this process stored of each document, so that the
/// next import of the same document computes its delta without rebuilding the head's source from
/// the stored full copy and deltas (the daemon imports the same files again and again).
///
/// An entry is used only for the revision id it was stored with, and only when the head's source
/// hash agrees; revisions are never changed or removed, and an entry is added only after its
/// transaction committed (or its write inside a batch succeeded: a batch that is undone forgets
/// every entry), so a rolled-back id that SQLite hands out again is never cached.
///
/// It also keeps the newest checkpoint of each document's source chain that this process stored (a
/// full copy, or a delta against an older checkpoint): every 32nd revision's source is a delta
/// against it, which otherwise rebuilds it from the store (a full copy and up to 31 deltas).
final class SourceCache: Sendable {
    private struct Entry {
        var revisionId: Int64
        var sourceHash: String
        var bytes: [UInt8]
        var use: UInt64
        var checkpoint: (revisionId: Int64, bytes: [UInt8])?

        var size: Int { bytes.count + (checkpoint?.bytes.count ?? 0) }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes kept; the least recently used entries go first.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 64 << 20) {
        self.capacity = capacity
    }

    /// The source of `revisionId` of the document at `path`, if this process stored it.
    func source(path: String, revisionId: Int64, sourceHash: String?) -> [UInt8]? {
        state.withLock { state in
            guard var entry = state.entries[path], entry.revisionId == revisionId, entry.sourceHash == sourceHash else { return nil }
            state.clock += 1
            entry.use = state.clock
            state.entries[path] = entry
            return entry.bytes
        }
    }

    /// The source of the checkpoint `revisionId` of the document at `path`, if this process
    /// stored it and it is still the document's newest.
    func checkpoint(path: String, revisionId: Int64) -> [UInt8]? {
        state.withLock { state in
            guard let checkpoint = state.entries[path]?.checkpoint, checkpoint.revisionId == revisionId else { return nil }
            return checkpoint.bytes
        }
    }

    /// Forgets every source (a batch that wrote some of them was undone).
    func removeAll() {
        state.withLock { $0 = State() }
    }

    /// Remembers the source of a revision just committed, in place of the document's previous one,
    /// and as its newest checkpoint when it `isCheckpoint`.
    func remember(path: String, revisionId: Int64, sourceHash: String, bytes: [UInt8], isCheckpoint: Bool = false) {
        guard bytes.count <= capacity else { return }
        state.withLock { state in
            state.clock += 1
            let old = state.entries.removeValue(forKey: path)
            if let old { state.totalBytes -= old.size }
            var entry = Entry(revisionId: revisionId, sourceHash: sourceHash, bytes: bytes, use: state.clock)
            entry.checkpoint = isCheckpoint ? (revisionId, bytes) : old?.checkpoint
            if entry.size > capacity { entry.checkpoint = nil }
            state.entries[path] = entry
            state.totalBytes += entry.size
            while state.totalBytes > capacity, let oldest = state.entries.min(by: { $0.value.use < $1.value.use }) {
                state.entries.removeValue(forKey: oldest.key)
                state.totalBytes -= oldest.value.size
            }
        }
    }
}
