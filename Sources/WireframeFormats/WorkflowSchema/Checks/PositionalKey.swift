import WireframeModel

/// An unnamed controller of a `viewControllers` list that neither its tag nor its title tells
/// from its siblings: its key is its position, so inserting, removing or moving a sibling before
/// it gives it another key, and a diff shows it (and every screen below it) as changed.
enum PositionalKeyCheck {
    static let code: DiagnosticCode = "WF1510"
    static let definition = DiagnosticDefinition(
        code, [.warning], "unnamed controller that only its position tells from its siblings (its key changes when they move)",
        check: "(added)")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers where controller.keyedByPosition {
            diagnostics.append(
                Diagnostic(
                    .warning, code,
                    "'\(controller.object.tag)' is keyed by its position ('\(controller.key)'): a sibling has the same tag, and its title is missing or shared; add name=\"…\" to keep its key when a sibling is inserted, removed or moved",
                    at: controller.object.location))
        }
    }
}
