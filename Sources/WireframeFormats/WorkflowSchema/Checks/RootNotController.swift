import WireframeModel

/// X07: the root object is not a controller (tabs, navigation, screen, form, table).
enum RootNotControllerCheck {
    static let code: DiagnosticCode = "WF1007"
    static let definition = DiagnosticDefinition(code, [.error], "root object not a controller", check: "X07")

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag), at: location)
    }

    static func message(_ tag: String) -> String {
        "root object '\(tag)' is not a controller; use 'tabs', 'navigation', 'screen', 'form' or 'table'"
    }
}
