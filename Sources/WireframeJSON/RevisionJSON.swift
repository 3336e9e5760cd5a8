public import WireframeStore

/// The JSON shape of a revision in `log`, `show` and `diff`.
public struct RevisionJSON: Encodable {
    public struct Changes: Encodable {
        public var added: [String] = []
        public var removed: [String] = []
        public var modified: [String] = []
        public var renamed: [String] = []
        public var document: [String] = []
    }

    /// Who gave a revision its message afterwards, and when (``RevisionNote``).
    public struct Note: Encodable {
        public var author: String
        public var createdAt: String
    }

    /// What a revision replaced (``Replacement``).
    public struct Replaces: Encodable {
        public var id: Int64
        public var author: String
        public var screens: [String]
    }

    public var id: Int64
    public var document: String
    public var number: Int
    public var basedOn: Int64?
    public var replaces: Replaces?
    /// What a merged save kept of another writer's work and what it overwrote; absent for others.
    public var merge: MergeRecord?
    public var createdAt: String
    public var contentHash: String?
    public var sourceHash: String?
    public var deleted: Bool
    public var session: String?
    public var author: String
    public var origin: String
    public var message: String?
    public var note: Note?
    public var screenCount: Int
    public var changes: Changes?
    /// The document's path before this revision, on a rename revision alone.
    public var renamedFrom: String?
    /// The git commit it was imported from (the full object name).
    public var commit: String?

    public init(_ revision: Revision, changes recorded: [RecordedChange]?) {
        id = revision.id
        document = revision.documentPath
        number = revision.number
        basedOn = revision.basedOn
        replaces = revision.replaces.map { Replaces(id: $0.id, author: $0.author, screens: $0.screens) }
        merge = revision.merge
        createdAt = revision.createdAt.text
        contentHash = revision.contentHash
        sourceHash = revision.sourceHash
        deleted = revision.isDeletion
        session = revision.sessionName
        author = revision.author
        origin = revision.originLabel
        message = revision.message
        note = revision.note.map { Note(author: $0.author, createdAt: $0.createdAt.text) }
        screenCount = revision.screenCount
        renamedFrom = revision.previousPath
        commit = revision.gitCommit
        if let recorded {
            var changes = Changes()
            for change in recorded {
                switch change.kind {
                case .added: changes.added.append(change.screenKey)
                case .removed: changes.removed.append(change.screenKey)
                case .modified: changes.modified.append(change.screenKey)
                case .renamed: changes.renamed.append(change.screenKey)
                case .document: changes.document += change.fields.map(\.field)
                }
            }
            self.changes = changes
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, document, number, basedOn, replaces, merge, createdAt, contentHash, sourceHash, deleted, session, author, origin, message
        case note, screenCount, changes, renamedFrom, commit
    }

    /// As synthesized, but `basedOn` and `replaces` are always there (`null` when nil): a reader
    /// tells a revision that replaced nothing from output that does not say.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(document, forKey: .document)
        try container.encode(number, forKey: .number)
        try container.encode(basedOn, forKey: .basedOn)
        try container.encode(replaces, forKey: .replaces)
        try container.encodeIfPresent(merge, forKey: .merge)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(contentHash, forKey: .contentHash)
        try container.encodeIfPresent(sourceHash, forKey: .sourceHash)
        try container.encode(deleted, forKey: .deleted)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encode(author, forKey: .author)
        try container.encode(origin, forKey: .origin)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(screenCount, forKey: .screenCount)
        try container.encodeIfPresent(changes, forKey: .changes)
        try container.encodeIfPresent(renamedFrom, forKey: .renamedFrom)
        try container.encodeIfPresent(commit, forKey: .commit)
    }

    /// Writes this revision's members as `JSONOutput.text` would encode them, in sorted order.
    public func writeMembers(to json: inout JSONStream) {
        json.member("author", author)
        json.member("basedOn", orNull: basedOn)
        if let changes {
            json.member("changes") { json in
                json.member("added", strings: changes.added)
                json.member("document", strings: changes.document)
                json.member("modified", strings: changes.modified)
                json.member("removed", strings: changes.removed)
                json.member("renamed", strings: changes.renamed)
            }
        }
        json.member("commit", commit)
        json.member("contentHash", contentHash)
        json.member("createdAt", createdAt)
        json.member("deleted", deleted)
        json.member("document", document)
        json.member("id", id)
        if let merge {
            json.member("merge") { json in
                json.member("author", merge.author)
                json.member("mergedWith", merge.mergedWith)
                json.arrayMember("overwritten") { json in
                    for field in merge.overwritten {
                        json.objectElement { json in
                            json.member("author", field.author)
                            json.member("field", field.field)
                            json.member("replaced", field.replaced)
                            json.member("screen", field.screen)
                            json.member("value", field.value)
                        }
                    }
                }
                json.member("screens", strings: merge.screens)
            }
        }
        json.member("message", message)
        if let note {
            json.member("note") { json in
                json.member("author", note.author)
                json.member("createdAt", note.createdAt)
            }
        }
        json.member("number", number)
        json.member("origin", origin)
        json.member("renamedFrom", renamedFrom)
        if let replaces {
            json.member("replaces") { json in
                json.member("author", replaces.author)
                json.member("id", replaces.id)
                json.member("screens", strings: replaces.screens)
            }
        } else {
            json.memberNull("replaces")
        }
        json.member("screenCount", screenCount)
        json.member("session", session)
        json.member("sourceHash", sourceHash)
    }
}
