import WireframeModel

/// X11 (added by this reader): a document type declaration. The reader refuses every DTD before
/// parsing, so that no entity is expanded and nothing external is fetched.
enum DocumentTypeCheck {
    static let code: DiagnosticCode = "WF1011"
    static let definition = DiagnosticDefinition(code, [.error], "document type declaration refused", check: "(added)")

    static func diagnostic(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message, at: location)
    }

    static let message = "document type declarations are not allowed; remove the '<!DOCTYPE' and any entity declarations"
}
