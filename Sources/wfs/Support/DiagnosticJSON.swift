import WireframeModel

/// The JSON shape of a diagnostic that other tools consume.
struct DiagnosticJSON: Encodable {
    struct Note: Encodable {
        var message: String
        var path: String?
        var line: Int?
        var column: Int?
    }

    var severity: String
    var code: String
    var message: String
    var path: String?
    var line: Int
    var column: Int
    var notes: [Note]

    init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        code = diagnostic.code.rawValue
        message = diagnostic.message
        path = diagnostic.path
        line = diagnostic.location.line
        column = diagnostic.location.column
        notes = diagnostic.notes.map { Note(message: $0.message, path: $0.path, line: $0.location?.line, column: $0.location?.column) }
    }
}
