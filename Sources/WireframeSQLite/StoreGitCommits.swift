import GRDB
import WireframeStore

extension SQLiteStore {
    /// The git commits imported, each with the document paths recorded for it: its revisions
    /// (stored versions, deletions) and the attempts that stored nothing.
    public func importedGitCommits() throws -> [String: Set<String>] {
        try mapped {
            try reader.read { db in
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT revision.gitCommit, document.path FROM revision JOIN document ON document.id = revision.documentId
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
