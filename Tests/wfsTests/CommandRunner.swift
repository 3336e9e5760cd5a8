#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Testing
import WireframeTestSupport

/// What one run of the `wfs` binary gave.
struct CommandResult: Sendable, CustomStringConvertible {
    var status: Int32
    var standardOutput: String
    var standardError: String

    var description: String {
        "exit \(status)\nstdout:\n\(standardOutput)\nstderr:\n\(standardError)"
    }
}

/// Runs the built `wfs` executable end to end.
enum CommandRunner {
    /// The package root: three levels above this file (`Tests/wfsTests/CommandRunner.swift`).
    static let packageRoot = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `wfs` binary next to the running test bundle (its build folder), else in `.build/debug`.
    static func executable() throws -> URL {
        var candidates: [URL] = []
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(folder.appending(path: "wfs"))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(packageRoot.appending(path: ".build/debug/wfs"))
        let found = candidates.first { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
        return try #require(found, "the wfs executable is not built; looked at \(candidates.map(\.path)); run `swift build` first")
    }

    /// Runs `wfs` with arguments in a folder; fails the test (and kills the process) after `timeout` seconds.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> CommandResult {
        var changes: [String: String?] = ["NO_COLOR": nil]
        for (key, value) in environment { changes[key] = value }
        let run = try ChildProcess.run(
            try executable().path, arguments, in: (directory ?? packageRoot).path, environment: ChildProcess.environment(changes),
            timeout: timeout)
        return CommandResult(status: run.status, standardOutput: run.output, standardError: run.error)
    }

    /// Runs `wfs` with standard error on a pseudo-terminal, and returns what the terminal received.
    static func runOnTerminal(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> (
        status: Int32, terminal: String
    ) {
        // posix_openpt and friends are not visible to Swift here; /dev/ptmx with ioctls does the same.
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(primary >= 0, "cannot open a pseudo-terminal")
        defer { close(primary) }
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN
        try #require(ioctl(primary, setLock, &unlock) == 0, "cannot unlock the pseudo-terminal")
        try #require(ioctl(primary, getNumber, &number) == 0, "cannot name the pseudo-terminal")
        let name = "/dev/pts/\(number)"
        let secondary = open(name, O_RDWR | O_NOCTTY)
        try #require(secondary >= 0, "cannot open \(name)")

        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var childEnvironment = ProcessInfo.processInfo.environment
        childEnvironment.removeValue(forKey: "NO_COLOR")
        childEnvironment["TERM"] = "xterm-256color"
        for (key, value) in environment { childEnvironment[key] = value }
        process.environment = childEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
        try process.run()

        // Drain the terminal while the child writes, so that it never blocks on a full buffer.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let flags = fcntl(primary, F_GETFL)
        _ = fcntl(primary, F_SETFL, flags | O_NONBLOCK)
        let deadline = Date().addingTimeInterval(60)
        func drain() {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
                if count <= 0 { return }
                received += buffer[0..<count]
            }
        }
        while process.isRunning, Date() < deadline {
            drain()
            usleep(5_000)
        }
        if process.isRunning {
            process.terminate()
            Issue.record("wfs \(arguments.joined(separator: " ")) did not finish on a terminal")
        }
        process.waitUntilExit()
        close(secondary)
        drain()
        return (process.terminationStatus, String(decoding: received, as: UTF8.self))
    }

    /// A fresh folder for a test's files; the caller removes it.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "wfs-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes text to a path below a folder, creating the folders on the way.
    static func write(_ text: String, to relativePath: String, in folder: URL) throws {
        let url = folder.appending(path: relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
