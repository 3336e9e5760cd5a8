import ArgumentParser
import WireframeStore
import WireframeSync

/// The `--store` and `--root` options of every command that reads or writes the store, and
/// opening it.
struct StoreOptions: ParsableArguments {
    @Option(
        help: """
            The store: a file, or a postgresql:// URL (default: WFS_STORE, else .wfs/store.sqlite in this or a parent folder).
            """)
    var store: String?

    @Option(
        help: """
            The project root on this machine, which document paths are relative to (default: the root the SQLite store \
            recorded, else the current folder).
            """)
    var root: String?

    /// The project root this command works in: `--root`, else the store's recorded root, else
    /// the current folder (a PostgreSQL store records none: the root is per machine).
    func projectRoot(of store: any Store) throws -> String {
        try StoreLocation.projectRoot(of: store, given: root)
    }

    /// How this command reads the documents, files and folders typed to it: from the current
    /// folder, else from the project root (``DocumentPaths``).
    func documentPaths(of store: any Store) throws -> DocumentPaths {
        DocumentPaths(root: try projectRoot(of: store))
    }

    /// Opens the store that `--store` names (or the default one), runs `body` with it and closes
    /// it, printing a store or sync error as `wfs: error: …` with exit status 2.
    ///
    /// Closed here, not only when released: a command that wrote leaves its commits in the WAL
    /// only when it closes the store itself (``WireframeStore/close()``).
    func withStore(_ body: (any Store) throws -> Void) throws {
        try runReportingErrors {
            let opened = try Self.open(store)
            defer { try? opened.close() }
            try body(opened)
        }
    }

    /// Opens the store that `--store` names (nil: the default), or explains why it cannot be
    /// opened.
    static func open(_ store: String?) throws -> any Store {
        try open(path: try StoreLocation.path(explicit: store))
    }

    /// Opens the store at a path found by ``StoreLocation/path(explicit:)``, as ``open(_:)`` does.
    static func open(path: String) throws -> any Store {
        try StoreLocation.open(location: path)
    }
}

/// Runs a command's body, printing a store or sync error as `wfs: error: …` with exit status 2,
/// or 64 for a sync error in what the user typed (a time, a REF, a session name).
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as StoreError {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
    } catch let error as SyncError {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(error.isUsageError ? 64 : 2)
    }
}
