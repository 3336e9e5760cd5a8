import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import WireframeSync

/// The one-daemon-per-store lock: `STORE-wfsd.lock`, held with `flock` for the life of the process
/// and holding its pid. The kernel releases it when the process ends, however it ends.
public final class DaemonLock: Sendable {
    /// The lock file.
    public let path: String
    private let descriptor: Int32

    /// Takes the lock of the store at `storePath`, or fails at once.
    ///
    /// - Throws: ``DaemonLockError/held(path:pid:)`` naming the holder's pid when another daemon runs.
    public init(store storePath: String) throws {
        let path = DaemonStatus.lockPath(store: storePath)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DaemonLockError.cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(descriptor)
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
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
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
