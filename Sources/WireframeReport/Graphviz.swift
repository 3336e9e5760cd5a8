import Foundation
import WireframeSync

/// Runs Graphviz's `dot` to lay out a picture.
public enum Graphviz {
    /// Why a layout failed.
    public enum Failure: Error, CustomStringConvertible {
        /// `dot` is not on PATH.
        case notInstalled
        /// `dot` exited with a status other than 0.
        case failed(status: Int32, message: String)

        /// The message for a person.
        public var description: String {
            switch self {
            case .notInstalled:
                "Graphviz's 'dot' is not installed (on Debian: apt-get install graphviz); text and markdown reports work without it"
            case .failed(let status, let message):
                "dot exited with status \(status): \(message)"
            }
        }
    }

    /// The path of `dot` on PATH, if any.
    public static func dotPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Lays out DOT text as SVG.
    public static func svg(dot: String) throws -> [UInt8] {
        guard let executable = dotPath() else { throw Failure.notInstalled }
        // The input and the messages go through temporary files rather than pipes: with pipes
        // on both sides, a large picture's output could fill its pipe while the input is still
        // being written, and neither process would move.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("in.dot")
        let errorURL = directory.appendingPathComponent("errors.txt")
        try Data(dot.utf8).write(to: inputURL)
        try Data().write(to: errorURL)
        let input = try FileHandle(forReadingFrom: inputURL)
        defer { try? input.close() }
        let errors = try FileHandle(forWritingTo: errorURL)
        defer { try? errors.close() }
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let ended = ProcessExit(of: process)
        try process.run()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
            throw Failure.failed(status: process.terminationStatus, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return [UInt8](svg)
    }
}
