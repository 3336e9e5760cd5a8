import Foundation
import Logging
import Synchronization
import WireframeModel

/// The log level in force, changed by a configuration reload.
final class LevelBox: Sendable {
    private let value: Mutex<Logger.Level>
    init(_ level: Logger.Level) { value = Mutex(level) }
    func get() -> Logger.Level { value.withLock { $0 } }
    func set(_ level: Logger.Level) { value.withLock { $0 = level } }
}

/// One line per message on stderr: `message key=value …`, metadata keys sorted.
///
/// Under systemd (`JOURNAL_STREAM` set) each line starts with its syslog priority (`<6>`), which
/// journald turns into the entry's priority; elsewhere it starts with the UTC time and the level.
struct DaemonLogHandler: LogHandler {
    let label: String
    let level: LevelBox
    let journal: Bool
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, level: LevelBox, journal: Bool) {
        self.label = label
        self.level = level
        self.journal = journal
    }

    var logLevel: Logger.Level {
        get { level.get() }
        set { level.set(newValue) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        var line = journal ? "<\(Self.priority(event.level))>" : "\(Self.now()) \(event.level.rawValue) "
        // One short line per event, whatever a file name or a diagnostic holds: control characters
        // (a newline in a name, the lines of a diagnostic's notes) are written as escapes, and a
        // long message or value is cut.
        line += Self.short("\(event.message)".escapingControlCharacters)
        for key in merged.keys.sorted() {
            guard let value = merged[key] else { continue }
            let text = Self.short("\(value)".escapingControlCharacters)
            line += " \(key)=" + (text.contains(" ") || text.isEmpty ? "\"\(text)\"" : text)
        }
        line += "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The most UTF-8 bytes of a message or a value a line carries: a file's thousands of
    /// diagnostics, or a hostile file name, must not make one line megabytes long.
    static let longestText = 1024

    /// `text`, or its first characters within `longestText` bytes and an ellipsis.
    static func short(_ text: String) -> String {
        guard text.utf8.count > longestText else { return text }
        var kept = Substring.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > longestText { break }
            kept.append(scalar)
        }
        return String(kept) + "…"
    }

    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(time.tv_nsec / 1000))
    }
}
