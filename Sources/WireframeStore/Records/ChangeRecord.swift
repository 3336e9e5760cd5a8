import Foundation
import GRDB

/// The `change` table: one screen's (or the document's own) change in a revision, keyed by the
/// revision and its position among the revision's changes. The kind is stored as a small integer
/// (``code(of:)``), and a change with no fields stores NULL. Fields are stored as a JSON array of
/// `[field, old, new]` arrays (``storedFields(_:)``; migration 0008), `null` for a value it has not.
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
        self.fields = change.fields.isEmpty ? nil : try Self.storedFields(change.fields)
    }

    /// The stored text of a change's fields: `[["title","Old","New"],…]`, without the key names
    /// that an object per field repeated in every row.
    static func storedFields(_ fields: [RecordedField]) throws -> String {
        String(decoding: try JSONEncoder().encode(fields.map { [$0.field, $0.old, $0.new] }), as: UTF8.self)
    }

    /// The fields of a stored text; none when it is not what ``storedFields(_:)`` writes.
    static func fields(stored text: String, decoder: JSONDecoder) -> [RecordedField] {
        guard let arrays = try? decoder.decode([[String?]].self, from: Data(text.utf8)) else { return [] }
        var fields: [RecordedField] = []
        fields.reserveCapacity(arrays.count)
        for array in arrays {
            guard array.count == 3, let field = array[0] else { return [] }
            fields.append(RecordedField(field: field, old: array[1], new: array[2]))
        }
        return fields
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
        let fields = fieldsText.map { Self.fields(stored: $0, decoder: decoder) } ?? []
        return RecordedChange(
            kind: kind(code: row[index + 2]), screenKey: row[index] ?? "", previousKey: row[index + 1], fields: fields)
    }
}
