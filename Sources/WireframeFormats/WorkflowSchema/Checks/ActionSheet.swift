import WireframeModel

/// C05: a showActionSheet with fewer than two buttons in total.
enum ActionSheetCheck {
    static let code: DiagnosticCode = "WF1305"
    static let definition = DiagnosticDefinition(code, [.error], "showActionSheet with fewer than two buttons in total", check: "C05")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .showActionSheet else { return }
        let count = ["cancelButtonItem", "destructiveButtonItem", "otherButtonItems"].reduce(0) { $0 + object.values($1).count }
        if count < 2 { diagnostics.append(Diagnostic(.error, code, message(count), at: object.location)) }
    }

    static func message(_ count: Int) -> String {
        "'showActionSheet' needs at least two buttons, found \(count)"
    }
}
