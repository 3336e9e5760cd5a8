import Foundation
public import WireframeStore
public import WireframeSync

/// `wfs status` (both forms) and `GET /api/status`: the store at a glance.
public struct StatusAnswer {
    /// The JSON form.
    public struct Result: Encodable {
        public struct Attempt: Encodable {
            public var path: String
            public var outcome: String
            public var revision: Int64?
            public var startedAt: String
            public var durationMicroseconds: Int64
            public var diagnostics: [DiagnosticJSON]
        }
        public struct Daemon: Encodable {
            public var running: Bool
            public var pid: Int32?
            public var since: String?
            public var lastEvent: String?
            public var lastImport: DaemonStatus.LastImport?
            public var watchedFiles: Int?
            public var watchedFolders: Int?
            /// The lock file looked at: beside an SQLite store, in the clone's `.wfs/` for a
            /// server's store (the daemon of another clone is that clone's business).
            public var lockFile: String
        }
        public struct Rejected: Encodable {
            public var path: String
            public var outcome: String
            public var attemptedAt: String
            public var diagnostics: [DiagnosticJSON]
        }
        public var store: String
        public var root: String?
        public var openSession: String?
        public var documents: [RevisionJSON]
        public var counts: [String: Int]
        public var recentAttempts: [Attempt]
        public var daemon: Daemon
        public var rejected: [Rejected]
        /// The newest revisions that replaced a head their writer had not seen.
        public var replacing: [RevisionJSON]
    }

    /// How many of the revisions that replaced a head `status` lists (`wfs log --replacing` lists all).
    public static let replacingShown = 10

    /// Every document's head.
    public var heads: [Revision]
    /// The newest import attempts, newest first.
    public var attempts: [AttemptSummary]
    /// The files whose newest import was refused, still worth a fix.
    public var rejected: [AttemptSummary]
    /// The newest revisions that replaced a head their writer had not seen (one more than shown,
    /// so that the text can say there are older ones).
    public var replacing: [Revision]
    /// The JSON form.
    public var result: Result

    /// Reads the store's state; `root` is the project root on this machine, if known.
    public init(store: any Store, root: String?) throws {
        heads = try store.noted(store.state(atOrBefore: nil))
        attempts = try store.recentAttempts(limit: 10)
        let stored = Set(heads.filter { !$0.isDeletion }.map(\.documentPath))
        // A file that was never stored and is gone (a save that vanished before it could be
        // read, a draft deleted) waits for no fix; one with a good revision is kept in view.
        rejected = try store.rejectedDocuments().filter { entry in
            stored.contains(entry.path) || root.map { Self.anythingExists(at: $0 + "/" + entry.path) } ?? true
        }
        var replacingFilter = LogFilter(limit: Self.replacingShown + 1)
        replacingFilter.replacingOnly = true
        replacingFilter.includesFields = false
        replacing = try store.log(replacingFilter).map(\.revision)
        // A daemon on a server's store keeps its files in the project root on this machine.
        let anchor = root.map { StoreLocation.daemonFilesAnchor(location: store.location, root: $0) } ?? store.location
        let runningPid = DaemonStatus.runningPid(store: anchor)
        let state = runningPid == nil ? nil : DaemonStatus.read(store: anchor)
        let daemon = Result.Daemon(
            running: runningPid != nil, pid: runningPid, since: state?.since, lastEvent: state?.lastEvent,
            lastImport: state?.lastImport, watchedFiles: state?.watchedFiles, watchedFolders: state?.watchedFolders,
            lockFile: DaemonStatus.lockPath(store: anchor))
        result = Result(
            store: store.location, root: root, openSession: try store.openSession()?.name,
            documents: heads.map { RevisionJSON($0, changes: nil) }, counts: try store.counts(),
            recentAttempts: attempts.map {
                Result.Attempt(
                    path: $0.path, outcome: $0.outcome.rawValue, revision: $0.revisionId, startedAt: $0.startedAt.text,
                    durationMicroseconds: $0.durationMicroseconds, diagnostics: $0.diagnostics.map(DiagnosticJSON.init))
            },
            daemon: daemon,
            rejected: rejected.map {
                Result.Rejected(
                    path: $0.path, outcome: $0.outcome.rawValue, attemptedAt: $0.startedAt.text,
                    diagnostics: $0.diagnostics.map(DiagnosticJSON.init))
            },
            replacing: replacing.prefix(Self.replacingShown).map { RevisionJSON($0, changes: nil) })
    }

    /// The JSON text.
    public func json() throws -> String {
        try JSONOutput.text(result)
    }

    /// Whether anything is at `path`: a file, a folder, a FIFO, a link even when it leads nowhere.
    static func anythingExists(at path: String) -> Bool {
        var information = stat()
        return lstat(path, &information) == 0
    }
}
