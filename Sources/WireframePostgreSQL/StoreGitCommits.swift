import WireframeStore

extension PostgreSQLStore {
    /// The git commits imported, each with the document paths recorded for it: every attempt
    /// (stored or not) is a row of `import_attempt`.
    public func importedGitCommits() throws -> [String: Set<String>] {
        try read { db in
            var result: [String: Set<String>] = [:]
            for row in try db.execute("SELECT DISTINCT git_commit, path FROM import_attempt WHERE git_commit IS NOT NULL").all {
                result[row.string(0), default: []].insert(row.string(1))
            }
            return result
        }
    }
}
