import WireframeModel

/// D03: a child of a keyPath tag other than the parameter tags `default` and `template`.
enum ProxyChildCheck {
    static let code: DiagnosticCode = "WF1703"
    static let definition = DiagnosticDefinition(code, [.error], "child of a keyPath tag other than `default`/`template`", check: "D03")

    static func diagnostic(child: String, tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(child, tag: tag), at: location)
    }

    static func textDiagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, textMessage(tag), at: location)
    }

    static func message(_ child: String, tag: String) -> String {
        "'\(child)' is not allowed inside keyPath tag '\(tag)'; use 'default' or 'template'"
    }
    static func textMessage(_ tag: String) -> String {
        "text is not allowed inside keyPath tag '\(tag)'; use 'default' or 'template'"
    }
}
