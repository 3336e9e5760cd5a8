/// Why the store could not do what it was asked.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// No store file where one was looked for.
    case missing(path: String)
    /// No store in a folder or any of its parents, where one was looked for by default.
    case notFound(relativePath: String, from: String)
    /// A store already exists where `init` would create one.
    case alreadyExists(path: String)
    /// The store was migrated by a newer `wfs`.
    case newerSchema(path: String, unknownMigrations: [String])
    /// Another process held the store for longer than the busy timeout; `holder` names it when known.
    case busy(path: String, seconds: Double, holder: String? = nil)
    /// The store's disk is full.
    case diskFull(path: String)
    /// The store cannot be written (read-only file, folder or file system).
    case readOnly(path: String)
    /// This user may not write the store: `denied` (the store file or its folder) lacks the write
    /// permission. Reading commands open such a store read-only.
    case notWritable(path: String, denied: String)
    /// The file size limit of the process (`ulimit -f`, systemd's `LimitFSIZE=`) stopped a write
    /// to the store; the transaction was rolled back.
    case fileSizeLimit(path: String, bytes: UInt64)
    /// The store cannot be opened.
    case cannotOpen(path: String, reason: String)
    /// The store file is damaged (SQLite found a malformed page, or a stored hash does not match
    /// what it covers), or the file is no store at all.
    case corrupt(path: String, reason: String)
    /// No session of that name.
    case unknownSession(name: String, suggestion: String?)
    /// A session of that name exists already.
    case duplicateSession(name: String)
    /// A session would overlap another, named: a revision belongs to one meeting at most.
    case overlappingSession(name: String, other: String)
    /// A session is already open.
    case sessionAlreadyOpen(name: String)
    /// No session is open.
    case noOpenSession
    /// A session's end is before its start.
    case invalidSessionInterval(name: String)
    /// No revision with that id.
    case unknownRevision(id: Int64, newest: Int64? = nil)
    /// No document with that path.
    case unknownDocument(path: String, suggestion: String?)
    /// The document has no revision at that point.
    case noRevision(path: String, at: String)
    /// Another process stored a revision of the document while this one prepared its own.
    case headMoved(path: String)
    /// A rename's new path is the path of a document the store has (live or deleted): the
    /// document cannot take it.
    case renameTargetTaken(path: String, from: String)
    /// A stored source cannot be decoded.
    case damagedSource(revisionId: Int64, reason: String)
    /// The database role lacks a privilege the operation needs (a reader asked to write); nothing
    /// was written.
    case permissionDenied(location: String, privilege: String)
    /// The database server cannot be reached, or went away during the operation; nothing of an
    /// unfinished write was kept. Trying again later may succeed.
    case unavailable(location: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "no store at '\(path)'; create one with 'wfs init'"
        case .notFound(let relativePath, let folder):
            "no store '\(relativePath)' in '\(folder)' or a parent folder; create one with 'wfs init', or name one with --store or WFS_STORE"
        case .alreadyExists(let path):
            "a store already exists at '\(path)'"
        case .newerSchema(let path, let unknown):
            "the store at '\(path)' was made by a newer wfs (unknown migrations: \(unknown.joined(separator: ", "))); upgrade wfs to use it"
        case .busy(let path, let seconds, let holder):
            "the store at '\(path)' is busy: \(holder ?? "another process") held it for more than \(Self.format(seconds)) seconds; try again"
        case .diskFull(let path):
            "the disk of the store at '\(path)' is full; nothing was written"
        case .readOnly(let path):
            "the store at '\(path)' cannot be written (read-only); nothing was written"
        case .notWritable(let path, let denied):
            "the store at '\(path)' cannot be written: this user has no write permission on '\(denied)'; nothing was written"
        case .fileSizeLimit(let path, let bytes):
            "the file size limit (ulimit -f, \(bytes) bytes) stopped the write to the store at '\(path)'; nothing was written"
        case .cannotOpen(let path, let reason):
            "cannot open the store at '\(path)': \(reason)"
        case .corrupt(let path, let reason):
            "the store at '\(path)' is damaged (\(reason)); run 'wfs verify' to see what is wrong"
        case .unknownSession(let name, let suggestion):
            "no session named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .duplicateSession(let name):
            "a session named '\(name)' exists already"
        case .overlappingSession(let name, let other):
            "session '\(name)' would overlap session '\(other)'; meetings do not overlap (correct the other with 'wfs session edit', 'rename' or 'delete')"
        case .sessionAlreadyOpen(let name):
            "session '\(name)' is still open; end it with 'wfs session end'"
        case .noOpenSession:
            "no session is open"
        case .invalidSessionInterval(let name):
            "session '\(name)' would end before it starts"
        case .unknownRevision(let id, let newest):
            "no revision \(id)" + (newest.map { "; revisions are numbered 1 to \($0)" } ?? "; the store has no revisions yet")
        case .unknownDocument(let path, let suggestion):
            "no document '\(path)' in the store" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .noRevision(let path, let at):
            "document '\(path)' has no revision at \(at)"
        case .headMoved(let path):
            "another process stored a revision of '\(path)' meanwhile"
        case .renameTargetTaken(let path, let from):
            "'\(from)' cannot be renamed to '\(path)': the store has a document at '\(path)'"
        case .damagedSource(let id, let reason):
            "the source of revision \(id) cannot be rebuilt: \(reason); the store is damaged: run 'wfs verify' to see what is wrong"
        case .permissionDenied(let location, let privilege):
            "the store at '\(location)' refused this: the database role lacks the \(privilege) privilege; nothing was written"
        case .unavailable(let location, let reason):
            "the store at '\(location)' is not reachable: \(reason); nothing was written, try again"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
