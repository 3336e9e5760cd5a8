import WireframeModel

/// S04: a parameter tag (or a demoted tag) at the top level of the document.
enum TopLevelParameterCheck {
    static let code: DiagnosticCode = "WF1104"

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag), at: location)
    }

    static func message(_ tag: String) -> String {
        "'\(tag)' is a parameter tag and cannot be a top-level element"
    }
}
