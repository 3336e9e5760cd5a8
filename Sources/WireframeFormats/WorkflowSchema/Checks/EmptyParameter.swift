import WireframeModel

/// P09: an empty parameter tag (`<title/>`), whose value is the empty string (§1.4).
enum EmptyParameterCheck {
    static let code: DiagnosticCode = "WF1209"

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        object.forEachText(where: { _ in true }) { parameter, text, location in
            if text.isEmpty { diagnostics.append(Diagnostic(.note, code, message(parameter), at: location)) }
        }
    }

    static func message(_ parameter: String) -> String { "empty parameter '\(parameter)' sets the empty string" }
}
