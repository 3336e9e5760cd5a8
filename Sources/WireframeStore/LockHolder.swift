#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which process holds a store's write lock, to name it when the store stays busy.
///
/// In WAL mode SQLite takes its write lock as a POSIX byte-range lock on one byte of the
/// `-shm` file (offset 120, `WAL_WRITE_LOCK`); `fcntl(F_GETLK)` tells the pid of a process that
/// holds a conflicting lock there (never this process's own locks).
enum LockHolder {
    /// The first byte of the WAL index's lock area: the write lock.
    static let walWriteLockOffset = 120

    /// "process PID (NAME)" for the holder of the store's write lock, or nil when none is found.
    static func describe(storePath: String) -> String? {
        let descriptor = open(storePath + "-shm", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(walWriteLockOffset)
        lock.l_len = 1
        guard fcntl(descriptor, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK), lock.l_pid > 0 else { return nil }
        let pid = lock.l_pid
        guard let name = processName(pid) else { return "process \(pid)" }
        return "process \(pid) (\(name))"
    }

    /// The command name the kernel keeps for a process (`/proc/PID/comm`), if readable.
    static func processName(_ pid: pid_t) -> String? {
        let descriptor = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let name = String(decoding: buffer[..<count], as: UTF8.self).trimmingSuffix { $0 == "\n" }
        return name.isEmpty ? nil : name
    }
}

extension String {
    /// The string without trailing characters that match.
    fileprivate func trimmingSuffix(while matches: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, matches(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
