import Foundation
import GRDB
public import WireframeStore

extension SQLiteStore {
    /// Adds a note to a revision in one transaction (a row of `revisionNote`; earlier notes and the
    /// revision's own message stay).
    public func recordNote(revisionId: Int64, message: String, author: String, at time: Timestamp) throws -> RevisionNote {
        try mapped {
            try Self.transaction(writer) { db in
                guard try Int64.fetchOne(db, sql: "SELECT id FROM revision WHERE id = ?", arguments: [revisionId]) != nil else {
                    throw StoreError.unknownRevision(id: revisionId, newest: try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM revision"))
                }
                try db.execute(
                    sql: "INSERT INTO revisionNote (revisionId, message, author, createdAt) VALUES (?, ?, ?, ?)",
                    arguments: [revisionId, message, author, time.microseconds])
                return RevisionNote(message: message, author: author, createdAt: time)
            }
        }
    }

    /// The newest note of each of these revisions that has one: one read of the notes table's
    /// index per revision (notes are few, and most revisions have none).
    public func notes(revisionIds: [Int64]) throws -> [Int64: RevisionNote] {
        try mapped {
            try reader.read { db in
                var notes: [Int64: RevisionNote] = [:]
                guard try Int64.fetchOne(db, sql: "SELECT 1 FROM revisionNote LIMIT 1") != nil else { return notes }
                let statement = try db.cachedStatement(
                    sql: "SELECT message, author, createdAt FROM revisionNote WHERE revisionId = ? ORDER BY id DESC LIMIT 1")
                for id in Set(revisionIds) {
                    guard let row = try Row.fetchOne(statement, arguments: [id]) else { continue }
                    notes[id] = RevisionNote(message: row[0], author: row[1], createdAt: Timestamp(microseconds: row[2]))
                }
                return notes
            }
        }
    }
}
