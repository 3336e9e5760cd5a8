import Foundation
import GRDB
import WireframeStore

/// The `screenVersion` table: a distinct canonical screen, shared across revisions and
/// documents, as found by its content: the first 3 bytes of its SHA-256 and its id, keyed by both. Its JSON is in
/// the `screenPack` that holds its id.
struct ScreenVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenVersion"
    var hashPrefix: Data
    var id: Int64
}
