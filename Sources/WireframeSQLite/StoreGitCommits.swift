import GRDB
import WireframeStore

extension SQLiteStore {
    /// The git commits imported, each with the document paths recorded for it: its revisions
    /// (stored versions, deletions), each at the path its document had then (before the first
    /// rename after it), and the attempts that stored nothing.
    public func importedGitCommits() throws -> [String: Set<String>] {
        try mapped {
            try reader.read { db in
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT revision.gitCommit, coalesce(
                            (SELECT later.previousPath FROM revision AS later
                             WHERE later.documentId = revision.documentId AND later.number > revision.number
                               AND later.previousPath IS NOT NULL
                             ORDER BY later.number LIMIT 1),
                            document.path)
                        FROM revision JOIN document ON document.id = revision.documentId
                        WHERE revision.gitCommit IS NOT NULL
                        UNION ALL
                        SELECT gitCommit, path FROM importAttempt WHERE gitCommit IS NOT NULL
                        """)
                var result: [String: Set<String>] = [:]
                while let row = try rows.next() { result[row[0], default: []].insert(row[1]) }
                return result
            }
        }
    }
}
