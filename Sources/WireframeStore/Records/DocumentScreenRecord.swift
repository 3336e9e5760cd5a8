import GRDB

/// The `documentScreen` table: a screen's content hash over an interval of a document's revisions.
struct DocumentScreenRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "documentScreen"
    var id: Int64?
    var documentId: Int64
    var screenKey: String
    var screenHash: String
    var validFrom: Int64
    var validUntil: Int64?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
