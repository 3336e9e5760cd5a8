import WireframeModel

/// C06: a longPressGesture with neither beginMessage nor endMessage.
enum LongPressCheck {
    static let code: DiagnosticCode = "WF1306"
    static let definition = DiagnosticDefinition(code, [.error], "longPressGesture with neither beginMessage nor endMessage", check: "C06")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .longPressGesture, !object.has("beginMessage"), !object.has("endMessage") else { return }
        diagnostics.append(Diagnostic(.error, code, message, at: object.location))
    }

    static let message = "'longPressGesture' needs a 'beginMessage' or an 'endMessage'"
}
