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

        /// Creates an outcome.
        public init(path: String, action: Action) {
            self.path = path
            self.action = action
        }
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
        try heads(paths).map { Outcome(path: $0.documentPath, action: try sync($0)) }
    }

    /// The heads of the documents at or below `paths` that the clone admits, in path order.
    public func heads(_ paths: [String] = []) throws -> [Revision] {
        try pipeline.store.state(atOrBefore: nil).filter { head in
            admits(head.documentPath)
                && (paths.isEmpty || paths.contains { $0.isEmpty || head.documentPath == $0 || head.documentPath.hasPrefix($0 + "/") })
        }
    }

    /// Syncs one document to `head` (one the store had: a newer one is the next sync's).
    public func sync(_ head: Revision) throws -> Action {
        let bases = pipeline.cloneBases ?? CloneBases(root: pipeline.root)
        let folder = try ConfinedFolder(path: pipeline.root, writer: "wfs", folderName: "the project")
        let path = head.documentPath
        let absolute = (pipeline.root == "/" ? "" : pipeline.root) + "/" + path
        let bytes = FileManager.default.contents(atPath: absolute).map { [UInt8]($0) }
        let base = bases.base(of: path)
        // A head older than the file's base is one this clone has moved past (the daemon
        // stored the file's newer content after the heads were read): syncing to it would put
        // the older content back, or remove a file re-created since its deletion. Revision ids
        // grow with every revision the store holds.
        if let base, base.revision > head.id { return .upToDate }
        let history = History(store: pipeline.store)
        let hash = bytes.map { ContentHash.hex(of: $0) }
        // Whether the file is its base's source, byte for byte: no edits here.
        func unedited() -> Bool {
            guard let base, let hash else { return false }
            if let source = base.source { return hash == source }
            guard let revision = try? pipeline.store.revision(id: base.revision), revision.documentPath == path else { return false }
            return revision.sourceHash == hash
        }
        func record(_ revision: Revision?) throws {
            guard !dryRun else { return }
            try bases.record([path: revision.flatMap(CloneBases.Base.init)])
        }
        if head.isDeletion {
            guard let bytes else {
                if base != nil { try record(nil) }
                return .upToDate
            }
            guard unedited() else { return .keptDeletedElsewhere(deletion: head) }
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
        if hash == head.sourceHash {
            if base?.revision != head.id { try record(head) }
            return .upToDate
        }
        if unedited() {
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
