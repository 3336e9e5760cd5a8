import WireframeModel

/// S07: text inside a parameter tag that already has a value; the original drops it.
enum IgnoredTextCheck {
    static let code: DiagnosticCode = "WF1107"
    static let definition = DiagnosticDefinition(code, [.warning], "text after a parameter's value (ignored)", check: "S07")

    static func diagnostic(parameter: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, code, message(parameter), at: location)
    }

    static func message(_ parameter: String) -> String {
        "text in parameter '\(parameter)' after its value is ignored"
    }
}
