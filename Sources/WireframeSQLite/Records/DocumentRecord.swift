import GRDB
import WireframeStore

/// The `document` table: one wireframe file, by its path relative to the project root.
struct DocumentRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "document"
    var id: Int64?
    var path: String
    var format: String
    var createdAt: Timestamp

    enum Columns {
        static let path = Column(CodingKeys.path)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
