#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Writing to the terminal: data to standard output, diagnostics to standard error.
enum Terminal {
    /// Whether standard error takes colour: a TTY, and neither `NO_COLOR` nor `TERM=dumb` set.
    static var colourOnStandardError: Bool {
        if let noColour = variable("NO_COLOR"), !noColour.isEmpty { return false }
        if variable("TERM") == "dumb" { return false }
        return isatty(STDERR_FILENO) == 1
    }

    /// Whether a person reads standard error (a TTY): hints that a script has no use for are
    /// written only then.
    static var personReadsStandardError: Bool { isatty(STDERR_FILENO) == 1 }

    /// The value of one environment variable, nil when it is not set.
    static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The environment variables `names` that are set, as `ProcessInfo.processInfo.environment`
    /// would give them.
    static func environment(_ names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in names {
            if let value = variable(name) { found[name] = value }
        }
        return found
    }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// Writes text to standard output as it is.
    static func output(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes the UTF-8 bytes of `text`.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in write(bytes, to: descriptor) }
    }

    /// Writes bytes to standard output or standard error with `write(2)`, not `FileHandle`, whose
    /// `write(_:)` stops the process with a fatal error when the write fails. Standard output that
    /// cannot be written (a full disk, a closed descriptor) ends the command with status 2 and
    /// says so on standard error: what was asked for was not delivered. A broken pipe ends it
    /// without a message, as the default `SIGPIPE` would. Standard error that cannot be written
    /// is given up; the status still tells how the command ended.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard let failure = writeAll(bytes, to: descriptor), descriptor == STDOUT_FILENO else { return }
        if failure != EPIPE {
            var message = "wfs: error: cannot write to standard output: \(String(cString: strerror(failure)))\n"
            message.withUTF8 { _ = writeAll($0, to: STDERR_FILENO) }
        }
        exit(2)
    }

    /// Writes all of `bytes` (a write may take part of them, or be interrupted by a signal); the
    /// `errno` of a write that failed, nil when all were written.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += written
            remaining -= written
        }
        return nil
    }

    /// Writes a line to standard output.
    static func outputLine(_ line: String) {
        output(line + "\n")
    }
}

extension Terminal {
    /// Writes bytes to standard output as they are.
    static func outputBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }
}
