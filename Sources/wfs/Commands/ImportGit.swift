import ArgumentParser
import Foundation
import WireframeFormats
import WireframeModel
import WireframeStore
import WireframeSync

#if canImport(Glibc)
    import Glibc
#endif

extension WFS.Import {
    /// `wfs import --git [RANGE] [PATH...]`: the history of the git work tree the project root
    /// is in, one commit after another, then the sessions made from tags.
    func runGit() throws {
        // The blobs are asked of a long-running `git cat-file`: if it ended early, writing to it
        // must fail with EPIPE (reported) rather than end this process without a word.
        signal(SIGPIPE, SIG_IGN)
        var failed = false
        do {
            try storeOptions.withStore { store in
                let root = try storeOptions.projectRoot(of: store)
                var arguments = paths
                var range: String?
                if let first = arguments.first, ProjectFiles.presence(Self.absolute(first)) == .gone,
                    try GitImport.readsAsRange(first, root: root)
                {
                    range = first
                    arguments.removeFirst()
                }
                let documentPaths = DocumentPaths(root: root)
                // A limit that names nothing is a typo (of a range, of a path): said, as git says it.
                var limits: [String] = []
                for (index, argument) in arguments.enumerated() {
                    let limit = try documentPaths.documentPath(argument, in: store)
                    let absolute = limit.isEmpty ? root : (root == "/" ? "" : root) + "/" + limit
                    if ProjectFiles.presence(absolute) == .gone, try !GitImport.isInHistory(limit, root: root) {
                        throw GitImportError.unknownPath(argument, root: root, couldBeRange: range == nil && index == 0)
                    }
                    limits.append(limit)
                }
                let author = Times.author(explicit: self.author, environment: Terminal.environment(["WFS_AUTHOR", "USER", "LOGNAME"]))
                let importer = GitImport(
                    pipeline: ImportPipeline(store: store, root: root, author: author), range: range, limits: limits,
                    sessionsFromTags: sessionsFromTags)
                let summary = try importer.run { commit in
                    var line = "commit \(TextForm.shortCommit(commit.id))  \(commit.author.escapingControlCharacters)"
                    if let subject = commit.message?.split(separator: "\n", omittingEmptySubsequences: false).first {
                        line += "  \(String(subject).escapingControlCharacters)"
                    }
                    Terminal.outputLine(line)
                    for result in commit.results where !Self.report(result) { failed = true }
                }
                for warning in summary.warnings { Terminal.error("wfs: warning: \(warning)") }
                for session in summary.sessions {
                    Terminal.outputLine("session \(session.name.escapingControlCharacters) at \(session.startedAt.shown)")
                }
                let commits = "\(summary.imported) commit\(summary.imported == 1 ? "" : "s")"
                let skipped = summary.skipped == 0 ? "" : "; \(summary.skipped) already imported"
                Terminal.outputLine("imported \(commits)\(skipped)")
            }
        } catch let error as GitImportError {
            Terminal.error("wfs: error: \(error.description)")
            throw ExitCode(error.isUsageError ? 64 : 2)
        }
        if failed { throw ExitCode.failure }
    }

    /// `path` made absolute against the current folder.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
