import WireframeModel

/// D11: two named inputs of one form with the same name: the form value becomes a list (§3.7).
/// Inputs under templates or conditional branches are left out (repeated or optional by design).
enum DuplicateInputCheck {
    static let code: DiagnosticCode = "WF1711"
    static let definition = DiagnosticDefinition(
        code, [.warning], "two inputs of one form with the same name (a note points at the first)", check: "D11")

    /// The first input of each name met so far in one form.
    typealias Inputs = [String: SourceLocation]

    /// Checks one input of an ordinary form's view hierarchy (`CheckSupport.formInputs`), in
    /// order: `ObjectChecks` walks the hierarchy once for D11 and D12 (`UnnamedInputCheck`).
    static func visit(_ object: SchemaObject, dynamic: Bool, first: inout Inputs, into diagnostics: inout [Diagnostic]) {
        guard !dynamic, let attribute = object.attribute("name"), !attribute.value.isEmpty else { return }
        if let earlier = first[attribute.value] {
            diagnostics.append(
                Diagnostic(
                    .warning, code, message(attribute.value), at: attribute.valueLocation, notes: [DiagnosticNote(noteMessage, at: earlier)]
                ))
        } else {
            first[attribute.value] = attribute.valueLocation
        }
    }

    static func message(_ name: String) -> String {
        "another input of this form is named '\(name)'; the form value '\(name)' becomes a list"
    }
    static let noteMessage = "the first input of that name is here"
}
