import WireframeModel

/// X04: non-blank text directly inside the document element ("Cannot add characters to current element").
enum TextInDocumentElementCheck {
    static let code: DiagnosticCode = "WF1004"
    static let definition = DiagnosticDefinition(code, [.error], "text directly in the document element", check: "X04")

    static func diagnostic(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message, at: location)
    }

    static let message = "text is not allowed directly inside the document element"
}
