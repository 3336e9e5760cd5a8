import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
    private let systemRead = Darwin.read
#endif

/// A folder that files are written below, held open: each folder on a file's way is opened from
/// its parent with `O_NOFOLLOW`, so that no link (made before the write or during it) leads a
/// write outside it, and every file is written whole to a temporary file beside it and renamed
/// into place, so that a reader (an editor, the daemon, a crash) sees the old file or the new
/// one, never a mix. An export writes its output folder this way, and a sync its clone.
final class ConfinedFolder {
    let path: String
    /// Who writes, and what the folder is to them, for the messages ("export", "the output folder").
    let writer: String
    let folderName: String
    private let descriptor: Int32

    /// Opens `path`, made first if missing (the folder itself is the user's choice: a link to it
    /// is followed).
    init(path: String, writer: String, folderName: String) throws {
        self.path = path
        self.writer = writer
        self.folderName = folderName
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw SyncError.cannotWrite(path: path, reason: error.localizedDescription)
        }
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SyncError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Writes `text` at `relative` (a path ``Exporter/unsafety(ofDocumentPath:)`` accepts), making
    /// its folders.
    func write(_ text: String, to relative: String) throws {
        _ = try write(Array(text.utf8), to: relative)
    }

    /// Writes `bytes` at `relative`, making its folders. With `unlessChangedFrom`, only while the
    /// file still holds those bytes (false, nothing written, when it holds others or is gone:
    /// someone saved or removed it meanwhile, and that is theirs to keep). The new file keeps the
    /// mode of the one it replaces.
    ///
    /// The check and the replacement are one step where the system allows it: the new file and
    /// the old one are exchanged (`renameat2` with `RENAME_EXCHANGE`), the old one read where the
    /// new one was, and exchanged back should it not hold the bytes expected. A save that lands
    /// between a check and a rename would be lost; one that lands before the exchange is in the
    /// file exchanged out, and is put back. Without the exchange (an old kernel, a file system
    /// that has none) the check comes just before the rename.
    /// `creatingOnly`: only where no file is (false, nothing written, when one is by then).
    func write(_ bytes: [UInt8], to relative: String, unlessChangedFrom expected: [UInt8]? = nil, creatingOnly: Bool = false) throws
        -> Bool
    {
        let shown = path + "/" + relative
        func failure(_ reason: String) -> SyncError { .cannotWrite(path: shown, reason: reason) }
        var components = relative.split(separator: "/").map(String.init)
        guard let name = components.popLast() else { throw failure("no file name") }
        let folders = try openFolders(components, creating: true, failure: failure)
        defer { for folder in folders { close(folder) } }
        let folder = folders[folders.count - 1]
        var status = stat()
        let exists = fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0
        if exists, status.st_mode & S_IFMT == S_IFLNK {
            throw failure("it is a symbolic link; \(writer) writes only inside \(folderName)")
        }
        // Short, whatever the name's length; files are written one at a time.
        let temporary = ".wfs-write-\(getpid()).tmp"
        let mode = exists ? status.st_mode & 0o7777 : 0o666
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
        guard file >= 0 else { throw failure(String(cString: strerror(errno))) }
        // The mode asked for at creation passes through the umask; the replaced file's is kept whole.
        if exists { fchmod(file, mode_t(mode)) }
        var written = true
        var code: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(file, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    written = false
                    return
                }
                offset += count
            }
        }
        if close(file) != 0 && written {
            code = errno
            written = false
        }
        if written, creatingOnly {
            defer { unlinkat(folder, temporary, 0) }
            guard linkat(folder, temporary, folder, name, 0) == 0 else {
                guard errno == EEXIST else { throw failure(String(cString: strerror(errno))) }
                return false
            }
            return true
        }
        if written, let expected {
            defer { unlinkat(folder, temporary, 0) }
            if let exchange = Self.exchange, exchange(folder, temporary, folder, name, Self.renameExchange) == 0 {
                guard Self.contents(of: temporary, in: folder) == expected else {
                    _ = exchange(folder, temporary, folder, name, Self.renameExchange)
                    return false
                }
                return true
            }
            guard Self.contents(of: name, in: folder) == expected else { return false }
        }
        guard written, renameat(folder, temporary, folder, name) == 0 else {
            if written { code = errno }
            unlinkat(folder, temporary, 0)
            throw failure(String(cString: strerror(code)))
        }
        return true
    }

    /// `renameat2(2)`, looked up where the C library has it (Swift's Glibc module does not
    /// declare it); nil where it has not.
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    static let exchange: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    /// `RENAME_EXCHANGE` of `<linux/fs.h>`.
    static let renameExchange: UInt32 = 1 << 1

    /// The bytes of the regular file `name` in `folder`; nil when there is none (or it cannot be read).
    static func contents(of name: String, in folder: Int32) -> [UInt8]? {
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Removes the regular file at `relative` (a path ``Exporter/unsafety(ofDocumentPath:)``
    /// accepts), then each folder on its way that this leaves empty; a missing file, a link or a
    /// folder where the file was are left as they are.
    /// With `unlessChangedFrom`, only while the file holds those bytes: it is first moved aside
    /// (one step), read there, and put back should it hold others.
    func remove(_ relative: String, unlessChangedFrom expected: [UInt8]? = nil) throws {
        func failure(_ reason: String) -> SyncError { .cannotWrite(path: path + "/" + relative, reason: reason) }
        var components = relative.split(separator: "/").map(String.init)
        guard let name = components.popLast() else { return }
        let folders: [Int32]
        do { folders = try openFolders(components, creating: false, failure: failure) } catch { return }
        defer { for folder in folders { close(folder) } }
        var status = stat()
        guard fstatat(folders[folders.count - 1], name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return
        }
        let folder = folders[folders.count - 1]
        if let expected {
            let aside = ".wfs-remove-\(getpid()).tmp"
            guard renameat(folder, name, folder, aside) == 0 else { throw failure(String(cString: strerror(errno))) }
            guard Self.contents(of: aside, in: folder) == expected else {
                // Back where it was, unless a new file took the name meanwhile (then both are
                // someone's: the newer one keeps the name, the one moved aside stays beside it).
                if linkat(folder, aside, folder, name, 0) == 0 { unlinkat(folder, aside, 0) }
                return
            }
            unlinkat(folder, aside, 0)
        } else {
            guard unlinkat(folder, name, 0) == 0 else { throw failure(String(cString: strerror(errno))) }
        }
        // Fails, and stops, at the first folder that still holds something.
        for index in components.indices.reversed() where unlinkat(folders[index], components[index], AT_REMOVEDIR) != 0 { break }
    }

    /// Descriptors of the output folder and of each folder of `components` below it, each opened
    /// from its parent without following a symbolic link (and made first when `creating`).
    private func openFolders(_ components: [String], creating: Bool, failure: (String) -> SyncError) throws -> [Int32] {
        var folders: [Int32] = []
        func fail(_ reason: String) -> SyncError {
            for folder in folders { close(folder) }
            return failure(reason)
        }
        let top = dup(descriptor)
        guard top >= 0 else { throw failure(String(cString: strerror(errno))) }
        folders.append(top)
        for (index, component) in components.enumerated() {
            if creating, mkdirat(folders[index], component, 0o777) != 0, errno != EEXIST { throw fail(String(cString: strerror(errno))) }
            let next = openat(folders[index], component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                let within = components[...index].joined(separator: "/")
                throw fail(
                    code == ELOOP || code == ENOTDIR
                        ? "'\(within)' in \(folderName) is a symbolic link or not a folder; \(writer) writes only inside \(folderName)"
                        : String(cString: strerror(code)))
            }
            folders.append(next)
        }
        return folders
    }
}
