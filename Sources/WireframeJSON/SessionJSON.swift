public import WireframeStore

/// The JSON shape of a meeting in `session list` and `session show`.
public struct SessionJSON: Encodable {
    public var name: String
    public var notes: String?
    public var startedAt: String
    public var endedAt: String?
    public var open: Bool
    public var author: String?
    public var changedBy: String?
    public var changedAt: String?
    public var revisions: [RevisionJSON]?

    public init(_ session: Session, revisions: [RevisionJSON]? = nil) {
        name = session.name
        notes = session.notes
        startedAt = session.startedAt.text
        endedAt = session.endedAt?.text
        open = session.isOpen
        author = session.author
        changedBy = session.changedBy
        changedAt = session.changedAt?.text
        self.revisions = revisions
    }
}
