public import Foundation
public import WireframeStore
import WireframePostgreSQL
import WireframeSQLite

/// Where the store is: `--store`, else `WFS_STORE`, else `.wfs/store.sqlite` in this folder or a parent.
///
/// A location is a path (an SQLite file) or a `postgresql://` (or `postgres://`) URL (a
/// PostgreSQL database, or a schema of one through the URL's `search_path`), in libpq's syntax;
/// a URL is passed on as it is, never made absolute.
public enum StoreLocation {
    /// The store's path relative to a project root.
    public static let defaultRelativePath = ".wfs/store.sqlite"

    /// The store path for an existing store.
    ///
    /// - Throws: ``StoreError/notFound(relativePath:from:)`` naming where it looked, when nothing is found.
    public static func find(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        from folder: String = FileManager.default.currentDirectoryPath
    ) throws -> String {
        try find(explicit: explicit, fromEnvironment: environment["WFS_STORE"], from: folder)
    }

    /// ``find(explicit:environment:from:)`` given only the value of `WFS_STORE` (nil when unset).
    static func find(explicit: String?, fromEnvironment: String?, from folder: String) throws -> String {
        if let explicit, !explicit.isEmpty { return resolved(explicit) }
        if let fromEnvironment, !fromEnvironment.isEmpty { return resolved(fromEnvironment) }
        var current = absolute(folder)
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + defaultRelativePath
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard current != "/", let slash = current.lastIndex(of: "/") else { break }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        throw StoreError.notFound(relativePath: defaultRelativePath, from: absolute(folder))
    }

    /// The store path that `wfs init` creates.
    public static func forInit(
        explicit: String?, root: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let explicit, !explicit.isEmpty { return resolved(explicit) }
        if let fromEnvironment = environment["WFS_STORE"], !fromEnvironment.isEmpty { return resolved(fromEnvironment) }
        return absolute(root) + "/" + defaultRelativePath
    }

    /// Whether a location names a PostgreSQL store (a `postgresql://` or `postgres://` URL).
    public static func isURL(_ location: String) -> Bool {
        PostgreSQLStore.isURL(location)
    }

    /// A location as it is opened: a URL as given, a path made absolute.
    public static func resolved(_ location: String) -> String {
        isURL(location) ? location : absolute(location)
    }

    /// A location as shown to people: a URL without its password, a path as it is.
    public static func shown(_ location: String) -> String {
        isURL(location) ? PostgreSQLStore.locationShown(location) : location
    }

    /// Opens the store found by ``find(explicit:environment:from:)`` for one command.
    public static func open(explicit: String?) throws -> any Store {
        try open(location: try path(explicit: explicit))
    }

    /// Who opens a store: it decides how an engine connects.
    public enum Use: Sendable {
        /// One command of a short process.
        case command
        /// A long-running writer (the daemon), which reports each save (``Store/saveReported()``).
        case daemon
    }

    /// Opens an existing store: the one place that picks the engine for a location. A URL is a
    /// PostgreSQL store (one connection, whoever opens it). A path is an SQLite file, opened with
    /// one connection for a command and a pool, its WAL checkpoints between saves, for the daemon.
    public static func open(location: String, for use: Use = .command) throws -> any Store {
        if isURL(location) { return try PostgreSQLStore.open(url: location) }
        switch use {
        case .command: return try SQLiteStore.open(path: location, connections: .single)
        case .daemon: return try SQLiteStore.open(path: location, connections: .pool).withCheckpointsBetweenSaves()
        }
    }

    /// Creates a new store for a project rooted at `root` (``forInit(explicit:root:environment:)``
    /// says where). A PostgreSQL store records no root (it is per machine): its schema is made in
    /// the empty database or schema the URL names.
    public static func create(location: String, root: String) throws -> any Store {
        if isURL(location) { return try PostgreSQLStore.create(url: location) }
        return try SQLiteStore.create(path: location, root: root)
    }

    /// Lets the group of an SQLite store's folder write the store (``SQLiteStore/shareWithGroup(path:)``).
    /// A PostgreSQL store is shared through its roles instead (docs/POSTGRESQL.md).
    public static func shareWithGroup(location: String) throws {
        guard !isURL(location) else {
            throw StoreError.cannotOpen(
                path: shown(location), reason: "--shared applies to an SQLite store; a PostgreSQL store is shared through its roles")
        }
        try SQLiteStore.shareWithGroup(path: location)
    }

