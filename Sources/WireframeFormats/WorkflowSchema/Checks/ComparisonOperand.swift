import WireframeModel

/// D08: a comparison condition (`isLessThan`, …) with a literal operand that is not a decimal
/// number in the document locale: the comparison fails at run time ("Cannot compare non-numeric
/// values", §3.14).
enum ComparisonOperandCheck {
    static let code: DiagnosticCode = "WF1708"
    static let definition = DiagnosticDefinition(
        code, [.warning], "comparison with a literal operand that is not a number in the document locale", check: "D08")

    static func run(_ object: SchemaObject, locale: String?, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .comparison, object.mode == .ordinary else { return }
        for name in ["value", "otherValue"] {
            for value in object.values(name) {
                let literal: (String, SourceLocation)? =
                    switch value {
                    case .text(let text, let location): (text, location)
                    case .object(let operand):
                        operand.tag == "string" && operand.mode == .ordinary && !operand.has("key")
                            ? operand.values("value").first.flatMap {
                                if case .text(let text, let location) = $0 { (text, location) } else { nil }
                            }
                            : nil
                    }
                guard let (text, location) = literal, !CheckSupport.isDecimal(text, locale: locale) else { continue }
                diagnostics.append(Diagnostic(.warning, code, message(text, tag: object.tag), at: location))
            }
        }
    }

    static func message(_ text: String, tag: String) -> String {
        "operand '\(text)' of '\(tag)' is not a number; the comparison fails at run time"
    }
}
