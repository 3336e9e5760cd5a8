import WireframeModel

/// S10: a `class` value with whitespace or other characters; it is one dynamic class name, not a list.
enum StyleClassCheck {
    static let code: DiagnosticCode = "WF1110"
    static let definition = DiagnosticDefinition(code, [.warning], "`class` with whitespace or other characters", check: "S10")

    static func run(_ attribute: XMLElementNode.Attribute, into diagnostics: inout [Diagnostic]) {
        let valid =
            !attribute.value.isEmpty
            && attribute.value.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
        if !valid { diagnostics.append(Diagnostic(.warning, code, message(attribute.value), at: attribute.valueLocation)) }
    }

    static func message(_ value: String) -> String {
        "class '\(value)' is a single style name; only letters, digits, '_' and '-' make a usable name"
    }
}
