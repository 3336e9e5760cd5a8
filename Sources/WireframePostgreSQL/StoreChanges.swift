import Synchronization
import WireframeStore

/// The text of the snapshot a connection saw when it last asked whether the store changed.
final class SnapshotSeen: Sendable {
    let last = Mutex<String?>(nil)
}

extension PostgreSQLStore {
    /// Compares `pg_current_snapshot()` with the one this connection saw when last asked, in one
    /// round trip. A commit anywhere in the cluster changes every later snapshot: a transaction
    /// that was running then leaves the snapshot's list of running ones, and one that began
    /// after it moves the snapshot's upper bound past its id. A commit in another database of the
    /// same server changes it too, which only costs a needless "true".
    public func hasChangedSinceLastAsked() throws -> Bool {
        try connection.withoutTransaction { db in
            let now = try db.execute("SELECT pg_current_snapshot()::text").first?.string(0) ?? ""
            return snapshotSeen.last.withLock { last in
                defer { last = now }
                return last != now
            }
        }
    }
}
