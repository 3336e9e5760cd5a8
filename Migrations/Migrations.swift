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
    ]
}

/// The PostgreSQL store's migrations (`postgresql/`), in the order they apply: identifier and SQL
/// text. Their files end in `.postgresql.sql`, so that their embedded names differ from SQLite's.
public enum PostgreSQLMigrations {
    /// Every migration, oldest first.
    public static let all: [(identifier: String, sql: String)] = [
        ("0001_baseline", String(decoding: PackageResources._001_baseline_postgresql_sql, as: UTF8.self))
    ]
}
