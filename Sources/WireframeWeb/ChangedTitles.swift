import Synchronization
import WireframeStore

/// The titles of the screens a revision changed, by key, kept by revision id (a revision never
/// changes): the history lists screens by title, and reading them costs a lookup of each changed
/// screen the first time only.
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
            let changed = entry.changes.filter { $0.kind != .document }
            var titles: [String: String] = [:]
            // A removed screen is named as it was in the parent; the others as they are now.
            let removed = changed.filter { $0.kind == .removed }.map(\.screenKey)
            if let parent = entry.revision.parentId, !removed.isEmpty {
                titles = PageSupport.titles(try store.screenContents(revisionId: parent, keys: removed))
            }
            let present = changed.filter { $0.kind != .removed }.map(\.screenKey)
            if !present.isEmpty, !entry.revision.isDeletion {
                titles.merge(PageSupport.titles(try store.screenContents(revisionId: entry.revision.id, keys: present))) { $1 }
            }
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
