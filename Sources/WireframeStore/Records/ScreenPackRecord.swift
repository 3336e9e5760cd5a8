import Foundation
import GRDB

/// The `screenPack` table: the canonical JSON of consecutive screen versions, end to end,
/// zlib-compressed (`size` bytes uncompressed).
struct ScreenPackRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "screenPack"
    var id: Int64
    var size: Int64
    var data: Data
}
