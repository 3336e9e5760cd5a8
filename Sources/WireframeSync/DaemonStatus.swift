import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What the daemon tells other processes about itself, through two files beside the store:
/// `STORE-wfsd.lock` (locked with `flock` while a daemon runs, holding its pid) and
/// `STORE-wfsd.json` (this value, rewritten atomically after each import).
///
/// The lock, not the state file, says whether a daemon runs: a daemon that was killed leaves its
/// state file behind, but the kernel releases its lock.
public struct DaemonStatus: Codable, Sendable, Equatable {
    /// The most recent import the daemon made.
    public struct LastImport: Codable, Sendable, Equatable {
        /// The document path relative to the root.
        public var path: String
        /// `stored`, `unchanged`, `rejected`, `failed` or `deleted`.
        public var outcome: String
        /// The revision stored, if any.
        public var revision: Int64?
        /// When it finished (UTC, ISO 8601).
        public var at: String

        /// Creates a last-import record.
        public init(path: String, outcome: String, revision: Int64?, at: String) {
            self.path = path
            self.outcome = outcome
            self.revision = revision
            self.at = at
        }
    }

    /// The daemon's process id.
    public var pid: Int32
    /// When it started (UTC, ISO 8601).
    public var since: String
    /// When it last saw a file event (UTC, ISO 8601), if ever.
    public var lastEvent: String?
    /// Its most recent import, if any.
    public var lastImport: LastImport?
    /// How many wireframe files it watches.
    public var watchedFiles: Int
    /// How many folders it has inotify watches on.
    public var watchedFolders: Int

    /// Creates a status.
    public init(
        pid: Int32, since: String, lastEvent: String? = nil, lastImport: LastImport? = nil, watchedFiles: Int = 0, watchedFolders: Int = 0
    ) {
        self.pid = pid
        self.since = since
        self.lastEvent = lastEvent
        self.lastImport = lastImport
        self.watchedFiles = watchedFiles
        self.watchedFolders = watchedFolders
    }

    /// The lock file of the daemon serving `storePath`.
    public static func lockPath(store storePath: String) -> String { storePath + "-wfsd.lock" }

    /// The state file of the daemon serving `storePath`.
    public static func statePath(store storePath: String) -> String { storePath + "-wfsd.json" }

    /// The pid of the daemon that holds the store's lock, or nil when none runs.
    public static func runningPid(store storePath: String) -> Int32? {
        let descriptor = open(lockPath(store: storePath), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(descriptor, LOCK_UN)
            return nil
        }
        guard errno == EWOULDBLOCK else { return nil }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text) ?? 0
    }

    /// The last state the daemon wrote, if any (it may be stale: see ``runningPid(store:)``).
    public static func read(store storePath: String) -> DaemonStatus? {
        guard let data = FileManager.default.contents(atPath: statePath(store: storePath)) else { return nil }
        return try? JSONDecoder().decode(DaemonStatus.self, from: data)
    }

    /// Writes the state file atomically: a temporary file beside it, renamed into place, so that a
    /// reader sees the old state or the new one, whole.
    ///
    /// It is not synced to disk: the file is advice for `wfs status`, rewritten after every event
    /// and import, and after a power loss the lock, not this file, says whether a daemon runs. A
    /// sync per import took more time than the import's own commit (which SQLite syncs at
    /// checkpoints).
    public func write(store storePath: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(self)
        data.append(0x0A)
        let path = Self.statePath(store: storePath)
        let temporary = path + ".\(getpid()).tmp"
        // Written with plain system calls and renamed into place, never synced: the file is advice
        // (the lock says whether a daemon runs), and Foundation's writes, atomic or not, call
        // `fsync`, which took 5–20 ms on this path beside the store's own writes.
        guard Self.writeUnsynced(data, to: temporary), rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw StatusWriteError(path: path, code: code)
        }
    }

    /// Writes all of `data` to a new (or truncated) file at `path`; false with `errno` set on failure.
    static func writeUnsynced(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else {
            let code = errno
            close(descriptor)
            errno = code
            return false
        }
        return close(descriptor) == 0
    }
}

/// The daemon's state file could not be renamed into place.
public struct StatusWriteError: Error, CustomStringConvertible {
    /// The file written.
    public var path: String
    /// The `errno` of the failed call.
    public var code: Int32

    public var description: String { "\(path): \(String(cString: strerror(code)))" }
}
