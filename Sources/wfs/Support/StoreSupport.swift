import ArgumentParser
import WireframeStore
import WireframeSync

/// The `--store` option of every command that reads or writes the store, and opening it.
struct StoreOptions: ParsableArguments {
    @Option(help: "The store file (default: WFS_STORE, else .wfs/store.sqlite in this or a parent folder).")
    var store: String?

    /// Opens the store that `--store` names, or the default one.
    func open() throws -> WireframeStore {
        try Self.open(store)
    }

    /// Opens the store that `--store` names (nil: the default), or explains why it cannot be
    /// opened. It closes when the command releases it.
    static func open(_ store: String?) throws -> WireframeStore {
        try open(path: try StoreLocation.path(explicit: store))
    }

    /// Opens the store at a path found by ``StoreLocation/path(explicit:)``, as ``open(_:)`` does.
    static func open(path: String) throws -> WireframeStore {
        try WireframeStore.open(path: path, connections: .single)
    }
}

/// Runs a command's body, printing a store or sync error as `wfs: error: …` with exit status 2.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as StoreError {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
    } catch let error as SyncError {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
    }
}
