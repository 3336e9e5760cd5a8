import Foundation
import GRDB

/// The `change` table: one screen's (or the document's own) change in a revision, keyed by the
/// revision and its position among the revision's changes. The kind is stored as a small integer
/// (``code(of:)``), and a change with no fields stores NULL.
struct ChangeRecord {
    static let databaseTableName = "change"
    var revisionId: Int64
    var position: Int64
    var screenKey: String?
    var previousKey: String?
    var kind: RecordedChange.Kind
    /// The fields as stored: a JSON array, or nil when there are none.
    var fields: String?

    /// The stored integer of each kind (migration 0005).
    static func code(of kind: RecordedChange.Kind) -> Int64 {
        switch kind {
        case .added: 0
        case .removed: 1
        case .modified: 2
        case .renamed: 3
        case .document: 4
        }
    }

    /// The kind of a stored integer (the table's CHECK keeps it within 0...4).
    static func kind(code: Int64) -> RecordedChange.Kind {
        switch code {
        case 0: .added
        case 1: .removed
        case 3: .renamed
        case 4: .document
        default: .modified
        }
    }

    /// The columns read by ``recordedChange(row:at:decoder:)`` from position `at` on: key,
    /// previous key, kind, fields (NULL instead of the fields when `fields` is false).
    static func selection(fields: Bool) -> String {
        "screenKey, previousKey, kind, \(fields ? "fields" : "NULL")"
    }

    /// Makes the record of a recorded change, the `position`-th of its revision.
    init(revisionId: Int64, position: Int, change: RecordedChange) throws {
        self.revisionId = revisionId
        self.position = Int64(position)
        self.screenKey = change.kind == .document ? nil : change.screenKey
        self.previousKey = change.previousKey
        self.kind = change.kind
        if change.fields.isEmpty {
            self.fields = nil
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            self.fields = String(decoding: try encoder.encode(change.fields), as: UTF8.self)
        }
    }

    /// Inserts the record (one prepared statement per transaction).
    func insert(_ db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO change (revisionId, position, screenKey, previousKey, kind, fields) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [revisionId, position, screenKey, previousKey, Self.code(of: kind), fields])
    }

    /// The public value of a row of ``selection(fields:)`` starting at column `at`; `decoder`
    /// reads the fields (one per query, not per row).
    static func recordedChange(row: Row, at index: Int, decoder: JSONDecoder) -> RecordedChange {
        let fieldsText: String? = row[index + 3]
        let fields = fieldsText.map { (try? decoder.decode([RecordedField].self, from: Data($0.utf8))) ?? [] } ?? []
        return RecordedChange(
            kind: kind(code: row[index + 2]), screenKey: row[index] ?? "", previousKey: row[index + 1], fields: fields)
    }
}
