import Foundation
import GRDB
import WireframeStore

/// The `source` table: the exact bytes of a revision, zlib-compressed or as a delta.
struct SourceRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "source"
    var revisionId: Int64
    var encoding: String
    var baseRevisionId: Int64?
    var chainLength: Int64
    var size: Int64
    var data: Data

    /// Inserts the row with a statement prepared once per connection (no record encoding).
    func insertRow(_ db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO source (revisionId, encoding, baseRevisionId, chainLength, size, data) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [revisionId, encoding, baseRevisionId, chainLength, size, data])
    }
}
