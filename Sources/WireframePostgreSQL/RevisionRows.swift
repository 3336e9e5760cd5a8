import Foundation
import WireframeStore

/// How revisions are read: one column list and one join for every query that returns them.
enum RevisionRows {
    /// The columns ``revision(_:at:)`` reads, from `r` (the revision) and its joins.
    static let columns = """
        r.id, d.path, r.number, r.parent_id, r.is_deletion, encode(r.content_hash, 'hex'), encode(r.source_hash, 'hex'),
        r.screen_count, r.created_at, r.author, r.origin, r.message, s.name, r.machine, r.based_on, r.replaces_id,
        replaced.author, array_to_json(r.replaced_screens)::text, r.previous_path, r.git_commit, r.merge::text
        """

    /// How many columns ``columns`` has.
    static let columnCount = 21

    /// The revision `r` with its document, session and the revision it replaced.
    static let from = """
        revision AS r JOIN document AS d ON d.id = r.document_id
        LEFT JOIN session AS s ON s.id = r.session_id
        LEFT JOIN revision AS replaced ON replaced.id = r.replaces_id
        """

    /// `SELECT columns FROM from`.
    static let select = "SELECT \(columns) FROM \(from)"

    /// The revision of a row of ``columns``, from column `at` on.
    static func revision(_ row: Row, at start: Int = 0) -> Revision {
        var replaces: Replacement?
        if let replacedId = row.optionalInt64(start + 15) {
            let screens = row.optionalString(start + 17).flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
            replaces = Replacement(id: replacedId, author: row.string(start + 16), screens: screens ?? [])
        }
        var revision = Revision(
            id: row.int64(start), documentPath: row.string(start + 1), number: Int(row.int64(start + 2)),
            parentId: row.optionalInt64(start + 3), isDeletion: row.bool(start + 4), contentHash: row.optionalString(start + 5),
            sourceHash: row.optionalString(start + 6), screenCount: Int(row.int64(start + 7)),
            createdAt: Timestamp(microseconds: row.int64(start + 8)), author: row.string(start + 9),
            origin: RevisionOrigin(rawValue: row.string(start + 10)) ?? .cli, message: row.optionalString(start + 11),
            sessionName: row.optionalString(start + 12), machine: row.optionalString(start + 13),
            basedOn: row.optionalInt64(start + 14), replaces: replaces, previousPath: row.optionalString(start + 18))
        revision.gitCommit = row.optionalString(start + 19)
        revision.merge = row.optionalString(start + 20).flatMap(MergeRecord.init(storedText:))
        return revision
    }

    /// One revision by id, nil when there is none.
    static func revision(_ db: Statements, id: Int64) throws -> Revision? {
        try db.execute("\(select) WHERE r.id = $1", [.integer(id)]).first.map { revision($0) }
    }

    /// A document's head, nil when it has no revision.
    static func head(_ db: Statements, documentId: Int64) throws -> Revision? {
        try db.execute("\(select) WHERE r.document_id = $1 ORDER BY r.number DESC LIMIT 1", [.integer(documentId)]).first.map {
            revision($0)
        }
    }

    /// The number that spans of a document are shifted by (see `document_screen.span`).
    static let documentStride: Int64 = 4_294_967_296

    /// The point of `document_screen.span` that is revision `number` of a document.
    static func spanPoint(documentId: Int64, number: Int) -> Int64 {
        documentId &* documentStride &+ Int64(number)
    }
}

extension Array where Element == String {
    /// Sorted in byte order (the order of SQLite's BINARY collation and PostgreSQL's "C"), as
    /// every list of keys and paths the store gives.
    func sortedByBytes() -> [String] {
        sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
