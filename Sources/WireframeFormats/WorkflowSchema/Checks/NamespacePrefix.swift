import WireframeModel

/// X10: a namespace-prefixed tag or attribute, which is looked up literally and never recognised.
enum NamespacePrefixCheck {
    static let code: DiagnosticCode = "WF1010"
    static let definition = DiagnosticDefinition(code, [.warning], "namespace-prefixed tag or attribute", check: "X10")

    static func diagnostic(name: String, isTag: Bool, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, code, message(name, isTag: isTag), at: location)
    }

    static func message(_ name: String, isTag: Bool) -> String {
        "namespace prefix in \(isTag ? "tag" : "attribute") '\(name)' is not processed; the name is looked up literally"
    }
}
