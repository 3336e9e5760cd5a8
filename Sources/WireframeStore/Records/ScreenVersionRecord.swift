import Foundation
import GRDB

/// The `screenVersion` table: a distinct canonical screen, shared across revisions and
/// documents: the first 4 bytes of its SHA-256 (migration 0010; the whole hash follows from its
/// JSON) and where its JSON is in a `screenPack`.
struct ScreenVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenVersion"
    var id: Int64
    var hashPrefix: Data
    var packId: Int64
    var start: Int64
    var length: Int64
}
