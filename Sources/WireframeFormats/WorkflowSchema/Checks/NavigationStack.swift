import WireframeModel

/// A01: `pushController` or `popController` performed by a controller that cannot be in a
/// navigation stack ("Cannot find navigation controller", §3.10): one that is presented, a
/// navigation or tabs at the file root, or a controller whose containers are such. A root screen,
/// form or table may be loaded into a stack by another file, so it is only known not to be in one
/// when the file is a project's entry.
enum NavigationStackCheck {
    static let code: DiagnosticCode = "WF1501"
    static let definition = DiagnosticDefinition(
        code, [.warning], "push or pop by a controller that is never in a navigation stack", check: "A01")

    static func run(_ graph: SchemaGraph, isEntry: Bool, into diagnostics: inout [Diagnostic]) {
        for (action, performer) in graph.controllerActions
        where action.schemaClass == .pushController || action.schemaClass == .popController {
            guard inNavigationStack(performer, graph: graph, isEntry: isEntry) == false else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, code, message(action.tag, controller: graph.controllers[performer].key), at: action.location))
        }
    }

    /// Whether a controller is in a navigation stack: true, false, or nil when it depends on how
    /// the file is loaded.
    static func inNavigationStack(_ index: Int, graph: SchemaGraph, isEntry: Bool) -> Bool? {
        var current = index
        for _ in graph.controllers.indices {
            let node = graph.controllers[current]
            switch node.arrival {
            case .presented:
                return false
            case .replacedRoot:
                return true
            case .root:
                if isEntry { return false }
                return [.navigation, .tabs].contains(node.object.schemaClass) ? false : nil
            case .pushed, .child:
                guard let creator = node.creator else { return nil }
                if node.arrival == .child, graph.controllers[creator].object.schemaClass == .navigation { return true }
                current = creator
            }
        }
        return nil
    }

    static func message(_ tag: String, controller: String) -> String {
        "'\(tag)' needs a navigation stack, but '\(controller)' is never in one (\"Cannot find navigation controller\")"
    }
}
