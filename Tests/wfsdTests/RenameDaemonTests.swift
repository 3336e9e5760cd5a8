import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Files moved while the daemon watches, and while it does not: a move within the root is the
/// document's rename and keeps its history; a move out of the root is a deletion, into it a new
/// document; an editor's save by rename over a stored file stays an edit of that file.
@Suite(.serialized)
struct RenameDaemonTests {
    /// Moves a file as `mv` does (rename(2)); `to` may lie outside the root.
    func move(_ from: URL, _ to: URL) throws {
        guard rename(from.path, to.path) == 0 else { throw HarnessError.failed("rename \(from.path) to \(to.path)") }
    }

    /// `wfs log --format json` with `arguments` (newest first).
    func log(_ project: Project, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try project.wfs(["log", "--format", "json"] + arguments)
        guard result.status == 0 else { throw HarnessError.failed("wfs log \(arguments): \(result.stderr)") }
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// The paths of the documents `wfs status` lists that are not deleted.
    func liveDocuments(_ project: Project) throws -> [String] {
        let documents = try project.status()["documents"] as? [[String: Any]] ?? []
        return documents.filter { !($0["deleted"] as? Bool ?? false) }.compactMap { $0["document"] as? String }.sorted()
    }

    /// A moved file, one moved out and one moved in, and a save by rename: what a person does
    /// while the daemon watches, on the project's store (`store`: a PostgreSQL URL, else SQLite).
    func movesWhileWatching(settle: SettleTime, store: String? = nil) throws {
        let project = try Project(store: store)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("a.json", wireframe(title: "First"))
        try waitUntil("the first version is stored") { try project.log("a.json").count == 1 }
        try project.write("a.json", wireframe(title: "Second"))
        try waitUntil("the second version is stored") { try project.log("a.json").count == 2 }

        // mv a.json b.json: one rename revision, and the history goes back to a.json's first.
        try move(project.url("a.json"), project.url("b.json"))
        try waitUntil("the move is stored; log:\n\(daemon.log)") { try project.log("b.json").count == 1 }
        let renamed = try log(project, ["b.json"])
        #expect(renamed.count == 1)
        #expect(renamed.first?["renamedFrom"] as? String == "a.json" && renamed.first?["number"] as? Int == 3)
        #expect((renamed.first?["changes"] as? [String: [String]])?.values.allSatisfy(\.isEmpty) == true)
        let followed = try log(project, ["--follow", "b.json"])
        #expect(followed.map { $0["number"] as? Int } == [3, 2, 1])
        #expect(followed.map { $0["renamedFrom"] as? String } == ["a.json", nil, nil])
        #expect(try liveDocuments(project) == ["b.json"])
        #expect(daemon.log.contains("file.previousPath=a.json"))

        // An editor's save by rename over the stored file (a draft with a wireframe's name).
        try project.write("draft.json", wireframe(title: "Third"))
        try move(project.url("draft.json"), project.url("b.json"))
        try waitUntil("the save by rename is stored; log:\n\(daemon.log)") { try project.log("b.json").count == 2 }
        let saved = try log(project, ["b.json"])
        #expect(saved.first?["number"] as? Int == 4 && saved.first?["renamedFrom"] == nil)
        #expect(try liveDocuments(project) == ["b.json"])

        // Moved out of the root: a deletion. Moved in: a new document.
        try move(project.url("b.json"), outside.appendingPathComponent("b.json"))
        try waitUntil("the move out is a deletion; log:\n\(daemon.log)") {
            try project.log("b.json").first?["deleted"] as? Bool == true
        }
        #expect(try liveDocuments(project).isEmpty)
        try move(outside.appendingPathComponent("b.json"), project.url("c.json"))
        try waitUntil("the move in is a new document; log:\n\(daemon.log)") { try project.log("c.json").count == 1 }
        #expect(try log(project, ["--follow", "c.json"]).map { $0["renamedFrom"] as? String } == [nil])
        #expect(try liveDocuments(project) == ["c.json"])
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: SettleTime.both)
    func movesWhileTheDaemonWatches(settle: SettleTime) throws {
        try movesWhileWatching(settle: settle)
    }

    @Test(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
    func movesWhileTheDaemonWatchesOnAServersStore() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        try movesWhileWatching(settle: .standard, store: database.url)
    }

    @Test(arguments: SettleTime.both)
    func aFolderMovedWithinTheRootRenamesEachOfItsDocuments(settle: SettleTime) throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("flows/a.json", wireframe(title: "First"))
        try project.write("flows/deep/b.json", wireframe(title: "Deep"))
        try waitUntil("both are stored") { try project.log().count == 2 }
        try move(project.url("flows"), project.url("screens"))
        try waitUntil("both moves are stored; log:\n\(daemon.log)") { try project.log().count == 4 }
        #expect(try daemon.stop() == 0)
        #expect(try log(project, ["screens/a.json"]).map { $0["renamedFrom"] as? String } == ["flows/a.json"])
        #expect(try log(project, ["screens/deep/b.json"]).map { $0["renamedFrom"] as? String } == ["flows/deep/b.json"])
        #expect(try log(project, ["--follow", "screens/deep/b.json"]).count == 2)
        #expect(try liveDocuments(project) == ["screens/a.json", "screens/deep/b.json"])
    }

    @Test func aMoveWhileNobodyWatchedIsARenameAtTheCatchUp() throws {
        let project = try Project()
        var daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        try project.write("flows/a.json", wireframe(title: "First"))
        try project.write("flows/other.json", wireframe(title: "Other"))
        try waitUntil("both are stored") { try project.log().count == 2 }
        #expect(try daemon.stop() == 0)

        // Moved to another folder and a new file beside it, while the daemon was stopped.
        try FileManager.default.createDirectory(at: project.url("screens"), withIntermediateDirectories: true)
        try move(project.url("flows/a.json"), project.url("screens/a.json"))
        try project.write("flows/new.json", wireframe(title: "New"))
        daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        #expect(try daemon.stop() == 0)
        let renamed = try log(project, ["screens/a.json"])
        #expect(renamed.map { $0["renamedFrom"] as? String } == ["flows/a.json"], "\(daemon.log)")
        #expect(try log(project, ["--follow", "screens/a.json"]).count == 2)
        #expect(try log(project, ["flows/new.json"]).map { $0["renamedFrom"] as? String } == [nil])
        #expect(try liveDocuments(project) == ["flows/new.json", "flows/other.json", "screens/a.json"])
    }
}
