import WireframeModel

/// X08: an element named like the document element ("Document ended but stack non-empty").
enum DocumentNameReuseCheck {
    static let code: DiagnosticCode = "WF1008"
    static let definition = DiagnosticDefinition(code, [.error], "element named like the document element", check: "X08")

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag), at: location)
    }

    static func message(_ tag: String) -> String {
        "element '\(tag)' has the same name as the document element"
    }
}
