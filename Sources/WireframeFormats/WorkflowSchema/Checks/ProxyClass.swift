import WireframeModel

/// D05: a `class` attribute on a keyPath tag: the looked-up value must then be of the styled
/// subclass, which it usually is not, so the type check fails (§3.16).
enum ProxyClassCheck {
    static let code: DiagnosticCode = "WF1705"
    static let definition = DiagnosticDefinition(code, [.warning], "`class` attribute on a keyPath tag", check: "D05")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.isProxy, let attribute = object.attribute("class") else { return }
        diagnostics.append(Diagnostic(.warning, code, message(object.tag, styleClass: attribute.value), at: attribute.location))
    }

    static func message(_ tag: String, styleClass: String) -> String {
        "'class' on keyPath tag '\(tag)' requires the looked-up value to be of style class '\(styleClass)', which it usually is not"
    }
}
