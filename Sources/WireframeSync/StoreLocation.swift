public import Foundation
public import WireframeStore

/// Where the store is: `--store`, else `WFS_STORE`, else `.wfs/store.sqlite` in this folder or a parent.
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
        if let explicit, !explicit.isEmpty { return absolute(explicit) }
        if let fromEnvironment = environment["WFS_STORE"], !fromEnvironment.isEmpty { return absolute(fromEnvironment) }
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
        if let explicit, !explicit.isEmpty { return absolute(explicit) }
        if let fromEnvironment = environment["WFS_STORE"], !fromEnvironment.isEmpty { return absolute(fromEnvironment) }
        return absolute(root) + "/" + defaultRelativePath
    }

    /// Opens the store found by ``find(explicit:environment:from:)`` for one command: one
    /// connection, which reads the file as it is (see ``WireframeStore/Connections/single``).
    public static func open(explicit: String?) throws -> WireframeStore {
        try WireframeStore.open(path: find(explicit: explicit), connections: .single)
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
        return "/" + parts.joined(separator: "/")
    }
}
