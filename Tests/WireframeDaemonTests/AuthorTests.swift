import Foundation
import Testing
import WireframeDaemon
import WireframeSync

/// The author of an import: the option, then `WFS_AUTHOR`, then `USER`, then `LOGNAME`, then the
/// name the system's user database gives the user id. `wfsd` names its configured author, else
/// each saved file's owner.
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

    /// Without a configured author the daemon names each save's file owner, not its own user:
    /// `USER` and `LOGNAME` name nobody's saves.
    @Test func theDaemonHasNoAuthorOfItsOwnUnlessConfigured() async throws {
        let empty = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: [:])
        #expect(empty.author == nil)
        let login = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: ["LOGNAME": "login", "USER": "user"])
        #expect(login.author == nil)
        let configured = try await DaemonConfiguration.load(
            file: nil, flags: .init(), environment: ["WFS_AUTHOR": "team", "USER": "user"])
        #expect(configured.author == "team")
    }

    /// A file's owner by the system's user database (as `id -nu UID` names it), else `uid N`.
    @Test func aFileIsItsOwners() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "wfs-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "app.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        #expect(Times.fileOwner(path: path) == (try Self.systemName()))
        #expect(Times.fileOwner(path: folder.appending(path: "gone.json").path) == nil)
        guard getuid() == 0 else { return }  // Giving a file to another user needs root.
        #expect(chown(path, 54_321, 54_321) == 0)
        #expect(Times.fileOwner(path: path) == "uid 54321")
        #expect(chown(path, 1, 1) == 0)
        let id = Process()
        id.executableURL = URL(fileURLWithPath: "/usr/bin/id")
        id.arguments = ["-nu", "1"]
        let output = Pipe()
        id.standardOutput = output
        try id.run()
        id.waitUntilExit()
        let name = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(id.terminationStatus == 0 && !name.isEmpty)
        #expect(Times.fileOwner(path: path) == name)
    }
}
