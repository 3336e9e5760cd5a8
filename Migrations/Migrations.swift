/// The SQLite store's migrations, in the order they apply: identifier and SQL text.
///
/// The SQL files beside this one are embedded at build time; add a file and a line here, never
/// edit a shipped one. SwiftPM names each embedded file after its file name with the first
/// character replaced by `_` (`0001_baseline.sql` becomes `_001_baseline_sql`).
public enum StoreMigrations {
    /// Every migration, oldest first.
    public static let all: [(identifier: String, sql: String)] = [
        ("0001_baseline", String(decoding: PackageResources._001_baseline_sql, as: UTF8.self)),
        ("0002_concurrent_saves", String(decoding: PackageResources._002_concurrent_saves_sql, as: UTF8.self)),
        ("0003_git_commits", String(decoding: PackageResources._003_git_commits_sql, as: UTF8.self)),
        ("0004_document_renames", String(decoding: PackageResources._004_document_renames_sql, as: UTF8.self)),
        ("0005_revision_notes", String(decoding: PackageResources._005_revision_notes_sql, as: UTF8.self)),
        ("0006_session_authors", String(decoding: PackageResources._006_session_authors_sql, as: UTF8.self)),
        ("0007_revision_merges", String(decoding: PackageResources._007_revision_merges_sql, as: UTF8.self)),
    ]
}

/// The PostgreSQL store's migrations (`postgresql/`), in the order they apply: identifier and SQL
/// text. Their files end in `.postgresql.sql`, so that their embedded names differ from SQLite's.
public enum PostgreSQLMigrations {
    /// Every migration, oldest first.
    public static let all: [(identifier: String, sql: String)] = [
        ("0001_baseline", String(decoding: PackageResources._001_baseline_postgresql_sql, as: UTF8.self)),
        ("0003_git_commits", String(decoding: PackageResources._003_git_commits_postgresql_sql, as: UTF8.self)),
        ("0004_document_renames", String(decoding: PackageResources._004_document_renames_postgresql_sql, as: UTF8.self)),
        ("0005_revision_notes", String(decoding: PackageResources._005_revision_notes_postgresql_sql, as: UTF8.self)),
        ("0006_session_authors", String(decoding: PackageResources._006_session_authors_postgresql_sql, as: UTF8.self)),
        ("0007_revision_merges", String(decoding: PackageResources._007_revision_merges_postgresql_sql, as: UTF8.self)),
    ]
}

/// Telling a damaged table of applied migrations from a store that is older or newer than this
/// binary, for both engines.
public enum AppliedMigrations {
    /// Why `applied` (the identifiers a store's table of applied migrations holds) cannot be the
    /// history of a store whose migrations this binary knows as `known` (oldest first), or nil
    /// when it can: none applied in a new store, a prefix of `known` in an older store, all of
    /// `known` and more in a store a newer binary migrated. `hasTables` says whether the store
    /// holds tables other than that one.
    public static func damage(applied: Set<String>, known: [String], hasTables: Bool) -> String? {
        if applied.isEmpty {
            return hasTables ? "it lists no migrations, but the store holds tables" : nil
        }
        let missing = known.filter { !applied.contains($0) }
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty {
            // A newer binary applies every migration this one knows before its own.
            guard missing.isEmpty else {
                return "it lists \(Self.quoted(unknown.sorted())) but not \(Self.quoted(missing))"
            }
            return nil
        }
        // Migrations apply in order: an older store lacks only the newest ones.
        let appliedCount = known.count - missing.count
        if let gap = known.prefix(appliedCount).first(where: { !applied.contains($0) }) {
            return "it lists later migrations but not '\(gap)'"
        }
        return nil
    }

    private static func quoted(_ identifiers: [String]) -> String {
        identifiers.map { "'\($0)'" }.joined(separator: ", ")
    }
}
