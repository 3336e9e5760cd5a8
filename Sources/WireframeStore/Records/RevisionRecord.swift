import Foundation
import GRDB

/// The `revision` table: an immutable snapshot of a document, or a tombstone.
struct RevisionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "revision"
    var id: Int64?
    var documentId: Int64
    var number: Int64
    var parentId: Int64?
    var isDeletion: Bool
    var contentHash: String?
    var sourceHash: String?
    var header: Data?
    var screenCount: Int64
    var createdAt: Timestamp
    var author: String
    var origin: String
    var message: String?
    var sessionId: Int64?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let documentId = Column(CodingKeys.documentId)
        static let number = Column(CodingKeys.number)
        static let createdAt = Column(CodingKeys.createdAt)
        static let sessionId = Column(CodingKeys.sessionId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The public value, given the names that the record refers to by id.
    func revision(documentPath: String, sessionName: String?) -> Revision {
        Revision(
            id: id ?? 0, documentPath: documentPath, number: Int(number), parentId: parentId,
            isDeletion: isDeletion, contentHash: contentHash, sourceHash: sourceHash,
            screenCount: Int(screenCount), createdAt: createdAt, author: author,
            origin: RevisionOrigin(rawValue: origin) ?? .cli, message: message, sessionName: sessionName
        )
    }
}
