import WireframeModel

/// S03: a parameter tag directly inside a parameter tag ("Element ended but no valid parent or
/// result is not a schema"), typically `<button><message><name>…`.
enum NestedParameterCheck {
    static let code: DiagnosticCode = "WF1103"
    static let definition = DiagnosticDefinition(code, [.error], "parameter tag inside a parameter tag", check: "S03")

    static func diagnostic(tag: String, parameter: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag, parameter: parameter), at: location)
    }

    static func message(_ tag: String, parameter: String) -> String {
        "parameter tag '\(tag)' cannot appear directly inside parameter tag '\(parameter)'"
    }
}
