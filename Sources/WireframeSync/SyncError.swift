import WireframeModel

/// Why an import, export or reference could not be carried out.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// A file or folder given on the command line lies outside the project root.
    case outsideRoot(path: String, root: String)
    /// A file or folder does not exist.
    case noSuchPath(path: String)
    /// A REF that the grammar does not accept.
    case malformedReference(String)
    /// A time that cannot be read.
    case malformedTime(String)
    /// A point (`--at`, the part of a REF after `@`) that names no session, none close to it, and
    /// does not read as a time.
    case unknownPoint(String)
    /// The store has no project root (made by hand, not by `wfs init`).
    case noProjectRoot
    /// An export folder that cannot be written.
    case cannotWrite(path: String, reason: String)
    /// A format this build cannot write.
    case unsupportedFormat(String)
    /// `wfs store copy` into a store that holds something already.
    case copyTargetNotEmpty(location: String)
    /// A copied store does not read back as the original (at a revision, or in its sessions).
    case copyDiffers(location: String, revisionId: Int64?)
    /// `wfs init` for a project root that does not exist, without `--parents`; `missing` is its
    /// first folder that does not exist.
    case missingRoot(path: String, missing: String)
    /// `wfs init` for a folder inside another project (`projectRoot`), whose store (or, for a
    /// store on a server, whose `.wfs` folder) is `store`: found in a parent folder (without
    /// `--nested`), or named by `--store` or `WFS_STORE` (`named`).
    case insideProject(path: String, projectRoot: String, store: String, named: Bool)
    /// A name that ``SessionName`` does not allow for a new session, and why.
    case invalidSessionName(String, reason: String)

    /// Whether the error is in what the user typed (a usage error, exit status 64) rather than in
    /// the store or the files (exit status 2).
    public var isUsageError: Bool {
        switch self {
        case .malformedReference, .malformedTime, .unknownPoint, .invalidSessionName, .outsideRoot: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .outsideRoot(let path, let root):
            "'\(path)' is outside the project root '\(root)'"
        case .noSuchPath(let path):
            "no such file or folder: '\(path)'"
        case .malformedReference(let text):
            "'\(text)' is not a revision: use an id (42), a document (app.json), app.json@SESSION or app.json@2026-11-20T15:00"
        case .malformedTime(let text):
            "'\(text)' is not a time: use YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM"
        case .unknownPoint(let text):
            "'\(text)' is neither a session nor a time: name a session ('wfs session list') or use YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM"
        case .noProjectRoot:
            "the store records no project root; create it with 'wfs init'"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .unsupportedFormat(let message):
            message
        case .copyTargetNotEmpty(let location):
            "the store at '\(location)' is not empty; copy into a new store"
        case .copyDiffers(let location, let revisionId):
            "the copy at '\(location)' does not read back as the original"
                + (revisionId.map { " (revision \($0))" } ?? " (its sessions)") + "; do not use it"
        case .missingRoot(let path, let missing):
            "the project root '\(path)' does not exist (no folder '\(missing)'); create it, or pass --parents to create it with the store"
        case .insideProject(let path, let projectRoot, let store, let named):
            "'\(path)' is inside the project '\(projectRoot)' (\(store.hasSuffix("/.wfs") ? "folder" : "store") '\(store)'); "
                + (named
                    ? "that store is named by --store or WFS_STORE: name a new one to make a store of its own here"
                    : "run wfs there, or pass --nested to make a store of its own here")
        case .invalidSessionName(let name, let reason):
            "'\(name.escapingControlCharacters)' cannot name a session: \(reason); \(SessionName.rule)"
        }
    }
}
