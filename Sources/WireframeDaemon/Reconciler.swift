import Foundation
public import Logging
import WireframeAnalysis
import WireframeFormats
public import WireframeStore
public import WireframeSync

/// The catch-up pass: compares every wireframe file under the root with its document's head and
/// imports what changed while nobody watched (origin `reconcile`), and records the deletion of
/// documents whose files are gone.
///
/// A document whose file is gone while a new file holds exactly its head's bytes was renamed
/// while nobody watched: the new file is recorded as its rename (``ImportPipeline/renames(gone:files:)``).
///
/// A file is skipped without an import attempt when the store already holds what it is now
/// (``isCaughtUp(_:refused:)``): a restart of the daemon on an unchanged project writes nothing,
/// and a file fixed while nobody watched is imported, whatever its modification time says.
///
/// On a store that many machines share, a document without a file here is not taken for deleted:
/// this clone may not have another writer's new file yet. A deletion is then recorded only when
/// the daemon sees a file go.
public struct Reconciler: Sendable {
    /// The pipeline used, with origin `reconcile`.
    public var pipeline: ImportPipeline
    /// Which files are wireframes.
    public var configuration: DaemonConfiguration
    /// Folders (relative to the root) never searched besides the configured excludes: the store's own.
    public var ignoredFolders: Set<String>
    /// Whether documents without a file under the root are recorded as deleted (false for a
    /// store that many machines share).
    public var recordsMissingFiles: Bool

    /// Creates a reconciler.
    public init(pipeline: ImportPipeline, configuration: DaemonConfiguration, ignoredFolders: Set<String>, recordsMissingFiles: Bool = true)
    {
        self.pipeline = pipeline
        self.configuration = configuration
        self.ignoredFolders = ignoredFolders
        self.recordsMissingFiles = recordsMissingFiles
    }

    /// The wireframe files under the root that the configuration admits, and the folders that
    /// could not be listed, relative to the root.
    func search() -> ImportPipeline.FoundFiles {
        pipeline.findFiles(below: "") { relative in
            !ignoredFolders.contains(where: { relative.hasPrefix($0 + "/") }) && configuration.admits(relative)
        }
    }

