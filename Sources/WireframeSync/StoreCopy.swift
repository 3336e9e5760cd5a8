import WireframeFormats
public import WireframeStore

/// Copies a whole history from one store to another, of any two engines (`wfs store copy`).
///
/// The copy goes through the ``Store`` interface alone, so that every pair of engines is one path:
/// each revision is recorded again with its id, number, time, author, origin, machine, message,
/// base, merge record, exact source, header, screens and changes; the refused and unchanged attempts with their
/// diagnostics, in the order they happened among the revisions; then the sessions, which take the
/// revisions of their span as they did in the original, with who recorded and who last changed
/// them; each revision's newest note (`wfs note`,
/// its message, author and time; earlier notes stay in the original alone). What a revision replaced follows from its
/// base, so the target works it out again (a merge's, named field by field, is copied). The target must be empty. Afterwards the two stores'
/// logs are compared entry by entry, and a copy that differs is an error.
public enum StoreCopy {
    /// What a copy wrote.
    public struct Summary: Sendable, Equatable {
        /// Revisions copied.
        public var revisions: Int
        /// Attempts copied (refused and unchanged ones; a stored attempt is part of its revision).
        public var attempts: Int
        /// Sessions copied.
        public var sessions: Int
    }

    /// Copies every revision, attempt and session of `source` into the empty `target`.
    ///
    /// - Throws: ``SyncError/copyTargetNotEmpty(location:)`` when the target holds anything,
    ///   ``SyncError/copyDiffers(location:revisionId:)`` when the copy does not read back as the
    ///   original, and the stores' own errors.
    public static func copy(from source: any Store, to target: any Store) throws -> Summary {
        let counts = try target.counts()
        guard counts["revision", default: 0] == 0, counts["session", default: 0] == 0, counts["importAttempt", default: 0] == 0
        else { throw SyncError.copyTargetNotEmpty(location: target.location) }

        let sessions = try source.sessions()
        // An open session takes the revisions recorded after its start, as it did in the original.
        if let open = sessions.first(where: \.isOpen) {
            _ = try target.startSession(name: open.name, notes: open.notes, at: open.startedAt, author: open.author)
        }
        let attempts = try source.recentAttempts(limit: Int.max).reversed()
        // The attempt that stored a revision goes with it (its start and duration); the others
        // (unchanged, rejected, failed) are recorded as attempts.
        var held: [Int64: AttemptSummary] = [:]
        for attempt in attempts where attempt.outcome == .stored || attempt.outcome == .deleted {
            if let id = attempt.revisionId { held[id] = attempt }
        }
        var refused = attempts.filter { $0.outcome != .stored && $0.outcome != .deleted }[...]

        var copiedAttempts = 0
        let revisions = try source.allRevisions()
        let paths = Revision.pathsWhenMade(revisions)
        for revision in revisions {
            let start = held[revision.id]?.startedAt ?? revision.createdAt
            while let next = refused.first, next.startedAt <= start {
                try copyAttempt(next, into: target)
                refused.removeFirst()
                copiedAttempts += 1
            }
            try copyRevision(
                revision, path: paths[revision.id] ?? revision.documentPath, attempt: held[revision.id], from: source, into: target)
        }
        for attempt in refused { try copyAttempt(attempt, into: target) }
        copiedAttempts += refused.count
        let notes = try source.notes(revisionIds: revisions.map(\.id))
        for (id, note) in notes.sorted(by: { $0.key < $1.key }) {
            _ = try target.recordNote(revisionId: id, message: note.message, author: note.author, at: note.createdAt)
        }
        for session in sessions {
            if let end = session.endedAt {
                _ = try target.addSession(
                    name: session.name, notes: session.notes, start: session.startedAt, end: end, author: session.author)
            }
            // Who last changed it, and when: an edit that keeps its notes as they are.
            if let changer = session.changedBy, let time = session.changedAt {
                _ = try target.editSession(named: session.name, newName: nil, notes: session.notes ?? "", at: time, by: changer)
            }
        }
        try compare(source, target)
        return Summary(revisions: revisions.count, attempts: copiedAttempts, sessions: sessions.count)
    }

