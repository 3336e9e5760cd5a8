import Foundation
import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs init`: creates the store of a project.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create a store for a project folder.",
            discussion: """
                The store is .wfs/store.sqlite in the project root unless --store or WFS_STORE names \
                another file, or a postgresql:// URL: then the schema is made in that empty database (or \
                in the schema its search_path names first), and the project root is per machine (--root). \
                Running it again for the same project changes nothing, except that --shared lets the \
                folder's group write an existing store too. The project root must exist unless \
                --parents is given. A folder inside another project (a parent folder has a .wfs folder) \
                is refused, naming that project's store: its files are that project's documents already; \
                --nested makes a store of its own for it.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Create the project root and its missing parent folders (as mkdir -p does).") var parents = false

        @Flag(
            help: """
                Let the group of the store's folder write the store, as 'git init --shared' does: a team's \
                editors join that group (docs/DAEMON.md, "A team server").
                """)
        var shared = false

        @Flag(help: "Create the store even though a parent folder belongs to another project.")
        var nested = false

        func run() throws {
            try runReportingErrors {
                let root = StoreLocation.absolute(storeOptions.root ?? ".")
                let path = StoreLocation.forInit(explicit: storeOptions.store, root: root)
                if shared && StoreLocation.isURL(path) { try StoreLocation.shareWithGroup(location: path) }
                if StoreLocation.isURL(path) {
                    // A shared store: its root is each machine's, so every clone may run init.
                    do {
                        let store = try StoreLocation.create(location: path, root: root)
                        try? store.close()
                        Terminal.outputLine("created store \(store.location)")
                    } catch StoreError.alreadyExists(let location) {
                        Terminal.outputLine("store \(location) exists already")
                    }
                    return
                }
                if !nested, !FileManager.default.fileExists(atPath: path), let outer = Self.enclosingProject(of: root) {
                    throw SyncError.insideProject(path: root, projectRoot: outer.root, store: outer.store, named: false)
                }
                // A mistyped --root would otherwise become a new, empty project without a word.
                if let missing = Self.firstMissingFolder(of: root) {
                    guard parents else { throw SyncError.missingRoot(path: root, missing: missing) }
                    do {
                        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
                    } catch {
                        throw SyncError.cannotWrite(path: root, reason: "cannot create the folder")
                    }
                }
                do {
                    _ = try StoreLocation.create(location: path, root: root)
                    if shared { try StoreLocation.shareWithGroup(location: path) }
                    Terminal.outputLine("created store \(path) for project \(root)\(shared ? ", writable by its folder's group" : "")")
                } catch StoreError.alreadyExists {
                    // Like `git init` in a repository: the same project's store is fine as it is;
                    // another project's store at this path is an error.
                    let existing = try StoreLocation.projectRoot(of: StoreLocation.open(location: path))
                    guard existing == root else {
                        if let existing, root.hasPrefix(existing == "/" ? "/" : existing + "/") {
                            throw SyncError.insideProject(path: root, projectRoot: existing, store: path, named: true)
                        }
                        throw StoreError.alreadyExists(path: path)
                    }
                    if shared { try StoreLocation.shareWithGroup(location: path) }
                    Terminal.outputLine(
                        "store \(path) for project \(root) exists already\(shared ? "; its folder's group may write it" : "")")
                }
            }
        }

        /// The innermost project above `root` (absolute): a parent folder with `.wfs/store.sqlite`,
        /// or with a `.wfs` folder alone (the daemon files of a project whose store is on a
        /// server); `store` is the store, or that folder.
        static func enclosingProject(of root: String) -> (root: String, store: String)? {
            var folder = root
            while folder != "/", let slash = folder.lastIndex(of: "/") {
                folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
                let wfs = (folder == "/" ? "" : folder) + "/.wfs"
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: wfs, isDirectory: &isFolder), isFolder.boolValue else { continue }
                let store = (folder == "/" ? "" : folder) + "/" + StoreLocation.defaultRelativePath
                return (folder, FileManager.default.fileExists(atPath: store) ? store : wfs)
            }
            return nil
        }

        /// The outermost folder of `path` (absolute) that does not exist, or nil when it all does.
        static func firstMissingFolder(of path: String) -> String? {
            var folder = ""
            for part in path.split(separator: "/") {
                folder += "/" + part
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return folder }
                if !isFolder.boolValue { return folder }
            }
            return nil
        }
    }
}
