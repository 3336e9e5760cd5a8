public import Foundation
public import WireframeStore
import WireframeFormats

/// What a person typed as a document, file or folder, made a path relative to the project root:
/// the one rule of every command that takes one.
///
/// A relative path is taken from the current folder when that names a file (or folder) or a
/// stored document, else from the project root: `wfs log --document app.json` in `plans/` finds
/// `plans/app.json`, and `plans/app.json` works there too. An absolute path must lie inside the
/// root. Backslashes are read as slashes (a path copied from Windows), and `.`, `..` that stays
/// inside the root, repeated and trailing slashes are tidied away. A path that leaves the root is
/// refused (``SyncError/outsideRoot(path:root:)``), naming the root.
public struct DocumentPaths: Sendable {
    /// The project root, absolute.
    public var root: String
    /// The folder relative paths are read from first, absolute.
    public var currentFolder: String

    /// Paths of a project rooted at `root`, typed in `currentFolder`.
    public init(root: String, currentFolder: String = FileManager.default.currentDirectoryPath) {
        self.root = StoreLocation.absolute(root)
        self.currentFolder = StoreLocation.absolute(currentFolder)
    }

    /// The path relative to the root ("" for the root itself) that `typed` names, given which
    /// root-relative paths are stored documents.
    ///
    /// - Throws: ``SyncError/outsideRoot(path:root:)`` when it names a place outside the root.
    public func relativePath(_ typed: String, isDocument: (String) throws -> Bool) throws -> String {
        let text = typed.replacingOccurrences(of: "\\", with: "/")
        if text.hasPrefix("/") {
            guard let relative = inside(StoreLocation.absolute(text)) else { throw SyncError.outsideRoot(path: typed, root: root) }
            return relative
        }
        let fromHere = StoreLocation.absolute(currentFolder + "/" + text)
        let exists = ProjectFiles.presence(fromHere) != .gone
        if let relative = inside(fromHere) {
            if try exists || isDocument(relative) { return relative }
        } else if exists {
            // A file that is there, outside the root: never another file of the same name.
            throw SyncError.outsideRoot(path: typed, root: root)
        }
        guard let relative = inside(StoreLocation.absolute(root + "/" + text)) else {
            throw SyncError.outsideRoot(path: typed, root: root)
        }
        return relative
    }

    /// ``relativePath(_:isDocument:)`` where the documents are those `store` holds a revision of.
    public func documentPath(_ typed: String, in store: any Store) throws -> String {
        try relativePath(typed) { try store.headState(documentPath: $0) != nil }
    }

    /// ``documentPath(_:in:)`` for a document the store must hold.
    ///
    /// - Throws: ``StoreError/unknownDocument(path:suggestion:)`` with the closest stored path.
    public func storedDocument(_ typed: String, in store: any Store) throws -> String {
        let path = try documentPath(typed, in: store)
        _ = try store.revision(documentPath: path, atOrBefore: nil)
        return path
    }

    /// `path` (absolute, tidied) relative to the root, or nil when it is outside. A root reached
    /// through a symbolic link is matched either way (the current folder is the physical one).
    func inside(_ path: String) -> String? {
        let resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for (candidate, base) in [(path, root), (resolved, resolvedRoot)] {
            if candidate == base { return "" }
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if candidate.hasPrefix(prefix) { return String(candidate.dropFirst(prefix.count)) }
        }
        return nil
    }
}
