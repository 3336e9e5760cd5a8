import WireframeModel

/// Runs the checks on the controller graph of one file (M01–M05, M08–M13, M15, M16, A01–A09,
/// D02, D04). `isEntry` says the file is the entry of a project, so its root is neither pushed nor
/// presented; otherwise the root may be loaded from anywhere and checks that depend on it stay silent.
enum RoutingChecks {
    static func run(_ graph: SchemaGraph, isEntry: Bool = false, into diagnostics: inout [Diagnostic]) {
        let reach = MessageReach(graph)
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
        LifecycleTypoCheck.run(graph, reach: reach, into: &diagnostics)
        UnreachableActionCheck.run(graph, reach: reach, into: &diagnostics)
        FormSubmissionCheck.run(graph, reach: reach, into: &diagnostics)
        CellSelectionCheck.run(graph, into: &diagnostics)
        NavigationStackCheck.run(graph, isEntry: isEntry, into: &diagnostics)
        MissingControllerCheck.run(graph, into: &diagnostics)
        DismissCheck.run(graph, isEntry: isEntry, into: &diagnostics)
        ViewNamesCheck.run(graph, into: &diagnostics)
        UpdateViewsCheck.run(graph, into: &diagnostics)
        TransientValueCheck.run(graph, reach: reach, into: &diagnostics)
        SequenceStopCheck.run(graph, into: &diagnostics)
        ConditionalResultCheck.run(graph, reach: reach, into: &diagnostics)
        ProxySlotCheck.run(graph, into: &diagnostics)
        TemplateValueCheck.run(graph, into: &diagnostics)
    }

    /// Where an action sits, for the checks that walk action trees.
    struct ActionSite {
        /// The controller's top-level action it is part of.
        var topLevel: SchemaObject
        /// Directly the success action of a loadSchema (the context holds `schema`).
        var inLoadSuccess = false
        /// Under a sendMessage response action (the context is the reply's).
        var inResponse = false
        /// In a multipleActions, with actions after it.
        var hasFollowers = false
    }

    /// Visits every action of a controller, nested ones included, depth first in document order.
    /// The walk is made once per controller (`ControllerNode.actionSites`) and shared by the checks.
    static func walkActions(of controller: ControllerNode, _ visit: (SchemaObject, ActionSite) -> Void) {
        for entry in controller.actionSites { visit(entry.action, entry.site) }
    }

    /// Every action of a controller with where it sits, depth first in document order.
    static func actionSites(of actions: [SchemaObject]) -> [(action: SchemaObject, site: ActionSite)] {
        var sites: [(action: SchemaObject, site: ActionSite)] = []
        sites.reserveCapacity(actions.count)
        for action in actions { collect(action, site: ActionSite(topLevel: action), into: &sites) }
        return sites
    }

    private static func collect(
        _ action: SchemaObject, site: ActionSite, into sites: inout [(action: SchemaObject, site: ActionSite)]
    ) {
        sites.append((action, site))
        switch action.schemaClass {
        case .multipleActions:
            let actions = action.objects("actions")
            for (index, child) in actions.enumerated() {
                var childSite = site
                childSite.inLoadSuccess = false
                childSite.hasFollowers = index < actions.count - 1
                collect(child, site: childSite, into: &sites)
            }
        case .conditionalAction, .loadSchema:
            // Read from the storage: no value list per action.
            let isLoad = action.schemaClass == .loadSchema
            action.forEachObject("successAction") { child in
                var childSite = site
                childSite.inLoadSuccess = isLoad
                collect(child, site: childSite, into: &sites)
            }
            action.forEachObject("failureAction") { child in
                var childSite = site
                childSite.inLoadSuccess = false
                collect(child, site: childSite, into: &sites)
            }
        case .sendMessage:
            action.forEachObject("actions") { child in
                var childSite = site
                childSite.inResponse = true
                childSite.inLoadSuccess = false
                childSite.hasFollowers = false
                collect(child, site: childSite, into: &sites)
            }
        default:
            break
        }
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
