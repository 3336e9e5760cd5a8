import Foundation
import GRDB

/// The `revision` table: an immutable snapshot of a document, or a tombstone. Hashes are the
/// stored 32 bytes; the public value shows them in hexadecimal.
struct RevisionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "revision"
    var id: Int64?
    var documentId: Int64
    var number: Int64
    var parentId: Int64?
    var isDeletion: Bool
    var contentHash: Data?
    var sourceHash: Data?
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

    /// Reads a row by column name (faster than the decoder on long histories).
    init(row: Row) throws {
        id = row["id"]
        documentId = row["documentId"]
        number = row["number"]
        parentId = row["parentId"]
        isDeletion = row["isDeletion"]
        contentHash = row["contentHash"]
        sourceHash = row["sourceHash"]
        header = row["header"]
        screenCount = row["screenCount"]
        guard let created: Timestamp = row["createdAt"] else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "revision \(id ?? 0) has no readable createdAt")
        }
        createdAt = created
        author = row["author"]
        origin = row["origin"]
        message = row["message"]
        sessionId = row["sessionId"]
    }

    /// The columns read by ``init(indexedRow:)``, in its order; `header` is left out (NULL) when
    /// the caller does not need it.
    static func selection(header: Bool = true) -> String {
        "revision.id, revision.documentId, revision.number, revision.parentId, revision.isDeletion, revision.contentHash, "
            + "revision.sourceHash, \(header ? "revision.header" : "NULL"), revision.screenCount, revision.createdAt, "
            + "revision.author, revision.origin, revision.message, revision.sessionId"
    }

    /// The number of columns in ``selection(header:)``.
    static let selectionCount = 14

    /// Reads a row of ``selection(header:)`` by position (no lookup of column names per row).
    init(indexedRow row: Row) throws {
        id = row[0]
        documentId = row[1]
        number = row[2]
        parentId = row[3]
        isDeletion = row[4]
        contentHash = row[5]
        sourceHash = row[6]
        header = row[7]
        screenCount = row[8]
        guard let created = Timestamp.fromDatabaseValue(row[9] as DatabaseValue) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "revision \(id ?? 0) has no readable createdAt")
        }
        createdAt = created
        author = row[10]
        origin = row[11]
        message = row[12]
        sessionId = row[13]
    }

    /// Creates a record.
    init(
        id: Int64? = nil, documentId: Int64, number: Int64, parentId: Int64?, isDeletion: Bool, contentHash: Data?,
        sourceHash: Data?, header: Data?, screenCount: Int64, createdAt: Timestamp, author: String, origin: String,
        message: String?, sessionId: Int64?
    ) {
        self.id = id
        self.documentId = documentId
        self.number = number
        self.parentId = parentId
        self.isDeletion = isDeletion
        self.contentHash = contentHash
        self.sourceHash = sourceHash
        self.header = header
        self.screenCount = screenCount
        self.createdAt = createdAt
        self.author = author
        self.origin = origin
        self.message = message
        self.sessionId = sessionId
    }

    /// The public value, given the names that the record refers to by id.
    func revision(documentPath: String, sessionName: String?) -> Revision {
        Revision(
            id: id ?? 0, documentPath: documentPath, number: Int(number), parentId: parentId,
            isDeletion: isDeletion, contentHash: contentHash.map(HashBytes.hex), sourceHash: sourceHash.map(HashBytes.hex),
            screenCount: Int(screenCount), createdAt: createdAt, author: author,
            origin: RevisionOrigin(rawValue: origin) ?? .cli, message: message, sessionName: sessionName
        )
    }
}
