#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import WireframeTestSupport

/// Whose a save is: the configured author, else the saved file's owner as the system's user
/// database names it, else `uid N` for an owner it does not know; never the daemon's own user
/// when the file is someone else's.
@Suite struct FileOwnerAuthorTests {
    /// A user the system's user database knows that is not the one running the tests, with its name.
    static func knownUser() throws -> (id: UInt32, name: String) {
        let id: UInt32 = 1
        let run = try ChildProcess.run("/usr/bin/id", ["-nu", String(id)], in: "/")
        guard run.status == 0 else { throw HarnessError.failed("no user \(id): \(run)") }
        return (id, run.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Writes a file owned by `owner` (outside the root first, then renamed in: the daemon sees
    /// the file whole, with its owner already set).
    static func write(_ project: Project, _ relative: String, _ text: String, owner: UInt32) throws {
        try project.write(".wfs/" + relative, text)
        let staged = project.url(".wfs/" + relative).path
        guard chown(staged, owner, owner) == 0 else { throw HarnessError.failed("chown \(staged)") }
        guard rename(staged, project.url(relative).path) == 0 else { throw HarnessError.failed("rename \(relative)") }
    }

    static func authors(_ project: Project) throws -> [String: String] {
        var result: [String: String] = [:]
        for entry in try project.log() {
            if let path = entry["document"] as? String, let author = entry["author"] as? String { result[path] = author }
        }
        return result
    }

    @Test(.enabled(if: getuid() == 0, "files owned by other users are made with chown, which needs root"))
    func aSaveIsItsFileOwners() throws {
        let project = try Project()
        let known = try Self.knownUser()
        // Found by the catch-up pass.
        try Self.write(project, "known.json", wireframe(title: "Known"), owner: known.id)
        try Self.write(project, "unknown.json", wireframe(title: "Unknown"), owner: OtherUser.id)
        let daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        try waitUntil("the catch-up pass stores both") { try Self.authors(project).count == 2 }
        // Seen by the watcher.
        try Self.write(project, "watched.json", wireframe(title: "Watched"), owner: known.id)
        try waitUntil("the watcher stores the save") { try Self.authors(project).count == 3 }
        #expect(try daemon.stop() == 0)
        let authors = try Self.authors(project)
        #expect(authors["known.json"] == known.name)
        #expect(authors["unknown.json"] == "uid \(OtherUser.id)")
        #expect(authors["watched.json"] == known.name)
        #expect(known.name != "root")
    }

    @Test(.enabled(if: getuid() == 0, "files owned by other users are made with chown, which needs root"))
    func aConfiguredAuthorNamesEverySave() throws {
        let project = try Project()
        try Self.write(project, "app.json", wireframe(title: "Home"), owner: OtherUser.id)
        let daemon = try project.startDaemon(environment: ["WFS_AUTHOR": "team"])
        try daemon.waitUntilWatching()
        try waitUntil("the catch-up pass stores the file") { try Self.authors(project).count == 1 }
        #expect(try daemon.stop() == 0)
        #expect(try Self.authors(project)["app.json"] == "team")
    }
}
