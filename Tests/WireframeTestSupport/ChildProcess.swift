public import Foundation

/// What a finished child process printed and how it ended.
public struct ChildRun: Sendable, CustomStringConvertible {
    /// The exit status (or the signal's number, for a process a signal ended).
    public var status: Int32
    /// Everything it wrote to standard output.
    public var output: String
    /// Everything it wrote to standard error.
    public var error: String

    public var description: String {
        "exit \(status)\nstdout:\n\(output)\nstderr:\n\(error)"
    }
}

/// Runs a program to its end for an end-to-end test: the built `wfs` or `wfsd`, or a tool around
/// them (`strace`, `setpriv`).
public enum ChildProcess {
    /// Runs `executable` with `arguments` in `directory` and waits for it.
    ///
    /// Standard output and standard error go to files, not pipes, so that a child writing much to
    /// both can never block on a full pipe that the test is not reading yet. Standard input is
    /// empty. A child still running after `timeout` seconds is killed and the test fails.
    ///
    /// - Parameter environment: The child's whole environment; nil gives it this process's.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String]? = nil,
        timeout: TimeInterval = 120
    ) throws -> ChildRun {
        let scratch = NSTemporaryDirectory() + "wfs-child-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outputPath = scratch + "/stdout"
        let errorPath = scratch + "/stderr"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            FileManager.default.createFile(atPath: errorPath, contents: nil)
        else { throw TestSupportError("cannot create the output files in \(scratch)") }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            throw TestSupportError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) seconds")
        }
        try output.close()
        try error.close()
        return ChildRun(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self))
    }

    /// This process's environment with `changes` applied (a nil value removes the variable).
    public static func environment(_ changes: [String: String?]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in changes { variables[name] = value }
        return variables
    }
}
