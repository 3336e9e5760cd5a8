import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs mounted on the store's folder, so that the store's disk can fill up or turn read-only.
final class StoreMount: @unchecked Sendable {
    let folder: URL

    /// Whether this process may mount file systems (root with CAP_SYS_ADMIN, as in CI).
    static let available: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-mount-probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? StoreMount.mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe.path])) == 0 else { return false }
        _ = try? StoreMount.mount(["-u", probe.path], tool: "/bin/umount")
        return true
    }()

    /// Mounts a tmpfs of `kibibytes` on `folder` (created if needed).
    init(at folder: URL, kibibytes: Int) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard try Self.mount(["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", folder.path]) == 0 else {
            throw HarnessError.failed("cannot mount a tmpfs on \(folder.path)")
        }
    }

    deinit { _ = try? Self.mount([folder.path], tool: "/bin/umount") }

    func remount(readOnly: Bool) throws {
        guard try Self.mount(["-o", "remount,\(readOnly ? "ro" : "rw")", folder.path]) == 0 else {
            throw HarnessError.failed("cannot remount \(folder.path)")
        }
    }

    /// Fills the file system up with a file named `filler`; returns its URL.
    func fill() -> URL {
        let filler = folder.appendingPathComponent("filler")
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let chunk = [UInt8](repeating: 0x55, count: 4096)
        while descriptor >= 0 {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
        }
        if descriptor >= 0 { close(descriptor) }
        return filler
    }

    @discardableResult
    static func mount(_ arguments: [String], tool: String = "/bin/mount") throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Store faults, end to end: a full disk, a read-only store, a store locked by another writer
