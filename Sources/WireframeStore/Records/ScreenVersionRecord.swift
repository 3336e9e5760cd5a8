import Foundation
import GRDB

/// The `screenVersion` table: a distinct canonical screen, shared across revisions and
/// documents: its SHA-256 (32 bytes) and where its JSON is in a `screenPack`.
struct ScreenVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenVersion"
    var id: Int64
    var hash: Data
    var packId: Int64
    var start: Int64
    var length: Int64
}
