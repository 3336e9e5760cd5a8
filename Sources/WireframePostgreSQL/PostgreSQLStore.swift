import Foundation
import WireframeMigrations
public import WireframeStore

/// The PostgreSQL store of a project, for a team: many machines write into one database at once.
///
/// One libpq connection per process, synchronous like the ``Store`` protocol; every operation is
/// one transaction on it. The schema is `Migrations/postgresql/` (applied by ``create(url:)`` and
/// at open); one project per database, or per schema (the first schema of the URL's
/// `search_path`). The project root is per machine: ``projectRoot()`` is nil.
///
/// Writers of one document are ordered by its row (`SELECT ... FOR UPDATE`): a revision's number
/// is its head's plus one, without gaps, whatever the concurrency; ids come from one sequence and
/// are unique in the store.
public struct PostgreSQLStore: Store {
    let connection: Connection
    /// The snapshot this connection last saw (``hasChangedSinceLastAsked()``).
    let snapshotSeen = SnapshotSeen()

    /// The URL without its password, as shown.
    public var location: String { connection.location }

    /// Whether a location names a PostgreSQL store: a `postgresql://` or `postgres://` URL.
    public static func isURL(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
    }

    /// The location as shown, without a password, of a URL or connection string.
    public static func locationShown(_ location: String) -> String {
        Connection.withoutPassword(location)
    }

    private init(connection: Connection) {
        self.connection = connection
    }

    /// Opens the store a URL names, applying the migrations this binary knows and the database
    /// lacks.
    ///
    /// - Throws: ``StoreError/missing(path:)`` when the database (or schema) has no store,
    ///   ``StoreError/newerSchema(path:unknownMigrations:)`` when a newer binary migrated it,
    ///   ``StoreError/unavailable(location:reason:)`` when the server cannot be reached or refuses
    ///   the login.
    public static func open(url: String) throws -> PostgreSQLStore {
        let store = PostgreSQLStore(connection: try Connection(conninfo: url))
        do {
            guard try store.migrate(creating: false) else { throw StoreError.missing(path: store.location) }
        } catch {
            store.connection.close()
            throw error
        }
        return store
    }

    /// Makes the store in the database (or schema) a URL names: the schema, then the project's row.
    ///
    /// - Throws: ``StoreError/alreadyExists(path:)`` when it has a store already.
    public static func create(url: String) throws -> PostgreSQLStore {
        let store = PostgreSQLStore(connection: try Connection(conninfo: url))
        do {
            if try store.migrate(creating: true) { throw StoreError.alreadyExists(path: store.location) }
        } catch {
            store.connection.close()
            throw error
        }
        return store
    }

    /// The identifiers of every migration this binary knows, oldest first.
    public static var knownMigrations: [String] { PostgreSQLMigrations.all.map(\.identifier) }

    /// The key of the advisory lock that migrating holds for its transaction, so that two
    /// processes opening one store at once do not both migrate it.
    static let migrationLock: Int64 = 0x7766_735F_6D69_6772  // "wfs_migr"

    /// Brings the schema up to date. Returns whether the store existed before (its table of
    /// applied migrations did). When every known migration is applied, it only reads that table,
    /// so a role that may only read can open the store; otherwise it migrates (the schema owner),
    /// and with `creating`, makes the store in an empty database or schema.
    func migrate(creating: Bool) throws -> Bool {
        let known = Self.knownMigrations
        let applied = try connection.transaction(readOnly: true) { db in try Self.appliedMigrations(db) }
        if let applied {
            // The baseline makes that table with the others: one without rows is damage too.
            if let damage = AppliedMigrations.damage(applied: Set(applied), known: known, hasTables: true) {
                throw StoreError.cannotOpen(
                    path: location,
                    reason:
                        "its list of applied migrations (table schema_migration) is damaged: \(damage); nothing was changed; restore the store from a backup"
                )
            }
            let unknown = Set(applied).subtracting(known)
            if !unknown.isEmpty { throw StoreError.newerSchema(path: location, unknownMigrations: unknown.sorted()) }
            if Set(known).isSubset(of: applied) { return true }
        } else if !creating {
            return false
        }
        return try connection.transaction(readOnly: false) { db in
            try db.execute("SELECT pg_advisory_xact_lock($1)", [.integer(Self.migrationLock)])
            if creating { try Self.makeSchemaIfMissing(db) }
            // Read again under the lock: another process may have migrated meanwhile.
            let existed = try Self.appliedMigrations(db)
            let done = Set(existed ?? [])
            let unknown = done.subtracting(known)
            if !unknown.isEmpty { throw StoreError.newerSchema(path: location, unknownMigrations: unknown.sorted()) }
            if existed != nil && creating { return true }
            for migration in PostgreSQLMigrations.all where !done.contains(migration.identifier) {
                try db.script(migration.sql)
                try db.execute("INSERT INTO schema_migration (identifier) VALUES ($1)", [.text(migration.identifier)])
            }
            if existed == nil {
                try db.execute("INSERT INTO project (id, created_at) VALUES (1, $1)", [.integer(Timestamp.now().microseconds)])
            }
            return existed != nil
        }
    }

    /// The applied migrations; nil when the store's schema has no table of them (no store).
    static func appliedMigrations(_ db: Statements) throws -> [String]? {
        let table = try db.execute(
            "SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_migration'")
        guard table.count > 0 else { return nil }
        return try db.execute("SELECT identifier FROM schema_migration").all.map { $0.string(0) }
    }

    /// Makes the schema the URL's search_path names first, when there is none yet (the tables
    /// are made in it).
    static func makeSchemaIfMissing(_ db: Statements) throws {
        guard let row = try db.execute("SELECT current_schema() IS NULL, current_setting('search_path')").first, row.bool(0) else {
            return
        }
        let first = row.string(1).split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let name = first.hasPrefix("\"") && first.hasSuffix("\"") && first.count >= 2 ? String(first.dropFirst().dropLast()) : first
        guard !name.isEmpty, name != "$user" else { return }
        try db.execute("CREATE SCHEMA IF NOT EXISTS \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"")
    }

    /// The root is per machine for a shared store: nil (`--root`, the daemon's `root`, else the
    /// current folder).
    public func projectRoot() throws -> String? { nil }

    /// Closes the connection; using the store afterwards fails.
    public func close() throws {
        connection.close()
    }

    /// The server process of this store's connection.
    package var backendProcessId: Int32 { connection.backendProcessId() }

    /// Runs a read in one transaction that sees one state.
    func read<T>(_ body: (Statements) throws -> T) throws -> T {
        try connection.transaction(readOnly: true, body)
    }

    /// Runs a write in one transaction.
    func write<T>(_ body: (Statements) throws -> T) throws -> T {
        try connection.transaction(readOnly: false, body)
    }
}
