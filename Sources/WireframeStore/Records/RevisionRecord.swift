import Foundation
import GRDB

/// The `revision` table: an immutable snapshot of a document, or a tombstone. The hashes are
/// stored as their 32 bytes and held here as hexadecimal text (``selection(header:)`` converts them
/// in SQL, ``encode(to:)`` back to bytes).
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

    /// The stored columns: the hashes as their 32 bytes (text that is not a hash is refused).
    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["documentId"] = documentId
        container["number"] = number
        container["parentId"] = parentId
        container["isDeletion"] = isDeletion
        container["contentHash"] = try contentHash.map(HashBytes.stored)
        container["sourceHash"] = try sourceHash.map(HashBytes.stored)
        container["header"] = header
        container["screenCount"] = screenCount
        container["createdAt"] = createdAt
        container["author"] = author
        container["origin"] = origin
        container["message"] = message
        container["sessionId"] = sessionId
    }

    /// Reads a row by column name (faster than the decoder on long histories).
    init(row: Row) throws {
        id = row["id"]
        documentId = row["documentId"]
        number = row["number"]
        parentId = row["parentId"]
        isDeletion = row["isDeletion"]
        contentHash = (row["contentHash"] as Data?).map(HashBytes.hex)
        sourceHash = (row["sourceHash"] as Data?).map(HashBytes.hex)
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
        // The hash bytes are read in place (no copy) and written out as hexadecimal.
        contentHash = try row.withUnsafeData(atIndex: 5) { $0.map(HashBytes.hex) }
        sourceHash = try row.withUnsafeData(atIndex: 6) { $0.map(HashBytes.hex) }
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
        id: Int64? = nil, documentId: Int64, number: Int64, parentId: Int64?, isDeletion: Bool, contentHash: String?,
        sourceHash: String?, header: Data?, screenCount: Int64, createdAt: Timestamp, author: String, origin: String,
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
            isDeletion: isDeletion, contentHash: contentHash, sourceHash: sourceHash,
            screenCount: Int(screenCount), createdAt: createdAt, author: author,
            origin: RevisionOrigin(rawValue: origin) ?? .cli, message: message, sessionName: sessionName
        )
    }
}
