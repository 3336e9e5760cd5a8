import Foundation
import GRDB
import WireframeStore

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
    /// The `revisionHeader` row of `header`; nil for a tombstone.
    var headerId: Int64?
    var screenCount: Int64
    var createdAt: Timestamp
    var author: String
    var origin: String
    var message: String?
    var sessionId: Int64?
    /// Whether the revision's `added` changes are not stored but are its intervals that start
    /// at its number (a document's first revision).
    var addedFromIntervals = false
    /// The import attempt that stored the revision, when the row holds it: the
    /// microseconds from the attempt's start to `createdAt`, and the attempt's duration. Nil when
    /// the attempt is a row of `importAttempt`.
    var attemptLead: Int64?
    var attemptDuration: Int64?
    /// The head its writer last stored or read for the document (nil for none).
    var basedOn: Int64?
    /// The head it replaced without its writer having seen it, when `basedOn` is not the parent.
    var replacesId: Int64?
    /// Beside `replacesId`: the keys of the screens whose changes since `basedOn` it lacks, as a
    /// JSON array.
    var replacedScreens: String?
    /// The host name of the machine it was made on.
    var machine: String?
    /// On a rename revision, the document's path before it.
    var previousPath: String?
    /// The git commit it was imported from.
    var gitCommit: String?
    /// What a merged save holds of other writers' work (``MergeRecord``), as a JSON object.
    var merge: String?
    /// The author of `replacesId`, read with the row (not a column).
    var replacesAuthor: String?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let documentId = Column(CodingKeys.documentId)
        static let number = Column(CodingKeys.number)
        static let createdAt = Column(CodingKeys.createdAt)
        static let sessionId = Column(CodingKeys.sessionId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Inserts the row with a statement prepared once per connection (no record encoding: the
    /// daemon writes one revision per save) and sets `id`. The same columns and values as
    /// ``encode(to:)``.
    mutating func insertRow(_ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO revision (id, documentId, number, parentId, isDeletion, contentHash, sourceHash, headerId, screenCount,
                    createdAt, author, origin, message, sessionId, addedFromIntervals, attemptLead, attemptDuration, basedOn,
                    replacesId, replacedScreens, machine, previousPath, gitCommit, merge)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            id, documentId, number, parentId, isDeletion, try contentHash.map(HashBytes.stored), try sourceHash.map(HashBytes.stored),
            headerId, screenCount, createdAt, author, origin, message, sessionId, addedFromIntervals, attemptLead, attemptDuration,
            basedOn, replacesId, replacedScreens, machine, previousPath, gitCommit, merge,
        ])
        id = db.lastInsertedRowID
    }

    /// The stored columns: the hashes as their 32 bytes (text that is not a hash is refused).
    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["documentId"] = documentId
        container["number"] = number
        container["parentId"] = parentId
        container["isDeletion"] = isDeletion
        container["contentHash"] = try contentHash.map(HashBytes.stored)
        container["sourceHash"] = try sourceHash.map(HashBytes.stored)
        container["headerId"] = headerId
        container["screenCount"] = screenCount
        container["createdAt"] = createdAt
        container["author"] = author
        container["origin"] = origin
        container["message"] = message
        container["sessionId"] = sessionId
        container["addedFromIntervals"] = addedFromIntervals
        container["attemptLead"] = attemptLead
        container["attemptDuration"] = attemptDuration
        container["basedOn"] = basedOn
        container["replacesId"] = replacesId
        container["replacedScreens"] = replacedScreens
        container["machine"] = machine
        container["previousPath"] = previousPath
        container["gitCommit"] = gitCommit
        container["merge"] = merge
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
        headerId = row["headerId"]
        screenCount = row["screenCount"]
        guard let created: Timestamp = row["createdAt"] else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "revision \(id ?? 0) has no readable createdAt")
        }
        createdAt = created
        author = row["author"]
        origin = row["origin"]
        message = row["message"]
        sessionId = row["sessionId"]
        addedFromIntervals = row["addedFromIntervals"] ?? false
        attemptLead = row["attemptLead"]
        attemptDuration = row["attemptDuration"]
        basedOn = row["basedOn"]
        replacesId = row["replacesId"]
        replacedScreens = row["replacedScreens"]
        machine = row["machine"]
        previousPath = row["previousPath"]
        gitCommit = row["gitCommit"]
        merge = row["merge"]
        replacesAuthor = row["replacesAuthor"]
    }

    /// The columns read by ``init(indexedRow:)``, in its order; `header` is left out (NULL) when
    /// the caller does not need it.
    static func selection(header: Bool = true) -> String {
        "revision.id, revision.documentId, revision.number, revision.parentId, revision.isDeletion, revision.contentHash, "
            + "revision.sourceHash, \(header ? "(SELECT data FROM revisionHeader WHERE revisionHeader.id = revision.headerId)" : "NULL"), "
            + "revision.screenCount, revision.createdAt, revision.author, revision.origin, revision.message, revision.sessionId, "
            + "revision.headerId, revision.machine, revision.basedOn, revision.replacesId, revision.replacedScreens, "
            + "CASE WHEN revision.replacesId IS NULL THEN NULL ELSE "
            + "(SELECT replaced.author FROM revision AS replaced WHERE replaced.id = revision.replacesId) END, "
            + "revision.previousPath, revision.gitCommit, revision.merge"
    }

    /// The number of columns in ``selection(header:)``.
    static let selectionCount = 23

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
        headerId = row[14]
        machine = row[15]
        basedOn = row[16]
        replacesId = row[17]
        replacedScreens = row[18]
        replacesAuthor = row[19]
        previousPath = row[20]
        gitCommit = row[21]
        merge = row[22]
    }

    /// Creates a record.
    init(
        id: Int64? = nil, documentId: Int64, number: Int64, parentId: Int64?, isDeletion: Bool, contentHash: String?,
        sourceHash: String?, header: Data?, screenCount: Int64, createdAt: Timestamp, author: String, origin: String,
        message: String?, sessionId: Int64?, machine: String? = nil, basedOn: Int64? = nil
    ) {
        self.id = id
        self.machine = machine
        self.basedOn = basedOn
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

    /// Keeps the import attempt that stores this revision in its row (``attemptLead``,
    /// ``attemptDuration``) when the row gives it back exactly: the attempt has the revision's
    /// author and origin and its document's path (the writes make it so), and it started no later
    /// than the revision's time (else it stays a row of `importAttempt`).
    mutating func holdAttempt(_ attempt: AttemptInfo) {
        let lead = createdAt.microseconds - attempt.startedAt.microseconds
        guard lead >= 0, attempt.author == author, attempt.origin.rawValue == origin else { return }
        attemptLead = lead
        attemptDuration = max(0, attempt.durationMicroseconds)
    }

    /// The public value, given the names that the record refers to by id.
    func revision(documentPath: String, sessionName: String?) -> Revision {
        var revision = Revision(
            id: id ?? 0, documentPath: documentPath, number: Int(number), parentId: parentId,
            isDeletion: isDeletion, contentHash: contentHash, sourceHash: sourceHash,
            screenCount: Int(screenCount), createdAt: createdAt, author: author,
            origin: RevisionOrigin(rawValue: origin) ?? .cli, message: message, sessionName: sessionName,
            machine: machine, basedOn: basedOn, replaces: replacement, previousPath: previousPath
        )
        revision.gitCommit = gitCommit
        revision.merge = merge.flatMap(MergeRecord.init(storedText:))
        return revision
    }

    /// What the revision replaced, from `replacesId`, its author and `replacedScreens`.
    var replacement: Replacement? {
        guard let replacesId else { return nil }
        let screens = replacedScreens.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
        return Replacement(id: replacesId, author: replacesAuthor ?? "", screens: screens)
    }

    /// The JSON array text `replacedScreens` keeps for screen keys.
    static func screensText(_ keys: [String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: try encoder.encode(keys), as: UTF8.self)
    }
}
