#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import WireframeStore

extension SQLiteStore {
    /// Lets the group of a store's folder write the store, as `git init --shared=group` does: a
    /// team's editors join that group, and each of them (and the daemon) writes the one file.
    ///
    /// The folder becomes group-writable, since SQLite makes and removes the `-wal` and `-shm`
    /// files beside the store, and set-group-ID, so every file made in it takes the folder's group
    /// whoever makes it. SQLite gives those files the store's own mode, so the store being
    /// group-writable is enough for them; the files that exist now are changed too. Permissions
    /// are only added: what others may do is left as it is.
    public static func shareWithGroup(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try addMode(S_ISGID | S_IRWXG, to: folder.isEmpty ? "." : folder)
        try addMode(S_IRGRP | S_IWGRP, to: path)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try addMode(S_IRGRP | S_IWGRP, to: path + suffix)
        }
    }

    private static func addMode(_ bits: mode_t, to path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0, chmod(path, (status.st_mode & 0o7777) | bits) == 0 else {
            let reason = String(cString: strerror(errno))
            throw StoreError.cannotOpen(path: path, reason: "cannot let its group write it: \(reason)")
        }
    }
}
