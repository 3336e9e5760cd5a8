/// A message given to a revision after it was stored (`wfs note`): the revision's message from
/// then on, with who wrote the note and when. The revision's own author and time stay as they
/// were; the message it was stored with stays in the store.
public struct RevisionNote: Sendable, Hashable, Codable {
    /// The message; empty when the note removed the revision's message.
    public var message: String
    /// Who wrote the note.
    public var author: String
    /// When the note was written.
    public var createdAt: Timestamp

    /// Creates a note value.
    public init(message: String, author: String, createdAt: Timestamp) {
        self.message = message
        self.author = author
        self.createdAt = createdAt
    }
}

extension Revision {
    /// The revision with `note` applied: its message is the note's (none for an empty note).
    public func noted(_ note: RevisionNote?) -> Revision {
        guard let note else { return self }
        var noted = self
        noted.note = note
        noted.message = note.message.isEmpty ? nil : note.message
        return noted
    }
}

extension Store {
    /// The revision with its newest note applied (``Revision/noted(_:)``).
    public func noted(_ revision: Revision) throws -> Revision {
        revision.noted(try notes(revisionIds: [revision.id])[revision.id])
    }

    /// The revisions with their newest notes applied, from one read of the notes.
    public func noted(_ revisions: [Revision]) throws -> [Revision] {
        guard !revisions.isEmpty else { return revisions }
        let notes = try notes(revisionIds: revisions.map(\.id))
        return notes.isEmpty ? revisions : revisions.map { $0.noted(notes[$0.id]) }
    }

    /// The entries with their revisions' newest notes applied, from one read of the notes.
    public func noted(_ entries: [LogEntry]) throws -> [LogEntry] {
        guard !entries.isEmpty else { return entries }
        let notes = try notes(revisionIds: entries.map(\.revision.id))
        guard !notes.isEmpty else { return entries }
        return entries.map { entry in
            var entry = entry
            entry.revision = entry.revision.noted(notes[entry.revision.id])
            return entry
        }
    }
}
