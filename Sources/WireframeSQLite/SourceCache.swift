import Synchronization
import WireframeStore

/// The exact source and the screens (hashes and canonical JSON) of the newest revision that this process stored of each
/// document, so that the next import of the same document computes its delta without rebuilding
/// the head's source from the stored full copy and deltas, its diff without reading the head's
/// open screen intervals, and its screen hashes only for screens whose bytes changed (the daemon
/// imports the same files again and again).
///
/// An entry is used only for the revision id it was stored with, and only when the head's source
/// hash and the stored size agree; revisions are never changed or removed, and an entry is added
/// only after its transaction committed, so a rolled-back id that SQLite hands out again is never
/// cached.
final class SourceCache: Sendable {
    private struct Entry {
        var revisionId: Int64
        /// The revision as stored, and its canonical header.
        var revision: Revision
        var header: [UInt8]
        var sourceHash: String
        var bytes: [UInt8]
        /// The revision's screens in key order (its open intervals while it is the head).
        var screens: [ScreenContent]
        var use: UInt64

        /// Roughly what the entry holds in memory.
        var size: Int { bytes.count + header.count + screens.reduce(0) { $0 + $1.content.count + 96 } }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    /// The index of the blocks of one remembered source (the document saved last, for its next
    /// delta): its document, its revision, and the index (see ``SourceCodec/blockIndex(of:)``).
    private let blockIndex = Mutex<(path: String, revisionId: Int64, index: SourceCodec.BlockIndex)?>(nil)

    /// The block index of the source of `revisionId` of the document at `path`, if made.
    func blockIndex(path: String, revisionId: Int64) -> SourceCodec.BlockIndex? {
        blockIndex.withLock { kept in
            guard let kept, kept.path == path, kept.revisionId == revisionId else { return nil }
            return kept.index
        }
    }

    /// Makes and keeps (in place of any other) the block index of the source of the document's
    /// revision `revisionId`, if this process remembers that source.
    func makeBlockIndex(path: String, revisionId: Int64) {
        guard blockIndex(path: path, revisionId: revisionId) == nil, let bytes = source(path: path, revisionId: revisionId),
            let index = SourceCodec.blockIndex(of: bytes)
        else { return }
        let old = blockIndex.withLock { kept in
            defer { kept = (path, revisionId, index) }
            return kept
        }
        _ = old  // released outside the lock
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

    /// The screens (key, hash, canonical JSON) of `revisionId` of the document at `path`, in
    /// key order, if this process stored it.
    func screens(path: String, revisionId: Int64) -> [ScreenContent]? {
        state.withLock { state in
            guard let entry = state.entries[path], entry.revisionId == revisionId else { return nil }
            return entry.screens
        }
    }

    /// The source of `revisionId` of the document at `path`, if this process stored it and
    /// still remembers it (revisions never change, so the id alone names the bytes).
    func source(path: String, revisionId: Int64) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.entries[path], entry.revisionId == revisionId else { return nil }
            return entry.bytes
        }
    }

    /// The revision of the document at `path` that this process stored last, with its header and
    /// screens (in key order), if it still remembers it.
    func head(path: String) -> (revision: Revision, header: [UInt8], screens: [ScreenContent])? {
        state.withLock { state in
            guard let entry = state.entries[path] else { return nil }
            return (entry.revision, entry.header, entry.screens)
        }
    }

    /// Remembers the source and screens of a revision just committed, in place of the document's
    /// previous one.
    func remember(path: String, revision: Revision, header: [UInt8], sourceHash: String, bytes: [UInt8], screens: [ScreenContent]) {
        let entry = Entry(
            revisionId: revision.id, revision: revision, header: header, sourceHash: sourceHash, bytes: bytes, screens: screens, use: 0)
        guard entry.size <= capacity else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.removeValue(forKey: path) { state.totalBytes -= old.size }
            var added = entry
            added.use = state.clock
            state.entries[path] = added
            state.totalBytes += added.size
            while state.totalBytes > capacity, let oldest = state.entries.min(by: { $0.value.use < $1.value.use }) {
                state.entries.removeValue(forKey: oldest.key)
                state.totalBytes -= oldest.value.size
            }
        }
    }
}
