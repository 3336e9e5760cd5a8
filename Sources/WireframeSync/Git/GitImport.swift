public import WireframeStore
import Foundation
import WireframeFormats
import WireframeModel

/// `wfs import --git`: the history of a git repository as revisions, one per commit that changed
/// a wireframe file, with the commit's author, author time, message and object name.
///
/// The commits are those of the first-parent line of `range` (default: `HEAD`), oldest first,
/// each compared with its first parent (a merge's changes come in as one revision of the merge).
/// Each changed file goes through the one import pipeline, its two stages on two threads: one
/// reads the blobs from one long-running `git cat-file --batch` and prepares the versions (read,
/// validate, canonicalize) a few commits ahead of the other, which stores them in order. A
/// WorkflowSchema document's loaded files are the commit's too (``GitCommitFiles``), and a commit
/// that changes a loaded file checks the documents that load it again (``GitLoaders``). A file of
/// a commit that the store
/// already has (a revision or an attempt with that commit's name) is skipped, so the import can
/// run again from a hook or a timer and stores only what is new.
public struct GitImport {
    /// The pipeline each version goes through; its author, message, time and commit are each
    /// commit's.
    public var pipeline: ImportPipeline
    /// The commits, as `git log` reads a revision range (nil: `HEAD`).
    public var range: String?
    /// The documents imported: at or below these paths relative to the project root (empty: all).
    public var limits: [String]
    /// Tags matching this pattern (`meeting/*`) become sessions at their time.
    public var sessionsFromTags: String?

    /// Creates an import of a repository's history into the pipeline's store and project root.
    public init(pipeline: ImportPipeline, range: String? = nil, limits: [String] = [], sessionsFromTags: String? = nil) {
        self.pipeline = pipeline
        self.range = range
        self.limits = limits
        self.sessionsFromTags = sessionsFromTags
    }

    /// What one commit brought.
    public struct CommitResult: Sendable {
        /// The commit's full object name.
        public var id: String
        /// Its author as recorded (`Name <email>`).
        public var author: String
        /// Its message, if any.
        public var message: String?
        /// The import of each wireframe file it changed.
        public var results: [ImportResult]
    }

    /// What a whole import did.
    public struct Summary: Sendable {
        /// The commits that changed wireframe files and were imported now.
        public var imported = 0
        /// The commits that changed wireframe files the store already had from them.
        public var skipped = 0
        /// The sessions made from tags.
        public var sessions: [Session] = []
        /// What a person should know: a shallow clone, tags that name no session.
        public var warnings: [String] = []
    }

