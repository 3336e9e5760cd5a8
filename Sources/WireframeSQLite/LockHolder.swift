import Synchronization
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
///
/// POSIX locks belong to the process, not to a descriptor: closing *any* descriptor of the `-shm`
/// file drops every lock this process holds on it, SQLite's included. A process that has the
/// store open and then lost its shared lock on the `-shm` file lets the next connection of another
/// process take itself for the first one and reset the file under this process's mapping of it
/// (a bus error in SQLite). So the descriptor used for asking is opened once per `-shm` file and
/// never closed while that file is the store's: only a descriptor of a `-shm` file that has since
/// been replaced (a new inode at the path) is closed, and no lock of this process is on that one.
enum LockHolder {
    /// The first byte of the WAL index's lock area: the write lock.
    static let walWriteLockOffset = 120

    /// A descriptor kept open on a `-shm` file, with the file's identity when it was opened.
    struct Probe {
        var descriptor: Int32
        var device: UInt64
        var inode: UInt64
    }

    /// The descriptors kept open, by `-shm` path.
    private static let probes = Mutex<[String: Probe]>([:])

    /// "process PID (NAME)" for the holder of the store's write lock, or nil when none is found.
    static func describe(storePath: String) -> String? {
        let shm = storePath + "-shm"
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(walWriteLockOffset)
        lock.l_len = 1
        let asked = probes.withLock { probes -> Bool in
            guard let descriptor = descriptor(for: shm, in: &probes) else { return false }
            return fcntl(descriptor, F_GETLK, &lock) == 0
        }
        guard asked, lock.l_type != Int16(F_UNLCK), lock.l_pid > 0 else { return nil }
        let pid = lock.l_pid
        guard let name = processName(pid) else { return "process \(pid)" }
        return "process \(pid) (\(name))"
    }

    /// The kept descriptor of the `-shm` file at `path`, opened if there is none or if the file at
    /// the path is no longer the one it was opened on; nil when the file cannot be opened.
    static func descriptor(for path: String, in probes: inout [String: Probe]) -> Int32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let device = UInt64(status.st_dev)
        let inode = UInt64(status.st_ino)
        if let probe = probes[path] {
            if probe.device == device && probe.inode == inode { return probe.descriptor }
            // The file was replaced: this process holds no lock on the old one, so closing its
            // descriptor releases nothing that SQLite relies on.
            close(probe.descriptor)
            probes[path] = nil
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        // The identity of what was opened, not of what was looked up, in case the file was
        // replaced in between.
        var opened = status
        _ = fstat(descriptor, &opened)
        probes[path] = Probe(descriptor: descriptor, device: UInt64(opened.st_dev), inode: UInt64(opened.st_ino))
        return descriptor
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
