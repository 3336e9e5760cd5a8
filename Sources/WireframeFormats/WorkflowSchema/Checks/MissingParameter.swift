import WireframeModel

/// P05: a mandatory parameter is missing ("Missing mandatory parameters"); also for the value
/// tags `number`, `bool` and `date`, which the original does not check.
enum MissingParameterCheck {
    static let code: DiagnosticCode = "WF1205"
    static let definition = DiagnosticDefinition(code, [.error], "mandatory parameter missing (value tags included)", check: "P05")

    static func diagnostic(tag: String, missing: [String], at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag, missing: missing), at: location)
    }

    static func message(_ tag: String, missing: [String]) -> String {
        let list = missing.map { "'\($0)'" }.joined(separator: ", ")
        return "'\(tag)' is missing mandatory parameter\(missing.count > 1 ? "s" : "") \(list)"
    }
}
