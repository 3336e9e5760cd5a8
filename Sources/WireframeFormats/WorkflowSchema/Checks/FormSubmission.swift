import WireframeModel

/// M15: a form whose inputs have validations but which has no `didNotSubmit` action (a failed
/// validation shows nothing), and a form with inputs that nothing submits: no `submit` message
/// reaches it and it has no text field whose return key submits it (§3.7).
enum FormSubmissionCheck {
    static let code: DiagnosticCode = "WF1415"
    static let definition = DiagnosticDefinition(
        code, [.note], "form with validations but no `didNotSubmit`; form with inputs that nothing submits", check: "M15")

    static func run(_ graph: SchemaGraph, reach: MessageReach, into diagnostics: inout [Diagnostic]) {
        for (index, controller) in graph.controllers.enumerated() where controller.object.schemaClass == .form {
            var validated = false
            var hasInput = false
            var hasTextField = false
            CheckSupport.ownedObjects(of: controller.object, parameters: ["view"]) { object, _ in
                guard CheckSupport.formInputs.contains(object.schemaClass) else { return }
                hasInput = true
                if object.schemaClass == .textField { hasTextField = true }
                if object.has("validations") { validated = true }
            }
            if validated, controller.handler(for: "didNotSubmit") == nil {
                diagnostics.append(Diagnostic(.note, code, noFailureMessage, at: controller.object.location))
            }
            if hasInput, !hasTextField, !reach.unknown[index], !reach.names[index].contains("submit") {
                diagnostics.append(Diagnostic(.note, code, neverSubmittedMessage, at: controller.object.location))
            }
        }
    }

    static let noFailureMessage = "form validates its inputs but has no 'didNotSubmit' action; a failed validation shows nothing"
    static let neverSubmittedMessage =
        "nothing submits this form: no 'submit' message reaches it and it has no text field to press return in"
}
