import WireframeModel

/// P01: a parameter tag whose name the enclosing class does not define ("Failed to add parameter
/// for any of (name)"), when the name is a parameter of some other class. Unknown words are S01.
enum UnknownParameterCheck {
    static let code: DiagnosticCode = "WF1201"
    static let definition = DiagnosticDefinition(
        code, [.error], "parameter name not defined for the class (a name known elsewhere; unknown words are S01)", check: "P01")

    static func diagnostic(name: String, parent: String, parentDefinition: TagDefinition, at location: SourceLocation) -> Diagnostic {
        let suggestion = Suggestions.didYouMean(name, in: parentDefinition.parameters.map(\.name))
        return Diagnostic(.error, code, message(name, parent: parent) + suggestion, at: location)
    }

    static func message(_ name: String, parent: String) -> String { "'\(name)' is not a parameter of '\(parent)'" }
}
