import Foundation
import GRDB

/// The `source` table: the exact bytes of a revision, zlib-compressed or as a delta.
struct SourceRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "source"
    var revisionId: Int64
    var encoding: String
    var baseRevisionId: Int64?
    var chainLength: Int64
    var size: Int64
    var data: Data
}
