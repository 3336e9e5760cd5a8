import WireframeModel

/// A08: a multipleActions step that may return no result before other steps, which then never
/// run (§3.2): a conditionalAction missing a branch, or a controller action without `controller`
/// (nothing to show without a `schema`).
enum SequenceStopCheck {
    static let code: DiagnosticCode = "WF1508"
    static let definition = DiagnosticDefinition(
        code, [.note], "multipleActions step that may return no result before other steps", check: "A08")

    /// Looks at one action of a controller (called by `RoutingChecks.walkActionChecks`).
    static func visit(
        _ action: SchemaObject, class schemaClass: SchemaClass, site: RoutingChecks.ActionSite, into diagnostics: inout [Diagnostic]
    ) {
        guard site.hasFollowers else { return }
        if schemaClass == .conditionalAction {
            for branch in ["successAction", "failureAction"] where !action.has(branch) {
                diagnostics.append(Diagnostic(.note, code, branchMessage(branch), at: action.location))
            }
        } else if schemaClass.isSubclass(of: .controllerAction), !action.has("controller") {
            diagnostics.append(Diagnostic(.note, code, controllerMessage(action.tag), at: action.location))
        }
    }

    static func branchMessage(_ branch: String) -> String {
        "'conditionalAction' without '\(branch)' returns no result on that branch, and the later actions of 'multipleActions' then do not run"
    }
    static func controllerMessage(_ tag: String) -> String {
        "'\(tag)' without 'controller' returns no result when there is no 'schema', and the later actions of 'multipleActions' then do not run"
    }
}
