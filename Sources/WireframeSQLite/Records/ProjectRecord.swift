import GRDB
import WireframeStore

/// The `project` table: the one row that names the project root.
struct ProjectRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "project"
    var id: Int64 = 1
    var root: String
    var createdAt: Timestamp
}
