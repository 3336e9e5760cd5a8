import Foundation
import Testing

/// A `wfs` command that wrote leaves its commits in the store's WAL (`store.sqlite-wal`) instead
/// of checkpointing on close; the next process reads them from there, and the next command that
/// only reads moves them into `store.sqlite` and removes the WAL files, as every command did
/// before. Copies of the `.wfs` folder in either state open with every revision.
@Suite(.serialized) struct WriteAheadLogAtRestTests {
    /// The store's files in `.wfs/` (the clone's record of its files' bases lies beside them).
    static func files(_ cli: StoreCLI) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.root + "/.wfs").filter { $0.hasPrefix("store.sqlite") }.sorted()
    }

    @Test func writesLeaveTheWALAndReadsCheckpointIt() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        #expect(try Self.files(cli) == ["store.sqlite"])
        for version in 1...3 {
            try cli.write("app.json", StoreCLI.wireframe([("home", "Home \(version)"), ("about", "About")]))
            #expect(try cli.run("import", "app.json").status == 0)
            #expect(try Self.files(cli) == ["store.sqlite", "store.sqlite-shm", "store.sqlite-wal"])
        }
        // An unchanged import writes its attempt; a session is a write too.
        #expect(try cli.run("import", "app.json").output == "unchanged app.json\n")
        #expect(try cli.run("session", "start", "Review").status == 0)
        #expect(try Self.files(cli) == ["store.sqlite", "store.sqlite-shm", "store.sqlite-wal"])

        // A copy of the whole folder, WAL included, is the same store.
        let copy = try StoreCLI()
        defer { copy.remove() }
        try FileManager.default.removeItem(atPath: copy.root)
        try FileManager.default.copyItem(atPath: cli.root, toPath: copy.root)
        #expect(try copy.run("log", "--limit", "1").output.contains("app.json #3"))
        #expect(try copy.run("verify").status == 0)

        // The next command that only reads finds the commits, then leaves the store file alone.
        let log = try cli.run("log")
        #expect(log.output.components(separatedBy: "\nrevision ").count == 3)
        #expect(log.output.hasPrefix("revision 3  app.json #3"))
        #expect(try Self.files(cli) == ["store.sqlite"])
        // So a copy of the store file alone is now the whole store.
        let single = try StoreCLI()
        defer { single.remove() }
        try FileManager.default.copyItem(atPath: cli.root + "/.wfs/store.sqlite", toPath: single.root + "/store.sqlite")
        let status = try single.run("status", "--store", "store.sqlite", "--format", "json")
        let counts = try #require((try StoreCLI.json(status.output) as? [String: Any])?["counts"] as? [String: Int])
        #expect(counts["revision"] == 3)
        #expect(try single.run("log", "--store", "store.sqlite", "--session", "Review").status == 0)

        // Each read-only command leaves the folder as it found it; verify, export and show too.
        for arguments in [["verify"], ["status"], ["show", "app.json"], ["export", "--output", "out"], ["log", "--format", "json"]] {
            #expect(try cli.run(arguments: arguments).status == 0, "\(arguments)")
            #expect(try Self.files(cli) == ["store.sqlite"], "\(arguments)")
        }
        // A write after a checkpoint starts a new WAL, which the next process reads.
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home 4"), ("about", "About")]))
        #expect(try cli.run("import", "app.json").output == "stored app.json revision 4 (#4): modified home\n")
        #expect(try Self.files(cli) == ["store.sqlite", "store.sqlite-shm", "store.sqlite-wal"])
        #expect(try cli.run("show", "--source", "app.json").output.contains("Home 4"))
        #expect(try cli.run("verify").output.contains("checked 4 revisions"))
    }

    /// The WAL a writing command leaves is bounded: the first process to open the store rebuilds
    /// the WAL's index from the whole file without knowing what a checkpoint already copied, so
    /// without a bound the WAL only grows (1.5 MB after these 20 imports) and every command reads
    /// all of it. Past 256 KiB, a writing command's close checkpoints and the WAL starts again.
    @Test func theWALLeftByImportsStaysBounded() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        var emptied = 0
        for version in 1...20 {
            let titles = [("home", "Home \(version)")] + (0..<100).map { ("s\($0)", "Screen \($0) version \(version)") }
            try cli.write("app.json", StoreCLI.wireframe(titles))
            #expect(try cli.run("import", "app.json").status == 0)
            let wal = (try? FileManager.default.attributesOfItem(atPath: cli.root + "/.wfs/store.sqlite-wal")[.size] as? Int) ?? 0
            #expect(wal < 256 * 1024 + 192 * 1024, "version \(version): WAL of \(wal) bytes")
            if try Self.files(cli) == ["store.sqlite"] { emptied += 1 }
        }
        #expect(emptied >= 2)
        #expect(try cli.run("log", "--limit", "1").output.hasPrefix("revision 20  app.json #20"))
        #expect(try cli.run("verify").status == 0)
    }
}