    /// Imports the commits, calling `report` after each one, then makes sessions from tags.
    ///
    /// - Throws: ``GitImportError`` when git cannot read the history, ``StoreError`` for the store.
    public func run(report: (CommitResult) -> Void) throws -> Summary {
        let git = try GitProcess(folder: pipeline.root)
        var summary = Summary()
        let prefix = try Self.prefix(git, root: pipeline.root)
        if try git.output(["rev-parse", "--is-shallow-repository"]) == Array("true\n".utf8) {
            summary.warnings.append(
                "the repository is a shallow clone: its history is partial, and its oldest commit brings every file it holds as new")
        }
        let commits = try self.commits(git)
        let imported = try pipeline.store.importedGitCommits()
        // What the daemon keeps between saves serves one commit after another the same way: a
        // version is compared with the head this import stored, and only its changed routes
        // are read again.
        let memory = pipeline.memory ?? SaveMemory()
        // The files WorkflowSchema documents load are each commit's own.
        let tree = GitTreeReader(git: git)
        defer { tree.close() }
        var loadersOf = GitLoaders()
        var work: [CommitWork] = []
        for commit in commits {
            let done = imported[commit.id] ?? []
            let changes = commit.changes.compactMap { self.change($0, prefix: prefix) }
            let pending = changes.filter { !done.contains($0.path) }
            // A commit the store has, each of its changes done: the documents that load its
            // files were checked again by the same run.
            guard done.isEmpty || !pending.isEmpty else {
                loadersOf.pass(over: changes)
                summary.skipped += 1
                continue
            }
            var commitPipeline = pipeline
            let files = GitCommitFiles(tree: tree, commit: commit.id, prefix: prefix)
            commitPipeline.schemaFiles = WorkflowSchemaFiles(source: files)
            let loaders = try loadersOf.loaders(
                of: commit, changes: changes, files: files, git: git, importer: self, pipeline: commitPipeline
            ).filter { !done.contains($0) }
            guard !pending.isEmpty || !loaders.isEmpty else { continue }
            commitPipeline.memory = memory
            commitPipeline.author = commit.author
            commitPipeline.message = commit.message
            commitPipeline.time = commit.authorTime
            commitPipeline.gitCommit = commit.id
            work.append(CommitWork(commit: commit, pipeline: commitPipeline, changes: pending, loaders: loaders, files: files))
        }
        // Two stages on two threads: one reads the blobs of the commits and prepares their
        // versions (read, validate, canonicalize), a few commits ahead of this one, which stores
        // them in order. 1,000 commits of a 1,000-screen app took 3.1-3.2 s on one thread and
        // 2.1-2.4 s on two (docs/PERFORMANCE.md).
        let preparedCommits = Self.prepare(work, git: git)
        defer { preparedCommits.stop() }
        // Commits are stored in batches, each one transaction (a transaction per commit wrote its
        // pages to the WAL and compressed the screen pack each time: a tenth of the import's CPU),
        // and reported once their batch is committed.
        // A batch ends after `batchSize` commits or `batchTime`, so that a daemon writing the same
        // store waits no longer than that for its turn.
        var next = work.startIndex
        while next < work.endIndex {
            let started = ContinuousClock.now
            let stored = try pipeline.store.batch { () throws -> [CommitResult] in
                var stored: [CommitResult] = []
                repeat {
                    stored.append(try Self.store(work[next], from: preparedCommits))
                    next += 1
                } while next < work.endIndex && stored.count < Self.batchSize && ContinuousClock.now - started < Self.batchTime
                return stored
            }
            summary.imported += stored.count
            stored.forEach(report)
        }
        if let pattern = sessionsFromTags { try makeSessions(git, pattern: pattern, into: &summary) }
        return summary
    }

    /// The most commits one transaction stores.
    static let batchSize = 64
    /// How long one transaction stores commits at most (then it commits before the next one).
    static let batchTime = Duration.milliseconds(250)

    /// Stores the next prepared commit of the import, `commitWork`, and what it brought.
    static func store(_ commitWork: CommitWork, from preparedCommits: Handoff<[PreparedChange]>) throws -> CommitResult {
        guard let changes = try preparedCommits.take() else { throw GitImportError.unexpectedOutput(command: "cat-file --batch") }
        var results: [ImportResult] = []
        for change in changes {
            results += try Self.store(change, into: commitWork.pipeline)
        }
        // A document that loads a file the commit changed, checked again with the commit's files.
        for loader in commitWork.loaders {
            guard case .file(let bytes) = commitWork.files.file(at: loader) else { continue }
            results.append(try commitWork.pipeline.importVersion(bytes, relativePath: loader))
        }
        let commit = commitWork.commit
        return CommitResult(id: commit.id, author: commit.author, message: commit.message, results: results)
    }

