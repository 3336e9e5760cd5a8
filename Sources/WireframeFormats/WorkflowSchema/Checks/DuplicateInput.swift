import WireframeModel

/// D11: two named inputs of one form with the same name: the form value becomes a list (§3.7).
/// Inputs under templates or conditional branches are left out (repeated or optional by design).
enum DuplicateInputCheck {
    static let code: DiagnosticCode = "WF1711"

    static func run(_ form: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard form.schemaClass == .form, form.mode == .ordinary else { return }
        var first: [String: SourceLocation] = [:]
        CheckSupport.ownedObjects(of: form, parameters: ["view"]) { object, dynamic in
            guard !dynamic, CheckSupport.formInputs.contains(object.schemaClass), let attribute = object.attribute("name"),
                !attribute.value.isEmpty
            else { return }
            if let earlier = first[attribute.value] {
                diagnostics.append(Diagnostic(
                    .warning, code, message(attribute.value), at: attribute.valueLocation, notes: [DiagnosticNote(noteMessage, at: earlier)]))
            } else {
                first[attribute.value] = attribute.valueLocation
            }
        }
    }

    static func message(_ name: String) -> String {
        "another input of this form is named '\(name)'; the form value '\(name)' becomes a list"
    }
    static let noteMessage = "the first input of that name is here"
}
