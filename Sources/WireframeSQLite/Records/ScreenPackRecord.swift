import Foundation
import GRDB
import WireframeStore

/// The `screenPack` table: the canonical JSON of consecutive screen versions, end to end,
/// zlib-compressed (`size` bytes uncompressed). Its id is its first
/// version's, and `lengths` lists the lengths of its versions (varints), whose ids follow.
struct ScreenPackRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenPack"
    var id: Int64
    var size: Int64
    var lengths: Data
    var data: Data
}
