import Foundation
import WireframeStore

/// How a change is kept in the `change` table: its kind as a small integer (``RecordedChange/Kind/storedCode``), its fields as a JSON
/// array of `[field, old, new]` (`null` for a value it has not).
enum ChangeKinds {
    /// The stored JSON of a change's fields.
    static func storedFields(_ fields: [RecordedField]) throws -> String {
        String(decoding: try JSONEncoder().encode(fields.map { [$0.field, $0.old, $0.new] }), as: UTF8.self)
    }

    /// The fields of stored JSON; none when it is not what ``storedFields(_:)`` writes.
    static func fields(stored text: String, decoder: JSONDecoder) -> [RecordedField] {
        guard let arrays = try? decoder.decode([[String?]].self, from: Data(text.utf8)) else { return [] }
        return arrays.compactMap { array in
            guard array.count == 3, let field = array[0] else { return nil }
            return RecordedField(field: field, old: array[1], new: array[2])
        }
    }

    /// The columns ``change(_:at:decoder:)`` reads: key, previous key, kind, fields (NULL instead
    /// of the fields when `fields` is false).
    static func columns(fields: Bool) -> String {
        "screen_key, previous_key, kind, \(fields ? "fields::text" : "NULL::text")"
    }

    /// The change of a row of ``columns(fields:)`` from column `at` on.
    static func change(_ row: Row, at start: Int, decoder: JSONDecoder) -> RecordedChange {
        RecordedChange(
            kind: RecordedChange.Kind(storedCode: row.int64(start + 2)), screenKey: row.optionalString(start) ?? "",
            previousKey: row.optionalString(start + 1),
            fields: row.optionalString(start + 3).map { fields(stored: $0, decoder: decoder) } ?? [])
    }
}
