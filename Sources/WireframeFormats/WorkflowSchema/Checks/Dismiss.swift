import WireframeModel

/// A04: `dismissController` in a controller that presents nothing and is never presented (nor
/// inside a presented controller), so there is nothing to dismiss (§3.10). A file's root may be
/// presented by whoever loads it, so this is only known for a project's entry file.
enum DismissCheck {
    static let code: DiagnosticCode = "WF1504"
    static let definition = DiagnosticDefinition(
        code, [.note], "dismissController in a controller that presents nothing and is never presented (entry files of a project)",
        check: "A04")

    /// What one controller's actions hold, gathered by the routing checks' walk (`RoutingChecks.walkActionChecks`).
    struct Found {
        var dismisses: [SchemaObject] = []
        var presents = false
    }

    /// Looks at one action of the controller (only for a project's entry file).
    static func visit(_ action: SchemaObject, class schemaClass: SchemaClass, into found: inout Found) {
        if schemaClass == .dismissController { found.dismisses.append(action) }
        if schemaClass == .presentController { found.presents = true }
    }

    /// Reports once every action of the controller at `index` has been visited.
    static func finish(_ found: Found, controller index: Int, in graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        guard !found.dismisses.isEmpty, !found.presents, !isPresented(index, graph: graph) else { return }
        for action in found.dismisses {
            diagnostics.append(Diagnostic(.note, code, message(graph.controllers[index].key), at: action.location))
        }
    }

    /// Whether the controller or one of its containers or pushers was presented.
    static func isPresented(_ index: Int, graph: SchemaGraph) -> Bool {
        var current: Int? = index
        for _ in graph.controllers.indices {
            guard let candidate = current else { return false }
            if graph.controllers[candidate].arrival == .presented { return true }
            current = graph.controllers[candidate].creator
        }
        return false
    }

    static func message(_ controller: String) -> String {
        "'dismissController' has nothing to dismiss: '\(controller)' presents nothing and is never presented"
    }
}
