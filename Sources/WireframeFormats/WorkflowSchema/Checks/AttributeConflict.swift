import WireframeModel

/// S09: `keyPath` with `conditional` (keyPath wins), `valueName` without `keyPath`, and a
/// `conditional` value that is not recognisably yes or no.
enum AttributeConflictCheck {
    static let code: DiagnosticCode = "WF1109"
    static let definition = DiagnosticDefinition(
        code, [.warning], "`keyPath` + `conditional`; `valueName` without `keyPath`; non-yes/no `conditional`", check: "S09")

    static func run(_ element: XMLElementNode, into diagnostics: inout [Diagnostic]) {
        let keyPath = element.attribute("keyPath")
        if let conditional = element.attribute("conditional") {
            if keyPath != nil {
                diagnostics.append(Diagnostic(.warning, code, keyPathWinsMessage, at: conditional.location))
            } else if !BooleanText.isBooleanLike(conditional.value) {
                diagnostics.append(
                    Diagnostic(
                        .warning, code, conditionalValueMessage(conditional.value, isTrue: BooleanText.isTrue(conditional.value)),
                        at: conditional.valueLocation))
            }
        }
        if let valueName = element.attribute("valueName"), keyPath == nil {
            diagnostics.append(Diagnostic(.warning, code, valueNameMessage, at: valueName.location))
        }
    }

    static let keyPathWinsMessage = "'conditional' is ignored on a tag with 'keyPath'"
    static let valueNameMessage = "'valueName' without 'keyPath' is ignored"
    static func conditionalValueMessage(_ value: String, isTrue: Bool) -> String {
        "'conditional' value '\(value)' is not a yes/no value; it counts as \(isTrue ? "yes" : "no")"
    }
}
