import WireframeModel

/// P09: an empty parameter tag (`<title/>`), whose value is the empty string (§1.4).
enum EmptyParameterCheck {
    static let code: DiagnosticCode = "WF1209"

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        for parameter in object.parameters {
            for case .text(let text, let location) in parameter.values where text.isEmpty {
                diagnostics.append(Diagnostic(.note, code, message(parameter.name), at: location))
            }
        }
    }

    static func message(_ parameter: String) -> String { "empty parameter '\(parameter)' sets the empty string" }
}
