import WireframeModel

/// D06: a conditional schema without a condition (always false) or with neither successValue nor failureValue.
enum ConditionalSchemaCheck {
    static let code: DiagnosticCode = "WF1706"
    static let definition = DiagnosticDefinition(
        code, [.warning], "conditional schema without condition, or without both branches", check: "D06")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.mode == .conditional else { return }
        if !object.has("condition") {
            diagnostics.append(Diagnostic(.warning, code, noConditionMessage(object.tag), at: object.location))
        }
        if !object.has("successValue"), !object.has("failureValue") {
            diagnostics.append(Diagnostic(.warning, code, noBranchMessage(object.tag), at: object.location))
        }
    }

    static func noConditionMessage(_ tag: String) -> String {
        "conditional '\(tag)' has no condition, so it is always false"
    }
    static func noBranchMessage(_ tag: String) -> String {
        "conditional '\(tag)' has neither 'successValue' nor 'failureValue', so it yields nothing"
    }
}
