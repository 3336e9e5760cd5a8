public import WireframeStore
public import WireframeAnalysis

/// Two revisions and their diff, read by ``History/directComparison(storePath:_:_:)``.
public struct DirectComparison {
    public var old: Revision
    public var new: Revision
    public var diff: WireframeDiff
    /// Every screen key of either revision, sorted, each once.
    public var screenKeys: [String]
    /// What the diff was made from: the stored screens read. A command that ends after printing
    /// the diff may leave them to the process's exit.
    public var parts: ScreenComparison
}

extension History {
    /// ``resolve(_:)`` and ``comparison(_:_:)`` of two REFs through a ``DirectReader`` (SQLite
    /// alone, no GRDB set-up), for the plainest case: both REFs name a revision of one document by
    /// id, as `PATH` (its head) or as `PATH@N` (its N-th revision, no session being named N), and
    /// neither is a deletion. Nil in every other case, and whenever the direct read cannot answer
    /// (a store to migrate, an unknown name, a damaged row, a busy store): the caller then does
    /// the same through ``WireframeStore``, which answers or reports the error as before.
    public static func directComparison(storePath: String, _ old: String, _ new: String) -> DirectComparison? {
        // A REF of another form (a time, a session) is left to the store before anything is opened.
        guard isDirectForm(old), isDirectForm(new), let reader = DirectReader.open(path: storePath) else { return nil }
        let read = { () -> (Revision, Revision, ScreenComparison)? in
            guard let oldRevision = try? directResolve(old, reader), let newRevision = try? directResolve(new, reader),
                !oldRevision.isDeletion, !newRevision.isDeletion,
                let pair = try? reader.screenComparison(oldId: oldRevision.id, newId: newRevision.id)
            else { return nil }
            return (oldRevision, newRevision, pair)
        }()
        // Closed before the comparison: the memory SQLite freed (its page cache, the parsed schema)
        // is then reused by the comparison instead of fresh pages, each a page fault.
        reader.close()
        guard let (oldRevision, newRevision, pair) = read, let result = spliced(pair) else { return nil }
        return DirectComparison(
            old: oldRevision, new: newRevision, diff: result.diff, screenKeys: result.screenKeys, parts: pair)
    }

    /// Whether a REF is of a form ``directResolve(_:_:)`` reads: `ID`, `PATH` or `PATH@N`.
    static func isDirectForm(_ reference: String) -> Bool {
        let trimmed = trimmingSpaces(reference)
        guard !trimmed.isEmpty, Int64(trimmed) == nil, let at = trimmed.lastIndex(of: "@") else { return !trimmed.isEmpty }
        let rest = String(trimmed[trimmed.index(after: at)...])
        guard case .session(let name) = point(rest) else { return false }
        return Int(name) != nil
    }

    /// The revision a REF names, as ``resolve(_:)`` finds it, for the forms `ID`, `PATH` and
    /// `PATH@N`; throws for any other form and when there is no such revision.
    static func directResolve(_ reference: String, _ reader: DirectReader) throws -> Revision {
        let trimmed = trimmingSpaces(reference)
        guard !trimmed.isEmpty else { throw SyncError.malformedReference(reference) }
        if let id = Int64(trimmed) { return try reader.revision(id: id) }
        guard let at = trimmed.lastIndex(of: "@") else {
            return try reader.head(documentPath: trimmed.hasPrefix("./") ? String(trimmed.dropFirst(2)) : trimmed)
        }
        let path = String(trimmed[..<at])
        let rest = String(trimmed[trimmed.index(after: at)...])
        guard !path.isEmpty, !rest.isEmpty, case .session(let name) = point(rest), let number = Int(name),
            try !reader.hasSession(named: name)
        else { throw SyncError.malformedReference(reference) }
        return try reader.revision(documentPath: path.hasPrefix("./") ? String(path.dropFirst(2)) : path, number: number)
    }
}
