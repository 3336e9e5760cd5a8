import Foundation
import Synchronization
import Testing
import WireframeTestSupport

/// Daemons of a team on one PostgreSQL store: eight clones of one project, each with its own
/// `wfsd`, save into one database at once.
@Suite(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
struct TeamStoreDaemonTests {
    static let clones = 8
    static let versions = 4

    /// The shared document as clone `clone` saves it for the `version`th time: a title of its own,
    /// so that every save has content no other save has.
    static func shared(clone: Int, version: Int) -> String {
        wireframe(title: "Clone \(clone) version \(version)", extraScreen: "screen\(clone)")
    }

    /// How many saves a daemon has logged as stored.
    static func stored(_ daemon: Daemon) -> Int { daemon.log.components(separatedBy: "import.outcome=stored").count - 1 }

    @Test func eightDaemonsOnEightClonesStoreEverySaveAndMarkEveryReplace() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let projects = try (0..<Self.clones).map { _ in try Project(store: database.url) }
        // Every clone starts from the same commit: one file all share, one of its own.
        for (index, project) in projects.enumerated() {
            try project.write("shared.json", wireframe(title: "Start"))
            try project.write("own\(index).json", wireframe(title: "Mine \(index)"))
        }
        let daemons = try projects.enumerated().map { index, project in
            try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "0", "WFS_AUTHOR": "clone\(index)"])
        }
        for daemon in daemons { try daemon.waitUntilWatching() }

        // All at once: each clone saves the shared file and its own, and waits for its daemon to
        // store both before its next save (a save the daemon never read is not a save it missed).
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.clones) { index in
            do {
                let project = projects[index]
                var expected = Self.stored(daemons[index])
                for version in 1...Self.versions {
                    try project.write("shared.json", Self.shared(clone: index, version: version))
                    try project.write("own\(index).json", wireframe(title: "Mine \(index) version \(version)"))
                    expected += 2
                    try waitUntil("clone \(index) stored version \(version); log:\n\(daemons[index].log)", timeout: .seconds(60)) {
                        Self.stored(daemons[index]) >= expected
                    }
                }
            } catch {
                failures.withLock { $0.append("clone \(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        for daemon in daemons { #expect(try daemon.stop() == 0) }

        let log = try projects[0].log()
        let byDocument = Dictionary(grouping: log) { $0["document"] as? String ?? "" }
        // Every save is a revision: the start, then each clone's saves.
        #expect(byDocument["shared.json"]?.count == 1 + Self.clones * Self.versions)
        for index in 0..<Self.clones { #expect(byDocument["own\(index).json"]?.count == 1 + Self.versions) }
        var replaced = 0
        for (document, entries) in byDocument {
            let ordered = entries.sorted { ($0["number"] as? Int ?? 0) < ($1["number"] as? Int ?? 0) }
            // Numbers have no gaps.
            #expect(ordered.compactMap { $0["number"] as? Int } == Array(1...ordered.count), "\(document)")
            // A revision based on anything but its parent names the parent it replaced, and only then.
            for (position, entry) in ordered.enumerated() {
                let parent = position == 0 ? nil : ordered[position - 1]["id"] as? Int
                let basedOn = entry["basedOn"] as? Int
                let replaces = entry["replaces"] as? [String: Any]
                #expect((basedOn != parent) == (replaces != nil), "\(document) #\(position + 1)")
                if let replaces {
                    #expect(replaces["id"] as? Int == parent)
                    #expect(replaces["author"] as? String == ordered[position - 1]["author"] as? String)
                    replaced += 1
                }
            }
        }
        // Eight writers of one file, each saving over its own last revision, replace each other.
        #expect(replaced > 0)
        #expect(daemons.contains { $0.log.contains("replaces revision") })
        let verify = try projects[0].wfs(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func aSaveWhileTheServerDroppedTheDaemonsConnectionLandsOnce() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let project = try Project(store: database.url)
        try project.write("app.json", wireframe(title: "Start"))
        let daemon = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "0"])
        try daemon.waitUntilWatching()
        #expect(try project.log("app.json").count == 1)

        // The server ends every connection to the database, the daemon's among them.
        try PostgreSQLTestServer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database.name)' AND pid <> pg_backend_pid()")
        try project.write("app.json", wireframe(title: "After the drop"))
        try waitUntil("the save is stored; log:\n\(daemon.log)", timeout: .seconds(60)) { try project.log("app.json").count >= 2 }
        #expect(daemon.process.isRunning)
        // Stored exactly once, and nothing else: a later save is the next number.
        try project.write("app.json", wireframe(title: "Later"))
        try waitUntil("the later save is stored; log:\n\(daemon.log)", timeout: .seconds(60)) { try project.log("app.json").count >= 3 }
        #expect(try project.log("app.json").compactMap { $0["number"] as? Int } == [3, 2, 1])
        #expect(try daemon.stop() == 0)
        #expect(try project.wfs(["verify"]).status == 0)
    }
}
