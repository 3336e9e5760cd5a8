import Foundation
import GRDB

/// The `screenVersion` table: canonical screen JSON by content hash, shared across revisions.
struct ScreenVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenVersion"
    var hash: String
    var content: Data
}
