import WireframeModel

/// M02: a sendMessage to `delegate` (the default) whose receiver, the performer's creator, has no
/// matching action. Silent when the performer is the file's root (the message leaves the file).
enum DelegateMessageCheck {
    static let code: DiagnosticCode = "WF1402"
    static let definition = DiagnosticDefinition(
        code, [.warning], "delegate sendMessage without action in the creator (silent at a file root), with \"did you mean\"", check: "M02")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for send in graph.sends {
            guard case .action = send.sender, send.message.destination == .delegate,
                let creator = graph.controllers[send.owner].creator,
                let receiverIndex = RoutingChecks.receiver(from: creator, in: graph)
            else { continue }
            let receiver = graph.controllers[receiverIndex]
            if RoutingChecks.handles(receiver, send.message.name) { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, code,
                    message(send.message.name, receiver: receiver.key) + RoutingChecks.didYouMean(send.message.name, in: receiver),
                    at: send.message.location))
        }
    }

    static func message(_ name: String, receiver: String) -> String {
        "message '\(name)' goes to the creator '\(receiver)', which has no action of that name"
    }
}
