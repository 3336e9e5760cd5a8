import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import WireframeSync

/// The one-daemon-per-store lock, held for the life of the process; the kernel releases it when
/// the process ends, however it ends.
///
/// Two locks, both with `flock`:
/// - on the store file itself, which follows the file and not its name: a second name for the
///   same file (a hard link, `ln store.sqlite other.sqlite`) meets the same lock. SQLite locks
///   its files with POSIX `fcntl` locks only (its default `unix` VFS), which on Linux never
///   conflict with `flock`, so this lock stops no reader or writer of the store.
/// - on `STORE-wfsd.lock`, which holds the pid for `wfs status` and is the only lock of a
///   PostgreSQL store (whose anchor beside the project root is not a file).
public final class DaemonLock: Sendable {
    /// The lock file.
    public let path: String
    private let descriptor: Int32
    /// The descriptor of the store file that holds the identity lock; -1 when there is no store
    /// file at the path (a PostgreSQL store).
    private let storeDescriptor: Int32

    /// Takes the lock of the store at `storePath`, or fails at once.
    ///
    /// - Throws: ``DaemonLockError/held(path:pid:)`` naming the holder's pid when another daemon runs.
    public init(store storePath: String) throws {
        let storeDescriptor = try Self.lockStoreFile(storePath)
        let path = DaemonStatus.lockPath(store: storePath)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            Self.release(storeDescriptor)
            throw DaemonLockError.cannotOpen(path: path, reason: reason)
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(descriptor)
            Self.release(storeDescriptor)
            if code == EWOULDBLOCK {
                throw DaemonLockError.held(path: path, pid: DaemonStatus.runningPid(store: storePath))
            }
            throw DaemonLockError.cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.path = path
        self.descriptor = descriptor
        self.storeDescriptor = storeDescriptor
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        Self.release(storeDescriptor)
    }

    /// Takes the lock on the store file at `storePath`; returns its descriptor, or -1 when no
    /// regular file is there.
    ///
    /// Taken before this process opens the store with SQLite and released after: closing a
    /// descriptor of a file drops every POSIX lock the process holds on it, SQLite's included.
    private static func lockStoreFile(_ storePath: String) throws -> Int32 {
        var status = stat()
        guard stat(storePath, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return -1 }
        let descriptor = open(storePath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DaemonLockError.cannotOpen(path: storePath, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = code == EWOULDBLOCK ? flockHolder(of: descriptor) : nil
            close(descriptor)
            if code == EWOULDBLOCK { throw DaemonLockError.held(path: storePath, pid: holder) }
            throw DaemonLockError.cannotOpen(path: storePath, reason: String(cString: strerror(code)))
        }
        return descriptor
    }

    private static func release(_ storeDescriptor: Int32) {
        guard storeDescriptor >= 0 else { return }
        _ = flock(storeDescriptor, LOCK_UN)
        close(storeDescriptor)
    }

    /// The pid of the process holding a `flock` on the file open at `descriptor`, from the
    /// kernel's table of locks (`/proc/locks`: `1: FLOCK  ADVISORY  WRITE PID MAJOR:MINOR:INODE 0 EOF`,
    /// device numbers in hex); nil when it is not found.
    static func flockHolder(of descriptor: Int32) -> Int32? {
        var status = stat()
        guard fstat(descriptor, &status) == 0,
            let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return nil }
        let device = UInt64(status.st_dev)
        // glibc's encoding of a device number (`gnu_dev_major`, `gnu_dev_minor`).
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let file =
            String(format: "%02llx:%02llx:", major, minor)
            + String(UInt64(status.st_ino))
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE", fields[5] == file else { continue }
            if let pid = Int32(fields[4]), pid > 0 { return pid }
        }
        return nil
    }
}

/// Why the daemon lock could not be taken.
public enum DaemonLockError: Error, Equatable, CustomStringConvertible {
    /// Another daemon holds the lock.
    case held(path: String, pid: Int32?)
    /// The lock file cannot be opened or locked.
    case cannotOpen(path: String, reason: String)

    /// The message printed when the daemon cannot go on.
    public var description: String {
        switch self {
        case .held(let path, let pid):
            "another wfsd (pid \(pid.map(String.init) ?? "unknown")) already serves this store; it holds '\(path)'"
        case .cannotOpen(let path, let reason):
            "cannot take the daemon lock '\(path)': \(reason)"
        }
    }
}
