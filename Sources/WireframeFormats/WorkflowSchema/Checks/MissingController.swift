import WireframeModel

/// A03: a pushController, presentController or replaceRootController without `controller` outside
/// a loadSchema success action: nothing puts a `schema` in its context, so it shows nothing
/// (§3.10). Silent under sendMessage response actions, whose context is the reply's.
enum MissingControllerCheck {
    static let code: DiagnosticCode = "WF1503"
    static let definition = DiagnosticDefinition(
        code, [.warning], "controller action without `controller` outside a loadSchema success action", check: "A03")

    /// Looks at one action of a controller (called by `RoutingChecks.walkActionChecks`).
    static func visit(
        _ action: SchemaObject, class schemaClass: SchemaClass, site: RoutingChecks.ActionSite, into diagnostics: inout [Diagnostic]
    ) {
        guard !site.inLoadSuccess, !site.inResponse, schemaClass.isSubclass(of: .controllerAction), !action.has("controller")
        else { return }
        diagnostics.append(Diagnostic(.warning, code, message(action.tag), at: action.location))
    }

    static func message(_ tag: String) -> String {
        "'\(tag)' has no 'controller' and is not a 'loadSchema' success action, so there is no 'schema' to show"
    }
}
