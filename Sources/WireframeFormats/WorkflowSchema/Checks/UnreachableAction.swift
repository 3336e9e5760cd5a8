import WireframeModel

/// M13: a named top-level action that no message in the file, no lifecycle event and no implicit
/// name (`didSubmit`, `didNotSubmit`, `didSelectCell`) reaches, and whose name no message of the
/// file even carries (a message of that name that goes elsewhere is M01, M02, M03 or M05's
/// finding). Silent for controllers that may get messages from elsewhere (named ones, those that
/// create controllers from data or other files, those with messages named by data), for names
/// other checks report (duplicates, reserved names, look-alikes of lifecycle events), and in a
/// file with errors, where dropped parts make reachability unreliable.
enum UnreachableActionCheck {
    static let code: DiagnosticCode = "WF1413"
    static let definition = DiagnosticDefinition(
        code, [.note], "named top-level action whose name no message of the file carries and no lifecycle event or implicit name matches",
        check: "M13")

    static func run(_ graph: SchemaGraph, reach: MessageReach, into diagnostics: inout [Diagnostic]) {
        if diagnostics.contains(where: { $0.severity == .error }) { return }
        // Sorted only when a name is reported.
        var messageNames: [String]?
        for (index, controller) in graph.controllers.enumerated() where !reach.unknown[index] {
            var seen = Set<String>()
            // The names the mapper read: the attribute is looked up only for a finding.
            for (position, name) in controller.actionNames.enumerated() {
                guard !name.isEmpty else { continue }
                // The conditions depend on the name only, so a name is remembered when it is
                // reported, and a later action of that name is skipped.
                guard !controller.handlesReserved(name), !reach.reaches(name, index, in: graph),
                    !reach.allNames.contains(name),
                    LifecycleTypoCheck.lifecycleEvent(like: name) == nil,
                    seen.insert(name).inserted, let attribute = controller.actions[position].attribute("name")
                else { continue }
                let names = messageNames ?? reach.allNames.sorted()
                messageNames = names
                diagnostics.append(
                    Diagnostic(
                        .note, code, message(name, controller: controller.key) + Suggestions.didYouMean(name, in: names),
                        at: attribute.valueLocation))
            }
        }
    }

    static func message(_ name: String, controller: String) -> String {
        "no message in this file is named '\(name)', so action '\(name)' of '\(controller)' never runs"
    }
}
