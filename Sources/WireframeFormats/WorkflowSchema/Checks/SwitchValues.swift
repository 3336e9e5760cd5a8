import WireframeModel

/// C02: a switch with only one of `onValue` and `offValue`.
enum SwitchValuesCheck {
    static let code: DiagnosticCode = "WF1302"
    static let definition = DiagnosticDefinition(code, [.error], "switch with only one of `onValue` and `offValue`", check: "C02")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .switch, object.has("onValue") != object.has("offValue") else { return }
        diagnostics.append(Diagnostic(.error, code, message, at: object.location))
    }

    static let message = "'switch' needs both 'onValue' and 'offValue', or neither"
}
