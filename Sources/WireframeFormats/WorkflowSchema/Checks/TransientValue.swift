import WireframeModel

/// A07: a `storeValue` with `transient` set whose result context nothing uses: it is the last
/// step (or not in a multipleActions) and its top-level action does not answer a sendMessage
/// with response actions, so the value is lost (§3.11).
enum TransientValueCheck {
    static let code: DiagnosticCode = "WF1507"
    static let definition = DiagnosticDefinition(code, [.note], "transient storeValue whose result context nothing uses", check: "A07")

    /// Looks at one action of the controller at `index` (called by `RoutingChecks.walkActionChecks`).
    static func visit(
        _ action: SchemaObject, class schemaClass: SchemaClass, site: RoutingChecks.ActionSite, controller index: Int,
        reach: MessageReach, into diagnostics: inout [Diagnostic]
    ) {
        guard schemaClass == .storeValue, let transient = action.parameter("transient"),
            action.text("transient").map(BooleanText.isTrue) ?? false, !site.hasFollowers
        else { return }
        if !site.inResponse, reach.unknown[index] || reach.answered[index].contains(site.topLevel.workflowName ?? "") { return }
        diagnostics.append(Diagnostic(.note, code, message(action.text("name") ?? ""), at: transient.location))
    }

    static func message(_ name: String) -> String {
        "transient value '\(name)' is lost: no later action and no reply uses the context it is stored in"
    }
}
