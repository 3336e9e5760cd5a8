import Synchronization
import WireframeStore

/// The titles of the screens a revision changed, by key, kept by revision id (a revision never
/// changes): the history lists screens by title, and reading them costs two queries a revision
/// the first time only.
final class ChangedTitles: Sendable {
    /// The most revisions kept; the oldest entry goes first.
    static let capacity = 50_000

    private let kept = Mutex<(byRevision: [Int64: [String: String]], order: [Int64])>(([:], []))

    /// Titles of every screen `entries` added, removed, modified or renamed, by revision id and key.
    func titles(_ entries: [LogEntry], store: any Store) throws -> [Int64: [String: String]] {
        var result: [Int64: [String: String]] = [:]
        var missing: [LogEntry] = []
        kept.withLock { kept in
            for entry in entries {
                if let titles = kept.byRevision[entry.revision.id] { result[entry.revision.id] = titles } else { missing.append(entry) }
            }
        }
        for entry in missing {
            var keysNow: [String: String] = [:]
            var keysBefore: [String: String] = [:]
            let changed = entry.changes.filter { $0.kind != .document }
            if changed.contains(where: { $0.kind != .removed }), !entry.revision.isDeletion {
                let hashes = try store.screenHashes(revisionId: entry.revision.id)
                for change in changed where change.kind != .removed { keysNow[change.screenKey] = hashes[change.screenKey] }
            }
            if let parent = entry.revision.parentId, changed.contains(where: { $0.kind == .removed }) {
                let hashes = try store.screenHashes(revisionId: parent)
                for change in changed where change.kind == .removed { keysBefore[change.screenKey] = hashes[change.screenKey] }
            }
            let contents = try store.screenContents(Array(Set(keysNow.values).union(keysBefore.values)))
            let titles = PageSupport.titles(contents, keys: keysBefore).merging(PageSupport.titles(contents, keys: keysNow)) { $1 }
            result[entry.revision.id] = titles
            kept.withLock { kept in
                guard kept.byRevision[entry.revision.id] == nil else { return }
                if kept.order.count >= Self.capacity { kept.byRevision[kept.order.removeFirst()] = nil }
                kept.byRevision[entry.revision.id] = titles
                kept.order.append(entry.revision.id)
            }
        }
        return result
    }
}
