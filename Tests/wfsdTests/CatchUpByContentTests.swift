import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a file needs an import is decided by its content, never by its modification time:
/// a good file restored with an old time (`cp -p`), made readable by `chmod`, or made as a link
/// or FIFO while the daemon watches is imported (or reported) as the catch-up would.
@Suite(.serialized)
struct CatchUpByContentTests {
    func rejectedPaths(_ project: Project) throws -> [String] {
        (try project.status()["rejected"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    /// The newest import attempts (path, outcome, start), newest first.
    func attempts(_ project: Project) throws -> [String] {
        (try project.status()["recentAttempts"] as? [[String: Any]] ?? []).map {
            "\($0["path"] as? String ?? "?") \($0["outcome"] as? String ?? "?") \($0["startedAt"] as? String ?? "?")"
        }
    }

    /// How many of the newest import attempts are of `path`.
    func attemptCount(_ project: Project, _ path: String) throws -> Int {
        try attempts(project).filter { $0.hasPrefix(path + " ") }.count
    }

    /// Sets a file's access and modification times to an hour ago, as `cp -p` of an old backup does.
    func ageByAnHour(_ url: URL) throws {
        let past = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
    }

    @Test(arguments: SettleTime.both)
    func aGoodFileWithAnOldTimeIsImportedAfterARejection(settle: SettleTime) throws {
        let project = try Project()
        var daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("a.json", wireframe(title: "First"))
        try waitUntil("the first version is stored") { try project.log("a.json").count == 1 }
        try project.write("a.json", invalidWireframe)
        try waitUntil("the broken save is rejected") { try rejectedPaths(project) == ["a.json"] }
        #expect(try daemon.stop() == 0)

        // Restored from a backup that keeps its time, older than the rejection: the same bytes as the head.
        try project.write("a.json", wireframe(title: "First"))
        try ageByAnHour(project.url("a.json"))
        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(try rejectedPaths(project).isEmpty, "\(daemon.log)")
        #expect(try project.log("a.json").count == 1)
        #expect(try daemon.stop() == 0)

        // Broken again, then a new good version with an old time while the daemon is stopped.
        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("a.json", invalidWireframe)
        try waitUntil("the broken save is rejected again") { try rejectedPaths(project) == ["a.json"] }
        #expect(try daemon.stop() == 0)
        try project.write("a.json", wireframe(title: "Fixed"))
        try ageByAnHour(project.url("a.json"))
        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(try project.log("a.json").count == 2, "\(daemon.log)")
        #expect(try rejectedPaths(project).isEmpty)
        #expect(try daemon.stop() == 0)

        // A restart on an unchanged project, even with a rejected file in it, records nothing.
        try project.write("b.json", invalidWireframe)
        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(try rejectedPaths(project) == ["b.json"])
        #expect(try daemon.stop() == 0)
        let before = try attempts(project)
        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(try daemon.stop() == 0)
        #expect(try attempts(project) == before)
        #expect(try rejectedPaths(project) == ["b.json"])
    }

    @Test(.enabled(if: OtherUser.isAvailable, "running as another user needs root and setpriv"), arguments: SettleTime.both)
    func aFileMadeReadableIsImported(settle: SettleTime) throws {
        let project = try Project()
        try OtherUser.own(project.root.path)
        let daemon = try project.startDaemon(environment: settle.environment, asOtherUser: true)
        try daemon.waitUntilWatching()
        // Written under a hidden name, closed to everyone, renamed into place: one IN_MOVED_TO.
        try project.write(".a.json", wireframe(title: "Locked"))
        try OtherUser.own(project.url(".a.json").path)
        #expect(chmod(project.url(".a.json").path, 0) == 0)
        #expect(rename(project.url(".a.json").path, project.url("a.json").path) == 0)
        try waitUntil("the unreadable file is refused; log:\n\(daemon.log)") { try rejectedPaths(project) == ["a.json"] }
        #expect(try project.log("a.json").isEmpty)

        #expect(chmod(project.url("a.json").path, 0o644) == 0)
        try waitUntil("the file made readable is stored; log:\n\(daemon.log)") { try project.log("a.json").count == 1 }
        #expect(try rejectedPaths(project).isEmpty)

        // Another change of attributes that leaves the content as stored records nothing.
        let attempts = try attemptCount(project, "a.json")
        #expect(chmod(project.url("a.json").path, 0o600) == 0)
        try project.write("after.json", wireframe(title: "After"))
        try OtherUser.own(project.url("after.json").path)
        try waitUntil("a later save is stored") { try project.log("after.json").count == 1 }
        #expect(try attemptCount(project, "a.json") == attempts)
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: SettleTime.both)
    func linksAndFIFOsMadeWhileWatchingAreHandledAsTheCatchUpDoes(settle: SettleTime) throws {
        let project = try Project()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data(wireframe(title: "Outside").utf8).write(to: outside.appendingPathComponent("secret.json"))
        try project.write("content.txt", wireframe(title: "Linked"))

        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        // Made in place (IN_CREATE only): no IN_CLOSE_WRITE or IN_MOVED_TO follows.
        #expect(symlink("content.txt", project.url("link.json").path) == 0)
        #expect(symlink(outside.appendingPathComponent("secret.json").path, project.url("out.json").path) == 0)
        #expect(mkfifo(project.url("pipe.json").path, 0o644) == 0)
        #expect(link(project.url("content.txt").path, project.url("hard.json").path) == 0)
        try waitUntil("the links in the root are stored; log:\n\(daemon.log)") {
            try project.log("link.json").count == 1 && project.log("hard.json").count == 1
        }
        try waitUntil("the link out of the root and the FIFO are refused; log:\n\(daemon.log)") {
            Set(try rejectedPaths(project)) == ["out.json", "pipe.json"]
        }
        #expect(try project.log("out.json").isEmpty)
        #expect(daemon.log.contains("outside the project root"))
        #expect(daemon.log.contains("pipe.json:1:1: error: the path is not a regular file"), "\(daemon.log)")

        // The refusal is reported once: an attribute change of the link records nothing more.
        let attempts = try attemptCount(project, "out.json") + attemptCount(project, "pipe.json")
        var times = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        #expect(lutimes(project.url("out.json").path, &times) == 0)
        #expect(chmod(project.url("pipe.json").path, 0o600) == 0)
        try project.write("after.json", wireframe(title: "After"))
        try waitUntil("a later save is stored") { try project.log("after.json").count == 1 }
        #expect(try attemptCount(project, "out.json") + attemptCount(project, "pipe.json") == attempts)
        #expect(daemon.log.components(separatedBy: "out.json:1:1: error").count == 2, "\(daemon.log)")
        #expect(daemon.process.isRunning)
        #expect(try daemon.stop() == 0)
    }
}
