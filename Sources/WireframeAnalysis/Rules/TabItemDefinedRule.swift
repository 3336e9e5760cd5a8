public import WireframeModel

/// WF0104: a tab item names no route.
public struct TabItemDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0104" }
    public var summary: String { "every tab item names a route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for screen in context.wireframe.screens {
            for link in screen.links where link.kind == .tab && !context.isScreen(link.target) {
                diagnostics.append(Diagnostic(
                    .error, code,
                    Self.message(link.target) + Suggestions.didYouMean(link.target, in: context.wireframe.screens.map(\.key)),
                    at: link.location))
            }
        }
    }

    static func message(_ name: String) -> String { "tab item '\(name)' is not defined" }
}
