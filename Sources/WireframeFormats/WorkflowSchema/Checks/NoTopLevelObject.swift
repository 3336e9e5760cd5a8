import WireframeModel

/// X05: the document has no top-level object, so the file yields no schema.
enum NoTopLevelObjectCheck {
    static let code: DiagnosticCode = "WF1005"
    static let definition = DiagnosticDefinition(code, [.error], "no top-level object", check: "X05")

    static func diagnostic(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message, at: location)
    }

    static let message = "the document has no top-level object; it needs one controller such as 'screen'"
}
