import WireframeModel

/// D12: a form input with validations but no `name`: it is validated, but its value never appears
/// in the form values, so no action can read it (§3.7).
enum UnnamedInputCheck {
    static let code: DiagnosticCode = "WF1712"

    static func run(_ form: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard form.schemaClass == .form, form.mode == .ordinary else { return }
        CheckSupport.ownedObjects(of: form, parameters: ["view"]) { object, _ in
            guard CheckSupport.formInputs.contains(object.schemaClass), object.mode == .ordinary, object.has("validations"),
                (object.workflowName ?? "").isEmpty
            else { return }
            diagnostics.append(Diagnostic(.note, code, message(object.tag), at: object.location))
        }
    }

    static func message(_ tag: String) -> String {
        "'\(tag)' has validations but no 'name'; its value is validated but never reaches the form values"
    }
}
