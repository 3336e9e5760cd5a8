import CSQLiteOptions
import Foundation
public import GRDB
import WireframeMigrations
public import WireframeStore

/// The SQLite store of a project: one `Sendable` value around a WAL database pool.
///
/// Made like GRDB's `AppDatabase`: connections are set up in ``makeConfiguration(busyTimeout:)``,
/// migrations run when the store opens, every write is one intent-named method that runs in one
/// transaction, and queries go through ``reader``. The command line and the daemon open the same
/// file at once; each waits up to the busy timeout for the other's write to finish.
public struct SQLiteStore: Store {
    /// The store file.
    public let path: String

    /// The store file's path.
    public var location: String { path }
    /// How long a write waits for another process before giving up.
    public let busyTimeout: Double
    /// The connection pool; writes go through the methods of this type.
    let writer: any DatabaseWriter
    /// How this process connects (see ``close()``).
    let connections: Connections
    /// The newest source this process stored of each document, for the next import's delta.
    let sourceCache = SourceCache()
    /// What this connection last saw of the store's commits (``hasChangedSinceLastAsked()``).
    let commitsSeen = CommitsSeen()
    /// The store file or folder this user may not write, when a command opened the store
    /// read-only for that reason (see ``readOnlyAccess(path:)``); a write then names it.
    let writeDenied: String?
    /// The WAL checkpoints run between saves, for a long-running writer
    /// (``withCheckpointsBetweenSaves()``); nil: SQLite's automatic checkpoint inside the commits.
    private(set) var checkpointsBetweenSaves: CheckpointThread?

    /// Read-only access for queries.
    public var reader: any DatabaseReader { writer }

    /// The default busy timeout, in seconds.
    public static let defaultBusyTimeout: Double = 10

    /// How many deltas rebuilding a source may apply at most.
    static let maximumDeltaChain: Int64 = 64

    /// Every this many revision numbers, a source is a delta against the newest checkpoint of its
    /// chain instead of against its parent (see `insertSource`).
    static let checkpointInterval: Int64 = 32

    /// How a process connects to the store.
    public enum Connections: Sendable {
        /// A WAL pool: one writer and concurrent readers, for a long-running process (the daemon).
        /// Opening a pool makes sure the WAL file exists and is not empty, which is a write
        /// transaction whenever no other process has the store open.
        case pool
        /// One connection, for a process that runs one command: the store is already in WAL mode
        /// (set when it was created), so opening it writes nothing and a read-only command only reads.
        case single
    }

