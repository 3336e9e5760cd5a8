import Foundation
import GRDB
import WireframeStore

/// The `importAttempt` table: one reading of one file.
struct ImportAttemptRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "importAttempt"
    var id: Int64?
    var path: String
    var outcome: String
    var revisionId: Int64?
    var contentHash: Data?
    var startedAt: Timestamp
    var durationMicroseconds: Int64
    var author: String
    var origin: String
    /// The git commit the attempt's version came from.
    var gitCommit: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Inserts the row with a statement prepared once per connection (no record encoding: an
    /// import writes one attempt per file) and sets `id`.
    mutating func insertRow(_ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO importAttempt (path, outcome, revisionId, contentHash, startedAt, durationMicroseconds, author, origin,
                    gitCommit)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [path, outcome, revisionId, contentHash, startedAt, durationMicroseconds, author, origin, gitCommit])
        id = db.lastInsertedRowID
    }
}