    /// Runs the pass; `shouldStop` is asked between files, `report` hears of every import made,
    /// `failed` of every file whose import failed on the store (nil: the failure is only logged).
    ///
    /// - Returns: The files found (relative to the root).
    public func run(
        shouldStop: () -> Bool, report: (ImportResult, Duration) -> Void, failed: ((String, any Error) -> Void)? = nil, logger: Logger
    ) throws -> [String] {
        let found = search()
        let files = found.files
        for folder in found.unreadableFolders {
            logger.warning(
                "cannot list a folder; its files are neither imported nor taken for deleted",
                metadata: ["folder.path": .string(folder.path.isEmpty ? "." : folder.path), "error": .string(folder.reason)])
        }
        for name in found.undecodableNames { Self.reportUndecodableName(name, logger: logger) }
        // What each file's newest attempt refused, to tell a file fixed since from one that is not.
        let refused = refusedAttempts()
        let clock = ContinuousClock()
        // One pass: a WorkflowSchema file that several documents load is read once for all of them.
        var pipeline = self.pipeline
        if pipeline.schemaFiles == nil { pipeline.schemaFiles = WorkflowSchemaFiles() }
        let gone = try recordsMissingFiles ? pipeline.goneDocuments(below: "", found: found) : []
        let renames = try pipeline.renames(gone: gone, files: files)
        let previousPaths = Dictionary(renames.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        for relative in files {
            if shouldStop() { return files }
            let absolute = pipeline.root + "/" + relative
            let previousPath = previousPaths[relative]
            if previousPath == nil, isCaughtUp(relative, refused: refused[relative]) { continue }
            let started = clock.now
            do {
                logger.debug("importing", metadata: ["file.path": .string(relative)])
                if let previousPath {
                    for result in try pipeline.importRename(from: previousPath, to: relative) { report(result, clock.now - started) }
                } else {
                    let result = try pipeline.importFile(absolutePath: absolute, relativePath: relative)
                    report(result, clock.now - started)
                }
            } catch {
                if let failed {
                    failed(relative, error)
                } else {
                    logger.info(
                        "reconcile could not import a file",
                        metadata: ["file.path": .string(relative), "error": .string(String(describing: error))])
                }
            }
        }
        let renamedAway = Set(renames.map(\.from))
        for document in gone where !renamedAway.contains(document) {
            if shouldStop() { break }
            let started = clock.now
            if let result = try pipeline.recordDeletion(relativePath: document) {
                report(result, clock.now - started)
            }
        }
        return files
    }

    /// Says that a wireframe file's name (relative to the root, as ``ProjectFiles/shownName(_:)``
    /// shows it) is not UTF-8: it is not imported, and would otherwise be passed by without a word.
    public static func reportUndecodableName(_ shown: String, logger: Logger) {
        logger.warning(
            "a file name is not UTF-8; the file is not imported: rename it", metadata: ["file.path": .string(shown)])
    }

    /// The newest attempt of each document whose newest attempt was refused (rejected or failed), by path.
    public func refusedAttempts() -> [String: AttemptSummary] {
        var refused: [String: AttemptSummary] = [:]
        for attempt in (try? pipeline.store.rejectedDocuments()) ?? [] { refused[attempt.path] = attempt }
        return refused
    }

    /// Whether the store already holds what the file at `relative` is now, decided by content,
    /// never by modification time (`cp -p` restores an old time with new bytes, `chmod` changes
    /// what can be read but no time a reader trusts): with `refused`, the newest attempt, refused,
    /// the file must be what that attempt read (the hash of its bytes) or fail to read for the
    /// same reason; without one, its bytes must be the head's source. Anything else is imported,
    /// so that a file made good again also ends its refusal in `wfs status`.
    public func isCaughtUp(_ relative: String, refused: AttemptSummary?) -> Bool {
        let absolute = pipeline.root + "/" + relative
        if let refused {
            switch Self.state(of: absolute, root: pipeline.root) {
            case .bytes(let hash): return refused.contentHash == hash
            case .unreadable(let message): return refused.contentHash == nil && refused.diagnostics.map(\.message) == [message]
            }
        }
        // A file new to the store is not read twice (here and by its import).
        guard let head = try? pipeline.store.revision(documentPath: relative, atOrBefore: nil), !head.isDeletion,
            let sourceHash = head.sourceHash, case .bytes(let hash) = Self.state(of: absolute, root: pipeline.root)
        else { return false }
        return sourceHash == hash
    }

    /// Whether an inotify event on a file calls for an import that its own kind does not imply:
    /// a symbolic link or FIFO made (`IN_CREATE`, after which no `IN_CLOSE_WRITE` comes), or a
    /// file's attributes changed (`IN_ATTRIB`: a `chmod` that makes it readable, the time that
    /// `cp -p` restores). It is imported when the catch-up would import it, so that a link out of
    /// the root or a FIFO is reported once, and a `touch` of a stored file writes nothing. A
    /// regular file just made is left to its `IN_CLOSE_WRITE`: it is still being written (a hard
    /// link, `ln`, is a regular file made whole, imported now).
    /// `refused` is what ``refusedAttempts()`` gave, read once for many events.
    public func needsImport(afterCreatingOrChanging relative: String, created: Bool, refused: [String: AttemptSummary]) -> Bool {
        if created, ProjectFiles.isRegularFileWithOneName(pipeline.root + "/" + relative) { return false }
        return !isCaughtUp(relative, refused: refused[relative])
    }

    /// What a file is now: the hash of its bytes, or why it cannot be read (the message of the
    /// diagnostic an import would record; a link out of the root is refused before it is read).
    enum FileState: Equatable {
        case bytes(String)
        case unreadable(String)
    }

    static func state(of absolute: String, root: String) -> FileState {
        if let refusal = RootConfinement.refusal(path: absolute, root: root) { return .unreadable(refusal.message) }
        switch DocumentReader().loadBytes(path: absolute) {
        case .success(let bytes): return .bytes(ContentHash.hex(of: bytes))
        case .failure(let failure): return .unreadable(failure.diagnostic.message)
        }
    }
}
