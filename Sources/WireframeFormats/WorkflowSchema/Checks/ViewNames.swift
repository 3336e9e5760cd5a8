import WireframeModel

/// A05: a showViews, hideViews or updateViews `viewNames` entry that names no view in the
/// performer's view hierarchy (hosted child controllers included); the original ignores it (§3.15).
/// Silent when part of the hierarchy comes from data or another file.
enum ViewNamesCheck {
    static let code: DiagnosticCode = "WF1505"
    static let definition = DiagnosticDefinition(
        code, [.warning], "show/hide/updateViews view name matching no view of the performer's hierarchy, with \"did you mean\"",
        check: "A05")

    /// Looks at one action of the controller at `index` (called by `RoutingChecks.walkActionChecks`).
    static func visit(
        _ action: SchemaObject, class schemaClass: SchemaClass, controller index: Int, in graph: SchemaGraph,
        into diagnostics: inout [Diagnostic]
    ) {
        switch schemaClass {
        case .showViews, .hideViews, .updateViews: break
        default: return
        }
        let found = CheckSupport.namedViews(of: index, in: graph)
        guard found.complete else { return }
        for case .text(let name, let location) in action.values("viewNames") where found.views[name] == nil {
            diagnostics.append(
                Diagnostic(
                    .warning, code,
                    message(name, controller: graph.controllers[index].key) + Suggestions.didYouMean(name, in: found.views.keys.sorted()),
                    at: location))
        }
    }

    static func message(_ name: String, controller: String) -> String {
        "no view named '\(name)' in the view hierarchy of '\(controller)'"
    }
}