    /// Where a daemon keeps its lock and state files on this machine (`ANCHOR-wfsd.lock`,
    /// `ANCHOR-wfsd.json`): beside an SQLite store, whose one daemon serves it; for a store on a
    /// server, in the project root's `.wfs` folder, since any number of daemons write to it, one
    /// per project folder and machine.
    public static func daemonFilesAnchor(location: String, root: String) -> String {
        isURL(location) ? absolute(root) + "/.wfs/team-store" : location
    }

    /// The path ``open(explicit:)`` opens.
    public static func path(explicit: String?) throws -> String {
        let fromEnvironment = getenv("WFS_STORE").map { String(cString: $0) }
        return try find(explicit: explicit, fromEnvironment: fromEnvironment, from: FileManager.default.currentDirectoryPath)
    }

    /// The project root of an open store: the root that `wfs init` recorded, or, when the project
    /// was moved or copied since, the folder the store is in now.
    ///
    /// A store at `ROOT/.wfs/store.sqlite` belongs to ROOT. When the recorded root is another
    /// folder and its `.wfs/store.sqlite` is not this very file (the project was moved, so the
    /// recorded folder is gone or holds something else; or copied, so it holds the original's
    /// store), ROOT is the root: a project keeps working after `mv` or `cp -r`. A recorded root
    /// whose store is this file under another name (a symbolic link on the way) is kept, and so
    /// is the recorded root of a store kept anywhere else (`--store`, `WFS_STORE`). Nothing is
    /// written: the store keeps the root it recorded.
    ///
    /// A PostgreSQL store records no root (nil): the root is per machine, given with `--root` or
    /// the daemon's `root` (see ``projectRoot(of:given:)``).
    public static func projectRoot(of store: any Store) throws -> String? {
        try store.projectRoot().map { projectRoot(recorded: $0, storePath: store.location) }
    }

    /// The project root a command works in: `given` (`--root`) when there is one, else the
    /// store's (``projectRoot(of:)``), else the clone the current folder is in (the nearest
    /// folder up that has a `.wfs` folder: where a server's store keeps this clone's bases and
    /// its daemon's files), else the current folder.
    public static func projectRoot(of store: any Store, given: String?) throws -> String {
        if let given, !given.isEmpty { return absolute(given) }
        if let recorded = try projectRoot(of: store) { return recorded }
        let current = absolute(FileManager.default.currentDirectoryPath)
        return cloneRoot(from: current) ?? current
    }

    /// The nearest folder from `folder` up that has a `.wfs` folder, if any.
    static func cloneRoot(from folder: String) -> String? {
        var candidate = folder
        while true {
            var info = stat()
            if stat(candidate + (candidate == "/" ? "" : "/") + ".wfs", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return candidate }
            guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
    }

    /// ``projectRoot(of:)`` given the recorded root and the store's absolute path.
    public static func projectRoot(recorded: String, storePath: String) -> String {
        let suffix = "/" + defaultRelativePath
        guard storePath.hasSuffix(suffix) else { return recorded }
        let folder = String(storePath.dropLast(suffix.count))
        let root = folder.isEmpty ? "/" : folder
        if root == recorded { return recorded }
        let recordedStore = (recorded == "/" ? "" : recorded) + suffix
        return sameFile(recordedStore, storePath) ? recorded : root
    }

    /// Whether two paths name the same file (the same device and inode); false when either is missing.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// An absolute path with `.`, `..` and repeated slashes resolved as text (relative paths are
    /// taken from the current folder; `..` at the root stays at the root; symbolic links are kept).
    public static func absolute(_ path: String) -> String {
        let base = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in base.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        // Put together by hand: `joined(separator:)` on `[Substring]` is not specialized here, and
        // its generic path asks the runtime whether the array is a `Collection`, a scan of every
        // protocol conformance in the binary at the start of each command.
        var path = ""
        for part in parts {
            path += "/"
            path.append(contentsOf: part)
        }
        return path.isEmpty ? "/" : path
    }
}