    /// Records `revision` again in `target`, at `path`, the path its document had when it was made.
    static func copyRevision(
        _ revision: Revision, path: String, attempt held: AttemptSummary?, from source: any Store, into target: any Store
    ) throws {
        var attempt = AttemptInfo(
            path: path, startedAt: held?.startedAt ?? revision.createdAt,
            durationMicroseconds: held?.durationMicroseconds ?? 0, author: revision.author, origin: revision.origin,
            diagnostics: held?.diagnostics ?? [], machine: revision.machine)
        attempt.gitCommit = revision.gitCommit
        if revision.isDeletion {
            guard
                try target.recordDeletion(attempt, message: revision.message, createdAt: revision.createdAt, id: revision.id) != nil
            else { throw SyncError.copyDiffers(location: target.location, revisionId: revision.id) }
            return
        }
        guard let contentHash = revision.contentHash, let sourceHash = revision.sourceHash else {
            throw SyncError.copyDiffers(location: source.location, revisionId: revision.id)
        }
        let hashes = try source.screenHashes(revisionId: revision.id)
        let contents = try source.screenContents(Array(Set(hashes.values)))
        var screens: [ScreenContent] = []
        screens.reserveCapacity(hashes.count)
        for (key, hash) in hashes.sorted(by: { $0.key < $1.key }) {
            guard let content = contents[hash] else { throw SyncError.copyDiffers(location: source.location, revisionId: revision.id) }
            screens.append(ScreenContent(key: key, hash: hash, content: content))
        }
        var new = NewRevision(
            attempt: attempt, format: DocumentFormat(path: path) == .workflowSchema ? .workflowSchema : .json,
            contentHash: contentHash, source: try source.source(revisionId: revision.id), sourceHash: sourceHash,
            header: try source.header(revisionId: revision.id) ?? [], screens: screens,
            changes: try source.changes(revisionId: revision.id), expectedHeadId: revision.parentId, headSource: nil,
            message: revision.message, createdAt: revision.createdAt)
        new.basedOn = revision.basedOn
        new.id = revision.id
        new.renamedFrom = revision.previousPath
        new.merge = revision.merge
        // A merge names what it replaced field by field, which the target cannot work out again.
        if revision.merge != nil { new.replacedScreens = revision.replaces?.screens }
        let record = try target.recordImport(new)
        guard record.outcome == .stored, record.revision?.id == revision.id else {
            throw SyncError.copyDiffers(location: target.location, revisionId: revision.id)
        }
    }

    static func copyAttempt(_ attempt: AttemptSummary, into target: any Store) throws {
        var info = AttemptInfo(
            path: attempt.path, startedAt: attempt.startedAt, durationMicroseconds: attempt.durationMicroseconds,
            author: attempt.author, origin: attempt.origin, diagnostics: attempt.diagnostics, machine: attempt.machine)
        // A later `wfs import --git` tells by it that the attempt's commit is imported.
        info.gitCommit = attempt.gitCommit
        _ = try target.recordAttempt(info, outcome: attempt.outcome, contentHash: attempt.contentHash)
    }

    /// Reads both histories back and compares them: every revision with its changes and its newest
    /// note, every session.
    static func compare(_ source: any Store, _ target: any Store) throws {
        let original = try source.noted(source.log(LogFilter()))
        let copied = try target.noted(target.log(LogFilter()))
        for (old, new) in zip(original, copied) where old != new {
            throw SyncError.copyDiffers(location: target.location, revisionId: old.revision.id)
        }
        if original.count != copied.count {
            let longer = original.count > copied.count ? original : copied
            throw SyncError.copyDiffers(location: target.location, revisionId: longer[min(original.count, copied.count)].revision.id)
        }
        // Ids are the stores' own; a session is its name, notes, span and who recorded and changed it.
        func spans(_ store: any Store) throws -> [[String?]] {
            try store.sessions().map {
                [
                    $0.name, $0.notes, String($0.startedAt.microseconds), $0.endedAt.map { String($0.microseconds) }, $0.author,
                    $0.changedBy, $0.changedAt.map { String($0.microseconds) },
                ]
            }
        }
        let sessions = try spans(source)
        let copiedSessions = try spans(target)
        guard sessions == copiedSessions else { throw SyncError.copyDiffers(location: target.location, revisionId: nil) }
    }
}
