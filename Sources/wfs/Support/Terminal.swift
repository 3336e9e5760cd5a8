#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writing to the terminal: data to standard output, diagnostics to standard error.
enum Terminal {
    /// Whether standard error takes colour: a TTY, and neither `NO_COLOR` nor `TERM=dumb` set.
    static var colourOnStandardError: Bool {
        if let noColour = variable("NO_COLOR"), !noColour.isEmpty { return false }
        if variable("TERM") == "dumb" { return false }
        return isatty(STDERR_FILENO) == 1
    }

    /// The value of one environment variable, nil when it is not set. Reading the few variables a
    /// command needs with `getenv` spares it `ProcessInfo`'s dictionary of the whole environment
    /// (0.4–0.8 M instructions each time it is built).
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
        write(line + "\n", to: FileHandle.standardError)
    }

    /// Writes text to standard output as it is.
    static func output(_ text: String) {
        write(text, to: FileHandle.standardOutput)
    }

    /// Writes the UTF-8 bytes of `text`. `Data(text.utf8)` would first ask whether the view is
    /// `ContiguousBytes`, a dynamic cast that scans the binary's conformance records (0.3 M
    /// instructions in every command); the bytes and the write are the same.
    private static func write(_ text: String, to handle: FileHandle) {
        var text = text
        text.withUTF8 { bytes in handle.write(Data(buffer: bytes)) }
    }

    /// Writes a line to standard output.
    static func outputLine(_ line: String) {
        output(line + "\n")
    }
}