    /// The path of the project root below the repository's top level (`""` or `plans/`).
    static func prefix(_ git: GitProcess, root: String) throws -> String {
        let result = try git.run(["rev-parse", "--show-prefix"])
        guard result.status == 0 else { throw GitImportError.notAWorkTree(root: root, message: result.standardError) }
        return String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// The commits of the range, oldest first; none in a repository without commits.
    func commits(_ git: GitProcess) throws -> [GitCommit] {
        if let range, range.hasPrefix("-") { throw GitImportError.unknownRange(range, message: "a range does not begin with '-'") }
        if range == nil, try git.run(["rev-parse", "--verify", "--quiet", "HEAD"]).status != 0 { return [] }
        let result = try git.run(GitHistory.logArguments(range: range))
        guard result.status == 0 else {
            if let range { throw GitImportError.unknownRange(range, message: result.standardError) }
            throw GitImportError.failed(command: "log", status: result.status, message: result.standardError)
        }
        return try GitHistory.commits(result.standardOutput)
    }

    /// A file change as the import sees it: paths relative to the project root, nil for one
    /// outside it, outside the limits, or not a wireframe file.
    struct Change {
        /// The document after the commit (the one deleted, for a deletion).
        var path: String
        /// The document it was renamed from, when that one is imported too.
        var renamedFrom: String?
        /// The content's object name; nil for a deletion.
        var blob: String?
        /// Whether the path is not UTF-8 (the file cannot be a document).
        var isUndecodable: Bool
    }

    func change(_ change: GitChange, prefix: String) -> Change? {
        let old = change.oldPath.flatMap { documentPath($0, prefix: prefix) }
        let isCopy = change.status == UInt8(ascii: "C")
        guard let path = documentPath(change.path, prefix: prefix) else {
            // Renamed to a place or a name the import does not read: the old document is gone.
            guard let old, !isCopy else { return nil }
            return Change(path: old, renamedFrom: nil, blob: nil, isUndecodable: false)
        }
        let deleted = change.status == UInt8(ascii: "D") || !change.isRegularFile
        return Change(
            path: path, renamedFrom: isCopy ? nil : old, blob: deleted ? nil : change.blob, isUndecodable: change.isUndecodable)
    }

    /// A repository path as a document path: below the root, a wireframe file's name outside
    /// hidden and ignored folders, within the limits; nil otherwise.
    func documentPath(_ path: String, prefix: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let relative = String(path.dropFirst(prefix.count))
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.last, !ProjectFiles.isIgnoredFile(String(name)), DocumentFormat(path: relative) != nil,
            parts.dropLast().allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !ProjectFiles.ignoredFolders.contains(String($0)) })
        else { return nil }
        guard limits.isEmpty || limits.contains(where: { ProjectFiles.isAtOrBelow(relative, folder: $0) }) else { return nil }
        return relative
    }

    /// A commit to import: its pipeline (its author, message, time and object name) and the
    /// changes of files the store does not have from it.
    struct CommitWork: Sendable {
        var commit: GitCommit
        var pipeline: ImportPipeline
        var changes: [Change]
        /// The documents that load a file the commit changed, to be checked again.
        var loaders: [String]
        /// The commit's files, as its WorkflowSchema documents load them.
        var files: GitCommitFiles
    }

    /// One file's change of a commit, prepared for the store.
    enum PreparedChange: Sendable {
        /// A path that is not UTF-8: a failed attempt.
        case undecodable(String)
        /// The document's file is gone.
        case deletion(String)
        /// A new version, or a file git reports renamed (the version carries the rename).
        case version(ImportPipeline.PreparedVersion)
    }

    /// Starts the thread that reads the blobs of `work` from one `git cat-file --batch` and
    /// prepares each commit's changes in order; an error ends it, and is what
    /// ``Handoff/take()`` throws at its place.
    static func prepare(_ work: [CommitWork], git: GitProcess) -> Handoff<[PreparedChange]> {
        let handoff = Handoff<[PreparedChange]>(capacity: 4)
        let names = work.flatMap { $0.changes.compactMap { $0.isUndecodable ? nil : $0.blob } }
        let thread = Thread {
            defer { handoff.finish() }
            do {
                let blobs = try GitBlobs(git: git, names: names)
                defer { blobs.close() }
                for commitWork in work {
                    var prepared: [PreparedChange] = []
                    for change in commitWork.changes {
                        prepared.append(try prepare(change, blobs: blobs, pipeline: commitWork.pipeline))
                    }
                    guard handoff.put(prepared) else { return }
                }
            } catch {
                handoff.fail(error)
            }
        }
        // The reader and the validator recurse into nested elements as the main thread does.
        thread.stackSize = 8 << 20
        thread.start()
        return handoff
    }

    /// Prepares one file's change of a commit: a new version, a deletion, or a rename.
    static func prepare(_ change: Change, blobs: GitBlobs, pipeline: ImportPipeline) throws -> PreparedChange {
        if change.isUndecodable { return .undecodable(change.path) }
        guard let blob = change.blob else { return .deletion(change.path) }
        let bytes = try blobs.blob(blob)
        let path = change.path
        // A file git reports renamed (with or without edits): a rename revision of the document,
        // which keeps its history, when the store has the old document and not the new path; else
        // the new content's import and the old document's deletion.
        var rename: ImportPipeline.Rename?
        if let old = change.renamedFrom, old != path {
            rename = ImportPipeline.Rename(previousPath: old, bytes: nil, time: pipeline.time)
        }
        return .version(pipeline.prepare(absolutePath: pipeline.root + "/" + path, relativePath: path, rename: rename, bytes: bytes))
    }

    /// Stores one prepared change of a commit.
    static func store(_ change: PreparedChange, into pipeline: ImportPipeline) throws -> [ImportResult] {
        switch change {
        case .undecodable(let path):
            var attempt = pipeline.attemptInfo(path, diagnostics: [ProjectFiles.undecodableNameDiagnostic], .init())
            attempt.durationMicroseconds = 0
            _ = try pipeline.store.recordAttempt(attempt, outcome: .failed, contentHash: nil)
            let diagnostics = [ProjectFiles.undecodableNameDiagnostic]
            return [ImportResult(path: path, outcome: .failed, revision: nil, diagnostics: diagnostics, changes: [])]
        case .deletion(let path):
            return try pipeline.recordDeletion(relativePath: path).map { [$0] } ?? []
        case .version(let prepared):
            return try pipeline.storeRename(prepared)
        }
    }

    // MARK: Sessions from tags

    /// Makes a session of each tag matching `pattern`, at the tag's time (an annotated tag's
    /// tagger date, a lightweight tag's commit's author time), named by the tag's name after the
    /// pattern's part before its first wildcard (the whole tag's name where that part would be
    /// empty or a number), unless a session of that name exists. An
    /// annotated tag's tagger (`Name <email>`, as a revision names its author) is the session's
    /// author; a lightweight tag names nobody.
    func makeSessions(_ git: GitProcess, pattern: String, into summary: inout Summary) throws {
        let format =
            "%(refname)%00%(objecttype)%00%(taggerdate:unix)%00%(*authordate:unix)%00%(authordate:unix)%00%(taggername)%00%(taggeremail)"
        let output = try git.output(["for-each-ref", "--format=\(format)", "refs/tags/" + pattern])
        let literal = String(pattern.prefix { !"*?[".contains($0) })
        for line in output.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 7 else { throw GitImportError.unexpectedOutput(command: "for-each-ref") }
            let tag = String(fields[0].dropFirst("refs/tags/".count))
            var name = tag.hasPrefix(literal) ? String(tag.dropFirst(literal.count)) : tag
            // `review-1` under `review-*` keeps its whole name: "1" would read as a revision number.
            if name.isEmpty || SessionName.readsAsNumber(name) { name = tag }
            let seconds = fields[1] == "tag" ? (Int64(fields[2]) ?? Int64(fields[3])) : Int64(fields[4])
            guard let seconds else {
                summary.warnings.append("the tag '\(tag.escapingControlCharacters)' has no time; no session was made of it")
                continue
            }
            if let problem = SessionName.problem(name) {
                summary.warnings.append(
                    "the tag '\(tag.escapingControlCharacters)' cannot name a session (\(problem)); no session was made of it")
                continue
            }
            guard try !pipeline.store.hasSession(named: name) else { continue }
            let time = Timestamp(microseconds: seconds * 1_000_000)
            do {
                let tagger = fields[1] == "tag" && !fields[5].isEmpty ? fields[5] + (fields[6].isEmpty ? "" : " " + fields[6]) : nil
                summary.sessions.append(
                    try pipeline.store.addSession(name: name, notes: "git tag \(tag)", start: time, end: time, author: tagger))
            } catch let error as StoreError {
                summary.warnings.append("no session was made of the tag '\(tag.escapingControlCharacters)': \(error.description)")
            }
        }
    }
}

