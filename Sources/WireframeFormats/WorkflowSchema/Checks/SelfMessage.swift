import WireframeModel

/// M03: a sendMessage to `self` with no matching action in the same controller (warning), or one
/// that the sending action itself handles: infinite recursion (error).
enum SelfMessageCheck {
    static let code: DiagnosticCode = "WF1403"
    static let definition = DiagnosticDefinition(
        code, [.warning, .error], "self message without action (with \"did you mean\") / handled by the sending action itself", check: "M03"
    )

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for send in graph.sends {
            guard case .action(let action) = send.sender, send.message.destination == .self else { continue }
            let controller = graph.controllers[send.owner]
            if controller.handlesReserved(send.message.name) { continue }
            guard let handler = controller.handler(for: send.message.name) else {
                diagnostics.append(
                    Diagnostic(
                        .warning, code,
                        missingMessage(send.message.name, controller: controller.key)
                            + RoutingChecks.didYouMean(send.message.name, in: controller), at: send.message.location))
                continue
            }
            if handler == action {
                diagnostics.append(Diagnostic(.error, code, recursionMessage(send.message.name), at: send.message.location))
            }
        }
    }

    static func missingMessage(_ name: String, controller: String) -> String {
        "message '\(name)' to 'self' has no action in '\(controller)'"
    }
    static func recursionMessage(_ name: String) -> String {
        "action sends '\(name)' to 'self' and handles it itself: infinite recursion"
    }
}
