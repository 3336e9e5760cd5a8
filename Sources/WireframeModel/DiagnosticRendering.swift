extension Diagnostic {
    /// Compiler-style text: `path:line:column: severity: message [code]`, then one line per note.
    ///
    /// With `colour`, the severity is set in ANSI colour (callers decide: a TTY and no `NO_COLOR`).
    public func rendered(path: String, colour: Bool = false) -> String {
        // A file name may hold a newline or an escape sequence: it never forges a line.
        let filePath = (self.path ?? path).escapingControlCharacters
        var lines = ["\(filePath):\(location.line):\(location.column): \(Self.label(severity, colour: colour)) \(message) [\(code)]"]
        for note in notes {
            let notePath = note.path?.escapingControlCharacters ?? filePath
            let prefix = note.location.map { "\(notePath):\($0.line):\($0.column): " } ?? "\(notePath): "
            lines.append(prefix + Self.label(.note, colour: colour) + " " + note.message)
        }
        return lines.joined(separator: "\n")
    }

    private static func label(_ severity: Severity, colour: Bool) -> String {
        guard colour else { return "\(severity.rawValue):" }
        let code =
            switch severity {
            case .error: "1;31"
            case .warning: "1;35"
            case .note: "1;36"
            }
        return "\u{1B}[\(code)m\(severity.rawValue):\u{1B}[0m"
    }
}
