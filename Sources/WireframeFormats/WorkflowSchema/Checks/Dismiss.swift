import WireframeModel

/// A04: `dismissController` in a controller that presents nothing and is never presented (nor
/// inside a presented controller), so there is nothing to dismiss (§3.10). A file's root may be
/// presented by whoever loads it, so this is only known for a project's entry file.
enum DismissCheck {
    static let code: DiagnosticCode = "WF1504"

    static func run(_ graph: SchemaGraph, isEntry: Bool, into diagnostics: inout [Diagnostic]) {
        guard isEntry else { return }
        for (index, controller) in graph.controllers.enumerated() {
            var dismisses: [SchemaObject] = []
            var presents = false
            RoutingChecks.walkActions(of: controller) { action, _ in
                if action.schemaClass == .dismissController { dismisses.append(action) }
                if action.schemaClass == .presentController { presents = true }
            }
            guard !dismisses.isEmpty, !presents, !isPresented(index, graph: graph) else { continue }
            for action in dismisses {
                diagnostics.append(Diagnostic(.note, code, message(controller.key), at: action.location))
            }
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
