import WireframeModel

/// D07: a `not` whose inner condition has its own `value`: `not` evaluates the inner condition
/// with its own value, so the inner one is ignored (§2.8 quirk).
enum NegatedValueCheck {
    static let code: DiagnosticCode = "WF1707"
    static let definition = DiagnosticDefinition(
        code, [.warning], "`not` whose inner condition has its own `value` (ignored)", check: "D07")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .not else { return }
        for inner in object.objects("condition") {
            guard let value = inner.parameter("value") else { continue }
            diagnostics.append(Diagnostic(.warning, code, message(inner.tag), at: value.location))
        }
    }

    static func message(_ tag: String) -> String {
        "'value' of '\(tag)' inside 'not' is ignored; 'not' tests its own 'value'"
    }
}
