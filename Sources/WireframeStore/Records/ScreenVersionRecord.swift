import Foundation
import GRDB

/// The `screenVersion` table: a distinct canonical screen, shared across revisions and
/// documents, as found by its content: the first 4 bytes of its SHA-256 (migration 0010; the
/// whole hash follows from its JSON) and its id, keyed by both (migration 0011). Its JSON is in
/// the `screenPack` that holds its id.
struct ScreenVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenVersion"
    var hashPrefix: Data
    var id: Int64
}
