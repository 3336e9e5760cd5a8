import Foundation
public import Logging
import WireframeAnalysis
import WireframeFormats
import WireframeStore
public import WireframeSync

/// The catch-up pass: compares every wireframe file under the root with its document's head and
/// imports what changed while nobody watched (origin `reconcile`), and records the deletion of
/// documents whose files are gone.
///
/// A file whose bytes hash to the head's source hash is skipped without an import attempt, so a
/// restart of the daemon on an unchanged project writes nothing.
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
        // A file whose newest attempt was rejected and that has not changed since is not tried again.
        var rejectedAt: [String: Timestamp] = [:]
        for attempt in (try? pipeline.store.rejectedDocuments()) ?? [] { rejectedAt[attempt.path] = attempt.startedAt }
        let clock = ContinuousClock()
        for relative in files {
            if shouldStop() { return files }
            let absolute = pipeline.root + "/" + relative
            let head = try? pipeline.store.revision(documentPath: relative, atOrBefore: nil)
            if let head, !head.isDeletion, let sourceHash = head.sourceHash,
                case .success(let bytes) = DocumentReader().loadBytes(path: absolute), ContentHash.hex(of: bytes) == sourceHash
            {
                continue
            }
            if let attempted = rejectedAt[relative],
                let modified = (try? FileManager.default.attributesOfItem(atPath: absolute))?[.modificationDate] as? Date,
                Timestamp(modified).microseconds + 1_000_000 < attempted.microseconds  // clear of coarse file times
            {
                continue
            }
            let started = clock.now
            do {
                let result = try pipeline.importFile(absolutePath: absolute, relativePath: relative)
                report(result, clock.now - started)
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
        for document in try recordsMissingFiles ? pipeline.goneDocuments(below: "", found: found) : [] {
            if shouldStop() { break }
            let started = clock.now
            if let result = try pipeline.recordDeletion(relativePath: document) {
                report(result, clock.now - started)
            }
        }
        return files
    }
}
