import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `wfsd` and `wfs` binaries on a temporary project.
final class Project: @unchecked Sendable {
    let root: URL
    /// The store: `.wfs/store.sqlite` in the root, or the URL of a server's store.
    let store: String

    /// A project in `root` (default: a new temporary folder), with a store made by `wfs init`: an
    /// SQLite store in the project, or `store` (a PostgreSQL URL, which several projects may share).
    init(root: URL? = nil, store: String? = nil) throws {
        self.root = root ?? FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-test-\(UUID().uuidString)")
        self.store = store ?? self.root.path + "/.wfs/store.sqlite"
        try FileManager.default.createDirectory(at: self.root.appendingPathComponent(".wfs"), withIntermediateDirectories: true)
        let result = try Self.run(Binaries.wfs, ["init", "--root", self.root.path, "--store", self.store], in: self.root)
        guard result.status == 0 else { throw HarnessError.failed("wfs init: \(result.stderr)") }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Writes a file in place (open, truncate, write, close: one IN_CLOSE_WRITE).
    func write(_ relative: String, _ text: String) throws {
        let url = url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw HarnessError.failed("open \(relative)") }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Saves like editors that write a temporary file and rename it into place (IN_MOVED_TO).
    func writeAndRename(_ relative: String, _ text: String) throws {
        let temporary = relative + ".tmp"
        try write(temporary, text)
        guard rename(url(temporary).path, url(relative).path) == 0 else { throw HarnessError.failed("rename") }
    }

    /// Saves like vim with 'backupcopy=auto': probe file 4913 comes and goes, the file is renamed
    /// to `file~`, a new file is written, the backup is removed.
    func writeLikeVim(_ relative: String, _ text: String) throws {
        let folder = url(relative).deletingLastPathComponent()
        let probe = folder.appendingPathComponent("4913").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if descriptor >= 0 { close(descriptor) }
        unlink(probe)
        let backup = url(relative).path + "~"
        guard rename(url(relative).path, backup) == 0 else { throw HarnessError.failed("rename to backup") }
        try write(relative, text)
        unlink(backup)
    }

    func remove(_ relative: String) throws { try FileManager.default.removeItem(at: url(relative)) }

    // MARK: The daemon

    /// Starts wfsd on the project, as ``OtherUser`` when `asOtherUser` (which needs root), or
    /// through `wrapper` (``OtherUser/wrapping(_:user:group:groups:umask:)``).
    func startDaemon(
        environment: [String: String] = [:], arguments: [String] = [], asOtherUser: Bool = false,
        wrapper: (([String]) throws -> [String])? = nil
    ) throws -> Daemon {
        try Daemon(project: self, environment: environment, arguments: arguments, asOtherUser: asOtherUser, wrapper: wrapper)
    }

    /// Starts wfsd where it is expected to stop at once (a refused configuration, …) and waits for its exit.
    func startDaemonUntilItExits(environment: [String: String] = [:], arguments: [String] = []) throws -> Daemon {
        let daemon = try startDaemon(environment: environment, arguments: arguments)
        try waitUntil("wfsd exits") { !daemon.process.isRunning }
        daemon.process.waitUntilExit()
        return daemon
    }

    // MARK: Queries through wfs

    func wfs(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Self.run(Binaries.wfs, arguments + ["--store", store], in: root)
    }

    /// `wfs log --format json`, newest first; empty when the document has no revision.
    func log(_ document: String? = nil) throws -> [[String: Any]] {
        var arguments = ["log", "--format", "json"]
        if let document { arguments += ["--document", document] }
        let result = try wfs(arguments)
        guard result.status == 0 else { return [] }
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// `wfs status --format json`.
    func status() throws -> [String: Any] {
        let result = try wfs(["status", "--format", "json"])
        guard result.status == 0 else { throw HarnessError.failed("wfs status: \(result.stderr)") }
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let run = try ChildProcess.run(executable.path, arguments, in: folder.path)
        return (run.status, run.output, run.error)
    }
}

/// A running `wfsd`; its stderr goes to a file that ``log`` reads.
final class Daemon: @unchecked Sendable {
    let process = Process()
    let logFile: URL

    init(
        project: Project, environment: [String: String], arguments: [String], asOtherUser: Bool = false,
        wrapper: (([String]) throws -> [String])? = nil
    ) throws {
        logFile = project.root.appendingPathComponent(".wfs/wfsd-test.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        var command = [Binaries.wfsd.path, "--store", project.store] + arguments
        if asOtherUser { command = try OtherUser.wrapping(command) }
        if let wrapper { command = try wrapper(command) }
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = project.root
        var merged = ProcessInfo.processInfo.environment
        merged["NOTIFY_SOCKET"] = nil
        merged["WATCHDOG_USEC"] = nil
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        process.standardError = try FileHandle(forWritingTo: logFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Waits until the daemon logged that it watches (after its catch-up pass).
    func waitUntilWatching() throws {
        try waitUntil("wfsd is watching; log:\n\(log)") { self.log.contains("watching") || !self.process.isRunning }
        guard process.isRunning else { throw HarnessError.failed("wfsd exited \(process.terminationStatus):\n\(log)") }
    }

    /// Sends a signal and waits for the exit status.
    func stop(_ signal: Int32 = SIGTERM) throws -> Int32 {
        kill(process.processIdentifier, signal)
        try waitUntil("wfsd exits") { !self.process.isRunning }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case failed(String)
    case timedOut(String)
    var description: String {
        switch self {
        case .failed(let text): text
        case .timedOut(let what): "timed out waiting until \(what)"
        }
    }
}

/// Polls `condition` until it holds or the deadline passes (a generous one: this checks behaviour, not time).
func waitUntil(_ what: @autoclosure () -> String, timeout: Duration = .seconds(20), _ condition: () throws -> Bool) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    if try condition() { return }
    throw HarnessError.timedOut(what())
}

/// The built binaries, beside the test bundle.
enum Binaries {
    static let folder: URL = {
        if let explicit = ProcessInfo.processInfo.environment["WFS_BINARIES"] { return URL(fileURLWithPath: explicit) }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // On some platforms the test bundle is a folder: climb out of it.
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("wfsd").path), url.path != "/" {
            url = url.deletingLastPathComponent()
        }
        return url
    }()
    static let wfsd = folder.appendingPathComponent("wfsd")
    static let wfs = folder.appendingPathComponent("wfs")
}

/// A small valid wireframe whose home screen has the given title.
func wireframe(title: String, extraScreen: String? = nil) -> String {
    var routes = [#"{"name": "home", "title": "\#(title)"}"#]
    if let extraScreen { routes.append(#"{"name": "\#(extraScreen)", "title": "More"}"#) }
    let links = extraScreen.map { #", "subroutes": ["\#($0)"]"# } ?? ""
    routes[0] = #"{"name": "home", "title": "\#(title)"\#(links)}"#
    return #"{"appName": "Test", "root": "home", "routes": [\#(routes.joined(separator: ", "))]}"# + "\n"
}

/// A wireframe whose root names a screen that does not exist: rejected by validation.
let invalidWireframe = #"{"appName": "Test", "root": "nowhere", "routes": [{"name": "home", "title": "Home"}]}"# + "\n"
