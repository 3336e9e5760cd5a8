import Foundation
import GRDB
import Testing
@testable import WireframeStore

/// A store written by the schema before `0004_compact_store` reads the same through every
/// command once this binary has upgraded it.
@Suite struct UpgradeTests {
    @Test func everyCommandPrintsTheSameAfterMigration0004() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try Self.makeHistory(cli)
        func outputs() throws -> [String] { try Self.outputs(cli) }
        let before = try outputs()
        #expect(before.last?.contains("no problems") == true)

        // The same history in the previous schema, where the store was.
        let folder = cli.root + "/.wfs"
        try FileManager.default.moveItem(atPath: folder, toPath: cli.root + "/.wfs-current")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.writePreviousSchema(from: cli.root + "/.wfs-current/store.sqlite", to: folder + "/store.sqlite")
        let old = try DatabaseQueue(path: folder + "/store.sqlite")
        let (applied, columns) = try old.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
             try db.columns(in: "screenVersion").map(\.name))
        }
        try old.close()
        #expect(applied == ["0001_initial", "0002_import_attempt_time", "0003_change_previous_key"])
        #expect(columns == ["hash", "content"])

        let after = try outputs()
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) { #expect(old == new) }
        let upgraded = try DatabaseQueue(path: folder + "/store.sqlite")
        #expect(try upgraded.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
            == WireframeStore.knownMigrations)
        try upgraded.close()

        // The upgraded store takes new revisions.
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Settings"), ("profile", "Profile 3")]))
        #expect(try cli.run("import", "screens/app.json").status == 0)
        #expect(try cli.run("diff", "screens/app.json@3", "screens/app.json").output.contains("title: \"Profile\" → \"Profile 3\""))
        #expect(try cli.run("verify").output.contains("no problems"))
    }

    /// Two documents over two sessions: edits, a screen that comes back, a rejected file, a deletion.
    static func makeHistory(_ cli: StoreCLI) throws {
        #expect(try cli.run("init", "--root", ".").status == 0)
        let base = [("home", "Home"), ("settings", "Settings"), ("profile", "Profile")]
        try cli.write("screens/app.json", StoreCLI.wireframe(base))
        try cli.write("screens/other.json", StoreCLI.wireframe([("home", "Start"), ("help", "Help")], appName: "Other"))
        #expect(try cli.run("session", "start", "Kickoff").status == 0)
        #expect(try cli.run("import", "--author", "ada", "screens").status == 0)
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "Profile")]))
        #expect(try cli.run("import", "screens/app.json").status == 0)
        #expect(try cli.run("session", "end").status == 0)
        #expect(try cli.run("session", "start", "Review").status == 0)
        // A screen that comes back to an earlier content shares its stored version.
        try cli.write("screens/app.json", StoreCLI.wireframe(base + [("about", "About")]))
        #expect(try cli.run("import", "screens/app.json").status == 0)
        try cli.write("screens/broken.json", "{ \"appName\": ")
        _ = try cli.run("import", "screens/broken.json")
        try FileManager.default.removeItem(atPath: cli.root + "/screens/broken.json")
        try FileManager.default.removeItem(atPath: cli.root + "/screens/other.json")
        #expect(try cli.run("import", "screens").status == 0)
        #expect(try cli.run("session", "end").status == 0)
    }

    /// Every command whose output an upgrade must keep.
    static let commands: [[String]] = [
        ["log"], ["log", "--format", "json"], ["log", "--screen", "settings"], ["log", "--screen", "home"], ["log", "--document", "screens/app.json"],
        ["show", "screens/app.json"], ["show", "--format", "json", "screens/app.json@1"], ["show", "--source", "screens/app.json@2"],
        ["show", "screens/other.json@1"], ["show", "--format", "json", "screens/app.json@Kickoff"],
        ["diff", "screens/app.json@1", "screens/app.json"], ["diff", "--format", "json", "screens/app.json@1", "screens/app.json@3"],
        ["diff", "screens/app.json@2", "screens/app.json@3"], ["diff", "screens/other.json@1", "screens/other.json@2"],
        ["status"], ["status", "--format", "json"], ["session", "list"], ["session", "show", "Kickoff"],
        ["audit", "--from", "Kickoff", "--to", "Review"], ["audit", "--from", "Kickoff", "--to", "Review", "--format", "json"],
        ["path", "screens/app.json", "home", "profile"], ["export", "--output", "out"], ["verify"],
    ]

    /// The start every "same bytes after migration N" test shares: makes the history, keeps what
    /// every command prints (checking that `verify` finds no problems), moves the current store to
    /// `.wfs-current`, and lets `writeOld` write the old schema's store where the current one was.
    static func replaceWithOldSchema(
        _ cli: StoreCLI, writeOld: (_ currentPath: String, _ oldPath: String) throws -> Void
    ) throws -> (before: [String], currentPath: String, oldPath: String) {
        try makeHistory(cli)
        let before = try outputs(cli)
        #expect(before.last?.contains("no problems") == true)
        let folder = cli.root + "/.wfs"
        try FileManager.default.moveItem(atPath: folder, toPath: cli.root + "/.wfs-current")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let oldPath = folder + "/store.sqlite", currentPath = cli.root + "/.wfs-current/store.sqlite"
        try writeOld(currentPath, oldPath)
        return (before, currentPath, oldPath)
    }

    /// What every command of ``commands`` prints, with its exit status.
    static func outputs(_ cli: StoreCLI) throws -> [String] {
        try commands.map { arguments in
            try? FileManager.default.removeItem(atPath: cli.root + "/out")
            let run = try cli.run(arguments: arguments)
            return "\(arguments.joined(separator: " ")) → \(run.status)\n\(run.output)\(run.error)"
        }
    }

    /// Every command of ``commands`` prints after the upgrade what it printed before, with the
    /// same exit status: `before` is ``outputs(_:)`` on the store before it was replaced.
    static func expectSameOutputs(_ cli: StoreCLI, as before: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let after = try outputs(cli)
        #expect(after.count == before.count, sourceLocation: sourceLocation)
        for (old, new) in zip(before, after) { #expect(old == new, sourceLocation: sourceLocation) }
    }

    /// Writes the content of a current store into a new store at schema 0003: hashes as
    /// hexadecimal text, screen versions keyed by hash with their JSON, intervals by hash.
    static func writePreviousSchema(from currentPath: String, to oldPath: String) throws {
        var versions: [(String, [UInt8])] = []
        try WireframeStore.open(path: currentPath, connections: .single).forEachScreenVersion { _, _, content in
            versions.append((HashBytes.sha256Hex(content), content))
        }
        try OldSchemaStore.write(from: currentPath, to: oldPath, upTo: "0003_change_previous_key") { db in
            func hex(_ column: String) -> String { "CASE WHEN \(column) IS NULL THEN NULL ELSE lower(hex(\(column))) END" }
            try db.execute(
                sql: """
                    INSERT INTO main.revision SELECT id, documentId, number, parentId, isDeletion, \(hex("contentHash")),
                        \(hex("sourceHash")), \(Upgrade0007Tests.headerBefore0007), screenCount, createdAt, author, origin, message, sessionId
                    FROM current.revision ORDER BY id
                    """)
            try db.execute(sql: "INSERT INTO main.source SELECT * FROM current.source")
            try db.execute(sql: "INSERT INTO main.change (revisionId, screenKey, previousKey, kind, fields) \(Upgrade0005Tests.changesBefore0005)")
            try db.execute(
                sql: """
                    INSERT INTO main.importAttempt SELECT id, path, outcome, revisionId, \(hex(Upgrade0005Tests.attemptHashBefore0005)), startedAt,
                        durationMicroseconds, author, origin
                    FROM current.importAttempt ORDER BY id
                    """)
            try db.execute(sql: "INSERT INTO main.diagnostic SELECT * FROM current.diagnostic")
            for (hash, content) in versions {
                try db.execute(sql: "INSERT INTO main.screenVersion (hash, content) VALUES (?, ?)", arguments: [hash, Data(content)])
            }
            try db.execute(
                sql: """
                    INSERT INTO main.documentScreen (documentId, screenKey, screenHash, validFrom, validUntil)
                    SELECT d.documentId, d.screenKey, lower(hex(v.hash)), d.validFrom, d.validUntil
                    FROM current.documentScreen d JOIN current.screenVersion v ON v.id = d.versionId
                    ORDER BY d.documentId, d.validFrom, d.screenKey
                    """)
        }
    }
}
