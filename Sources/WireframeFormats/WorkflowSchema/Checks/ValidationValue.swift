import WireframeModel

/// D10: a condition used as a form validation but given a `value`: validations test the input's
/// value, so it is ignored (§2.1).
enum ValidationValueCheck {
    static let code: DiagnosticCode = "WF1710"
    static let definition = DiagnosticDefinition(code, [.note], "form validation with its own `value` (ignored)", check: "D10")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        // `ObjectChecks` calls it only for an object with a parameter of that name (known from its
        // pass over the parameters); looked for by name before the values are copied.
        guard object.has("validations") else { return }
        for condition in object.objects("validations") {
            guard let value = condition.parameter("value") else { continue }
            diagnostics.append(Diagnostic(.note, code, message(condition.tag, input: object.tag), at: value.location))
        }
    }

    static func message(_ tag: String, input: String) -> String {
        "'value' of validation '\(tag)' is ignored; a validation tests the value of its '\(input)'"
    }
}
