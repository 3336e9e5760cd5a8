import WireframeModel

/// Runs the checks on the controller graph of one file (M01–M05, M08, M09, M11, M12, A02).
enum RoutingChecks {
    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        UnhandledMessageCheck.run(graph, into: &diagnostics)
        DelegateMessageCheck.run(graph, into: &diagnostics)
        SelfMessageCheck.run(graph, into: &diagnostics)
        DescendantNameCheck.run(graph, into: &diagnostics)
        DescendantTargetCheck.run(graph, into: &diagnostics)
        DuplicateActionCheck.run(graph, into: &diagnostics)
        UnnamedActionCheck.run(graph, into: &diagnostics)
        LifecycleInFormCheck.run(graph, into: &diagnostics)
        ReservedActionCheck.run(graph, into: &diagnostics)
        ReplaceRootCheck.run(graph, into: &diagnostics)
    }

    /// Follows the creator chain from a controller while it forwards every message; returns the
    /// controller that handles messages, or nil when the chain leaves the file.
    static func receiver(from index: Int, in graph: SchemaGraph) -> Int? {
        var current: Int? = index
        var steps = 0
        while let candidate = current, graph.controllers[candidate].forwardsAllMessages, steps < graph.controllers.count {
            current = graph.controllers[candidate].creator
            steps += 1
        }
        return current
    }

    /// Whether a controller handles a name (an action, a catch-all, or a reserved name).
    static func handles(_ controller: ControllerNode, _ name: String) -> Bool {
        controller.handlesReserved(name) || controller.handler(for: name) != nil
    }
}
