/// The store's migrations, in the order they apply: identifier and SQL text.
///
/// The SQL files beside this one are embedded at build time; add a file and a line here, never
/// edit a shipped one. SwiftPM names each embedded file after its file name with the first
/// character replaced by `_` (`0001_initial.sql` becomes `_001_initial_sql`).
public enum StoreMigrations {
    /// Every migration, oldest first.
    public static let all: [(identifier: String, sql: String)] = [
        ("0001_initial", String(decoding: PackageResources._001_initial_sql, as: UTF8.self)),
        ("0002_import_attempt_time", String(decoding: PackageResources._002_import_attempt_time_sql, as: UTF8.self)),
        ("0003_change_previous_key", String(decoding: PackageResources._003_change_previous_key_sql, as: UTF8.self)),
        ("0004_compact_store", String(decoding: PackageResources._004_compact_store_sql, as: UTF8.self)),
        ("0005_compact_changes", String(decoding: PackageResources._005_compact_changes_sql, as: UTF8.self)),
        ("0006_status_counts", String(decoding: PackageResources._006_status_counts_sql, as: UTF8.self)),
        ("0007_smaller_history", String(decoding: PackageResources._007_smaller_history_sql, as: UTF8.self)),
        ("0008_integer_times", String(decoding: PackageResources._008_integer_times_sql, as: UTF8.self)),
        ("0009_intervals_by_key", String(decoding: PackageResources._009_intervals_by_key_sql, as: UTF8.self)),
        ("0010_screen_hash_prefix", String(decoding: PackageResources._010_screen_hash_prefix_sql, as: UTF8.self)),
        ("0011_pack_directories", String(decoding: PackageResources._011_pack_directories_sql, as: UTF8.self)),
        ("0012_compact_schema", String(decoding: PackageResources._012_compact_schema_sql, as: UTF8.self)),
    ]
}
