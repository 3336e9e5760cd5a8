import WireframeModel

/// M13: a named top-level action that no message in the file, no lifecycle event and no implicit
/// name (`didSubmit`, `didNotSubmit`, `didSelectCell`) reaches. Silent for controllers that may
/// get messages from elsewhere (named ones, those that create controllers from data or other
/// files, those with messages named by data), and for names other checks report (duplicates,
/// reserved names, look-alikes of lifecycle events).
enum UnreachableActionCheck {
    static let code: DiagnosticCode = "WF1413"

    static func run(_ graph: SchemaGraph, reach: MessageReach, into diagnostics: inout [Diagnostic]) {
        for (index, controller) in graph.controllers.enumerated() where !reach.unknown[index] {
            var seen = Set<String>()
            for action in controller.actions {
                guard let attribute = action.attribute("name"), !attribute.value.isEmpty else { continue }
                let name = attribute.value
                guard seen.insert(name).inserted, !controller.handlesReserved(name), !reach.reaches(name, index, in: graph),
                    LifecycleTypoCheck.lifecycleEvent(like: name) == nil
                else { continue }
                let unhandled = reach.names[index].filter { controller.handler(for: $0) == nil }
                diagnostics.append(Diagnostic(
                    .note, code, message(name, controller: controller.key) + Suggestions.didYouMean(name, in: unhandled.sorted()),
                    at: attribute.valueLocation))
            }
        }
    }

    static func message(_ name: String, controller: String) -> String {
        "no message in this file reaches action '\(name)' of '\(controller)'"
    }
}
