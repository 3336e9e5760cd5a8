#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import WireframeStore

extension SQLiteStore {
    /// What the store's file system says about an I/O or open error that SQLite reports only as
    /// "disk I/O error" or "unable to open": a file system mounted read-only, or one with no room
    /// left (opening a WAL store creates its `-wal` and `-shm` files, which needs room too).
    static func fileSystemFault(path: String) -> StoreError? {
        let folder = (path as NSString).deletingLastPathComponent
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return nil }
        let readOnlyFlag: UInt = 1  // ST_RDONLY on Linux and Darwin
        if UInt(info.f_flag) & readOnlyFlag != 0 { return .readOnly(path: path) }
        if info.f_bavail == 0 { return .diskFull(path: path) }
        if let limit = fileSizeLimitReached(path: path) { return .fileSizeLimit(path: path, bytes: limit) }
        return nil
    }

    /// The file size limit of this process (`ulimit -f`, systemd's `LimitFSIZE=`) when a file
    /// of the store has reached it, else nil.
    ///
    /// With SIGXFSZ ignored (as `wfs` and `wfsd` do), a write past the limit fails with EFBIG,
    /// which SQLite reports as SQLITE_FULL (a short write) or as a write I/O error, without the
    /// errno. A write stops at the limit, so the WAL or the store file is then at the limit; the
    /// `-shm` file grows in steps of 32 KiB, so it may stop up to one step below. Within 64 KiB
    /// of the limit counts as reached.
    static func fileSizeLimitReached(path: String) -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        let largest = [path, path + "-wal", path + "-shm"].map { UInt64(fileSize($0)) }.max() ?? 0
        return largest + 64 * 1024 >= UInt64(limit.rlim_cur) ? UInt64(limit.rlim_cur) : nil
    }
}
