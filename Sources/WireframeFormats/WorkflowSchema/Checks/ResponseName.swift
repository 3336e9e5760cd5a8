import WireframeModel

/// M14: a sendMessage response action named other than `success` or `failure` (or unnamed): the
/// reply is matched against those two names only, so it never runs (§3.5).
enum ResponseNameCheck {
    static let code: DiagnosticCode = "WF1414"
    static let definition = DiagnosticDefinition(
        code, [.warning], "sendMessage response action named other than `success`/`failure`", check: "M14")
    static let names = ["success", "failure"]

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .sendMessage else { return }
        for response in object.objects("actions") {
            guard let attribute = response.attribute("name"), !attribute.value.isEmpty, !names.contains(attribute.value) else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, code, message(attribute.value) + Suggestions.didYouMean(attribute.value, in: names),
                    at: attribute.valueLocation))
        }
    }

    static func message(_ name: String) -> String {
        "response action '\(name)' never runs; replies are named 'success' or 'failure'"
    }
}
