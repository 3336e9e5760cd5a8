import WireframeModel

/// A09: a top-level conditionalAction without `failureAction` that answers a sendMessage with
/// response actions: when the condition fails it returns no result, so no response runs (§3.2, §3.5).
enum ConditionalResultCheck {
    static let code: DiagnosticCode = "WF1509"
    static let definition = DiagnosticDefinition(
        code, [.note], "conditionalAction without failureAction answering a message with response actions", check: "A09")

    static func run(_ graph: SchemaGraph, reach: MessageReach, into diagnostics: inout [Diagnostic]) {
        for (index, controller) in graph.controllers.enumerated() {
            for action in controller.actions where action.schemaClass == .conditionalAction && !action.has("failureAction") {
                guard let name = action.workflowName, !name.isEmpty, reach.answered[index].contains(name) else { continue }
                diagnostics.append(Diagnostic(.note, code, message(name), at: action.location))
            }
        }
    }

    static func message(_ name: String) -> String {
        "'conditionalAction' '\(name)' answers a message with response actions but has no 'failureAction'; when its condition fails no response runs"
    }
}
