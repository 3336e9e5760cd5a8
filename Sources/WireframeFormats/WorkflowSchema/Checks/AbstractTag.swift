import WireframeModel

/// S05: an abstract tag (`object`, `view`, `viewController`) without `keyPath`, where it is not
/// also a parameter name of the parent.
enum AbstractTagCheck {
    static let code: DiagnosticCode = "WF1105"
    static let definition = DiagnosticDefinition(code, [.error], "abstract tag without `keyPath`", check: "S05")

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag), at: location)
    }

    static func message(_ tag: String) -> String { "abstract tag '\(tag)' needs a 'keyPath' attribute" }
}
