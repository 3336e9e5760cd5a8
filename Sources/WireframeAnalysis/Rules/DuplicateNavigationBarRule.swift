public import WireframeModel

/// WF0113: two entries of `navigations` with the same name.
public struct DuplicateNavigationBarRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0113" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "navigation names are unique" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        var first: [String: SourceLocation] = [:]
        for bar in context.wireframe.navigationBars {
            let location = bar.nameLocation ?? bar.location
            if let original = first[bar.name] {
                diagnostics.append(
                    Diagnostic(
                        .error, code, Self.message(bar.name), at: location,
                        notes: [DiagnosticNote(Self.note(bar.name), at: original)]))
            } else {
                first[bar.name] = location
            }
        }
    }

    static func message(_ name: String) -> String { "duplicate navigation name '\(name)'" }
    static func note(_ name: String) -> String { "'\(name)' is first defined here" }
}
