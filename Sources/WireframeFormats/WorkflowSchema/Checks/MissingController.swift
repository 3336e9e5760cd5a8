import WireframeModel

/// A03: a pushController, presentController or replaceRootController without `controller` outside
/// a loadSchema success action: nothing puts a `schema` in its context, so it shows nothing
/// (§3.10). Silent under sendMessage response actions, whose context is the reply's.
enum MissingControllerCheck {
    static let code: DiagnosticCode = "WF1503"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            RoutingChecks.walkActions(of: controller) { action, site in
                guard action.schemaClass.isSubclass(of: .controllerAction), !action.has("controller"),
                    !site.inLoadSuccess, !site.inResponse
                else { return }
                diagnostics.append(Diagnostic(.warning, code, message(action.tag), at: action.location))
            }
        }
    }

    static func message(_ tag: String) -> String {
        "'\(tag)' has no 'controller' and is not a 'loadSchema' success action, so there is no 'schema' to show"
    }
}