/// beyond the busy timeout, a store made by a newer version. Each gives a clear error and leaves
/// nothing half written; the daemon retries until the store can take the save again.
@Suite(.serialized)
struct StoreFaultTests {
    /// A project whose store folder (`.wfs`) is a small tmpfs of its own.
    func mountedProject(kibibytes: Int = 8192) throws -> (Project, StoreMount) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-fault-\(UUID().uuidString)")
        let mount = try StoreMount(at: root.appendingPathComponent(".wfs"), kibibytes: kibibytes)
        let project = try Project(root: root)
        return (project, mount)
    }

    /// A valid wireframe of about `screens` × 150 bytes.
    func largeWireframe(screens: Int, title: String) -> String {
        let names = (0..<screens).map { "screen\($0)" }
        var routes = [#"{"name": "home", "title": "\#(title)", "subroutes": [\#(names.map { "\"\($0)\"" }.joined(separator: ", "))]}"#]
        routes += names.map { #"{"name": "\#($0)", "title": "\#(title) \#($0) with a longer title so that the source takes room"}"# }
        return #"{"appName": "Big", "root": "home", "routes": [\#(routes.joined(separator: ",\n"))]}"# + "\n"
    }

    @Test(.enabled(if: StoreMount.available, "mounting a tmpfs needs root"))
    func aFullDiskFailsCleanlyAndTheDaemonRetriesOnceThereIsRoom() throws {
        let (project, mount) = try mountedProject()
        try project.write("app.json", wireframe(title: "Before"))
        #expect(try project.wfs(["import", "app.json"]).status == 0)

        let filler = mount.fill()
        try project.write("app.json", largeWireframe(screens: 300, title: "Full"))
        let full = try project.wfs(["import", "app.json"])
        #expect(full.status == 2)
        #expect(full.stderr.contains("is full; nothing was written"), "\(full.stderr)")

        // The daemon catches that save up once there is room; then the disk fills up under it,
        // it logs the failure of the next save and tries again until there is room once more.
        try FileManager.default.removeItem(at: filler)
        #expect(try project.log("app.json").count == 1)
        let daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        try waitUntil("the catch-up pass stores the save") { try project.log("app.json").count == 2 }
        let filler2 = mount.fill()
        try project.write("app.json", largeWireframe(screens: 300, title: "Daemon"))
        try waitUntil("the daemon logs the full disk; log:\n\(daemon.log)") { daemon.log.contains("import failed; retrying") }
        #expect(daemon.log.contains("is full"))
        #expect(daemon.process.isRunning)
        try FileManager.default.removeItem(at: filler2)
        try waitUntil("the save is stored once there is room; log:\n\(daemon.log)", timeout: .seconds(60)) {
            try project.log("app.json").count == 3
        }
        #expect(try daemon.stop() == 0)
        #expect(try project.wfs(["verify"]).status == 0)
        let heads = try project.wfs(["show", "--source", "app.json"])
        #expect(heads.stdout == largeWireframe(screens: 300, title: "Daemon"))
    }

    @Test(.enabled(if: StoreMount.available, "mounting a tmpfs needs root"))
    func aReadOnlyStoreIsRefusedWithAClearError() throws {
        let (project, mount) = try mountedProject()
        try project.write("app.json", wireframe(title: "Before"))
        #expect(try project.wfs(["import", "app.json"]).status == 0)

        // Linux refuses to remount a file system read-only while a process has a file on it open
        // for writing, so a running daemon never sees its store turn read-only; one that starts on
        // a read-only store stops at once (exit 2, not restarted by systemd).
        try mount.remount(readOnly: true)
        try project.write("app.json", wireframe(title: "While read-only"))
        let cli = try project.wfs(["import", "app.json"])
        #expect(cli.status == 2)
        #expect(cli.stderr.contains("cannot be written (read-only); nothing was written"), "\(cli.stderr)")
        // (Run directly: the harness keeps the daemon's log in the store's folder, read-only here.)
        let daemon = try Project.run(Binaries.wfsd, ["--store", project.store], in: project.root)
        #expect(daemon.status == 2)
        #expect(daemon.stderr.contains("wfsd: error:") && daemon.stderr.contains("Read-only file system"), "\(daemon.stderr)")

        try mount.remount(readOnly: false)
        #expect(try project.wfs(["import", "app.json"]).status == 0)
        #expect(try project.log("app.json").count == 2)
        #expect(try project.wfs(["verify"]).status == 0)
    }

    @Test(arguments: SettleTime.both)
    func aStoreLockedBeyondTheBusyTimeoutFailsCleanlyAndTheDaemonRetries(settle: SettleTime) throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Before"))
        #expect(try project.wfs(["import", "app.json"]).status == 0)
        let daemon = try project.startDaemon(environment: settle.environment.merging(["WFS_LOG_LEVEL": "debug"]) { $1 })
        try daemon.waitUntilWatching()

        // Another writer takes the write lock and keeps it for longer than the 10 s busy timeout.
        let other = try WriteLockHolder(store: project.store)
        try project.write("app.json", wireframe(title: "While locked"))
        let cli = try project.wfs(["import", "app.json"])
        #expect(cli.status == 2)
        // The message names the process that holds the store: this one.
        #expect(cli.stderr.contains("is busy: process \(getpid()) "), "\(cli.stderr)")
        #expect(cli.stderr.contains("held it for more than 10 seconds; try again"), "\(cli.stderr)")
        // The first failure is a warning; the retry after it, a tenth of a second later, fails on
        // the lock too and is logged below that.
        func retries(_ level: String) -> Int {
            daemon.log.split(separator: "\n").filter { $0.contains(" \(level) import failed; retrying ") }.count
        }
        try waitUntil("the daemon retries the busy store twice; log:\n\(daemon.log)", timeout: .seconds(90)) {
            retries("warning") + retries("debug") >= 2
        }
        #expect(retries("warning") == 1)
        #expect(daemon.log.contains("retry.milliseconds=100.000"), "\(daemon.log)")
        try other.release()

        try waitUntil("the save is stored once the lock is released; log:\n\(daemon.log)", timeout: .seconds(90)) {
            try project.log("app.json").count == 2
        }
        #expect(try daemon.stop() == 0)
        // Stored once: one revision after the first, and one stored import in the daemon's log.
        #expect(try project.log("app.json").count == 2)
        #expect(daemon.log.split(separator: "\n").filter { $0.contains(" import ") && $0.contains("import.outcome=stored") }.count == 1)
        #expect(try project.wfs(["verify"]).status == 0)
    }

    @Test func aCatchUpPassStoppedByABusyStoreIsRetried() throws {
        let project = try Project()
        try project.write("kept.json", wireframe(title: "Kept"))
        try project.write("gone.json", wireframe(title: "Gone"))
        #expect(try project.wfs(["import", "kept.json", "gone.json"]).status == 0)
        let daemon = try project.startDaemon()
        try daemon.waitUntilWatching()

        // Another writer holds the write lock beyond the busy timeout while a file is deleted and a
        // reload asks for a catch-up pass: the pass stops at the deletion it cannot record.
        let other = try WriteLockHolder(store: project.store)
        try project.remove("gone.json")
        kill(daemon.process.processIdentifier, SIGHUP)
        try waitUntil("the catch-up pass fails on the busy store; log:\n\(daemon.log)", timeout: .seconds(90)) {
            daemon.log.contains("reconcile failed; retrying")
        }
        #expect(try project.log("gone.json").count == 1)
        try other.release()

        // Once the lock is released, a later pass runs to its end.
        try waitUntil("a retried pass completes; log:\n\(daemon.log)", timeout: .seconds(90)) {
            daemon.log.contains("reconcile.reason=retry")
                && daemon.log.components(separatedBy: "\n").contains {
                    $0.contains(" reconciled ") && $0.contains("reconcile.reason=retry")
                }
        }
        try waitUntil("the deletion is recorded") { try project.log("gone.json").count == 2 }
        #expect(try project.log("kept.json").count == 1)
        #expect(try daemon.stop() == 0)
        #expect(try project.wfs(["verify"]).status == 0)
    }

    @Test func aStoreFromANewerSchemaIsRefusedByBoth() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Before"))
        #expect(try project.wfs(["import", "app.json"]).status == 0)
        let queue = try DatabaseQueue(path: project.store)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9999_from_the_future')") }
        try queue.close()

        try project.write("app.json", wireframe(title: "After"))
        let cli = try project.wfs(["import", "app.json"])
        #expect(cli.status == 2)
        #expect(cli.stderr.contains("was made by a newer wfs (unknown migrations: 9999_from_the_future); upgrade wfs"), "\(cli.stderr)")

        let daemon = try project.startDaemonUntilItExits()
        #expect(daemon.process.terminationStatus == 2)
        #expect(daemon.log.contains("was made by a newer wfs"), "\(daemon.log)")

        // Nothing was written: the one revision is still the only one, and the future row is intact.
        let reader = try DatabaseQueue(path: project.store)
        #expect(try reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM revision") } == 1)
        #expect(try reader.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }.contains("9999_from_the_future"))
    }
}

/// Another writer of the store, in this process: it takes SQLite's write lock and keeps it until
/// released, so that the daemon and `wfs` meet a store busy beyond their timeout.
struct WriteLockHolder {
    private let queue: DatabaseQueue

    init(store: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction is held across accesses on purpose
        queue = try DatabaseQueue(path: store, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    }

    func release() throws {
        try queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        try queue.close()
    }
}
