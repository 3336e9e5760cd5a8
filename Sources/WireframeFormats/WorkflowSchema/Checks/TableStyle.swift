import WireframeModel

/// P08: a table `style` other than `plain` or `grouped`; the original silently uses plain (§2.3).
enum TableStyleCheck {
    static let code: DiagnosticCode = "WF1208"
    static let definition = DiagnosticDefinition(
        code, [.warning], "table `style` other than `plain`/`grouped` (the table is plain)", check: "P08")
    static let allowed = ["plain", "grouped"]

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .table else { return }
        for case .text(let text, let location) in object.values("style") where !allowed.contains(text) && Int(text) == nil {
            diagnostics.append(Diagnostic(.warning, code, message(text) + Suggestions.didYouMean(text, in: allowed), at: location))
        }
    }

    static func message(_ text: String) -> String {
        "table style '\(text)' is neither 'plain' nor 'grouped'; the table is plain"
    }
}
