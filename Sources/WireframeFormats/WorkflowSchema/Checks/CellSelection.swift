import WireframeModel

/// M16: a selectable table cell without a `message` in a table that has no `didSelectCell` (or
/// unnamed) action: tapping it does nothing (§3.8). Reported once per table, at the first such
/// cell, when the table expects taps: the cell shows a disclosure indicator, or other cells of the
/// table send messages. A table of display-only rows (no cell sends anything) is not reported.
/// Cells from data (under a keyPath tag or a conditional branch) are left out.
enum CellSelectionCheck {
    static let code: DiagnosticCode = "WF1416"
    static let definition = DiagnosticDefinition(
        code, [.note], "selectable cell without `message` in a table without `didSelectCell` that expects taps (once per table)",
        check: "M16")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers where controller.object.schemaClass == .table {
            guard controller.handler(for: "didSelectCell") == nil else { continue }
            var silent: [SchemaObject] = []
            var tapsExpected = false
            CheckSupport.ownedObjects(of: controller.object, parameters: ["sections"]) { object, dynamic in
                guard object.schemaClass == .tableCell, object.mode == .ordinary, !dynamic else { return }
                if object.has("message") {
                    tapsExpected = true
                    return
                }
                if let selectable = object.text("selectable"), !BooleanText.isTrue(selectable) { return }
                if object.text("accessoryType") == "disclosureIndicator" { tapsExpected = true }
                silent.append(object)
            }
            guard tapsExpected, let first = silent.first else { continue }
            diagnostics.append(Diagnostic(.note, code, message(controller.key, count: silent.count), at: first.location))
        }
    }

    static func message(_ table: String, count: Int) -> String {
        let cells = count == 1 ? "cell has" : "\(count) cells have"
        return "\(cells) no 'message' and table '\(table)' has no 'didSelectCell' action; tapping does nothing"
    }
}
