import WireframeModel

/// S06: text in an object whose class has no string default ("Failed to add parameter for any of ()").
enum TextNotAllowedCheck {
    static let code: DiagnosticCode = "WF1106"
    static let definition = DiagnosticDefinition(code, [.error], "text in an object without a string default", check: "S06")

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag), at: location)
    }

    static func message(_ tag: String) -> String {
        "text is not allowed directly inside '\(tag)'; put it in a parameter tag"
    }
}
