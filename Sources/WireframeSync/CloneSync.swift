import Foundation
public import WireframeStore
import WireframeAnalysis

/// Brings a clone's files to the store's heads (`wfs sync`, and the daemon when another writer
/// stores): a file without edits here (its bytes are its base's source) is replaced by the
/// head's exact stored source; a file with edits here is saved as `wfs import` saves it, merged
/// with the head (``ImportPipeline``); a document added elsewhere is written; one deleted
/// elsewhere is removed, unless edited here. Every file is written whole and renamed into place
/// only while it still holds what was read (``ConfinedFolder``), so a save made meanwhile is
/// never overwritten; the clone's record of its bases (``CloneBases``) follows each file.
public struct CloneSync: Sendable {
    /// What happened to one document.
    public enum Action: Sendable {
        /// The file already is the head.
        case upToDate
        /// The file, without edits here, now holds the head.
        case updated(head: Revision)
        /// The document was added elsewhere: its file now holds the head.
        case added(head: Revision)
        /// The document was deleted elsewhere, and its file had no edits here: removed.
        case removed(deletion: Revision)
        /// The document was deleted elsewhere, but its file has edits here (or no record of its
        /// base): kept, for its owner to import or remove.
        case keptDeletedElsewhere(deletion: Revision)
        /// The file was removed here and not yet imported: left removed.
        case removedHere(head: Revision)
        /// The file has edits here: saved and merged with the head (or refused, as an import is).
        case saved(ImportResult)
        /// With a dry run: the file has edits here and would be saved, merged with the head.
        case wouldSave(head: Revision)
    }

    /// One document's outcome.
    public struct Outcome: Sendable {
        public var path: String
        public var action: Action
    }

    /// The pipeline that saves files with edits here; its ``ImportPipeline/cloneBases`` is the
    /// clone's record.
    public var pipeline: ImportPipeline
    /// Whether to say what would happen and write nothing.
    public var dryRun: Bool
    /// Which documents the clone holds (the daemon's include and exclude patterns); others are
    /// left alone.
    public var admits: @Sendable (String) -> Bool = { _ in true }

    /// A sync of the clone `pipeline` imports into (its root, store and bases).
    public init(pipeline: ImportPipeline, dryRun: Bool = false) {
        self.pipeline = pipeline
        self.dryRun = dryRun
    }

    /// Syncs the documents at or below `paths` (root-relative; "" or none: every document).
    public func sync(_ paths: [String] = []) throws -> [Outcome] {
        let bases = pipeline.cloneBases ?? CloneBases(root: pipeline.root)
        let heads = try pipeline.store.state(atOrBefore: nil).filter { head in
            admits(head.documentPath)
                && (paths.isEmpty || paths.contains { $0.isEmpty || head.documentPath == $0 || head.documentPath.hasPrefix($0 + "/") })
        }
        let folder = try ConfinedFolder(path: pipeline.root, writer: "wfs", folderName: "the project")
        return try heads.map { Outcome(path: $0.documentPath, action: try sync($0, bases: bases, folder: folder)) }
    }

    /// Syncs one document to its head.
    func sync(_ head: Revision, bases: CloneBases, folder: ConfinedFolder) throws -> Action {
        let path = head.documentPath
        let absolute = (pipeline.root == "/" ? "" : pipeline.root) + "/" + path
        let bytes = FileManager.default.contents(atPath: absolute).map { [UInt8]($0) }
        let base = bases.base(of: path)
        let history = History(store: pipeline.store)
        // Whether the file is its base's source, byte for byte: no edits here.
        func unedited(_ bytes: [UInt8]) throws -> Bool {
            guard let base, let revision = try? pipeline.store.revision(id: base.revision), revision.documentPath == path,
                let source = revision.sourceHash
            else { return false }
            return ContentHash.hex(of: bytes) == source
        }
        func record(_ revision: Revision?) throws {
            guard !dryRun else { return }
            try bases.record([
                path: revision.flatMap { stored in stored.contentHash.map { CloneBases.Base(revision: stored.id, content: $0) } }
            ])
        }
        if head.isDeletion {
            guard let bytes else {
                if base != nil { try record(nil) }
                return .upToDate
            }
            guard try unedited(bytes) else { return .keptDeletedElsewhere(deletion: head) }
            if !dryRun { try folder.remove(path, unlessChangedFrom: bytes) }
            try record(nil)
            return .removed(deletion: head)
        }
        guard let bytes else {
            if base != nil { return .removedHere(head: head) }
            if !dryRun {
                guard try folder.write(try history.source(of: head), to: path, unlessChangedFrom: nil, creatingOnly: true) else {
                    return .upToDate
                }
            }
            try record(head)
            return .added(head: head)
        }
        if ContentHash.hex(of: bytes) == head.sourceHash {
            if base?.revision != head.id { try record(head) }
            return .upToDate
        }
        if try unedited(bytes) {
            if !dryRun {
                guard try folder.write(try history.source(of: head), to: path, unlessChangedFrom: bytes) else {
                    // Saved meanwhile: the save is the file's next import, merged then.
                    return .upToDate
                }
            }
            try record(head)
            return .updated(head: head)
        }
        if dryRun { return .wouldSave(head: head) }
        return .saved(try pipeline.importFile(absolutePath: absolute, relativePath: path))
    }
}
