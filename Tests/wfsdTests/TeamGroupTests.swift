#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import WireframeTestSupport

/// A team server as shipped: the daemon runs as its own user with the mask of `systemd/wfsd.service`,
/// the store was made by `wfs init --shared`, and an editor in the store's group writes the store
/// (starts and ends a meeting) while the daemon serves it.
///
/// Permissions bind every user but root, so the daemon's user and the editor are ``OtherUser``s.
@Suite struct TeamGroupTests {
    /// The `UMask=` of the shipped unit.
    static func unitMask() throws -> String {
        let unit = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "systemd/wfsd.service")
        let text = try String(contentsOf: unit, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("UMask=") }) else {
            throw HarnessError.failed("no UMask= in \(unit.path)")
        }
        return String(line.dropFirst("UMask=".count))
    }

    /// A project folder of the team's group, set-group-ID (as docs/DAEMON.md says to make it), with
    /// a store made by the daemon's user with a mask that keeps the group out, as `sudo -u wfs` gives.
    static func teamProject(shared: Bool) throws -> Project {
        let root = FileManager.default.temporaryDirectory.appending(path: "wfsd-team-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        #expect(chown(root.path, OtherUser.id, OtherUser.teamGroup) == 0)
        #expect(chmod(root.path, 0o2775) == 0)
        let initialize = try OtherUser.wrapping(
            [Binaries.wfs.path, "init", "--root", root.path] + (shared ? ["--shared"] : []), user: OtherUser.id, group: OtherUser.teamGroup,
            groups: [], umask: "0022")
        let made = try ChildProcess.run(initialize[0], Array(initialize.dropFirst()), in: root.path)
        #expect(made.status == 0, "\(made)")
        return try Project(root: root)
    }

    static func asEditor(_ project: Project, _ arguments: [String]) throws -> ChildRun {
        let command = try OtherUser.wrapping(
            [Binaries.wfs.path] + arguments, user: OtherUser.teammate, group: OtherUser.teammate, groups: [OtherUser.teamGroup],
            umask: "0022")
        return try ChildProcess.run(command[0], Array(command.dropFirst()), in: project.root.path)
    }

    @Test(.enabled(if: OtherUser.isAvailable, "running as other users needs root and setpriv"))
    func anEditorInTheGroupWritesTheStoreTheDaemonServes() throws {
        let project = try Self.teamProject(shared: true)
        let mask = try Self.unitMask()
        let daemon = try project.startDaemon { command in
            try OtherUser.wrapping(command, user: OtherUser.id, group: OtherUser.teamGroup, groups: [], umask: mask)
        }
        try daemon.waitUntilWatching()
        try project.write("app.json", wireframe(title: "Home"))
        try waitUntil("the save is stored") { try project.log().count == 1 }

        let start = try Self.asEditor(project, ["session", "start", "Kickoff"])
        #expect(start.status == 0, "\(start)")
        try project.write("app.json", wireframe(title: "Home again"))
        try waitUntil("the daemon stores a save after the editor wrote") { try project.log().count == 2 }
        let end = try Self.asEditor(project, ["session", "end"])
        #expect(end.status == 0, "\(end)")
        let sessions = try project.wfs(["session", "list"])
        #expect(sessions.stdout.contains("Kickoff"), "\(sessions)")
        #expect(try daemon.stop() == 0)
    }

    @Test(.enabled(if: OtherUser.isAvailable, "running as other users needs root and setpriv"))
    func withoutSharedTheGroupOnlyReads() throws {
        let project = try Self.teamProject(shared: false)
        try project.write("app.json", wireframe(title: "Home"))
        #expect(try project.wfs(["import", "app.json"]).status == 0)
        #expect(try Self.asEditor(project, ["log"]).status == 0)
        let start = try Self.asEditor(project, ["session", "start", "Kickoff"])
        #expect(start.status != 0, "\(start)")

        // Made shared afterwards, by the store's owner, the same store takes the editor's meeting.
        let share = try OtherUser.wrapping(
            [Binaries.wfs.path, "init", "--shared"], user: OtherUser.id, group: OtherUser.teamGroup, groups: [], umask: "0022")
        let shared = try ChildProcess.run(share[0], Array(share.dropFirst()), in: project.root.path)
        #expect(shared.status == 0, "\(shared)")
        #expect(try Self.asEditor(project, ["session", "start", "Kickoff"]).status == 0)
    }
}
