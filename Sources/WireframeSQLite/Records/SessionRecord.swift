import GRDB
import WireframeStore

/// The `session` table: a customer meeting.
struct SessionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "session"
    var id: Int64?
    var name: String
    var notes: String?
    var startedAt: Timestamp
    var endedAt: Timestamp?
    var author: String?
    var changedBy: String?
    var changedAt: Timestamp?

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let startedAt = Column(CodingKeys.startedAt)
        static let endedAt = Column(CodingKeys.endedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The public value.
    func session() -> Session {
        Session(
            id: id ?? 0, name: name, notes: notes, startedAt: startedAt, endedAt: endedAt, author: author, changedBy: changedBy,
            changedAt: changedAt)
    }
}
