#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import WireframeTestSupport

/// `wfs` never asks the system's name service (NSS) about a user, a group or a host: the release
/// `wfs` is a static executable, and static glibc answers such a question by loading the shared
/// NSS modules (`libnss_systemd.so.2`, and with it the shared C library) into the process, which
/// crashed it (docs/PERFORMANCE.md, "Starting a process"). Every lookup begins by reading
/// `/etc/nsswitch.conf`, so each command that touches files or names the author runs under
/// `strace`, and the trace must not name that file nor an NSS module. As root, the project's files
/// belong to a user and group the system does not know, and the commands also run as that user.
@Suite(.serialized) struct NameServiceTests {
    static let unknownId = OtherUser.id

    /// Paths whose opening means a name-service lookup (or a host lookup).
    static let lookupMarkers = ["nsswitch.conf", "libnss_", "/etc/host.conf", "/etc/resolv.conf"]

    /// The binary under test: `WFS_TEST_BINARY` (CI sets it to the release build, the static
    /// executable), else the `wfs` built beside the tests.
    static let binary: String = {
        if let given = getenv("WFS_TEST_BINARY"), let path = String(validatingCString: given), !path.isEmpty { return path }
        return StoreCLI.binary
    }()

    /// What one traced run gave: its result and the trace's lines that show a lookup.
    struct TracedRun {
        var status: Int32
        var output: String
        var error: String
        var lookups: [String]
    }

    /// Runs `wfs` under `strace -f` (file system calls), as the unknown user when `asUnknownUser`,
    /// with neither `WFS_AUTHOR` nor `USER` set, so that the author comes from the user id.
    static func traced(_ arguments: [String], in root: String, asUnknownUser: Bool) throws -> TracedRun {
        let strace = try #require(OtherUser.tool("strace"), "strace is needed for this test (.ci/run installs it)")
        let trace = root + "/.trace-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        var command = [strace, "-f", "-qq", "-e", "trace=%file", "-o", trace, binary] + arguments
        if asUnknownUser { command = try OtherUser.wrapping(command) }
        let run = try ChildProcess.run(
            command[0], Array(command.dropFirst()), in: root,
            environment: ChildProcess.environment(["WFS_STORE": nil, "WFS_AUTHOR": nil, "USER": nil, "LOGNAME": nil, "NO_COLOR": "1"]))
        let traceText = try #require(FileManager.default.contents(atPath: trace), "strace wrote no trace for \(arguments)")
        let lines = String(decoding: traceText, as: UTF8.self).split(separator: "\n")
        // The trace must show wfs itself running, or an empty trace would pass.
        #expect(lines.contains { $0.contains("execve(") && $0.contains(binary) }, "no execve of wfs in the trace")
        return TracedRun(
            status: run.status, output: run.output, error: run.error,
            lookups: lines.filter { line in lookupMarkers.contains { line.contains($0) } }.map(String.init))
    }

    /// init, validate, import (author from the user id), log, status, show, a session, export,
    /// verify, each succeeding without a lookup; `expectedAuthor` is what the import records.
    static func runEveryCommand(in project: StoreCLI, asUnknownUser: Bool, expectedAuthor: String) throws {
        func run(_ arguments: String...) throws -> TracedRun {
            let result = try traced(arguments, in: project.root, asUnknownUser: asUnknownUser)
            #expect(result.status == 0, "wfs \(arguments.joined(separator: " ")): exit \(result.status)\n\(result.error)")
            #expect(result.lookups.isEmpty, "wfs \(arguments.joined(separator: " ")) asked the name service:\n\(result.lookups.joined(separator: "\n"))")
            return result
        }
        _ = try run("init")
        _ = try run("validate", "sub")
        let imported = try run("import", "sub")
        #expect(imported.output.hasPrefix("stored sub/a.json revision 1"), "\(imported.output)")
        #expect(imported.output.contains("stored sub/deeper/b.json revision 2"), "\(imported.output)")
        let log = try run("log", "--limit", "1", "--format", "json")
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.first?["author"] as? String == expectedAuthor, "\(log.output)")
        _ = try run("status")
        _ = try run("show", "sub/a.json")
        _ = try run("session", "start", "review")
        _ = try run("session", "end")
        _ = try run("export", "--output", project.root + "/exported")
        #expect(FileManager.default.fileExists(atPath: project.root + "/exported/sub/a.json"))
        _ = try run("verify")
        _ = try run("validate", "exported/sub")
    }

    /// A project with two wireframes below `sub`, one of them in a deeper folder.
    static func project() throws -> StoreCLI {
        let project = try StoreCLI()
        try project.write("sub/a.json", StoreCLI.wireframe([("home", "Home"), ("about", "About")]))
        try project.write("sub/deeper/b.json", StoreCLI.wireframe([("home", "Start")]))
        return project
    }

    @Test func noCommandAsksTheNameService() throws {
        let project = try Self.project()
        defer { project.remove() }
        let uid = getuid()
        if uid == 0 {
            // Files of an owner and group the system cannot name (copied from a container, on NFS).
            #expect(getpwuid(Self.unknownId) == nil, "uid \(Self.unknownId) exists here")
            try OtherUser.own(project.root + "/sub")
        }
        let passwd = String(decoding: FileManager.default.contents(atPath: "/etc/passwd") ?? Data(), as: UTF8.self)
        // A user that /etc/passwd does not list (a container run with an arbitrary user id) is `uid N`.
        let name = passwd.split(separator: "\n").first { $0.split(separator: ":", omittingEmptySubsequences: false).dropFirst(2).first == Substring(String(uid)) }?
            .split(separator: ":").first.map(String.init)
        try Self.runEveryCommand(in: project, asUnknownUser: false, expectedAuthor: name ?? "uid \(uid)")
    }

    @Test(.enabled(if: getuid() == 0, "running as another user needs root"))
    func noCommandAsksTheNameServiceForAnUnknownUser() throws {
        #expect(getpwuid(Self.unknownId) == nil, "uid \(Self.unknownId) exists here")
        let project = try Self.project()
        defer { project.remove() }
        try OtherUser.own(project.root)
        try Self.runEveryCommand(in: project, asUnknownUser: true, expectedAuthor: "uid \(Self.unknownId)")
    }
}
