/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Hashable, Comparable, CaseIterable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable diagnostic identifier such as `WF0103`.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A secondary message attached to a diagnostic, such as where the other duplicate is.
public struct DiagnosticNote: Hashable, Sendable, Codable {
    /// The note text, in compiler style.
    public var message: String
    /// Where the note points, if anywhere.
    public var location: SourceLocation?
    /// The file the note points into, when it is not the file of the diagnostic.
    public var path: String?

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        self.message = message
        self.location = location
        self.path = path
    }
}

/// A finding about a source file: severity, stable code, message, location and notes.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// How serious it is.
    public var severity: Severity
    /// Its stable identifier.
    public var code: DiagnosticCode
    /// The message: lowercase, no trailing period, names in single quotes.
    public var message: String
    /// The first character of the offending token.
    public var location: SourceLocation
    /// The file it is about, when it is not the file being read (for example a loaded file).
    public var path: String?
    /// Further remarks with their own locations.
    public var notes: [DiagnosticNote]

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String,
        at location: SourceLocation, path: String? = nil, notes: [DiagnosticNote] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.path = path
        self.notes = notes
    }

    /// Orders diagnostics by file, position, then code, so that output is deterministic.
    public static func sourceOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if (lhs.path ?? "") != (rhs.path ?? "") { return (lhs.path ?? "") < (rhs.path ?? "") }
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    /// Sorts in ``Diagnostic/sourceOrder(_:_:)``, as `sort(by:)` does (a stable sort), without
    /// moving anything when they are in that order already.
    public mutating func sortInSourceOrder() {
        var index = 1
        while index < count, !Diagnostic.sourceOrder(self[index], self[index - 1]) { index += 1 }
        if index < count { sort(by: Diagnostic.sourceOrder) }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
    /// The number of diagnostics of one severity, with those a summary of a capped list counts
    /// (``DiagnosticLimit``).
    public func count(of severity: Severity) -> Int {
        var count = 0
        for diagnostic in self {
            if diagnostic.code == DiagnosticLimit.code {
                count += DiagnosticLimit.Omitted(in: diagnostic)[severity]
            } else if diagnostic.severity == severity {
                count += 1
            }
        }
        return count
    }
}
