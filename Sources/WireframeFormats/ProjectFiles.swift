import Foundation
public import WireframeModel
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds wireframe files (`.json`, `.xml`) below a folder.
public enum ProjectFiles {
    /// Folder names never searched: the store's own folder, version control, dependencies.
    public static let ignoredFolders: Set<String> = [".wfs", ".git", ".hg", ".svn", "node_modules", ".build"]

    /// The manifest `wfs export` writes beside the files: a description of an export, not a
    /// wireframe, so that importing an exported folder imports just its wireframes.
    public static let exportManifestName = "wfs-manifest.json"

    /// Whether a file name is never a wireframe, whatever its extension: hidden, an editor's
    /// temporary or backup file, or an export's manifest.
    public static func isIgnoredFile(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp")
            || name == "4913" || name == exportManifestName
    }

    /// What a path is, without following a symbolic link.
    enum Kind {
        case folder, regularFile, symbolicLink, other
    }

    /// The kind of `path` itself (`lstat`), or nil when it cannot be examined.
    ///
    /// Not `FileManager.attributesOfItem`, which also names the file's owner and group: a
    /// walk of a large project would ask the system's name service (possibly LDAP) about every
    /// file, for an answer it does not use.
    static func kind(_ path: String) -> Kind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether `path` itself is a regular file (not a link to one) with no other name: a file
    /// just created by `open(O_CREAT)`, still being written, rather than a hard link made to a
    /// file written before.
    public static func isRegularFileWithOneName(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1
    }

    /// Whether `path` itself is a symbolic link (followed or not, wherever it leads).
    public static func isSymbolicLink(_ path: String) -> Bool {
        kind(path) == .symbolicLink
    }

    /// Whether a path names something, for deciding that a document's file is gone.
    public enum Presence: Sendable, Equatable {
        /// A folder (a symbolic link to one counts as one).
        case folder
        /// Anything else that is there, or that may be: a file, a link that leads nowhere, a path
        /// whose folders deny a look (the reader then says why the file cannot be read).
        case file
        /// Nothing is there: `lstat` says that the path or one of its folders does not exist.
        case gone
    }

    /// What is at `path`. Only a path that certainly names nothing is `gone`: a folder that denies
    /// a look (permission, a transient error) must never make its files look deleted.
    public static func presence(_ path: String) -> Presence {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .gone : .file
        }
        if status.st_mode & S_IFMT == S_IFDIR { return .folder }
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return .folder }
        return .file
    }

    /// A folder below a searched folder (or the searched folder itself) that could not be listed.
    public struct UnreadableFolder: Sendable, Equatable {
        /// The folder's path, as `folder/relative/path`.
        public var path: String
        /// Why, as the system says it ("Permission denied").
        public var reason: String

        /// Creates the record of an unreadable folder.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// What a search of a folder found.
    public struct Search: Sendable, Equatable {
        /// Paths of the wireframe files, sorted, as `folder/relative/path`.
        public var files: [String]
        /// The folders that could not be listed, sorted by path: what is below them is unknown,
        /// neither present nor gone.
        public var unreadableFolders: [UnreadableFolder]
        /// Wireframe files whose names are not UTF-8, sorted, as `folder/relative/path` with
        /// each byte that is not UTF-8 written `\xFF` (``shownName(_:)``): a document path is
        /// text, so they cannot be imported, and are reported rather than passed by.
        public var undecodableNames: [String] = []
    }

    /// What is said of a wireframe file whose name is not UTF-8.
    public static let undecodableNameDiagnostic = Diagnostic(
        .error, FormatCodes.unreadable, "the file name is not UTF-8, and a document path is text: rename the file to import it", at: .start)

    /// A file name as it is shown: nil when it is UTF-8 (it is shown as it is), else the name
    /// with each byte that is not part of a UTF-8 character written `\xFF`.
    public static func shownName<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        let bytes = Array(bytes)
        var shown = ""
        var index = 0
        while index < bytes.count {
            // The character that starts here (at most 4 bytes), else this byte escaped.
            let character = (1...4).lazy.filter { index + $0 <= bytes.count }.compactMap { length in
                String(validating: bytes[index..<index + length], as: UTF8.self).map { ($0, length) }
            }.first
            if let (text, length) = character {
                shown += text
                index += length
            } else {
                shown += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return shown
    }

    /// Whether `path` is `folder` or below it (paths relative to one root; the empty folder is the root).
    public static func isAtOrBelow(_ path: String, folder: String) -> Bool {
        folder.isEmpty || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The wireframe files below `folder`, and the folders that could not be listed.
    ///
    /// Hidden folders and `ignoredFolders` are skipped; symbolic links to folders are not
    /// followed, so that a link loop cannot trap the search. Files of any kind are found (links,
    /// FIFOs): whoever reads them reports what cannot be read.
    public static func search(_ folder: String, formats: [DocumentFormat] = DocumentFormat.allCases) -> Search {
        var files: [String] = []
        var unreadable: [UnreadableFolder] = []
        var undecodable: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            let names: [String]
            switch entries(of: current) {
            case .success(let listed):
                names = listed.names
                for name in listed.undecodable where !isIgnoredFile(name) {
                    guard let format = DocumentFormat(path: name), formats.contains(format) else { continue }
                    undecodable.append(current.hasSuffix("/") ? current + name : current + "/" + name)
                }
            case .failure(let failure):
                unreadable.append(UnreadableFolder(path: current, reason: failure.reason))
                continue
            }
            for name in names {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                guard let kind = kind(path) else { continue }  // gone since the listing
                if kind == .folder {
                    if !name.hasPrefix("."), !ignoredFolders.contains(name) { pending.append(path) }
                } else {
                    // FIFOs, sockets and devices named like wireframes too: the reader says why
                    // they are not imported (it never blocks on one), rather than passing them by.
                    guard !isIgnoredFile(name), let format = DocumentFormat(path: name), formats.contains(format)
                    else { continue }
                    files.append(path)
                }
            }
        }
        return Search(
            files: files.sorted(), unreadableFolders: unreadable.sorted { $0.path < $1.path }, undecodableNames: undecodable.sorted())
    }

    /// Why a folder could not be listed.
    struct ListingFailure: Error {
        var reason: String
    }

    /// The names in a folder (without `.` and `..`; those that are not UTF-8 apart, as
    /// ``shownName(_:)`` shows them), or why they cannot be listed.
    static func entries(of folder: String) -> Result<(names: [String], undecodable: [String]), ListingFailure> {
        guard let stream = opendir(folder) else { return .failure(ListingFailure(reason: String(cString: strerror(errno)))) }
        defer { closedir(stream) }
        var names: [String] = []
        var undecodable: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(ListingFailure(reason: String(cString: strerror(errno)))) }
                return .success((names, undecodable))
            }
            let (name, shown) = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                let name = bytes.prefix { $0 != 0 }
                return (String(decoding: name, as: UTF8.self), shownName(name))
            }
            if let shown {
                undecodable.append(shown)
            } else if name != "." && name != ".." {
                names.append(name)
            }
        }
    }
}
