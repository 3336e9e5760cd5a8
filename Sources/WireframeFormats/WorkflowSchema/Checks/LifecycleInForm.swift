import WireframeModel

/// M11: a lifecycle-named action in a form or table, which never performs lifecycle actions.
enum LifecycleInFormCheck {
    static let code: DiagnosticCode = "WF1411"
    static let definition = DiagnosticDefinition(code, [.warning], "lifecycle-named action in form or table", check: "M11")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers where [.form, .table].contains(controller.object.schemaClass) {
            for action in controller.actions {
                guard let name = action.workflowName, NamedAction.lifecycleNames.contains(name),
                    let attribute = action.attribute("name")
                else { continue }
                diagnostics.append(Diagnostic(.warning, code, message(name, tag: controller.object.tag), at: attribute.valueLocation))
            }
        }
    }

    static func message(_ name: String, tag: String) -> String {
        "'\(name)' never fires in a '\(tag)'; only tabs, navigation and screen perform lifecycle actions"
    }
}
