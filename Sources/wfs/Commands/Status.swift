import ArgumentParser
import Foundation
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs status`: the store at a glance.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the store, its documents' heads, the open session and the latest import attempts.",
            discussion: """
                Each document is listed with its head revision. Files whose newest import was refused \
                are listed with their first error and its location; a document's last good revision \
                stays its head. The latest import attempts say what was read, when, and whether it was \
                stored, unchanged, rejected or failed.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var formatOptions: FormatOptions

        struct Result: Encodable {
            struct Attempt: Encodable {
                var path: String
                var outcome: String
                var revision: Int64?
                var startedAt: String
                var durationMicroseconds: Int64
                var diagnostics: [DiagnosticJSON]
            }
            struct Daemon: Encodable {
                var running: Bool
                var pid: Int32?
                var since: String?
                var lastEvent: String?
                var lastImport: DaemonStatus.LastImport?
                var watchedFiles: Int?
                var watchedFolders: Int?
            }
            struct Rejected: Encodable {
                var path: String
                var outcome: String
                var attemptedAt: String
                var diagnostics: [DiagnosticJSON]
            }
            var store: String
            var root: String?
            var openSession: String?
            var documents: [RevisionJSON]
            var counts: [String: Int]
            var recentAttempts: [Attempt]
            var daemon: Daemon
            var rejected: [Rejected]
            /// The newest revisions that replaced a head their writer had not seen.
            var replacing: [RevisionJSON]
        }

        /// How many of the revisions that replaced a head `status` lists (`wfs log --replacing` lists all).
        static let replacingShown = 10

        /// Whether anything is at `path`: a file, a folder, a FIFO, a link even when it leads nowhere.
        static func anythingExists(at path: String) -> Bool {
            var information = stat()
            return lstat(path, &information) == 0
        }

        func run() throws {
            try storeOptions.withStore { store in
                let heads = try store.noted(store.state(atOrBefore: nil))
                let attempts = try store.recentAttempts(limit: 10)
                let root: String? = try storeOptions.projectRoot(of: store)
                let stored = Set(heads.filter { !$0.isDeletion }.map(\.documentPath))
                // A file that was never stored and is gone (a save that vanished before it could be
                // read, a draft deleted) waits for no fix; one with a good revision is kept in view.
                let rejected = try store.rejectedDocuments().filter { entry in
                    stored.contains(entry.path) || root.map { Self.anythingExists(at: $0 + "/" + entry.path) } ?? true
                }
                var replacingFilter = LogFilter(limit: Self.replacingShown + 1)
                replacingFilter.replacingOnly = true
                replacingFilter.includesFields = false
                let replacing = try store.log(replacingFilter).map(\.revision)
                // A daemon on a server's store keeps its files in the project root on this machine.
                let anchor = root.map { StoreLocation.daemonFilesAnchor(location: store.location, root: $0) } ?? store.location
                let runningPid = DaemonStatus.runningPid(store: anchor)
                let state = runningPid == nil ? nil : DaemonStatus.read(store: anchor)
                let daemon = Result.Daemon(
                    running: runningPid != nil, pid: runningPid, since: state?.since, lastEvent: state?.lastEvent,
                    lastImport: state?.lastImport, watchedFiles: state?.watchedFiles, watchedFolders: state?.watchedFolders)
                let result = Result(
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
                switch formatOptions.format {
                case .json:
                    Terminal.output(try JSONOutput.text(result))
                case .text:
                    var text =
                        "store \(result.store.escapingControlCharacters)\nroot \(result.root?.escapingControlCharacters ?? "(none)")\n"
                    text += "session \(result.openSession.map { "\($0) (open)" } ?? "none open")\n"
                    text +=
                        "\(heads.count) document\(heads.count == 1 ? "" : "s"), \(result.counts["revision"] ?? 0) revisions, \(result.counts["screenVersion"] ?? 0) screen versions\n"
                    for head in heads {
                        text +=
                            "  \(head.documentPath.escapingControlCharacters)  revision \(head.id) (#\(head.number))"
                            + (head.isDeletion ? "  deleted" : "  \(head.screenCount) screen\(head.screenCount == 1 ? "" : "s")") + "\n"
                    }
                    if let pid = daemon.pid {
                        text += "daemon running, pid \(pid)" + (daemon.since.map { ", since \($0)" } ?? "") + "\n"
                    } else {
                        text += "daemon not running\n"
                    }
                    if !rejected.isEmpty { text += "rejected (the last good revision is kept):\n" }
                    for entry in rejected {
                        let errors = entry.diagnostics.count(of: .error)
                        text +=
                            "  \(entry.path.escapingControlCharacters)  \(entry.outcome) \(entry.startedAt.text)  \(errors) error\(errors == 1 ? "" : "s")\n"
                        // The first error says what to fix without another command; the rest: wfs validate.
                        if let first = entry.diagnostics.first(where: { $0.severity == .error }) {
                            text += "    " + first.rendered(path: entry.path).replacingOccurrences(of: "\n", with: "\n    ") + "\n"
                        }
                    }
                    if !replacing.isEmpty { text += "saves that replaced a head their writer had not seen:\n" }
                    for revision in replacing.prefix(Self.replacingShown) {
                        text +=
                            "  \(revision.documentPath.escapingControlCharacters)  revision \(revision.id) (#\(revision.number)) by \(revision.author.escapingControlCharacters)\n"
                        if let sentence = revision.replaces?.sentence { text += "    \(sentence)\n" }
                    }
                    if replacing.count > Self.replacingShown { text += "  older ones: wfs log --replacing\n" }
                    if !attempts.isEmpty { text += "latest imports:\n" }
                    for attempt in attempts {
                        text += "  \(attempt.startedAt.text)  \(attempt.outcome.rawValue)  \(attempt.path.escapingControlCharacters)"
                        let errors = attempt.diagnostics.count(of: .error)
                        text += errors > 0 ? "  \(errors) error\(errors == 1 ? "" : "s")\n" : "\n"
                    }
                    Terminal.output(text)
                }
            }
        }
    }
}
