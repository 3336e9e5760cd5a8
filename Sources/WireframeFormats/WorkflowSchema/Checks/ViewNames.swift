import WireframeModel

/// A05: a showViews, hideViews or updateViews `viewNames` entry that names no view in the
/// performer's view hierarchy (hosted child controllers included); the original ignores it (§3.15).
/// Silent when part of the hierarchy comes from data or another file.
enum ViewNamesCheck {
    static let code: DiagnosticCode = "WF1505"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for (index, controller) in graph.controllers.enumerated() {
            var hierarchy: (views: [String: [SchemaObject]], complete: Bool)?
            RoutingChecks.walkActions(of: controller) { action, _ in
                switch action.schemaClass {
                case .showViews, .hideViews, .updateViews: break
                default: return
                }
                let found = hierarchy ?? CheckSupport.namedViews(of: index, in: graph)
                hierarchy = found
                guard found.complete else { return }
                for case .text(let name, let location) in action.values("viewNames") where found.views[name] == nil {
                    diagnostics.append(Diagnostic(
                        .warning, code, message(name, controller: controller.key) + Suggestions.didYouMean(name, in: found.views.keys.sorted()),
                        at: location))
                }
            }
        }
    }

    static func message(_ name: String, controller: String) -> String {
        "no view named '\(name)' in the view hierarchy of '\(controller)'"
    }
}
