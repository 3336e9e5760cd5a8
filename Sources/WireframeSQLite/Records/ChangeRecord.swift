import Foundation
import GRDB
import WireframeStore

/// The `change` table: one screen's (or the document's own) change in a revision, keyed by the
/// revision and its position among the revision's changes. The kind is stored as a small integer
/// (``RecordedChange/Kind/storedCode``), and a change with no fields stores NULL. Fields are stored as a JSON array of
/// `[field, old, new]` arrays (``storedFields(_:)``), `null` for a value it has not;
/// a new value that is mostly its old one is stored as an edit of it,
/// `[prefix, middle, suffix]` (``StoredValue``).
struct ChangeRecord {
    static let databaseTableName = "change"
    var revisionId: Int64
    var position: Int64
    var screenKey: String?
    var previousKey: String?
    var kind: RecordedChange.Kind
    /// The fields as stored: a JSON array, or nil when there are none.
    var fields: String?

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
    /// that an object per field repeated in every row; a new value that shares most of its text
    /// with the old one is stored as an edit of it (a list of subroutes with one added or removed
    /// is otherwise written whole twice): `[["subroutes","a, b, c",[1,", x",4]]]` is `a, x, b, c`.
    static func storedFields(_ fields: [RecordedField]) throws -> String {
        let values = fields.map { field -> [StoredValue] in
            [.text(field.field), .text(field.old), StoredValue.shorterEdit(from: field.old, to: field.new) ?? .text(field.new)]
        }
        return String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }

    /// The fields of a stored text; none when it is not what ``storedFields(_:)`` writes.
    static func fields(stored text: String, decoder: JSONDecoder) -> [RecordedField] {
        guard let arrays = try? decoder.decode([[StoredValue]].self, from: Data(text.utf8)) else { return [] }
        var fields: [RecordedField] = []
        fields.reserveCapacity(arrays.count)
        for array in arrays {
            guard array.count == 3, case .text(let name?) = array[0], case .text(let old) = array[1] else { return [] }
            switch array[2] {
            case .text(let new): fields.append(RecordedField(field: name, old: old, new: new))
            case .edit(let prefix, let middle, let suffix):
                guard let new = StoredValue.applied(prefix: prefix, middle: middle, suffix: suffix, to: old) else { return [] }
                fields.append(RecordedField(field: name, old: old, new: new))
            }
        }
        return fields
    }

    /// A value of a stored field: a text (or `null`), or a new value as an edit of the old one,
    /// `[prefix, middle, suffix]`: the old value's first `prefix` and last `suffix` Unicode scalars
    /// with `middle` between them.
    enum StoredValue: Codable, Equatable {
        case text(String?)
        case edit(prefix: Int, middle: String, suffix: Int)

        /// The edit that makes `new` of `old`, when it is shorter to store than `new` itself.
        static func shorterEdit(from old: String?, to new: String?) -> StoredValue? {
            guard let old, let new else { return nil }
            let before = Array(old.unicodeScalars)
            let after = Array(new.unicodeScalars)
            let limit = min(before.count, after.count)
            var prefix = 0
            while prefix < limit, before[prefix] == after[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < limit - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
            var middle = String.UnicodeScalarView()
            middle.append(contentsOf: after[prefix..<(after.count - suffix)])
            // `[p,"m",s]` against `"new"`: the edit's numbers and punctuation take ~4 bytes and its
            // digits, the shared text is not written.
            let editLength = middle.count + String(prefix).utf8.count + String(suffix).utf8.count + 4
            guard editLength < after.count else { return nil }
            return .edit(prefix: prefix, middle: String(middle), suffix: suffix)
        }

        /// The new value of an edit of `old`; nil when the edit does not fit it.
        static func applied(prefix: Int, middle: String, suffix: Int, to old: String?) -> String? {
            guard let old else { return nil }
            let scalars = Array(old.unicodeScalars)
            guard prefix >= 0, suffix >= 0, prefix + suffix <= scalars.count else { return nil }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[0..<prefix])
            result.append(contentsOf: middle.unicodeScalars)
            result.append(contentsOf: scalars[(scalars.count - suffix)...])
            return String(result)
        }

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                let prefix = try list.decode(Int.self)
                let middle = try list.decode(String.self)
                let suffix = try list.decode(Int.self)
                guard list.isAtEnd else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an edit has three values"))
                }
                self = .edit(prefix: prefix, middle: middle, suffix: suffix)
            } else {
                let value = try decoder.singleValueContainer()
                self = .text(value.decodeNil() ? nil : try value.decode(String.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text):
                var value = encoder.singleValueContainer()
                if let text { try value.encode(text) } else { try value.encodeNil() }
            case .edit(let prefix, let middle, let suffix):
                var list = encoder.unkeyedContainer()
                try list.encode(prefix)
                try list.encode(middle)
                try list.encode(suffix)
            }
        }
    }

    /// Inserts the record (one prepared statement per transaction).
    func insert(_ db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO change (revisionId, position, screenKey, previousKey, kind, fields) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [revisionId, position, screenKey, previousKey, kind.storedCode, fields])
    }

    /// The public value of a row of ``selection(fields:)`` starting at column `at`; `decoder`
    /// reads the fields (one per query, not per row).
    static func recordedChange(row: Row, at index: Int, decoder: JSONDecoder) -> RecordedChange {
        let fieldsText: String? = row[index + 3]
        let fields = fieldsText.map { Self.fields(stored: $0, decoder: decoder) } ?? []
        return RecordedChange(
            kind: RecordedChange.Kind(storedCode: row[index + 2]), screenKey: row[index] ?? "", previousKey: row[index + 1], fields: fields)
    }
}
