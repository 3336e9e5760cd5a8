import Foundation
import GRDB
import Testing
@testable import WireframeSQLite
import WireframeStore

/// Naming the holder of a busy store must not drop this process's own locks on the `-shm` file:
/// POSIX locks belong to the process, and closing any descriptor of the file releases them all,
/// after which another process's connection resets the file under this one's mapping of it.
@Suite struct LockHolderTests {
    /// The byte-range locks `pid` holds on the file at `path`, as the kernel lists them
    /// (`/proc/locks`: "N: POSIX ADVISORY READ|WRITE PID MAJOR:MINOR:INODE START END"), without
    /// the ordinal "N:", which changes whenever a lock of any process comes or goes (the other
    /// tests of this process open and close stores meanwhile), and sorted.
    static func locks(of pid: Int32, onFileAt path: String) throws -> [String] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        let table = try String(contentsOfFile: "/proc/locks", encoding: .utf8)
        return table.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count >= 8, !line.contains("->"), fields[4] == "\(pid)",
                fields[5].split(separator: ":").last == "\(status.st_ino)"
            else { return nil }
            return fields.dropFirst().joined(separator: " ")
        }.sorted()
    }

    @Test func namingTheHolderKeepsThisProcesssLocksOnTheSharedMemoryFile() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0)))
        let shm = store.path + "-shm"
        let pid = getpid()
        // While a read is open, this process holds SQLite's locks on the -shm file (at least the
        // shared lock that tells other connections the file is in use).
        try store.reader.read { _ in
            let before = try Self.locks(of: pid, onFileAt: shm)
            #expect(!before.isEmpty, "no lock of this process on \(shm)")
            #expect(LockHolder.describe(storePath: store.path) == nil)  // nobody else writes
            #expect(LockHolder.describe(storePath: store.path) == nil)
            #expect(try Self.locks(of: pid, onFileAt: shm) == before)
        }
    }
}
