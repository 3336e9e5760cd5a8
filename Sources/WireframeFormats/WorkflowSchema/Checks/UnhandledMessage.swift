import WireframeModel

/// M01: a view, item, gesture, cell, alert-button, search-bar or trigger message that its owning
/// controller has no action for (nor an unnamed catch-all, nor a reserved meaning). The original
/// drops it silently. When the owner forwards everything, its creator chain is checked instead.
/// A close action name of the receiver is suggested ("did you mean").
enum UnhandledMessageCheck {
    static let code: DiagnosticCode = "WF1401"
    static let definition = DiagnosticDefinition(
        code, [.warning],
        "element message without action in its owning controller (creator chain when forwarding), with a relay hint or \"did you mean\" for a close action name",
        check: "M01")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        // The sends read in place: a copy of each counted its strings (and its action's storage).
        for at in graph.sends.indices {
            guard case .element = graph.sends[at].sender, graph.sends[at].message.destination != .rootDelegate else { continue }
            guard let receiverIndex = RoutingChecks.receiver(from: graph.sends[at].owner, in: graph) else { continue }
            let receiver = graph.controllers[receiverIndex]
            if RoutingChecks.handles(receiver, graph.sends[at].message.name) { continue }
            let send = graph.sends[at]
            var hint = ""
            var ancestor = receiver.creator
            while let index = ancestor {
                if graph.controllers[index].handler(for: send.message.name) != nil {
                    hint = relayHint(graph.controllers[index].key)
                    break
                }
                ancestor = graph.controllers[index].creator
            }
            // An ancestor with the very name explains the miss better than a near name here.
            if hint.isEmpty { hint = RoutingChecks.didYouMean(send.message.name, in: receiver) }
            diagnostics.append(
                Diagnostic(.warning, code, message(send.message.name, controller: receiver.key) + hint, at: send.message.location))
        }
    }

    static func message(_ name: String, controller: String) -> String {
        "message '\(name)' has no action in its controller '\(controller)' and is dropped"
    }
    static func relayHint(_ ancestor: String) -> String {
        "; '\(ancestor)' has one, but messages are not propagated: add a 'sendMessage' relay"
    }
}
