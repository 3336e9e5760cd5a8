import WireframeModel

/// M16: a selectable table cell without a `message` in a table that has no `didSelectCell` (or
/// unnamed) action: tapping it does nothing (§3.8). Reported once per table, at the first such cell.
enum CellSelectionCheck {
    static let code: DiagnosticCode = "WF1416"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers where controller.object.schemaClass == .table {
            guard controller.handler(for: "didSelectCell") == nil else { continue }
            var cells: [SchemaObject] = []
            CheckSupport.ownedObjects(of: controller.object, parameters: ["sections"]) { object, _ in
                guard object.schemaClass == .tableCell, object.mode == .ordinary, !object.has("message") else { return }
                if let selectable = object.text("selectable"), !BooleanText.isTrue(selectable) { return }
                cells.append(object)
            }
            guard let first = cells.first else { continue }
            diagnostics.append(Diagnostic(.note, code, message(controller.key, count: cells.count), at: first.location))
        }
    }

    static func message(_ table: String, count: Int) -> String {
        let cells = count == 1 ? "cell has" : "\(count) cells have"
        return "\(cells) no 'message' and table '\(table)' has no 'didSelectCell' action; tapping does nothing"
    }
}
