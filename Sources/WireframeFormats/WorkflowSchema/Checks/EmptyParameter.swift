import WireframeModel

/// P09: an empty parameter tag (`<title/>`), whose value is the empty string (§1.4).
enum EmptyParameterCheck {
    static let code: DiagnosticCode = "WF1209"
    static let definition = DiagnosticDefinition(code, [.note], "empty parameter tag (`<title/>`: the empty string)", check: "P09")

    /// Checks one text value of any parameter: `ObjectChecks` reads every text value of an
    /// object once for P06, P07 and P09.
    @inline(__always)
    static func visit(_ text: String, parameter: () -> String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        if text.isEmpty { diagnostics.append(Diagnostic(.note, code, message(parameter()), at: location)) }
    }

    static func message(_ parameter: String) -> String { "empty parameter '\(parameter)' sets the empty string" }
}