extension GitImport {
    /// Whether git reads `argument` as a revision or a range of the repository at `root` (the
    /// first argument of `wfs import --git` is a RANGE when it does and names no file).
    ///
    /// - Throws: ``GitImportError/gitMissing``.
    public static func readsAsRange(_ argument: String, root: String) throws -> Bool {
        guard !argument.hasPrefix("-") else { return false }
        if argument.contains("..") { return true }
        let git = try GitProcess(folder: root)
        return try git.run(["rev-parse", "--verify", "--quiet", "\(argument)^{commit}"]).status == 0
    }

    /// Whether the repository at `root` has, or had in any commit, a file at or below `path`
    /// (relative to `root`): a limit of `wfs import --git` may name a deleted document.
    ///
    /// - Throws: ``GitImportError/gitMissing``, ``GitImportError/failed(command:status:message:)``.
    public static func isInHistory(_ path: String, root: String) throws -> Bool {
        let git = try GitProcess(folder: root)
        // One commit that touched it is enough; none at all is an empty answer.
        let found = try git.run(["rev-list", "-1", "--all", "--", ":(literal)" + path])
        guard found.status == 0 else {
            throw GitImportError.failed(command: "rev-list", status: found.status, message: found.standardError)
        }
        return !found.standardOutput.isEmpty
    }
}
