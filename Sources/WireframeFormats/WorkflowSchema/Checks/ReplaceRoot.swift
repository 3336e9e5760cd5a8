import WireframeModel

/// A02: `replaceRootController` performed by a controller that is not a navigation
/// ("WFSReplaceRootControllerAction can only be performed by a navigation controller").
enum ReplaceRootCheck {
    static let code: DiagnosticCode = "WF1502"
    static let definition = DiagnosticDefinition(code, [.error], "replaceRootController not performed by a navigation", check: "A02")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for (action, performer) in graph.controllerActions where action.schemaClass == .replaceRootController {
            let controller = graph.controllers[performer]
            if controller.object.schemaClass != .navigation {
                diagnostics.append(Diagnostic(.error, code, message(controller.object.tag), at: action.location))
            }
        }
    }

    static func message(_ tag: String) -> String {
        "'replaceRootController' can only be performed by a 'navigation', not by a '\(tag)'"
    }
}
