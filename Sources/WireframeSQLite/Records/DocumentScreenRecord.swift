import GRDB
import WireframeStore

/// The `documentScreen` table: a screen's version over an interval of a document's revisions,
/// keyed by document, first revision number and screen key.
struct DocumentScreenRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "documentScreen"
    var documentId: Int64
    var validFrom: Int64
    var screenKey: String
    var validUntil: Int64?
    var versionId: Int64
}
