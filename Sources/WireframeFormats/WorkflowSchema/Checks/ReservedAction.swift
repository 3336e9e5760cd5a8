import WireframeModel

/// M12: an action named `submit` in a form or `reloadData` in a table; the controller handles
/// those names itself, so the action never runs.
enum ReservedActionCheck {
    static let code: DiagnosticCode = "WF1412"
    static let definition = DiagnosticDefinition(code, [.warning], "`submit` in form, `reloadData` in table", check: "M12")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            for action in controller.actions {
                guard let name = action.workflowName, controller.handlesReserved(name), let attribute = action.attribute("name") else {
                    continue
                }
                diagnostics.append(Diagnostic(.warning, code, message(name, tag: controller.object.tag), at: attribute.valueLocation))
            }
        }
    }

    static func message(_ name: String, tag: String) -> String {
        "action '\(name)' never runs: a '\(tag)' handles '\(name)' itself"
    }
}
