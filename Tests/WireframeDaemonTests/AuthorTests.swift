import Foundation
import Testing
import WireframeDaemon
import WireframeSync

/// The author of an import: the option, then `WFS_AUTHOR`, then `USER`, then `LOGNAME`, then the
/// name the system's user database gives the user id.
/// `wfsd` falls back the same way when its configuration names no author.
@Suite struct AuthorTests {
    /// The process user's name as `id -un` gives it (the same user database, asked by another program).
    static func systemName() throws -> String {
        let id = Process()
        id.executableURL = URL(fileURLWithPath: "/usr/bin/id")
        id.arguments = ["-un"]
        let output = Pipe()
        id.standardOutput = output
        try id.run()
        id.waitUntilExit()
        let name = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return id.terminationStatus == 0 ? name.trimmingCharacters(in: .whitespacesAndNewlines) : "uid \(getuid())"
    }

    @Test func theOptionThenTheEnvironmentThenTheUserId() throws {
        #expect(Times.author(explicit: "given", environment: ["WFS_AUTHOR": "env", "USER": "user"]) == "given")
        #expect(Times.author(explicit: "", environment: ["WFS_AUTHOR": "env", "USER": "user"]) == "env")
        #expect(Times.author(explicit: nil, environment: ["WFS_AUTHOR": "", "USER": "user"]) == "user")
        let expected = try Self.systemName()
        #expect(Times.author(explicit: nil, environment: [:]) == expected)
        #expect(!expected.isEmpty)
        #expect(Times.author(explicit: nil, environment: ["LOGNAME": "login"]) == "login")
        #expect(Times.author(explicit: nil, environment: ["USER": "user", "LOGNAME": "login"]) == "user")
        #expect(Times.author(explicit: nil, environment: ["USER": "", "LOGNAME": ""]) == expected)
    }

    /// A service started without `User=` has neither `USER` nor `LOGNAME`: its revisions carry the
    /// same name as the same user's `wfs import`, not a name of the daemon's own.
    @Test func theDaemonNamesTheSameUserAsTheCommandLine() async throws {
        let empty = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: [:])
        #expect(empty.author == Times.author(explicit: nil, environment: [:]))
        let login = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: ["LOGNAME": "login"])
        #expect(login.author == "login")
        let configured = try await DaemonConfiguration.load(
            file: nil, flags: .init(), environment: ["WFS_AUTHOR": "team", "USER": "user"])
        #expect(configured.author == "team")
    }
}
