import WireframeModel

/// S08: an attribute the format does not use (ignored).
enum UnknownAttributeCheck {
    static let code: DiagnosticCode = "WF1108"
    static let definition = DiagnosticDefinition(code, [.note], "unknown attribute; any attribute on a parameter tag", check: "S08")

    static func diagnostic(name: String, tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, code, message(name, tag: tag) + Suggestions.didYouMean(name, in: AttributeCheck.known), at: location)
    }

    static func parameterDiagnostic(name: String, tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, code, parameterMessage(name, tag: tag), at: location)
    }

    static func message(_ name: String, tag: String) -> String { "unknown attribute '\(name)' on '\(tag)' is ignored" }
    static func parameterMessage(_ name: String, tag: String) -> String {
        "attribute '\(name)' on parameter tag '\(tag)' is ignored"
    }
}
