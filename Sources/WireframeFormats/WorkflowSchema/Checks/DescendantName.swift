import WireframeModel

/// M04: a message to `descendant` without a `destinationName`.
enum DescendantNameCheck {
    static let code: DiagnosticCode = "WF1404"
    static let definition = DiagnosticDefinition(code, [.error], "descendant message without `destinationName`", check: "M04")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for send in graph.sends where send.message.destination == .descendant {
            if (send.message.destinationName ?? "").isEmpty {
                diagnostics.append(Diagnostic(.error, code, message(send.message.name), at: send.message.location))
            }
        }
    }

    static func message(_ name: String) -> String {
        "message '\(name)' to 'descendant' needs a 'destinationName'"
    }
}
