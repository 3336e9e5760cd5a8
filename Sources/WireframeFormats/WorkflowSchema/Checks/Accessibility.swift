import WireframeModel

/// C01: controls without a visible or accessible name: button without title and
/// accessibilityLabel; textField/searchBar without placeholder and accessibilityLabel;
/// textView/switch/slider without accessibilityLabel; segment without title and without an image
/// accessibilityLabel.
enum AccessibilityCheck {
    static let code: DiagnosticCode = "WF1301"
    static let definition = DiagnosticDefinition(
        code, [.error], "control without a visible or accessible name (button, textField, searchBar, textView, switch, slider, segment)",
        check: "C01")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        // Asked only of the classes that need a label (most objects are of none of them).
        var label: Bool { object.has("accessibilityLabel") }
        let missing: String?
        switch object.schemaClass {
        case .button: missing = object.has("title") || label ? nil : "a 'title' or an 'accessibilityLabel'"
        case .textField, .searchBar: missing = object.has("placeholder") || label ? nil : "a 'placeholder' or an 'accessibilityLabel'"
        case .textView, .switch, .slider: missing = label ? nil : "an 'accessibilityLabel'"
        case .segment:
            let imageLabel = object.objects("image").contains { $0.has("accessibilityLabel") || $0.isProxy }
            missing = object.has("title") || imageLabel ? nil : "a 'title' or an image with an 'accessibilityLabel'"
        default: missing = nil
        }
        if let missing { diagnostics.append(Diagnostic(.error, code, message(object.tag, needs: missing), at: object.location)) }
    }

    static func message(_ tag: String, needs: String) -> String { "'\(tag)' needs \(needs)" }
}
