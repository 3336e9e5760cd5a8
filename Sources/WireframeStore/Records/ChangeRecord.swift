import Foundation
import GRDB

/// The `change` table: one screen's (or the document's own) change in a revision.
struct ChangeRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "change"
    var id: Int64?
    var revisionId: Int64
    var screenKey: String?
    var previousKey: String?
    var kind: String
    var fields: String

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Makes the record of a recorded change.
    init(revisionId: Int64, change: RecordedChange) throws {
        self.revisionId = revisionId
        self.screenKey = change.kind == .document ? nil : change.screenKey
        self.previousKey = change.previousKey
        self.kind = change.kind.rawValue
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.fields = String(decoding: try encoder.encode(change.fields), as: UTF8.self)
    }

    /// The public value; `decoder` reads the fields (one per query, not per row).
    func recordedChange(decoder: JSONDecoder = JSONDecoder()) -> RecordedChange {
        let decoded = fields == "[]" ? [] : (try? decoder.decode([RecordedField].self, from: Data(fields.utf8))) ?? []
        return RecordedChange(
            kind: RecordedChange.Kind(rawValue: kind) ?? .modified, screenKey: screenKey ?? "",
            previousKey: previousKey, fields: decoded
        )
    }
}
