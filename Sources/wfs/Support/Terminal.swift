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
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDERR_FILENO) == 1
    }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes text to standard output as it is.
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a line to standard output.
    static func outputLine(_ line: String) {
        output(line + "\n")
    }
}