    /// Opens an existing store, migrating it if this binary knows newer migrations.
    ///
    /// - Throws: ``StoreError/missing(path:)`` when there is no file, ``StoreError/newerSchema(path:unknownMigrations:)``
    ///   when a newer binary migrated it, and the other ``StoreError`` cases for I/O and lock problems.
    public static func open(path: String, busyTimeout: Double = defaultBusyTimeout, connections: Connections = .pool) throws -> SQLiteStore
    {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.missing(path: path) }
        return try SQLiteStore(path: path, busyTimeout: busyTimeout, connections: connections)
    }

    /// Creates a new store file (and its folder) for a project rooted at `root`.
    public static func create(path: String, root: String, busyTimeout: Double = defaultBusyTimeout) throws -> SQLiteStore {
        if FileManager.default.fileExists(atPath: path) { throw StoreError.alreadyExists(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw StoreError.cannotOpen(path: path, reason: "cannot create folder '\(folder)'")
            }
        }
        let store = try SQLiteStore(path: path, busyTimeout: busyTimeout, connections: .pool, newFilePageSize: newStorePageSize)
        try store.mapped {
            try store.writer.write { db in
                try ProjectRecord(root: root, createdAt: .now()).insert(db)
            }
        }
        return store
    }

    /// The page size of a new store file: small tables and indexes take a page each, and a
    /// history's rows fill 1 KiB pages as well as 4 KiB ones, so the file is ~20% smaller. A store
    /// keeps the page size it was made with.
    static let newStorePageSize = 1024

    private init(path: String, busyTimeout: Double, connections: Connections, newFilePageSize: Int? = nil) throws {
        self.path = path
        self.busyTimeout = busyTimeout
        self.connections = connections
        var configuration = Self.makeConfiguration(busyTimeout: busyTimeout)
        if let newFilePageSize {
            // Only an empty file takes it, before the pool turns on WAL (which fixes the page size).
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(newFilePageSize)") }
        }
        // A batch (``batch(_:)``) keeps its transaction open from one access of the connection to
        // the next, which GRDB refuses unless told.
        if connections == .single { configuration.allowsUnsafeTransactions = true }
        // A command may read a store it cannot write; the daemon writes, and fails at once instead.
        let readOnly = connections == .single ? Self.readOnlyAccess(path: path) : nil
        self.writeDenied = readOnly?.denied
        var openedPath = path
        if let readOnly {
            configuration.readonly = true
            if readOnly.immutable, let uri = Self.immutableURI(path: path) { openedPath = uri }
        }
        self.writer = try Self.mapError(path: path, busyTimeout: busyTimeout, writeDenied: readOnly?.denied) {
            () throws -> any DatabaseWriter in
            switch connections {
            case .pool: return try DatabasePool(path: openedPath, configuration: configuration)
            case .single: return try DatabaseQueue(path: openedPath, configuration: configuration)
            }
        }
        try mapped { try Self.migrate(writer, path: path) }
    }

    /// How a command opens a store that this process cannot write (nil: it can, and opens it
    /// read-write): `denied` names the file or folder without the write permission (nil when the
    /// file system itself is read-only), `immutable` says whether SQLite must be told that the
    /// file cannot change.
    ///
    /// SQLite reads a WAL store read-only through its `-shm` and `-wal` files, which it must be
    /// able to create when they are missing; in a folder this user cannot write it cannot, and
    /// opening fails. There SQLite's `immutable=1` reads the store file alone, without locks and
    /// without looking for changes, which is right only while nobody writes the file during the
    /// read. That holds where it is used: only when no `-wal` file exists (so no commit is
    /// waiting outside the store file) and the folder cannot be written by this user (so this
    /// user's processes, `wfsd` included, cannot create the `-wal` file that every write of a
    /// WAL store goes through first; the store file itself changes only when a checkpoint copies
    /// that WAL into it). A writer with more rights (root, or the owner after a `chmod`) could
    /// still start meanwhile; the command reads for a moment, and a `wfs verify` afterwards
    /// checks the whole file.
    static func readOnlyAccess(path: String) -> (denied: String?, immutable: Bool)? {
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        let fileWritable = access(path, W_OK) == 0
        let fileError = errno
        let folderWritable = access(folderPath, W_OK) == 0
        let folderError = errno
        if fileWritable && folderWritable { return nil }
        // A read-only file system (EROFS) is told apart from a missing permission (EACCES): the
        // write error then says which it is.
        let denied: String? =
            !fileWritable && fileError == EACCES ? path : !folderWritable && folderError == EACCES ? folderPath : nil
        let immutable = !folderWritable && !FileManager.default.fileExists(atPath: path + "-wal")
        return (denied, immutable)
    }

    /// The `file:` URI that opens `path` with `immutable=1`, or nil when this SQLite does not
    /// read URIs in file names (it must be built with `SQLITE_USE_URI`: GRDB opens without
    /// `SQLITE_OPEN_URI`); the store is then opened read-only as it is.
    static func immutableURI(path: String) -> String? {
        guard sqlite3_compileoption_used("USE_URI") == 1 else { return nil }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // Every byte but the unreserved ones and `/` is percent-encoded (`?`, `#` and `%` would
        // otherwise end or change the path).
        var encoded = "file:"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded + "?immutable=1"
    }

    /// The connection setup that every process uses: foreign keys, a busy timeout, WAL.
    public static func makeConfiguration(busyTimeout: Double) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "SQLiteStore"
        configuration.prepareDatabase { db in
            // WAL with synchronous=NORMAL: a commit is atomic and the store is never corrupted; a
            // power loss (not a crash of the process) may undo the last commits before a checkpoint.
            // Every save can be imported again from the file itself, which is the trade taken here.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// Closes the store's connections; using it afterwards fails.
    ///
    /// The last connection to close a WAL store normally checkpoints it: it syncs the WAL, copies
    /// its pages into the store file, syncs that and removes the `-wal` and `-shm` files, which
    /// the next process creates again (four `fdatasync`s and two `unlink`s, several milliseconds
    /// of a one-command process's wall time). A single
    /// connection (one `wfs` command) that wrote leaves its commits in the WAL instead, for the
    /// next process to read, and the checkpoint to the next command that only reads (which closes
    /// as before) or to SQLite's automatic checkpoint once the WAL holds 1,000 pages. Durability
    /// stays what `synchronous = NORMAL` promises (see ``makeConfiguration(busyTimeout:)``): every
    /// commit is atomic and the store never corrupt; a power loss may undo the commits since the
    /// last checkpoint. A pool (the daemon) closes as before.
    ///
    /// The WAL left behind is bounded: the first process to open a store whose WAL files nobody
    /// holds reads the whole WAL to rebuild its index, and does not know which of its frames a
    /// checkpoint already copied, so the WAL would only grow (by ~26 frames an import of a
    /// 1,000-screen change) and every later process would read more of it. A command that finds
    /// the WAL at ``walKeptBytes`` or more closes with the checkpoint, which empties it.
    public func close() throws {
        checkpointsBetweenSaves?.finish()
        try mapped {
            if case .single = connections {
                writer.writeWithoutTransaction { db in
                    if let connection = db.sqliteConnection, sqlite3_total_changes(connection) > 0,
                        Self.fileSize(path + "-wal") < Self.walKeptBytes
                    {
                        _ = wfs_sqlite_set_no_checkpoint_on_close(connection, 1)
                    }
                }
            }
            try writer.close()
        }
    }

    /// This store with its WAL checkpoints taken out of the commits and run between saves
    /// (``saveReported()``), for a long-running writer: SQLite's automatic checkpoint syncs
    /// inside the commit that passes 1,000 WAL frames, which a save then waits for.
    public func withCheckpointsBetweenSaves() throws -> SQLiteStore {
        var store = self
        store.checkpointsBetweenSaves = CheckpointThread(checkpoints: try takeOverCheckpoints())
        return store
    }

    /// Runs a checkpoint, when the WAL is due one, beside the wait for the next save (see
    /// ``withCheckpointsBetweenSaves()``).
    public func saveReported() {
        checkpointsBetweenSaves?.saveReported()
    }

    /// The size of WAL a command that wrote leaves for the next process (about 240 frames of the
    /// store's 1 KiB pages, ten imports of a 1,000-screen change): past it, the command's close
    /// checkpoints and the WAL starts again empty.
    static let walKeptBytes = 256 * 1024

    /// A file's size in bytes; 0 when it cannot be read (a missing WAL).
    static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// The schema migrations, read from the SQL files embedded in the binary (`Migrations/`).
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in StoreMigrations.all {
            let sql = migration.sql
            migrator.registerMigration(migration.identifier) { db in try db.execute(sql: sql) }
        }
        return migrator
    }

    /// The identifiers of every migration this binary knows, oldest first.
    public static var knownMigrations: [String] { StoreMigrations.all.map(\.identifier) }

    static func migrate(_ writer: any DatabaseWriter, path: String) throws {
        // One read of the applied identifiers says whether the store is current, older (migrate)
        // or newer (refuse); a store that is up to date takes no write lock.
        let (applied, hasTables): (Set<String>, Bool) = try writer.read { db in
            let hasTables =
                try Bool.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name <> 'grdb_migrations'"
                ) ?? false
            do {
                return (Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")), hasTables)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                return ([], hasTables)  // No migrations table (a new file), or one without its column.
            }
        }
        // Migrating on a damaged list would run a migration again on its own tables.
        if let damage = AppliedMigrations.damage(applied: applied, known: Self.knownMigrations, hasTables: hasTables) {
            throw StoreError.cannotOpen(
                path: path,
                reason:
                    "its list of applied migrations (table grdb_migrations) is damaged: \(damage); nothing was changed; restore the store from a backup"
            )
        }
        let known = Set(Self.knownMigrations)
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
        }
        if applied != known { try Self.migrator.migrate(writer) }
    }

    /// Every invariant of the file that does not hold: SQLite's integrity check, the kept counts,
    /// the screen intervals and the packs.
    public func storageProblems() throws -> [String] {
        var problems = try integrityProblems().map { "integrity: \($0)" }
        problems += try countMismatches().map { "table '\($0.table)' has \($0.rows) rows but its kept count is \($0.kept)" }
        problems += try intervalProblems()
        problems += try screenStorageProblems()
        return problems
    }

    /// Runs `body`, turning SQLite errors into ``StoreError`` values with this store's path.
    func mapped<T>(_ body: () throws -> T) throws -> T {
        try Self.mapError(path: path, busyTimeout: busyTimeout, writeDenied: writeDenied, body)
    }

    /// Runs `body`, turning SQLite errors into ``StoreError`` values: `SQLITE_CORRUPT` and
    /// `SQLITE_NOTADB` (with their extended codes) into ``StoreError/corrupt(path:reason:)``, a
    /// failed write into what stopped it (a full disk, a read-only file system, the file size
    /// limit, a missing permission).
    static func mapError<T>(path: String, busyTimeout: Double, writeDenied: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                throw StoreError.busy(path: path, seconds: busyTimeout, holder: LockHolder.describe(storePath: path))
            case .SQLITE_FULL:
                throw fileSystemFault(path: path) ?? StoreError.diskFull(path: path)
            case .SQLITE_READONLY:
                if let writeDenied { throw StoreError.notWritable(path: path, denied: writeDenied) }
                throw StoreError.readOnly(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                if let fault = fileSystemFault(path: path) { throw fault }
                throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                throw StoreError.corrupt(path: path, reason: error.message ?? "\(error.resultCode)")
            case .SQLITE_IOERR:
                if let fault = fileSystemFault(path: path) { throw fault }
                if error.extendedResultCode == .SQLITE_IOERR_WRITE || error.extendedResultCode == .SQLITE_IOERR_FSYNC {
                    throw StoreError.diskFull(path: path)
                }
                throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
            default:
                throw error
            }
        }
    }
}

extension Timestamp: DatabaseValueConvertible {
    /// The stored form: microseconds since the epoch.
    public var databaseValue: DatabaseValue { microseconds.databaseValue }

    /// Reads the stored integer, or the text form of a store not yet migrated.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Timestamp? {
        switch dbValue.storage {
        case .int64(let microseconds): Timestamp(microseconds: microseconds)
        case .string(let text): Timestamp(text: text)
        default: nil
        }
    }
}
