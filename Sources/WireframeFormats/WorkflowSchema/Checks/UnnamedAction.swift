import WireframeModel

/// M09: an unnamed action in a controller's `actions`: it catches every unmatched message, and in
/// screens, navigations and tabs every lifecycle event; named actions after it never run. A last
/// unnamed action in a form or table (the catch-all idiom of table_tests.xml) is not reported.
enum UnnamedActionCheck {
    static let code: DiagnosticCode = "WF1409"
    static let definition = DiagnosticDefinition(code, [.warning], "unnamed action in actions", check: "M09")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            let actions = controller.actions
            guard let index = actions.firstIndex(where: { ($0.workflowName ?? "").isEmpty }) else { continue }
            let lifecycle = [.screen, .navigation, .tabs].contains(controller.object.schemaClass)
            let shadowed = actions[(index + 1)...].compactMap(\.workflowName).filter { !$0.isEmpty }
            // A last unnamed action in a form or table is the deliberate catch-all idiom (spec §3.2,
            // table_tests.xml): it fires on no lifecycle event and shadows nothing.
            if !lifecycle, shadowed.isEmpty { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, code, message(actions[index].tag, lifecycle: lifecycle, shadowed: shadowed), at: actions[index].location))
        }
    }

    static func message(_ tag: String, lifecycle: Bool, shadowed: [String]) -> String {
        var text = "unnamed '\(tag)' runs for every message" + (lifecycle ? " and every lifecycle event" : "") + " without an action"
        if !shadowed.isEmpty { text += "; " + shadowed.map { "'\($0)'" }.joined(separator: ", ") + " after it never run" }
        return text
    }
}
