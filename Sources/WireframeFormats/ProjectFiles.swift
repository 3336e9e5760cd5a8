import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds wireframe files (`.json`, `.xml`) below a folder.
public enum ProjectFiles {
    /// Folder names never searched: the store's own folder, version control, dependencies.
    public static let ignoredFolders: Set<String> = [".wfs", ".git", ".hg", ".svn", "node_modules", ".build"]

    /// Whether a file name is an editor's temporary or backup file rather than a wireframe.
    public static func isEditorDropping(_ name: String) -> Bool {
        name.hasPrefix(".#") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name.hasSuffix(".tmp") || name == "4913"
    }

    /// What a path is, without following a symbolic link.
    enum Kind {
        case folder, regularFile, symbolicLink, other
    }

    /// The kind of `path` itself (`lstat`), or nil when it cannot be examined.
    ///
    /// Deliberately not `FileManager.attributesOfItem`: that names the file's owner and group,
    /// which asks the system's name service (NSS modules, LDAP) about users and groups that
    /// `/etc/passwd` may not list, and `wfs` is a static executable, in which such a lookup is not
    /// safe (docs/PERFORMANCE.md, "Starting a process").
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

    /// Whether `path` itself is a symbolic link (followed or not, wherever it leads).
    public static func isSymbolicLink(_ path: String) -> Bool {
        kind(path) == .symbolicLink
    }

    /// Paths of the wireframe files below `folder`, sorted, as `folder/relative/path`.
    ///
    /// Hidden folders and `ignoredFolders` are skipped; symbolic links to folders are not
    /// followed, so that a link loop cannot trap the search.
    public static func wireframes(in folder: String, formats: [DocumentFormat] = DocumentFormat.allCases) -> [String] {
        let manager = FileManager.default
        var result: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: current) else { continue }
            for name in names {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                guard let kind = kind(path) else { continue }
                if kind == .folder {
                    if !name.hasPrefix("."), !ignoredFolders.contains(name) { pending.append(path) }
                } else if kind == .regularFile || kind == .symbolicLink {
                    guard !name.hasPrefix("."), !isEditorDropping(name),
                        let format = DocumentFormat(path: name), formats.contains(format)
                    else { continue }
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }
}
