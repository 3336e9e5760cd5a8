import WireframeModel

/// S03: a parameter tag directly inside a parameter tag ("Element ended but no valid parent or
/// result is not a schema"), typically `<button><message><name>…`. A tag that is neither
/// registered nor any class's parameter name is most often a misspelt object tag
/// (`<actions><pushControler>`), so it gets the nearest registered tag, as WF1104 does.
enum NestedParameterCheck {
    static let code: DiagnosticCode = "WF1103"
    static let definition = DiagnosticDefinition(
        code, [.error],
        "parameter tag inside a parameter tag; a tag no class knows gets \"did you mean\" (`pushControler` → `pushController`)",
        check: "S03")

    static func diagnostic(tag: String, parameter: String, at location: SourceLocation) -> Diagnostic {
        let suggestion = TopLevelParameterCheck.suggestion(for: tag).map { "; did you mean '\($0)'?" } ?? ""
        return Diagnostic(.error, code, message(tag, parameter: parameter) + suggestion, at: location)
    }

    static func message(_ tag: String, parameter: String) -> String {
        "parameter tag '\(tag)' cannot appear directly inside parameter tag '\(parameter)'"
    }
}
