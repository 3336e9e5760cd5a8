public import WireframeModel

/// The JSON shape of a diagnostic that other tools consume.
public struct DiagnosticJSON: Encodable {
    public struct Note: Encodable {
        public var message: String
        public var path: String?
        public var line: Int?
        public var column: Int?
    }

    public var severity: String
    public var code: String
    public var message: String
    public var path: String?
    public var line: Int
    public var column: Int
    public var notes: [Note]

    public init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        code = diagnostic.code.rawValue
        message = diagnostic.message
        path = diagnostic.path
        line = diagnostic.location.line
        column = diagnostic.location.column
        notes = diagnostic.notes.map { Note(message: $0.message, path: $0.path, line: $0.location?.line, column: $0.location?.column) }
    }
}
