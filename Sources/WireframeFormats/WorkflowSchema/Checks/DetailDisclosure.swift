import WireframeModel

/// C04: a tableCell with accessoryType `detailDisclosureIndicatorButton` but no
/// detailDisclosureMessage, or a detailDisclosureMessage with another accessory type.
enum DetailDisclosureCheck {
    static let code: DiagnosticCode = "WF1304"
    static let definition = DiagnosticDefinition(
        code, [.error],
        "tableCell with accessory `detailDisclosureIndicatorButton` but no detailDisclosureMessage, or the message with another accessory",
        check: "C04")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .tableCell else { return }
        let isButton = object.text("accessoryType") == "detailDisclosureIndicatorButton"
        let hasMessage = object.has("detailDisclosureMessage")
        if isButton, !hasMessage {
            diagnostics.append(Diagnostic(.error, code, missingMessage, at: object.location))
        } else if !isButton, hasMessage, object.parameter("accessoryType").map({ !$0.values.contains { $0.isDynamic } }) ?? true,
            let location = object.parameter("detailDisclosureMessage")?.location
        {
            diagnostics.append(Diagnostic(.error, code, unexpectedMessage, at: location))
        }
    }

    static let missingMessage = "cell with accessory type 'detailDisclosureIndicatorButton' needs a 'detailDisclosureMessage'"
    static let unexpectedMessage =
        "'detailDisclosureMessage' needs accessory type 'detailDisclosureIndicatorButton'"
}
