import WireframeModel

/// P03: a non-array parameter given twice, explicitly, by text plus a tag, or by two bare children
/// routed to the same default ("Cannot reassign non-array parameter"). Proxies and conditionals
/// are exempt: at run time at most one of them may resolve.
enum ReassignedParameterCheck {
    static let code: DiagnosticCode = "WF1203"
    static let definition = DiagnosticDefinition(
        code, [.error], "non-array parameter given twice (proxies and conditionals exempt, §3.12)", check: "P03")

    static func diagnostic(parameter: String, tag: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(parameter, tag: tag), at: location, notes: [DiagnosticNote(firstNote, at: first)])
    }

    static func message(_ parameter: String, tag: String) -> String {
        "parameter '\(parameter)' of '\(tag)' is given more than once but takes one value"
    }
    static let firstNote = "first value is here"
}
