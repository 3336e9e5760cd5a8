import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeStore

/// A save made on a file that other writers' work has moved past, merged with that work
/// (``ImportPipeline/merged(_:read:basedOn:head:path:)``).
struct SaveMerge: Sendable {
    /// The merged version, as the pipeline stores it: its bytes are the file's new content.
    var document: ImportPipeline.CanonicalDocument
    var read: ImportPipeline.ReadDocument
    /// The head when nothing of its writer's work was overwritten, else the save's own base
    /// (the store then marks what the revision replaces: ``replacedScreens``).
    var basedOn: Int64
    /// The head merged with.
    var head: Int64
    /// What the merge kept of the head's writer's work and overwrote; nil when neither (their
    /// changes were all in the save already).
    var record: MergeRecord?
    var replacedScreens: [String]?
}

extension ImportPipeline {
    /// The revision a save of `document` is based on: the clone's record of its file (kept by
    /// ``CloneBases``), else the head this process stored last (the daemon's memory), else the
    /// revision whose content the file has, else the head; and, when the clone had no record and
    /// that matters, a sentence that says what was taken.
    func base(of path: String, _ document: CanonicalDocument, head: SaveMemory.Head) throws -> (id: Int64?, note: String?) {
        let headRevision = head.state?.revision
        guard let cloneBases, gitCommit == nil else { return (headRevision?.id, nil) }
        guard let headRevision, !headRevision.isDeletion else { return (headRevision?.id, nil) }
        if let recorded = cloneBases.base(of: path) {
            if recorded.revision == headRevision.id { return (recorded.revision, nil) }
            if let revision = try? store.revision(id: recorded.revision), revision.documentPath == headRevision.documentPath,
                revision.contentHash == recorded.content
            {
                return (recorded.revision, nil)
            }
        }
        if head.isRemembered || headRevision.contentHash == document.contentHash { return (headRevision.id, nil) }
        // The revisions alone: their changes' fields are not needed to find a content hash.
        var filter = LogFilter(documentPath: path)
        filter.includesFields = false
        if let same = try store.log(filter).first(where: { $0.revision.contentHash == document.contentHash })?
            .revision
        {
            return (
                same.id,
                "\(path): this clone had no record of what the file is based on: taken as revision \(same.id), whose content it has"
            )
        }
        return (
            headRevision.id,
            "\(path): this clone had no record of what the file is based on: taken as the head, revision \(headRevision.id)"
        )
    }

    /// `document`, saved on a file based on revision `basedOn`, merged with `head` (another
    /// writer's revision since): screen by screen and field by field (``WireframeMerge``), in the
    /// file's own format (JSON in the file's indentation). Nil, with the reason, when it cannot
    /// be merged: the save is then stored as it is, and the store marks what it replaces.
    func merged(
        _ document: CanonicalDocument, read: ReadDocument, basedOn: Int64, head: Revision, path: String
    ) throws -> (merge: SaveMerge?, reason: String?) {
        let format = DocumentFormat(path: path) ?? .json
        if format == .workflowSchema && !read.loadTargets.isEmpty {
            return (nil, "a WorkflowSchema document that loads other files is stored as saved, not merged")
        }
        let history = History(store: store)
        guard let base = try? store.revision(id: basedOn), base.documentPath == head.documentPath || base.documentPath == path,
            let baseWireframe = try? history.wireframe(of: base), let theirs = try? history.wireframe(of: head),
            let ours = whole(document, path: path)
        else { return (nil, "revision \(basedOn), the file's base, cannot be read as a wireframe of this document") }
        let result = WireframeMerge().merge(base: baseWireframe, theirs: theirs, ours: ours)
        // Their work that the save overwrote: a field both changed, or an item they removed that
        // the save edited. An item the save removed and they edited is theirs, kept.
        let lost = result.conflicts.filter { $0.resolution == .saveWins || $0.theirs == nil }
        let record = MergeRecord(
            mergedWith: head.id, author: head.author, screens: result.keptTheirs,
            overwritten: result.conflicts.map {
                OverwrittenField(
                    screen: $0.screenKey, field: $0.field, value: $0.theirs, author: head.author, replaced: $0.resolution == .saveWins)
            })
        let replaced = Array(Set(lost.map(\.screenKey))).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        func made(_ document: CanonicalDocument, _ read: ReadDocument) -> SaveMerge {
            SaveMerge(
                document: document, read: read, basedOn: lost.isEmpty ? head.id : basedOn, head: head.id,
                record: result.keptTheirs.isEmpty && result.conflicts.isEmpty ? nil : record, replacedScreens: lost.isEmpty ? nil : replaced
            )
        }
        // Nothing of theirs kept: the merge is the save, stored as its file has it.
        if result.keptTheirs.isEmpty { return (made(document, read), nil) }
        var merged = result.merged
        let bytes: [UInt8]
        switch format {
        case .json:
            bytes =
                JSONWireframeWriter.indentation(of: read.bytes).map { writer.prettyBytes(merged, indent: $0) }
                ?? writer.canonicalBytes(merged)
        case .workflowSchema:
            merged.sourceFormat = .workflowSchema
            bytes = Array(WorkflowSchemaWriter().write(merged).utf8)
        }
        // The merged file is read as any save is; it must mean the merge, and be valid.
        let again = self.read(absolutePath: root + "/" + path, relativePath: path, bytes: bytes)
        guard let wireframe = again.wireframe,
            ContentHash.of(CanonicalForm.canonicalize(wireframe)) == ContentHash.of(CanonicalForm.canonicalize(result.merged))
        else { return (nil, "the merge with revision \(head.id) by \(head.author) cannot be written in the file's format") }
        let diagnostics = validate(wireframe, read: again)
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            return (nil, "the merge with revision \(head.id) by \(head.author) would not be valid (\(error.message)): stored as saved")
        }
        let mergedDocument = hashed(canonicalize(wireframe, source: bytes, remembered: nil), after: SaveMemory.Head(state: nil))
        var mergedRead = again
        mergedRead.wireframe = nil
        return (made(mergedDocument, mergedRead), nil)
    }
}
