import Foundation
import Testing

/// Output that cannot be written (a full disk, a closed descriptor) ends a command with a status
/// and, for standard output, a message on standard error; it never crashes `wfs`. `/dev/full`
/// refuses every write with "no space left on device".
@Suite(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "needs /dev/full"))
struct OutputFailureTests {
    struct Ending {
        var reason: Process.TerminationReason
        var status: Int32
        var error: String
    }

    /// Runs `wfs` in the project with standard output, or standard error, going to `/dev/full`.
    static func run(_ arguments: [String], in project: StoreCLI, fullOutput: Bool) throws -> Ending {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StoreCLI.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: project.root)
        var variables = ProcessInfo.processInfo.environment
        variables["WFS_STORE"] = nil
        variables["WFS_AUTHOR"] = "tester"
        variables["NO_COLOR"] = "1"
        process.environment = variables
        let error = Pipe()
        process.standardOutput = fullOutput ? full : FileHandle.nullDevice
        process.standardError = fullOutput ? error : full
        try process.run()
        let errorData = fullOutput ? error.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return Ending(
            reason: process.terminationReason, status: process.terminationStatus,
            error: String(decoding: errorData, as: UTF8.self))
    }

    static func project() throws -> StoreCLI {
        let project = try StoreCLI()
        try project.write("a.json", StoreCLI.wireframe([("home", "Home"), ("about", "About")]))
        #expect(try project.run("init").status == 0)
        #expect(try project.run("import", "a.json").status == 0)
        return project
    }

    @Test func standardOutputThatCannotBeWrittenIsAnError() throws {
        let project = try Self.project()
        defer { project.remove() }
        // Text output, and a stored source written as bytes.
        for arguments in [["status"], ["log"], ["show", "a.json"], ["show", "a.json", "--source"]] {
            let ending = try Self.run(arguments, in: project, fullOutput: true)
            #expect(ending.reason == .exit, "wfs \(arguments.joined(separator: " ")) crashed: \(ending.error)")
            #expect(ending.status == 2, "wfs \(arguments.joined(separator: " ")): \(ending.status)")
            #expect(ending.error.contains("wfs: error: cannot write to standard output"), "\(ending.error)")
        }
    }

    @Test func standardErrorThatCannotBeWrittenLeavesTheStatus() throws {
        let project = try Self.project()
        defer { project.remove() }
        let missing = try Self.run(["validate", "missing.json"], in: project, fullOutput: false)
        #expect(missing.reason == .exit)
        #expect(missing.status == 2)
        let valid = try Self.run(["validate", "a.json"], in: project, fullOutput: false)
        #expect(valid.reason == .exit)
        #expect(valid.status == 0)
    }
}
