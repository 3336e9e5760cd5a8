import Foundation

/// Runs `git` as a child process, with an argument array (never a shell), in one folder.
struct GitProcess: Sendable {
    /// The `git` executable.
    var executable: String
    /// The folder git runs in (the project root).
    var folder: String

    /// Finds `git` on PATH.
    ///
    /// - Throws: ``GitImportError/gitMissing``.
    init(folder: String) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard
            let found = path.split(separator: ":").map({ "\($0)/git" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw GitImportError.gitMissing }
        executable = found
        self.folder = folder
    }

    /// What a finished git command gave.
    struct Output {
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: String
    }

    /// Runs git with `arguments` to its end.
    func run(_ arguments: [String]) throws -> Output {
        // Standard error goes to a file, not a pipe: a long error text could fill its pipe while
        // standard output is still being read, and neither process would move.
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-git-\(UUID().uuidString)")
        try Data().write(to: errorURL)
        defer { try? FileManager.default.removeItem(at: errorURL) }
        let errors = try FileHandle(forWritingTo: errorURL)
        defer { try? errors.close() }
        let output = Pipe()
        let process = makeProcess(arguments)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let ended = ProcessExit(of: process)
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        let message = String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
        return Output(
            status: process.terminationStatus, standardOutput: [UInt8](bytes),
            standardError: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs git with `arguments` and gives its standard output.
    ///
    /// - Throws: ``GitImportError/failed(command:status:message:)`` when it exits with a status other than 0.
    func output(_ arguments: [String]) throws -> [UInt8] {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw GitImportError.failed(command: arguments.first ?? "", status: result.status, message: result.standardError)
        }
        return result.standardOutput
    }

    /// A process that runs git in ``folder``, configured so that the user's pager, colours and
    /// locale do not change what it prints.
    func makeProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--no-pager", "-c", "color.ui=false", "-c", "log.showSignature=false"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        process.environment = environment
        return process
    }
}
