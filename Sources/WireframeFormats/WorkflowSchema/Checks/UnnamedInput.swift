import WireframeModel

/// D12: a form input with validations but no `name`: it is validated, but its value never appears
/// in the form values, so no action can read it (§3.7).
enum UnnamedInputCheck {
    static let code: DiagnosticCode = "WF1712"
    static let definition = DiagnosticDefinition(code, [.note], "form input with validations but no `name`", check: "D12")

    /// Checks one input of an ordinary form's view hierarchy (`CheckSupport.formInputs`):
    /// `ObjectChecks` walks the hierarchy once for D11 (`DuplicateInputCheck`) and D12.
    static func visit(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.mode == .ordinary, object.has("validations"), (object.workflowName ?? "").isEmpty else { return }
        diagnostics.append(Diagnostic(.note, code, message(object.tag), at: object.location))
    }

    static func message(_ tag: String) -> String {
        "'\(tag)' has validations but no 'name'; its value is validated but never reaches the form values"
    }
}
