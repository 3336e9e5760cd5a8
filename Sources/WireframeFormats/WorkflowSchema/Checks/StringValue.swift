import WireframeModel

/// C10: a `string` with a `table` but no `key`, or with neither `key` nor `value`.
enum StringValueCheck {
    static let code: DiagnosticCode = "WF1310"
    static let definition = DiagnosticDefinition(code, [.error], "`string` without key and value, or with table but no key", check: "C10")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard tag.matches(object) else { return }
        if !object.has("key"), !object.has("value") {
            diagnostics.append(Diagnostic(.error, code, emptyMessage, at: object.location))
        } else if object.has("table"), !object.has("key"), let location = object.parameter("table")?.location {
            diagnostics.append(Diagnostic(.error, code, tableMessage, at: location))
        }
    }

    static let tag = KnownTag("string")
    static let emptyMessage = "'string' needs a 'key' or a 'value'"
    static let tableMessage = "'table' needs a 'key' in the same 'string'"
}
