import CSQLiteOptions
import GRDB
import Synchronization

/// The WAL checkpoints of a long-running writer (the daemon), taken out of its commits.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000 pages:
/// that save waits for the WAL's and the store file's `fdatasync`s (tens of milliseconds, one
/// save in ~59). ``SQLiteStore/takeOverCheckpoints(threshold:hardLimit:)``
/// replaces it on the writer's connection with a count of the WAL's frames after each commit,
/// and the owner calls ``checkpoint()`` when ``isDue`` (after the save is reported, on another
/// thread) and before the next save when ``isPastHardLimit``. The checkpoint is PASSIVE, on a
/// connection of its own: it copies what no reader still needs and never waits for a reader or
/// the writer, which go on beside it. Durability is that of every commit: a crash at any point
/// loses nothing committed, since the WAL is only reused once a checkpoint copied all of it.
public final class WALCheckpoints: @unchecked Sendable {
    /// The WAL frames after which a checkpoint is due (SQLite's own threshold is 1,000 pages).
    public let threshold: Int
    /// The WAL frames after which the writer checkpoints before its next save.
    public let hardLimit: Int
    private let path: String
    private let busyTimeout: Double
    /// The frames the WAL held after the writer's last commit, written by SQLite's WAL hook on
    /// the writer's thread. Allocated once and never freed: the hook may run for as long as the
    /// writer's connection lives, which can outlive this object.
    private let frames: UnsafeMutablePointer<CInt>
    /// The checkpoints' own connection, opened at the first; one checkpoint at a time.
    private let connection = Mutex<DatabaseQueue?>(nil)

    init(path: String, busyTimeout: Double, threshold: Int, hardLimit: Int, frames: UnsafeMutablePointer<CInt>) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.threshold = threshold
        self.hardLimit = hardLimit
        self.frames = frames
    }

    /// The frames the WAL held after the writer's last commit (0 before the first, and after a
    /// checkpoint that copied them all until the next commit).
    public var walFrames: Int { Int(wfs_wal_frames_load(frames)) }

    /// Whether the WAL has grown past ``threshold`` since it was last checkpointed.
    public var isDue: Bool { walFrames >= threshold }

    /// Whether the WAL has grown past ``hardLimit``: a burst of saves came faster than the
    /// checkpoints beside them could finish between two commits.
    public var isPastHardLimit: Bool { walFrames >= hardLimit }

    /// Runs a PASSIVE checkpoint: copies the WAL's frames that no reader still needs into the
    /// store file. Once it copied them all, the writer's next commit starts the WAL again from
    /// its beginning. Waits for a checkpoint already running on another thread.
    ///
    /// - Returns: The WAL's frames and how many of them are now in the store file.
    @discardableResult
    public func checkpoint() throws -> (walFrames: Int, checkpointed: Int) {
        let seen = wfs_wal_frames_load(frames)
        let result = try SQLiteStore.mapError(path: path, busyTimeout: busyTimeout) {
            try connection.withLock { connection in
                let queue: DatabaseQueue
                if let open = connection {
                    queue = open
                } else {
                    queue = try DatabaseQueue(path: path, configuration: SQLiteStore.makeConfiguration(busyTimeout: busyTimeout))
                    connection = queue
                }
                return try queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            }
        }
        if result.walFrameCount >= 0, result.checkpointedFrameCount == result.walFrameCount {
            // Nothing left to copy: not due again until a commit counts new frames.
            wfs_wal_frames_reset(frames, seen, 0)
        }
        return (result.walFrameCount, result.checkpointedFrameCount)
    }
}

extension SQLiteStore {
    /// Turns off SQLite's automatic checkpoint on this store's writer connection and returns
    /// what runs the checkpoints instead (for the daemon; a `wfs` command keeps SQLite's own).
    ///
    /// - Parameters:
    ///   - threshold: The WAL frames after which a checkpoint is due.
    ///   - hardLimit: The WAL frames after which the writer should checkpoint before writing again.
    public func takeOverCheckpoints(threshold: Int = 1000, hardLimit: Int = 4000) throws -> WALCheckpoints {
        let frames = UnsafeMutablePointer<CInt>.allocate(capacity: 1)
        frames.initialize(to: 0)
        try mapped {
            try writer.writeWithoutTransaction { db in
                guard let connection = db.sqliteConnection else {
                    throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the store is closed")
                }
                wfs_sqlite_count_wal_frames(connection, frames)
            }
        }
        return WALCheckpoints(path: path, busyTimeout: busyTimeout, threshold: threshold, hardLimit: hardLimit, frames: frames)
    }
}
