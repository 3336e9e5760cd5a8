import WireframeModel

/// Runs the checks on the controller graph of one file (M01–M05, M08–M13, M15, M16, A01–A09,
/// D04; D02 runs in the object checks' walk). `isEntry` says the file is the entry of a project, so its root is neither pushed nor
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
        PositionalKeyCheck.run(graph, into: &diagnostics)
        LifecycleInFormCheck.run(graph, into: &diagnostics)
        ReservedActionCheck.run(graph, into: &diagnostics)
        ReplaceRootCheck.run(graph, into: &diagnostics)
        LifecycleTypoCheck.run(graph, reach: reach, into: &diagnostics)
        UnreachableActionCheck.run(graph, reach: reach, into: &diagnostics)
        FormSubmissionCheck.run(graph, reach: reach, into: &diagnostics)
        CellSelectionCheck.run(graph, into: &diagnostics)
        NavigationStackCheck.run(graph, isEntry: isEntry, into: &diagnostics)
        ConditionalResultCheck.run(graph, reach: reach, into: &diagnostics)
        // D02 (`ProxySlotCheck`) runs in the object checks' walk (`ObjectChecks`), for the
        // same files: those whose root is an ordinary controller.
        walkActionChecks(graph, isEntry: isEntry, reach: reach, into: &diagnostics)
    }

    /// A03–A08 and D04 look at every action of every controller: one walk over a controller's
    /// action sites calls each of them (seven walks cost a reference count per site and check).
    /// The diagnostics are sorted by place, code and message afterwards, so the order in which
    /// the checks find them does not show; none of them looks at the diagnostics found before.
    static func walkActionChecks(_ graph: SchemaGraph, isEntry: Bool, reach: MessageReach, into diagnostics: inout [Diagnostic]) {
        // One list of sites for the walk, refilled per controller: a list made per controller
        // grew from its top-level actions' count and was freed after one reading.
        var sites: [(action: SchemaObject, site: ActionSite)] = []
        for (index, controller) in graph.controllers.enumerated() {
            var dismiss = DismissCheck.Found()
            var stored = TemplateValueCheck.Found()
            sites.removeAll(keepingCapacity: true)
            for action in controller.actions { collect(action, site: ActionSite(topLevel: action), into: &sites) }
            for entry in sites {
                let action = entry.action
                let site = entry.site
                let schemaClass = action.schemaClass
                MissingControllerCheck.visit(action, class: schemaClass, site: site, into: &diagnostics)
                if isEntry { DismissCheck.visit(action, class: schemaClass, into: &dismiss) }
                ViewNamesCheck.visit(action, class: schemaClass, controller: index, in: graph, into: &diagnostics)
                UpdateViewsCheck.visit(action, class: schemaClass, controller: index, in: graph, into: &diagnostics)
                TransientValueCheck.visit(action, class: schemaClass, site: site, controller: index, reach: reach, into: &diagnostics)
                SequenceStopCheck.visit(action, class: schemaClass, site: site, into: &diagnostics)
                TemplateValueCheck.visit(action, class: schemaClass, into: &stored)
            }
            if isEntry { DismissCheck.finish(dismiss, controller: index, in: graph, into: &diagnostics) }
            TemplateValueCheck.finish(stored, controller: controller, into: &diagnostics)
        }
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

    /// Appends an action and every action under it with where it sits, depth first in
    /// document order.
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

    /// "; did you mean 'x'?" for a message name that a controller has no action for, when one of
    /// its actions has a close name (`showDetial` for `showDetail`), else the empty string.
    static func didYouMean(_ name: String, in controller: ControllerNode) -> String {
        Suggestions.didYouMean(name, in: controller.actionNames.lazy.filter { !$0.isEmpty })
    }
}
