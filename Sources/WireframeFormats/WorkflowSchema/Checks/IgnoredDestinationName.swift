import WireframeModel

/// M06: a `destinationName` on a message whose destination is `delegate` (the default) or
/// `self`; only `descendant` uses it, and `rootDelegate` passes it to the app (§3.4).
enum IgnoredDestinationNameCheck {
    static let code: DiagnosticCode = "WF1406"
    static let definition = DiagnosticDefinition(
        code, [.note], "`destinationName` with destination `delegate` or `self` (ignored)", check: "M06")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .message, object.mode == .ordinary, let parameter = object.parameter("destinationName") else { return }
        let destination = object.text("destinationType") ?? "delegate"
        guard destination == "delegate" || destination == "self" else { return }
        diagnostics.append(Diagnostic(.note, code, message(destination), at: parameter.location))
    }

    static func message(_ destination: String) -> String {
        "'destinationName' is ignored with destination '\(destination)'; only 'descendant' and 'rootDelegate' use it"
    }
}
