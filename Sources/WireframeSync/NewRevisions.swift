public import WireframeStore

/// The revisions stored since one that was seen, whoever stored them: what the web app's event
/// stream announces and what a daemon's clone follows. Ids grow with every revision, so the
/// newest id is one cheap question, asked often; the revisions after it are read only when it
/// moved.
public enum NewRevisions {
    /// The most revisions read at once (after a long absence, or a large import): those who ask
    /// act on the documents they name, so the newest ones stand for the older ones of the same
    /// documents, and a catch-up of the whole clone covers any other.
    public static let limit: Int64 = 1000

    /// The newest revision's id; nil for an empty store.
    public static func newestId(_ store: any Store) throws -> Int64? {
        var filter = LogFilter(limit: 1)
        filter.includesFields = false
        return try store.log(filter).first?.revision.id
    }

    /// The revisions after `after` up to `through` (at most ``limit``, the newest), oldest first.
    public static func revisions(_ store: any Store, after: Int64, through: Int64) throws -> [Revision] {
        var revisions: [Revision] = []
        let first = max(after + 1, through - limit + 1)
        guard first <= through else { return [] }
        for id in first...through {
            // Ids a rolled-back transaction took are never used.
            do {
                revisions.append(try store.revision(id: id))
            } catch StoreError.unknownRevision {
                continue
            }
        }
        return revisions
    }
}
