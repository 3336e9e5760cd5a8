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
        return nil
    }
}
