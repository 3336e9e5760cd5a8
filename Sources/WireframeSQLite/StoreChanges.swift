import GRDB
import Synchronization
import WireframeStore

/// The commits a connection has seen, as two counters: `PRAGMA data_version`, which changes when
/// another connection (of this process or another) commits, and the connection's total changes,
/// which count its own writes (its own commits leave `data_version` as it was).
final class CommitsSeen: Sendable {
    struct Counters: Equatable {
        var dataVersion: Int64
        var ownChanges: Int
    }

    let last = Mutex<Counters?>(nil)
}

extension SQLiteStore {
    /// Compares the connection's commit counters with those it saw when last asked. Both are read
    /// on the writer connection, the one every write of this store goes through.
    public func hasChangedSinceLastAsked() throws -> Bool {
        try mapped {
            try writer.writeWithoutTransaction { db in
                // `data_version` opens a read of its own, so it sees every commit made before it.
                let now = CommitsSeen.Counters(
                    dataVersion: try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0, ownChanges: db.totalChangesCount)
                return commitsSeen.last.withLock { last in
                    defer { last = now }
                    return last != now
                }
            }
        }
    }
}
